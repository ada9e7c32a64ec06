package search

import (
	"context"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

// forkingEval is colony.Score that counts its forks and evaluations, and fails the
// test when one of its copies is used by two goroutines at once.
type forkingEval struct {
	t      *testing.T
	forks  *atomic.Int64
	evals  *atomic.Int64
	inside atomic.Bool
}

func (e *forkingEval) Evaluate(s *colony.State) int {
	if !e.inside.CompareAndSwap(false, true) {
		e.t.Error("an evaluation that keeps state used by two goroutines at once")
	}
	defer e.inside.Store(false)
	e.evals.Add(1)
	return colony.Score{}.Evaluate(s)
}

func (e *forkingEval) Fork() Evaluator[colony.State] {
	e.forks.Add(1)
	return &forkingEval{t: e.t, forks: e.forks, evals: e.evals}
}

// TestLeafEval checks MCTS's leaf=eval: leaves valued by the evaluation (one a
// simulation), the setting in the spec, and an evaluation with state forked for
// every player and every thread.
func TestLeafEval(t *testing.T) {
	g := colony.NewGame(nil)
	cases := []struct {
		spec      string
		wantForks int64
		wantSpec  string
	}{
		{"mcts:sims=400,leaf=eval,reuse=off,solver=off", 1, "mcts:sims=400,mem=512,c=1,cutoff=0,leaf=eval,threads=1,reuse=off,solver=off,seed=1"},
		{"mcts:sims=400,leaf=eval,threads=2,parallel=root,reuse=off,solver=off", 2, ""},
		{"mcts:time=50ms,leaf=eval,threads=2,parallel=tree,reuse=off,solver=off", 2, ""},
		{"ab:depth=2", 1, ""},
	}
	for _, c := range cases {
		ev := &forkingEval{t: t, forks: new(atomic.Int64), evals: new(atomic.Int64)}
		p, err := New[colony.State](g, ev, c.spec, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		s := g.Start()
		d, err := p.Play(context.Background(), &s)
		p.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if len(d.Actions) == 0 {
			t.Errorf("%s: no turn", c.spec)
		}
		if got := ev.forks.Load(); got != c.wantForks {
			t.Errorf("%s: %d forks, want %d", c.spec, got, c.wantForks)
		}
		if c.wantSpec != "" && p.Spec() != c.wantSpec {
			t.Errorf("spec %q, want %q", p.Spec(), c.wantSpec)
		}
		if c.spec == cases[0].spec {
			// One evaluation a simulation that reached a new leaf (some reach a
			// finished game or a proven node instead, none here at the start).
			if n := ev.evals.Load(); n < 300 || n > 400 {
				t.Errorf("%s: %d evaluations in 400 simulations", c.spec, n)
			}
		}
	}
	if _, err := New[colony.State](g, nil, "mcts:sims=10,leaf=eval", Options{}); err == nil {
		t.Error("leaf=eval without an evaluation accepted")
	}
	if _, err := New[colony.State](g, colony.Score{}, "mcts:sims=10,leaf=net", Options{}); err == nil {
		t.Error("leaf=net accepted")
	}
}

// TestLeafTurn checks leaf=turn's value of a leaf inside a turn against the turns
// game.Turns lists from it: the best, for the player moving, of the values at the
// ends of all the ways to finish the turn; and a leaf at a turn start is valued as
// leaf=eval values it.
func TestLeafTurn(t *testing.T) {
	g := colony.NewGame(nil)
	ev := colony.Score{}
	tr := newTree[colony.State](g, ev, &MCTSConfig{Leaf: LeafTurn}, 1<<10, memory.NewBudget(memory.Unlimited))
	end := func(s *colony.State) float64 { // player 0's view
		if g.Terminal(s) {
			return tr.terminalResult(s)
		}
		v := squash(float64(ev.Evaluate(s)) / tr.evalScale)
		if g.ToMove(s) != 0 {
			v = -v
		}
		return v
	}
	inside := 0
	for i, s := range randomPositions(21, 60, 1, 3) {
		if got, want := tr.finishTurn(&s, 0), end(&s); got != want {
			t.Fatalf("position %d, a turn start: %v, want %v", i, got, want)
		}
		var buf game.ActionBuffer
		for _, a := range g.LegalActions(&s, &buf) {
			m := s
			g.Apply(&m, a)
			if g.TurnStart(&m) {
				continue
			}
			inside++
			_, paths, err := game.Turns[colony.State](g, m)
			if err != nil {
				t.Fatal(err)
			}
			sign := 1.0
			if g.ToMove(&m) != 0 {
				sign = -1
			}
			want := math.Inf(-1)
			for _, path := range paths {
				e := m
				for _, b := range path {
					g.Apply(&e, b)
				}
				want = max(want, sign*end(&e))
			}
			if got := tr.finishTurn(&m, 0); got != sign*want {
				t.Fatalf("position %d after %d: %v, want %v over %d completions", i, a, got, sign*want, len(paths))
			}
		}
	}
	if inside < 100 {
		t.Fatalf("only %d leaves inside a turn", inside)
	}
	p := newPlayer(t, g, "mcts:sims=500,leaf=turn", Options{})
	if got, want := p.Spec(), "mcts:sims=500,mem=512,c=1,cutoff=0,leaf=turn,threads=1,reuse=on,solver=on,seed=1"; got != want {
		t.Errorf("spec %q, want %q", got, want)
	}
	checkedPlay(t, g, p, g.Start())
	p.Close()
	if _, err := New[colony.State](g, nil, "mcts:sims=10,leaf=turn", Options{}); err == nil || !strings.Contains(err.Error(), "leaf=turn") {
		t.Errorf("leaf=turn without an evaluation: %v", err)
	}
}
