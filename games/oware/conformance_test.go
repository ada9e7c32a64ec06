package oware_test

import (
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/oware"
)

// conformanceGames are the rule sets the conformance suite runs on.
var conformanceGames = []string{"oware", "ayo", "oware:grandslam=sowagain,quiet=30", "ayo:feed=on,skip=move",
	"oware:majority=off,quiet=off", "ayo:majority=on,quiet=off"}

// seedsKept checks the conservation of seeds: the pits and the stores hold all 48.
func seedsKept(t testing.TB, s *oware.State) {
	t.Helper()
	total := s.Store(0) + s.Store(1)
	for i := range oware.NumPits {
		total += s.Seeds(i)
	}
	if total != oware.TotalSeeds {
		t.Fatalf("%d seeds in the pits and stores, want %d", total, oware.TotalSeeds)
	}
}

func TestConformance(t *testing.T) {
	gametest.RunRuleSets(t, conformanceGames, oware.Parse, func(g *oware.Game) gametest.Options[oware.State] {
		return gametest.Options[oware.State]{
			Check: seedsKept,
			// The notation leaves out the positions played since the last capture,
			// which the repetition rule looks back on and the hash covers: a
			// position read back remembers only itself (and a game ended by a
			// repetition reads back as one that goes on). The position read back
			// is the same state only when the original remembers nothing else,
			// right after a capture or at the start.
			SamePosition: func(orig, parsed *oware.State) bool { return orig.HistoryLen() == 1 },
			Places:       g.Places,
			Variants:     func(s *oware.State) []oware.State { return variants(g, s) },
		}
	})
}

// variants returns the neighbours of s for the suite's HashSensitivity part: the
// other side to move, one seed moved between neighbouring pits and stores (the
// notation keeps the 48 seeds), and the count of moves without a capture changed
// by one.
func variants(g *oware.Game, s *oware.State) []oware.State {
	text := g.FormatPosition(s)
	texts := gametest.FieldVariants(text, "move", "south", "north")
	texts = append(texts, gametest.MoveVariants(text, "pits", "stores")...)
	texts = append(texts, gametest.NumberVariants(text, "quiet")...)
	return gametest.ParseVariants(g, texts)
}

func FuzzConformancePosition(f *testing.F) {
	g, err := oware.New("")
	if err != nil {
		f.Fatal(err)
	}
	gametest.FuzzPositions(f, g,
		"pits=0.0.0.0.0.1/0.0.0.0.0.0 stores=24,23 move=south quiet=12",
		"pits=5.5.5.5.0.4/4.4.4.4.4.4 stores=0,0 move=north quiet=1",
		"pits=0.0.0.0.0.0/1.0.0.0.0.0 stores=20,27 move=south quiet=99",
		"pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7")
}
