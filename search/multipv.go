package search

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/colony-ai/colony/game"
)

// Multi-PV: several lines at once (Options.MultiPV), for analysis.
//
// A line is a whole turn from the root, its score and its principal variation. The
// lines of a search are its best K turns, best first, each with an exact score.
//
// Alpha-beta searches them with a loop over the root's turns (not its decisions: a
// turn of The Colony is several decisions, a sowing, the way at a fork, an ant move,
// and two lines must differ as turns), each turn's position searched by the usual
// search to one turn less, at every depth of the iterative deepening, the turns in
// the order of the last depth's scores. The loop keeps the K best turns so far with
// exact scores: while fewer than K are known, a turn is searched with a full window;
// then with a null window at the K-th best score, and again with the window above it
// when it beats that score (it then enters the K best, exact, and the K-th leaves).
// This is one pass over the root a depth, where searching the root again excluding
// the turns of the lines found (the other way) takes K passes, and it leaves the node
// loop as it is: the root loop calls search, unchanged, on each turn's position. Two
// turns that lead to the same position (another order of the same decisions) are one
// turn, the first in decision order. With MultiPV of 0 or 1 the search is the one of
// alphabeta.go, the same trees and node counts. No aspiration window is used; the
// decisions of each turn, played at the root, count as nodes. When the search is
// stopped during a depth, the lines are the last completed depth's (those of the
// interrupted depth found so far, when none completed).
//
// MCTS's lines are its root's K most visited decisions (with one decision a turn, as
// in Kalah, its K most visited turns), each with its mean turned into a score and its
// line read off the tree from that decision on as the PV is.

// Line is one line of a multi-PV search (Options.MultiPV): a turn at the root, its
// score and its principal variation.
type Line struct {
	// Score is the line's value from the mover's view, as Decision's Score.
	Score int
	// PV is the principal variation, in decisions, starting with the turn's.
	PV []game.Action
	// Visits, for MCTS, are the root decision's visits; 0 for alpha-beta.
	Visits uint64
}

// maxMultiPVTurns bounds the turns of a root that alpha-beta searches one by one for
// multi-PV; a root with more is searched for one line.
const maxMultiPVTurns = 1 << 16

// rootTurn is one turn of the root in a multi-PV search.
type rootTurn[S any] struct {
	path  []game.Action
	state S
	st    game.Status
	hash  uint64
	score int // the last depth's score: exact for the lines, a bound for the others
}

// rootTurns lists the turns of s (at a turn start, not over) in decision order, one
// for each position they reach; nil when there are more than maxMultiPVTurns.
func (p *AlphaBeta[S]) rootTurns(s *S) []rootTurn[S] {
	g := p.g
	var out []rootTurn[S]
	seen := map[uint64]bool{}
	var walk func(c *S, path []game.Action) bool
	walk = func(c *S, path []game.Action) bool {
		var buf game.ActionBuffer
		for _, a := range g.LegalActions(c, &buf) {
			d := *c
			g.Apply(&d, a)
			pa := append(slices.Clip(path), a)
			if !g.TurnStart(&d) && !g.Terminal(&d) {
				if !walk(&d, pa) {
					return false
				}
				continue
			}
			h := g.Hash(&d)
			if seen[h] {
				continue
			}
			if len(out) == maxMultiPVTurns {
				return false
			}
			seen[h] = true
			out = append(out, rootTurn[S]{path: pa, state: d, st: statusOf(g, &d), hash: h})
		}
		return true
	}
	if !walk(s, nil) {
		return nil
	}
	return out
}

