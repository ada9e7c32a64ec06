package martian_test

import (
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/martian"
)

// conformanceParams are the rule sets the conformance suite runs on: the default, the
// text's larger board with stacks of four, a board whose games often cycle to the
// move cap, and the smallest.
var conformanceParams = []string{"", "8x3321", "3x21,cap=60", "1x1"}

func TestConformance(t *testing.T) {
	gametest.RunRuleSets(t, conformanceParams, martian.New, func(g *martian.Game) gametest.Options[martian.State] {
		return gametest.Options[martian.State]{
			Check:      func(t testing.TB, s *martian.State) { t.Helper(); checkConserved(t, g, s) },
			PerftDepth: 3,
			Places:     g.Places,
			Variants:   func(s *martian.State) []martian.State { return variants(g, s) },
		}
	})
}

// checkConserved checks that the pieces of each size on the spaces and in the
// mancalas are the game's, and so the pips.
func checkConserved(t testing.TB, g *martian.Game, s *martian.State) {
	t.Helper()
	var count [4]int
	pips := 0
	for p := 0; p < 2; p++ {
		for i := 0; i < g.Spaces(); i++ {
			stack := g.SpaceStack(s, p, i)
			if len(stack) != g.Height(s, p, i) {
				t.Fatalf("%q: %c%d: stack %v, height %d", g.FormatPosition(s), 'a'+i, p, stack, g.Height(s, p, i))
			}
			for _, pip := range stack {
				count[pip]++
				pips += pip
			}
		}
		for pip := 1; pip <= 3; pip++ {
			count[pip] += s.StorePieces(p, pip)
		}
		pips += s.Store(p)
	}
	for pip := 1; pip <= 3; pip++ {
		if count[pip] != g.TotalPieces(pip) {
			t.Fatalf("%q: %d pieces of %d pips, want %d", g.FormatPosition(s), count[pip], pip, g.TotalPieces(pip))
		}
	}
	if pips != g.TotalPips() {
		t.Fatalf("%q: %d pips, want %d", g.FormatPosition(s), pips, g.TotalPips())
	}
	if pts := g.Points(s); pts[0]+pts[1] != g.TotalPips() && s.Over() {
		t.Fatalf("%q: finished with points %v, want %d in all", g.FormatPosition(s), pts, g.TotalPips())
	}
}

// variants returns the neighbours of s for the suite's HashSensitivity part: the
// other side to move, two neighbouring spaces' stacks (or the two mancalas'
// pieces) swapped (the notation keeps the pieces), and the count of moves changed
// by one.
func variants(g *martian.Game, s *martian.State) []martian.State {
	text := g.FormatPosition(s)
	texts := gametest.FieldVariants(text, "move", "south", "north")
	texts = append(texts, gametest.SwapVariants(text, "pits", "stores")...)
	texts = append(texts, gametest.NumberVariants(text, "ply")...)
	return gametest.ParseVariants(g, texts)
}

func FuzzConformancePosition(f *testing.F) {
	g, err := martian.New("")
	if err != nil {
		f.Fatal(err)
	}
	gametest.FuzzPositions(f, g,
		"pits=321.321.321.321.321.321/321.321.321.321.321.321 stores=-,- move=south ply=0",
		"pits=-.1.321.321.33321.321/1.1321.321.321.3321.321 stores=22,2 move=north ply=1",
		"pits=-.-.-.-.-.-/321.-.-.-.-.- stores=333332222211111,333333222222111111 move=north ply=40")
}
