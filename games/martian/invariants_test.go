package martian_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/martian"
)

// TestRandomGames plays random games on several rule sets and checks after every turn
// that the pieces of each size and the pips are conserved, that every turn adds one to
// the ply, that the game ends by the move cap, that a finished game's points add up to
// all the pips, and that Playout plays the same games as LegalActions and Apply.
func TestRandomGames(t *testing.T) {
	games := 2000 // with the build tag long; the first 500 by default
	switch {
	case testing.Short():
		games = 200
	case !martian.LongTests:
		games = 500
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

// TestRepetition: on martian:1x2 two stacks of one 2 pass to and fro for ever (RULES.md,
// reading 13): South's 2 lands on North's 2 (occupied), whose lap puts a 2 back on
// South a (the turn's original space) and the last 2 on North a, empty by then. The
// position after each turn is the start's with the other player to move, and the
// move cap ends the game, the pieces left going to the player who moved last.
func TestRepetition(t *testing.T) {
	g, err := martian.New("1x2,cap=7")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Start()
	for ply := 1; ply <= 7; ply++ {
		g.Apply(&s, 0)
		want := fmt.Sprintf("pits=2/2 stores=-,- move=%s ply=%d", g.Sides()[ply%2], ply)
		if got := g.FormatPosition(&s); got != want {
			t.Fatalf("turn %d: %s, want %s", ply, got, want)
		}
	}
	// South made the 7th turn: the game is over, North "to move", South wins 4-0.
	if !g.Terminal(&s) || g.EndReason(&s) != "move cap" || g.Points(&s) != [2]int{4, 0} {
		t.Errorf("after the cap: terminal %v, %q, points %v", g.Terminal(&s), g.EndReason(&s), g.Points(&s))
	}
}
