package oware

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestNoAllocations: the hot path allocates nothing, under every rule set.
func TestNoAllocations(t *testing.T) {
	for _, name := range ruleSets {
		g := mustParse(t, name)
		rng := rand.NewPCG(1, 1)
		var buf game.ActionBuffer
		states := []State{g.Start()}
		s := g.Start()
		for !s.Over() {
			g.Apply(&s, g.RandomAction(&s, rng))
			states = append(states, s)
		}
		i := 0
		sink := uint64(0)
		allocs := testing.AllocsPerRun(1000, func() {
			c := states[i%len(states)]
			i++
			sink += uint64(len(g.LegalActions(&c, &buf)))
			sink += c.Hash() + g.Hash(&c)
			if g.IsLegal(&c, 3) {
				sink++
			}
			if !g.Terminal(&c) {
				a := g.RandomAction(&c, rng)
				g.Apply(&c, a)
				sink += uint64(StoreDiff{}.Evaluate(&c))
				g.Playout(&c, rng)
			}
			w, m := g.Result(&c)
			sink += uint64(w + m)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run", name, allocs)
		}
		_ = sink
	}
}