// playLines is Play for MultiPV > 1 (see above), from the root set up by Play.
func (p *AlphaBeta[S]) playLines(s *S) (Decision, error) {
	g := p.g
	turns := p.rootTurns(s)
	if len(turns) == 0 {
		return Decision{}, fmt.Errorf("search: multi-PV: the position has more than %d turns", maxMultiPVTurns)
	}
	k := min(p.multiPV, len(turns))
	mover := g.ToMove(s)
	var lines, top []Line // the last completed depth's lines; the depth's so far
	completed, partial := 0, 0
	for depth := 1; depth <= p.maxDepth; depth++ {
		evals := p.evals
		top = top[:0:0]
		for i := range turns {
			t := &turns[i]
			for range t.path {
				if p.nodes >= p.check && !p.tick() {
					break
				}
				p.nodes++
			}
			if p.stopped {
				break
			}
			var h uint64
			if p.tt != nil && depth-1 >= abTTMinDepth {
				h = t.hash
			}
			value := func(alpha, beta int) int {
				p.stack[0] = t.state
				if t.st.ToMove() == mover {
					return p.search(0, depth-1, alpha, beta, t.st, h)
				}
				return -p.search(0, depth-1, -beta, -alpha, t.st, h)
			}
			exact := len(top) < k
			var v int
			if exact {
				v = value(-Infinity, Infinity)
			} else {
				alpha := top[k-1].Score
				if v = value(alpha, alpha+1); v > alpha && !p.stopped {
					v = value(alpha, Infinity)
					exact = v > alpha // else the table made the null window fail high: a bound
				}
			}
			if p.stopped {
				break
			}
			t.score = v
			if !exact {
				continue
			}
			pv := make([]game.Action, 0, len(t.path)+p.pvLen[0])
			pv = append(append(pv, t.path...), p.pv[0][:p.pvLen[0]]...)
			j := len(top)
			for j > 0 && top[j-1].Score < v {
				j--
			}
			top = slices.Insert(top, j, Line{Score: v, PV: pv})
			if len(top) > k {
				top = top[:k]
			}
		}
		if p.stopped {
			if completed == 0 && len(top) > 0 {
				lines, partial = top, depth
			}
			break
		}
		completed, lines = depth, top
		slices.SortStableFunc(turns, func(a, b rootTurn[S]) int { return cmp.Compare(b.score, a.score) })
		if p.report != nil {
			p.report(Iteration{Depth: depth, Score: lines[0].Score, Nodes: p.nodes, Time: time.Since(p.start),
				PV: slices.Clone(lines[0].PV), Lines: cloneLines(lines)})
		}
		if p.evals == evals { // solved: deeper depths cannot change a score
			break
		}
	}

	d := Decision{Depth: completed, PartialDepth: partial, Nodes: p.nodes}
	if len(lines) == 0 { // stopped before a turn was searched: the first turn
		lines = []Line{{PV: turns[0].path}}
	}
	best := lines[0]
	turn := len(turns[0].path)
	for _, t := range turns {
		if len(best.PV) >= len(t.path) && slices.Equal(best.PV[:len(t.path)], t.path) {
			turn = len(t.path)
			break
		}
	}
	d.Actions = slices.Clone(best.PV[:turn])
	d.PV = slices.Clone(best.PV)
	d.Score = best.Score
	d.Lines = cloneLines(lines)
	d.Time = time.Since(p.start)
	return d, nil
}

// cloneLines returns a copy of lines that shares no memory with them.
func cloneLines(lines []Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = Line{Score: l.Score, PV: slices.Clone(l.PV), Visits: l.Visits}
	}
	return out
}

// rootLines returns MCTS's lines (see above): the k most visited of the root's
// decisions root (merged over the trees), ties to the lower action, visited ones only.
func (m *MCTS[S]) rootLines(s *S, root []mergedChild, k int) []Line {
	kids := slices.Clone(root)
	slices.SortStableFunc(kids, func(a, b mergedChild) int {
		if c := cmp.Compare(b.visits, a.visits); c != 0 {
			return c
		}
		return cmp.Compare(a.action, b.action)
	})
	var out []Line
	for i := range kids[:min(k, len(kids))] {
		c := &kids[i]
		if c.visits == 0 && c.proof == unproven {
			break
		}
		out = append(out, Line{Score: score(c, m.trees[0].evalScale), PV: m.lineFrom(s, c.action), Visits: c.visits})
	}
	return out
}

// lineFrom returns the line of the tree that starts with the root decision first: the
// decisions after it chosen as line chooses them, as far as the tree goes.
func (m *MCTS[S]) lineFrom(s *S, first game.Action) []game.Action {
	trees := m.readTrees()
	at := make([]int32, len(trees))
	for j, t := range trees {
		at[j] = t.child(0, first)
	}
	st := *s
	m.g.Apply(&st, first)
	actions := []game.Action{first}
	var kids []mergedChild
	for !m.g.Terminal(&st) {
		kids = m.merged(at, kids)
		i := choose(kids)
		if i < 0 {
			break
		}
		a := kids[i].action
		for j, t := range trees {
			at[j] = t.child(at[j], a)
		}
		actions = append(actions, a)
		m.g.Apply(&st, a)
	}
	return actions
}
