package piecepack_test

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/piecepack"
)

// conformanceRules are the rule sets (variant, parameters) the conformance suite
// runs on: the three variants' defaults and a few options.
var conformanceRules = []string{
	"egyptian",
	"ethiopian",
	"nigerian",
	"egyptian:5x3,end=mover,cap=40,capture=nonempty",
	"ethiopian:4x3,stuck=pass,leftbonus=off",
	"nigerian:fourdrop=last,fourlast=mover",
}

// open reads a rule set written VARIANT[:PARAMS].
func open(name string) (*piecepack.Game, error) {
	variant, params, _ := strings.Cut(name, ":")
	return piecepack.New(variant, params)
}

func TestConformance(t *testing.T) {
	gametest.RunRuleSets(t, conformanceRules, open, func(g *piecepack.Game) gametest.Options[piecepack.State] {
		return gametest.Options[piecepack.State]{
			// The coins are kept: on the tiles and in the mancalas, 2*N*C.
			Check: func(t testing.TB, s *piecepack.State) {
				t.Helper()
				total := s.Store(0) + s.Store(1)
				for p := range 2 {
					for i := range g.Tiles() {
						total += s.Tile(p, i)
					}
				}
				if want := 2 * g.Tiles() * g.Coins(); total != want {
					t.Fatalf("%q: %d coins, want %d", g.FormatPosition(s), total, want)
				}
			},
			PerftDepth: 3,
			Places:     g.Places,
			Variants:   func(s *piecepack.State) []piecepack.State { return variants(g, s) },
		}
	})
}

// variants returns the neighbours of s for the suite's HashSensitivity part: the
// other side to move, one coin moved between neighbouring tiles and mancalas (the
// notation keeps the coins), and the count of moves (under a move cap) changed by
// one.
func variants(g *piecepack.Game, s *piecepack.State) []piecepack.State {
	text := g.FormatPosition(s)
	texts := gametest.FieldVariants(text, "move", "south", "north")
	texts = append(texts, gametest.MoveVariants(text, "pits", "stores")...)
	texts = append(texts, gametest.NumberVariants(text, "ply")...)
	return gametest.ParseVariants(g, texts)
}

func FuzzConformancePosition(f *testing.F) {
	for _, variant := range piecepack.Variants() {
		g, err := piecepack.New(variant, "")
		if err != nil {
			f.Fatal(err)
		}
		start := g.Start()
		f.Add(g.FormatPosition(&start))
	}
	g, err := piecepack.New("ethiopian", "")
	if err != nil {
		f.Fatal(err)
	}
	gametest.FuzzPositions(f, g,
		"pits=1.1.1.1.1.1/4.4.4.4.4.4 stores=10,8 move=south ply=17",
		"pits=0.0.0.0.0.0/1.0.0.0.0.0 stores=20,27 move=north ply=199",
		"pits=2.0.5.0.0.1/0.4.0.3.0.0 stores=20,13 move=north ply=0")
}
