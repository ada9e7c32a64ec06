package oware

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestLongHistory: in Oware, walks that avoid captures play over a thousand moves
// without one from the start under quiet=off; the history (its moves, filter and
// digest) stays exact all along, as the reference and checkHistory see it, and the
// game ends by a repetition or at MaxHistory moves with the reason saying so. Random
// games never come near (RULES.md); these walks are what a player avoiding captures
// could do.
func TestLongHistory(t *testing.T) {
	walks := 8
	if testing.Short() {
		walks = 2
	}
	for _, name := range []string{"oware:majority=off,quiet=off", "ayo:quiet=off"} {
		t.Run(name, func(t *testing.T) {
			g := mustParse(t, name)
			var buf game.ActionBuffer
			ends := map[string]int{}
			longest := 0
			for n := 0; n < walks; n++ {
				rng := rand.New(rand.NewPCG(uint64(n), 1))
				s := g.Start()
				p := refFromState(&s)
				for step := 0; !s.Over(); step++ {
					// The moves that neither capture nor end the game, if any.
					legal := g.LegalActions(&s, &buf)
					var quiet []game.Action
					for _, a := range legal {
						c := s
						g.Apply(&c, a)
						if !c.Over() && c.quiet != 0 {
							quiet = append(quiet, a)
						}
					}
					if len(quiet) == 0 {
						quiet = append(quiet, legal...)
					}
					a := quiet[rng.IntN(len(quiet))]
					prev := s
					g.Apply(&s, a)
					p = refApply(g, p, int(a))
					moves, end := refLegal(g, p)
					if got, want := g.FormatPosition(&s), refFormat(&p); got != want || int(s.end) != end ||
						fmt.Sprint(g.LegalActions(&s, &buf)) != fmt.Sprint(moves) {
						t.Fatalf("walk %d step %d: %s end %d, reference %s end %d", n, step, got, s.end, want, end)
					}
					if s.HistoryLen() != len(p.seen) {
						t.Fatalf("walk %d step %d: %d positions remembered, reference %d", n, step, s.HistoryLen(), len(p.seen))
					}
					if step%64 == 0 || s.Over() {
						checkState(t, g, &s, &prev)
					}
					longest = max(longest, int(s.quiet))
				}
				ends[g.EndReason(&s)]++
			}
			t.Logf("%d walks, ends %v, longest stretch without capture %d", walks, ends, longest)
			// Ayo's relays capture often: its walks are short.
			if g.variant == Oware && ends["no capture in 1280 moves (the most the history holds)"] == 0 {
				t.Error("no walk reached the history's limit")
			}
		})
	}
}

// TestHistoryLimit: under quiet=off the 1280th move without a capture ends the game,
// each side taking its row.
func TestHistoryLimit(t *testing.T) {
	g := mustParse(t, "oware:quiet=off")
	s := mustParsePos(t, g, "pits=1.1.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=south quiet=1279")
	g.Apply(&s, 0)
	want := "pits=0.2.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=north quiet=1280"
	if got := g.FormatPosition(&s); got != want || !s.Over() ||
		g.EndReason(&s) != "no capture in 1280 moves (the most the history holds)" {
		t.Errorf("got %s, over %v (%s); want %s, over", got, s.Over(), g.EndReason(&s), want)
	}
	if p := g.Points(&s); p != [2]int{21, 27} {
		t.Errorf("points %v, want [21 27]", p)
	}
}
