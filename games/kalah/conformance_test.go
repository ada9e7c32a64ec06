package kalah_test

import (
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/kalah"
)

// conformanceParams are the rule sets the conformance suite runs on.
var conformanceParams = []string{"", "4x3", "3x2,capture=nonempty,end=mover", "12x1"}

func TestConformance(t *testing.T) {
	gametest.RunRuleSets(t, conformanceParams, kalah.New, func(g *kalah.Game) gametest.Options[kalah.State] {
		return gametest.Options[kalah.State]{
			Check: func(t testing.TB, s *kalah.State) {
				t.Helper()
				total := s.Store(0) + s.Store(1)
				for p := range 2 {
					for i := range g.Pits() {
						total += s.Pit(p, i)
					}
				}
				if total != 2*g.Pits()*g.Seeds() {
					t.Fatalf("%q: %d seeds, want %d", g.FormatPosition(s), total, 2*g.Pits()*g.Seeds())
				}
			},
			// The notation of a finished game does not say which sides were empty
			// at the end (EndReason: a finished position read back says "both
			// sides are empty"), and the hash covers it: a finished game reads
			// back as an equal position with another end reason and hash.
			SamePosition: func(orig, parsed *kalah.State) bool { return !orig.Over() },
			PerftDepth:   3,
			Places:       g.Places,
			Variants:     func(s *kalah.State) []kalah.State { return variants(g, s) },
		}
	})
}

// variants returns the neighbours of s for the suite's HashSensitivity part: the
// other side to move, and one seed moved between neighbouring pits and stores (the
// notation keeps the number of seeds).
func variants(g *kalah.Game, s *kalah.State) []kalah.State {
	text := g.FormatPosition(s)
	return gametest.ParseVariants(g, append(gametest.FieldVariants(text, "move", "south", "north"),
		gametest.MoveVariants(text, "pits", "stores")...))
}

func FuzzConformancePosition(f *testing.F) {
	g, err := kalah.New("")
	if err != nil {
		f.Fatal(err)
	}
	gametest.FuzzPositions(f, g,
		"pits=0.5.5.5.5.4/4.4.4.4.4.4 stores=0,0 move=north",
		"pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=23,0 move=south",
		"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=30,18 move=north")
}
