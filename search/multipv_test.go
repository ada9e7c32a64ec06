package search

import (
	"context"
	"slices"
	"sort"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
)

// turnValues returns the minimax values at depth-1, from the mover's view, of the
// positions the turns of s reach, one a position (as the multi-PV search counts
// turns), sorted the best first.
func turnValues(t *testing.T, s colony.State, depth int) []int {
	t.Helper()
	_, paths, err := game.Turns[colony.State](colonyGame, s)
	if err != nil {
		t.Fatal(err)
	}
	mm := NewMinimax[colony.State](colonyGame, colony.Score{}, depth-1)
	seen := map[uint64]bool{}
	var vs []int
	for _, p := range paths {
		c := s
		for _, a := range p {
			colonyGame.Apply(&c, a)
		}
		if h := colonyGame.Hash(&c); !seen[h] {
			seen[h] = true
			vs = append(vs, fromMover(colonyGame, &s, &c, mm.Value(context.Background(), &c)))
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(vs)))
	return vs
}

// TestMultiPVAlphaBeta checks alpha-beta's lines against minimax: K lines (or as many
// as the position has turns), whole legal turns, distinct, ordered by score, each
// score the minimax value of its turn at the depth, the K scores the K best of all
// the turns; the first line the single-PV search's score and turn (or, when another
// turn ties with it, a turn of that score), with and without the table; and the
// iterations report their lines.
func TestMultiPVAlphaBeta(t *testing.T) {
	ctx := context.Background()
	n := 12
	if testing.Short() {
		n = 4
	}
	for _, depth := range []int{1, 2, 3} {
		positions := randomPositions(uint64(40+depth), n, 10, 7)
		if depth == 3 {
			positions = positions[:n/3]
		}
		for _, spec := range []string{"ab:depth=" + itoa(depth), "ab:depth=" + itoa(depth) + ",tt=0"} {
			for k, s := range positions {
				all := turnValues(t, s, depth)
				single, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, spec, Options{}), s)
				var reported []Iteration
				for _, K := range []int{2, 4} {
					reported = reported[:0]
					p := newPlayer(t, colonyGame, spec, Options{MultiPV: K, Report: func(it Iteration) { reported = append(reported, it) }})
					d, _ := checkedPlay(t, colonyGame, p, s)
					want := min(K, len(all))
					if len(d.Lines) != want {
						t.Fatalf("%s, position %d, K=%d: %d lines, want %d", spec, k, K, len(d.Lines), want)
					}
					seen := map[string]bool{}
					for i, l := range d.Lines {
						after := checkTurn(t, colonyGame, s, Decision{Actions: firstTurn(s, l.PV), PV: l.PV})
						key := string(colonyGame.FormatPosition(&after))
						if seen[key] {
							t.Fatalf("%s, position %d: line %d repeats a turn: %v", spec, k, i+1, d.Lines)
						}
						seen[key] = true
						mm := NewMinimax[colony.State](colonyGame, colony.Score{}, depth-1)
						if v := fromMover(colonyGame, &s, &after, mm.Value(ctx, &after)); v != l.Score {
							t.Fatalf("%s, position %d: line %d scores %d, minimax %d", spec, k, i+1, l.Score, v)
						}
						if l.Score != all[i] {
							t.Fatalf("%s, position %d: line %d scores %d; the turns' best values are %v", spec, k, i+1, l.Score, all[:want])
						}
					}
					if d.Lines[0].Score != single.Score || d.Score != single.Score {
						t.Fatalf("%s, position %d: the first line scores %d (decision %d), the single-PV search %d", spec, k, d.Lines[0].Score, d.Score, single.Score)
					}
					tied := len(d.Lines) > 1 && d.Lines[1].Score == d.Lines[0].Score
					if !tied && !slices.Equal(d.Actions, single.Actions) {
						t.Fatalf("%s, position %d: multi-PV plays %v, single-PV %v (no tie)", spec, k, d.Actions, single.Actions)
					}
					if len(reported) == 0 || !slices.EqualFunc(reported[len(reported)-1].Lines, d.Lines, func(a, b Line) bool {
						return a.Score == b.Score && slices.Equal(a.PV, b.PV)
					}) {
						t.Fatalf("%s, position %d: the last iteration's lines are not the decision's", spec, k)
					}
				}
			}
		}
	}
}

// firstTurn returns the decisions of pv's first turn from s.
func firstTurn(s colony.State, pv []game.Action) []game.Action {
	for i, a := range pv {
		colonyGame.Apply(&s, a)
		if colonyGame.TurnStart(&s) || colonyGame.Terminal(&s) {
			return pv[:i+1]
		}
	}
	return pv
}

// TestMultiPVOneIsSingle checks that MultiPV of 1 is the search without it: the same
// turn, score, line and node count.
func TestMultiPVOneIsSingle(t *testing.T) {
	for k, s := range randomPositions(5, 6, 10, 7) {
		a, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, "ab:depth=3", Options{}), s)
		b, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, "ab:depth=3", Options{MultiPV: 1}), s)
		if a.Nodes != b.Nodes || a.Score != b.Score || !slices.Equal(a.PV, b.PV) || b.Lines != nil {
			t.Fatalf("position %d: MultiPV 1 gives %+v, without it %+v", k, b, a)
		}
	}
}

// TestMultiPVMCTS checks MCTS's lines: the K most visited root decisions, distinct,
// by visits, each line starting with its decision and legal to its end.
func TestMultiPVMCTS(t *testing.T) {
	for k, s := range randomPositions(9, 4, 10, 7) {
		var last Iteration
		p := newPlayer(t, colonyGame, "mcts:sims=3000,seed=2", Options{MultiPV: 3, Report: func(it Iteration) { last = it }})
		d, _ := checkedPlay(t, colonyGame, p, s)
		if len(d.Lines) == 0 || len(d.Lines) > 3 || len(last.Lines) != len(d.Lines) {
			t.Fatalf("position %d: %d lines (the last report %d)", k, len(d.Lines), len(last.Lines))
		}
		kids := slices.Clone(last.Children)
		slices.SortStableFunc(kids, func(a, b ChildStats) int { return int(b.Visits) - int(a.Visits) })
		for i, l := range d.Lines {
			if l.Visits != kids[i].Visits || (i > 0 && l.Visits > d.Lines[i-1].Visits) {
				t.Fatalf("position %d: line %d has %d visits; the root's visits %v", k, i+1, l.Visits, kids)
			}
			if i > 0 && l.PV[0] == d.Lines[i-1].PV[0] {
				t.Fatalf("position %d: lines %d and %d start alike", k, i, i+1)
			}
			c := s
			for j, a := range l.PV {
				if !colonyGame.Rules.IsLegal(&c, colony.Action(a)) {
					t.Fatalf("position %d: line %d: decision %d is not legal", k, i+1, j)
				}
				colonyGame.Apply(&c, a)
			}
		}
	}
}

// TestMultiPVStopped checks that a multi-PV search stopped by a node limit during its
// first depth still plays a whole legal turn.
func TestMultiPVStopped(t *testing.T) {
	for _, nodes := range []string{"1", "50", "3000"} {
		s := randomPositions(3, 1, 10, 7)[0]
		d, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, "ab:nodes="+nodes, Options{MultiPV: 3}), s)
		if len(d.Lines) == 0 {
			t.Errorf("nodes=%s: no line", nodes)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
