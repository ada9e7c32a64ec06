package piecepack

import (
	"context"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/search"
)

// TestSearchPlays: the engines play whole games of every variant through the Game
// interface (alpha-beta with StoreDiff against MCTS), and the exact solver solves
// small boards; the values are pinned.
func TestSearchPlays(t *testing.T) {
	for _, v := range variantNames {
		g := mustGame(t, v, "")
		ab, err := search.New[State](g, StoreDiff{}, "ab:depth=4", search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		mc, err := search.New[State](g, StoreDiff{}, "mcts:sims=300", search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := g.Start()
		for !g.Terminal(&s) {
			p := ab
			if g.ToMove(&s) == 1 {
				p = mc
			}
			d, err := p.Play(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range d.Actions {
				if !g.IsLegal(&s, a) {
					t.Fatalf("%s: illegal %d", v, a)
				}
				g.Apply(&s, a)
			}
		}
	}
}

// negamax is the exact margin from the mover's view, memoised over whole states.
func negamax(g *Game, s *State, memo map[State]int) int {
	if v, ok := memo[*s]; ok {
		return v
	}
	var v int
	if g.Terminal(s) {
		w, m := g.Result(s)
		switch w {
		case -1:
			v = 0
		case g.ToMove(s):
			v = m
		default:
			v = -m
		}
	} else {
		v = -1 << 30
		var buf game.ActionBuffer
		for _, a := range g.LegalActions(s, &buf) {
			c := *s
			g.Apply(&c, a)
			x := negamax(g, &c, memo)
			if g.ToMove(&c) != g.ToMove(s) {
				x = -x
			}
			v = max(v, x)
		}
	}
	memo[*s] = v
	return v
}

// TestSolveSmall: the exact solver's values of small boards agree with a memoised
// negamax (for the long cases with the build tag long alone), and are pinned.
func TestSolveSmall(t *testing.T) {
	for _, tc := range []struct {
		variant, params string
		value           int
		long            bool // the negamax takes seconds: with the build tag long alone
	}{
		{"egyptian", "3x2", 4, false},
		{"ethiopian", "3x2,cap=50", 0, true},
		{"nigerian", "3x2", 1, false},
		{"egyptian", "3x3", 2, false},
		{"nigerian", "4x3", 12, false}, // a: b, c and d reach 4 in turn; south's row is empty
		{"ethiopian", "2x3,cap=40", -2, false},
	} {
		g := mustGame(t, tc.variant, tc.params)
		s := g.Start()
		res, err := search.Solve[State](context.Background(), g, &s, search.SolveOptions{TableMB: 16})
		if err != nil {
			t.Fatal(err)
		}
		want := tc.value // without the build tag long, a long case checks the pinned value alone
		if !tc.long || longTests {
			want = negamax(g, &s, map[State]int{})
		}
		t.Logf("%s: value %d (negamax %d), %d nodes, pv %v", g.Name(), res.Value, want, res.Nodes, res.PV)
		if res.Value != want || res.Value != tc.value {
			t.Errorf("%s: value %d, negamax %d, pinned %d", g.Name(), res.Value, want, tc.value)
		}
	}
}
