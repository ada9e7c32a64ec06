package martian_test

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/games/game"
	"github.com/colony-ai/colony/games/martian"
)

// TestRandomGames plays random games on several rule sets and checks after every turn
// that the pieces of each size and the pips are conserved, that every turn adds one to
// the ply, that the game ends by the move cap, that a finished game's points add up to
// all the pips, and that Playout plays the same games as LegalActions and Apply.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for _, params := range []string{"", "8x3321", "3x21,cap=40", "2x3", "4x123", "1x321", "5x2222"} {
		g, err := martian.New(params)
		if err != nil {
			t.Fatal(err)
		}
		var buf game.ActionBuffer
		for i := 0; i < games; i++ {
			rng := rand.New(rand.NewPCG(11, uint64(i)))
			s := g.Start()
			for !g.Terminal(&s) {
				legal := g.LegalActions(&s, &buf)
				if len(legal) == 0 {
					t.Fatalf("%s: %q: no legal move in a game that goes on", g.Name(), g.FormatPosition(&s))
				}
				ply := s.Ply()
				g.Apply(&s, legal[rng.IntN(len(legal))])
				checkConserved(t, g, &s)
				if s.Ply() != ply+1 || s.Ply() > g.Cap() {
					t.Fatalf("%s: ply %d after %d (cap %d)", g.Name(), s.Ply(), ply, g.Cap())
				}
			}
			pts := g.Points(&s)
			if pts[0]+pts[1] != g.TotalPips() {
				t.Fatalf("%s: finished with %v points, want %d in all", g.Name(), pts, g.TotalPips())
			}
			p := g.Start()
			g.Playout(&p, rand.NewPCG(5, uint64(i)))
			if !g.Terminal(&p) {
				t.Fatalf("%s: Playout did not finish", g.Name())
			}
			checkConserved(t, g, &p)
		}
	}
}
