package search

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
)

// checkMinimaxTree walks tree t from its root and checks the implicit minimax values
// (minimax=): every visited node is valued (with bestfirst=on, every node); an
// expanded node holds the best of its
// valued or proven children for the player to move there, in its mover's view; an
// unvisited node is not valued. leaf, when not nil, returns the value of a leaf
// visited once (or, best-first, not visited), its state given, from its mover's view,
// to compare with its im.
func checkMinimaxTree[S any](tb testing.TB, g game.Rules[S], tr *tree[S], root S, leaf func(s *S, mover uint8) int16) (expanded int) {
	tb.Helper()
	type item struct {
		i int32
		s S
	}
	stack := []item{{0, root}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &tr.nodes[it.i]
		valued := nd.flags&nodeValued != 0
		switch {
		case tr.bestFirst && !valued:
			tb.Fatalf("node %d: not valued in a best-first tree", it.i)
		case nd.visits == 0 && valued && !tr.bestFirst:
			tb.Fatalf("node %d: valued without a visit", it.i)
		case nd.visits > 0 && !valued:
			tb.Fatalf("node %d: %d visits, not valued", it.i, nd.visits)
		}
		if nd.first < 0 {
			if leaf != nil && nd.visits == visitsOfLeaf(tr) && nd.proof == unproven && nd.flags&nodeTerminal == 0 {
				if want := leaf(&it.s, nd.mover); nd.im != want {
					tb.Fatalf("leaf %d: im %d, want %d", it.i, nd.im, want)
				}
			}
			continue
		}
		expanded++
		kids := tr.nodes[nd.first : nd.first+int32(nd.kids)]
		best, found := int16(0), false
		for k := range kids {
			kid := &kids[k]
			v := kid.im
			switch {
			case kid.proof != unproven:
				v = int16(int(kid.proof)-2) * imScale
			case kid.flags&nodeValued == 0:
				continue
			}
			if !found || v > best {
				best, found = v, true
			}
			child := it.s
			g.Apply(&child, kid.action)
			stack = append(stack, item{nd.first + int32(k), child})
		}
		if !found {
			if nd.visits > 1 {
				tb.Fatalf("node %d: expanded and visited %d times without a valued child", it.i, nd.visits)
			}
			continue
		}
		if nd.mover != kids[0].mover {
			best = -best
		}
		if nd.im != best {
			tb.Fatalf("node %d: im %d, the best of its children %d", it.i, nd.im, best)
		}
	}
	return expanded
}

// visitsOfLeaf is the visits of a leaf whose value is its own: 1, or 0 in a
// best-first tree (where a leaf's first visit expands it).
func visitsOfLeaf[S any](tr *tree[S]) uint32 {
	if tr.bestFirst {
		return 0
	}
	return 1
}

