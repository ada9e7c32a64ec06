package colony_test

import (
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game/gametest"
)

// conformanceParams are the rule sets the conformance suite runs on, as the
// parameters of "colony:PARAMS".
var conformanceParams = []string{"", "turncap=20,sowcap=5,choice=selected"}

func TestConformance(t *testing.T) {
	gametest.RunRuleSets(t, conformanceParams, colony.Open, func(g colony.Game) gametest.Options[colony.State] {
		return gametest.Options[colony.State]{
			Places:   g.Places,
			Variants: func(s *colony.State) []colony.State { return variants(g, s) },
			// A game ended by "no ant can move" ends in the middle of the stuck
			// player's turn, after the sowing; the position line, which describes
			// positions between turns, reads back as an ordinary position with that
			// player to move (RULES.md, "Where a game ended by 'no ant can move'
			// stands"). Every other position reads back whole.
			SamePosition: func(orig, parsed *colony.State) bool {
				return orig.EndReason() != colony.NoAntCanMove
			},
			// The eggs are kept: on the logs, in the stores and in hand (the eggs
			// of a sowing whose direction is pending).
			Check: func(t testing.TB, s *colony.State) {
				t.Helper()
				_, inHand := s.Pending()
				total := s.Store(colony.Red) + s.Store(colony.Black) + inHand
				for l := colony.Log(0); l < colony.NumLogs; l++ {
					total += s.Eggs(l)
				}
				if total != colony.TotalEggs {
					t.Fatalf("%v: %d eggs, want %d", s, total, colony.TotalEggs)
				}
			},
		}
	})
}

// variants returns the neighbours of s for the suite's HashSensitivity part: the
// other colour to move, the other ant rule, one egg moved between neighbouring logs
// and stores (the notation keeps the 57 eggs), and the turn number changed by one.
func variants(g colony.Game, s *colony.State) []colony.State {
	text := g.FormatPosition(s)
	texts := gametest.FieldVariants(text, "move", "red", "black")
	texts = append(texts, gametest.FieldVariants(text, "ants", "optional", "mandatory")...)
	texts = append(texts, gametest.MoveVariants(text, "eggs", "store")...)
	texts = append(texts, gametest.NumberVariants(text, "turn")...)
	return gametest.ParseVariants(g, texts)
}

func FuzzConformancePosition(f *testing.F) {
	g := colony.NewGame(nil)
	gametest.FuzzPositions(f, g,
		"eggs=0.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=30,26 move=red ants=optional turn=40",
		"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=B4 black=C1 hand=5,5 store=0,0 move=black ants=mandatory turn=7")
}
