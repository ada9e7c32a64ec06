package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// sampleStates returns n states (not finished) from seeded random games of g.
func sampleStates(g *Game, n int) []State {
	var out []State
	rng := rand.NewPCG(1, 1)
	for len(out) < n {
		s := g.Start()
		for !s.Over() {
			out = append(out, s)
			g.Apply(&s, g.RandomAction(&s, rng))
		}
	}
	return out[:n]
}

func BenchmarkApply(b *testing.B) {
	g, _ := New("")
	states := sampleStates(g, 1024)
	var buf game.ActionBuffer
	acts := make([]game.Action, len(states))
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range states {
		l := g.LegalActions(&states[i], &buf)
		acts[i] = l[rng.IntN(len(l))]
	}
	var sink uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 1023
		c := states[k]
		g.Apply(&c, acts[k])
		sink += c.w[0]
	}
	_ = sink
}

func BenchmarkLegalActions(b *testing.B) {
	g, _ := New("")
	states := sampleStates(g, 1024)
	var buf game.ActionBuffer
	n := 0
	for i := 0; i < b.N; i++ {
		n += len(g.LegalActions(&states[i&1023], &buf))
	}
}

func BenchmarkHash(b *testing.B) {
	g, _ := New("")
	states := sampleStates(g, 1024)
	var h uint64
	for i := 0; i < b.N; i++ {
		h += g.Hash(&states[i&1023])
	}
}