// TestMCTSMinimaxValues: with minimax=, every node of the tree holds the minimax
// value of its children's (checked over the whole tree after searches of Kalah and
// of The Colony, across tree reuse), and a Kalah leaf visited once holds its
// evaluation, squash(eval/evalScale), in fixed point.
func TestMCTSMinimaxValues(t *testing.T) {
	kg, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	kalahLeaf := func(s *kalah.State, mover uint8) int16 {
		v := squash(float64(kalah.StoreDiff{}.Evaluate(s)) / evalScale)
		if kg.ToMove(s) != int(mover) {
			v = -v
		}
		return int16(math.Round(v * imScale))
	}
	for _, spec := range []string{"mcts:sims=3000,leaf=eval,minimax=0.5", "mcts:sims=1000,leaf=eval,minimax=0.5,bestfirst=on", "mcts:sims=1000,leaf=turn,minimax=1,bestfirst=on,solver=off"} {
		kp, err := New[kalah.State](kg, kalah.StoreDiff{}, spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := kg.Start()
		for turn := 0; turn < 6 && !kg.Terminal(&s); turn++ {
			d, err := kp.Play(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			tr := kp.(*MCTS[kalah.State]).trees[0]
			if n := checkMinimaxTree[kalah.State](t, kg, tr, s, kalahLeaf); n < 100 {
				t.Fatalf("%s, kalah turn %d: %d expanded nodes", spec, turn, n)
			}
			for _, a := range d.Actions {
				kg.Apply(&s, a)
			}
		}
		kp.Close()
	}

	cg := colony.NewGame(nil)
	for _, spec := range []string{"mcts:sims=2000,leaf=eval,minimax=1", "mcts:sims=2000,minimax=0.3", "mcts:sims=500,leaf=turn,minimax=0.5,bestfirst=on"} {
		p := newPlayer(t, cg, spec, Options{})
		cs := randomPositions(5, 1, 20, 1)[0]
		for turn := 0; turn < 4 && !cg.Terminal(&cs); turn++ {
			d, ns := checkedPlay(t, cg, p, cs)
			tr := p.(*MCTS[colony.State]).trees[0]
			if n := checkMinimaxTree[colony.State](t, cg, tr, cs, nil); n < 50 {
				t.Fatalf("%s, turn %d: %d expanded nodes", spec, turn, n)
			}
			_ = d
			cs = ns
		}
		p.Close()
	}
}

// TestMCTSMinimaxSpec: the setting's range, its place in the spec, its refusal with
// a shared tree, reproducible searches, and minimax=0 searching as without it.
func TestMCTSMinimaxSpec(t *testing.T) {
	g := colony.NewGame(nil)
	p := newPlayer(t, g, "mcts:sims=500,leaf=eval,minimax=0.25", Options{})
	if got, want := p.Spec(), "mcts:sims=500,mem=512,c=1,cutoff=0,leaf=eval,minimax=0.25,threads=1,reuse=on,solver=on,seed=1"; got != want {
		t.Errorf("spec %q, want %q", got, want)
	}
	p.Close()
	for _, spec := range []string{"mcts:sims=10,minimax=1.5", "mcts:sims=10,minimax=-0.1", "mcts:time=50ms,threads=2,minimax=0.5", "mcts:sims=10,threads=2,parallel=tree,minimax=0.5", "mcts:sims=10,leaf=eval,bestfirst=on", "mcts:sims=10,minimax=0.5,bestfirst=on"} {
		if _, err := New[colony.State](g, colony.Score{}, spec, Options{}); err == nil {
			t.Errorf("%s accepted", spec)
		} else if !strings.Contains(err.Error(), "minimax") {
			t.Errorf("%s: the error does not name the setting: %v", spec, err)
		}
	}
	s := randomPositions(9, 1, 25, 1)[0]
	// play searches s with spec and returns the decision and the root's children as
	// the last report gave them.
	play := func(spec string) (Decision, []ChildStats) {
		var children []ChildStats
		p := newPlayer(t, g, spec, Options{Report: func(it Iteration) { children = it.Children }})
		defer p.Close()
		d, _ := checkedPlay(t, g, p, s)
		return d, children
	}
	same := func(a Decision, ac []ChildStats, b Decision, bc []ChildStats) bool {
		return a.Score == b.Score && a.Nodes == b.Nodes && equalActions(a.PV, b.PV) && slices.Equal(ac, bc) && len(ac) > 0
	}
	for _, spec := range []string{"mcts:sims=3000,leaf=eval,minimax=0.5", "mcts:sims=3000,leaf=eval,minimax=0.5,threads=2", "mcts:sims=500,leaf=eval,minimax=0.5,bestfirst=on"} {
		a, ac := play(spec)
		b, bc := play(spec)
		if !same(a, ac, b, bc) {
			t.Errorf("%s: not reproducible: %v %d %v, then %v %d %v", spec, a.PV, a.Score, ac, b.PV, b.Score, bc)
		}
	}
	a, ac := play("mcts:sims=3000,leaf=eval")
	b, bc := play("mcts:sims=3000,leaf=eval,minimax=0")
	if !same(a, ac, b, bc) {
		t.Errorf("minimax=0 searches otherwise: %v %d %v, without it %v %d %v", b.PV, b.Score, bc, a.PV, a.Score, ac)
	}
	// The weight changes the search.
	if c, cc := play("mcts:sims=3000,leaf=eval,minimax=0.5"); same(a, ac, c, cc) {
		t.Errorf("minimax=0.5 searches as plain UCT: %v", cc)
	}
}
