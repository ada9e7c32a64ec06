package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"
)

// The exact solver: the game-theoretic value of a position (the final margin under
// perfect play) by MTD(f), a sequence of null-window alpha-beta searches to the end of
// the game, over a transposition table of bounds.
//
// Values are margins in the game's points from the view of the player to move (the
// points the winner wins by, with the sign of the player to move: +8, -2 or 0), as
// Game.Result gives them at the end. A turn of several decisions by one player is
// searched without changing the view. Every node's value is exact to the end of the
// game, so table entries hold a lower and an upper bound of the true value that are
// valid whatever the window: MTD(f) narrows them until they meet at the root.

// SolveKeyer is an optional interface of games whose positions' values differ only
// by the points already banked (the stores of mancala games): SolveKey hashes what
// decides the rest of the game (not the banked points), and SolveOffset returns the
// banked points from the view of the player to move, so that the value of s is
// SolveOffset(s) plus a value that depends on SolveKey(s) alone. The solver's table
// then shares one entry among positions that differ only in their stores, which
// shrinks the search by orders of magnitude.
type SolveKeyer[S any] interface {
	SolveKey(s *S) uint64
	SolveOffset(s *S) int
}

// SolveOptions are the settings of Solve.
type SolveOptions struct {
	// TableMB is the size of the transposition table in megabytes (default 256).
	TableMB int
	// Guess is MTD(f)'s first guess of the value (0 is fine).
	Guess int
	// Report, when not nil, is called after each null-window search with the bounds
	// so far and the nodes searched.
	Report func(lower, upper int, nodes uint64)
}

// SolveResult is the outcome of Solve.
type SolveResult struct {
	// Value is the margin under perfect play from the view of the player to move.
	Value int
	// PV is a line of best play from the position to the end of the game.
	PV []Action
	// Nodes counts the positions searched (Apply calls) over all the searches, and
	// Searches the null-window searches MTD(f) needed.
	Nodes    uint64
	Searches int
	Time     time.Duration
}

// solveEntry is one 16-byte slot of the solver's table.
type solveEntry struct {
	key    uint64
	lo, hi int16 // the value is in [lo, hi]
	move   Action
	work   uint8 // log2 of the nodes searched below: big subtrees are kept
	used   bool
	_      [1]byte
}

const solveBucket = 4

// solver is one Solve.
type exactSolver[S any] struct {
	g       Game[S]
	ctx     context.Context
	table   [][solveBucket]solveEntry
	shift   uint
	nodes   uint64
	stopped bool
	bound   int // a bound on any margin, beyond which values cannot be
	stack   []S // the state at each ply
	moves   []ActionBuffer
	keyer   SolveKeyer[S] // nil: the table is keyed by Hash, with no offset
}

// Solve computes the exact value of s under g and a line of best play. It searches to
// the end of every line, so it is for games and positions small enough; it stops with
// ctx's error when ctx is done.
func Solve[S any](ctx context.Context, g Game[S], s *S, opts SolveOptions) (SolveResult, error) {
	start := time.Now()
	if g.Terminal(s) {
		return SolveResult{Value: terminalValue(g, s, g.ToMove(s)), Time: time.Since(start)}, nil
	}
	mb := opts.TableMB
	if mb <= 0 {
		mb = 256
	}
	n := 1
	for n*2*solveBucket*16 <= mb<<20 {
		n *= 2
	}
	sv := &exactSolver[S]{g: g, ctx: ctx, table: make([][solveBucket]solveEntry, n),
		shift: uint(64 - bits.TrailingZeros(uint(n))), bound: math.MaxInt16 - 1,
		stack: make([]S, 64), moves: make([]ActionBuffer, 64)}
	sv.keyer, _ = g.(SolveKeyer[S])
	lower, upper := -sv.bound, sv.bound
	guess := max(lower, min(upper, opts.Guess))
	res := SolveResult{}
	for lower < upper {
		beta := guess
		if guess == lower {
			beta = guess + 1
		}
		v := sv.root(*s, beta-1, beta)
		res.Searches++
		if sv.stopped {
			res.Nodes, res.Time = sv.nodes, time.Since(start)
			return res, fmt.Errorf("solve: stopped after %d nodes with the value in [%d, %d]: %w", sv.nodes, lower, upper, context.Cause(ctx))
		}
		if v < beta {
			upper = v
		} else {
			lower = v
		}
		guess = v
		if opts.Report != nil {
			opts.Report(lower, upper, sv.nodes)
		}
	}
	res.Value = lower
	res.PV = sv.pv(*s, lower)
	res.Nodes, res.Time = sv.nodes, time.Since(start)
	if len(res.PV) == 0 {
		return res, errors.New("solve: no best decision found in the table")
	}
	return res, nil
}

// terminalValue is the margin of a finished game from the view of player p.
func terminalValue[S any](g Game[S], s *S, p int) int {
	winner, margin := g.Result(s)
	switch winner {
	case p:
		return margin
	case -1:
		return 0
	}
	return -margin
}

// probe returns s's entry, or nil.
func (sv *exactSolver[S]) probe(h uint64) *solveEntry {
	b := &sv.table[(h*0x9e3779b97f4a7c15)>>sv.shift]
	for i := range b {
		if b[i].used && b[i].key == h {
			return &b[i]
		}
	}
	return nil
}

// store records bounds for s: it merges with the position's entry, or takes the slot
// of the smallest subtree.
func (sv *exactSolver[S]) store(h uint64, lo, hi int, move Action, nodes uint64) {
	b := &sv.table[(h*0x9e3779b97f4a7c15)>>sv.shift]
	work := uint8(bits.Len64(nodes))
	victim := 0
	for i := range b {
		e := &b[i]
		if e.used && e.key == h {
			e.lo, e.hi = int16(max(int(e.lo), lo)), int16(min(int(e.hi), hi))
			e.move, e.work = move, max(e.work, work)
			return
		}
		if !e.used {
			victim = i
			break
		}
		if e.work < b[victim].work {
			victim = i
		}
	}
	b[victim] = solveEntry{key: h, lo: int16(lo), hi: int16(hi), move: move, work: work, used: true}
}

// search returns the value of the state at sv.stack[ply] from its mover's view if it
// lies in (alpha, beta); otherwise a bound on the far side (fail-soft). States and
// legal actions live in per-ply stacks: a state passed to an interface method by
// pointer would escape to the heap at every node.
func (sv *exactSolver[S]) search(ply, alpha, beta int) int {
	g := sv.g
	sv.nodes++
	if sv.nodes&0xffff == 0 && sv.ctx.Err() != nil {
		sv.stopped = true
	}
	if sv.stopped {
		return 0
	}
	if ply+1 >= len(sv.stack) {
		sv.stack = append(sv.stack, make([]S, len(sv.stack)+1)...)
		sv.moves = append(sv.moves, make([]ActionBuffer, len(sv.moves)+1)...)
	}
	s := &sv.stack[ply]
	mover := g.ToMove(s)
	if g.Terminal(s) {
		return terminalValue(g, s, mover)
	}
	h, off := sv.key(s)
	var ttMove Action
	hasMove := false
	if e := sv.probe(h); e != nil {
		lo, hi := int(e.lo)+off, int(e.hi)+off
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if lo == hi {
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		ttMove, hasMove = e.move, true
	}
	before := sv.nodes
	legal := g.LegalActions(s, &sv.moves[ply])
	if sv.keyer != nil {
		sv.order(ply, mover, legal)
	}
	if hasMove {
		for i, a := range legal {
			if a == ttMove {
				copy(legal[1:i+1], legal[:i]) // keep the order of the others
				legal[0] = a
				break
			}
		}
	}
	best, bestMove := -sv.bound-1, legal[0]
	a0 := alpha
	for _, a := range legal {
		c := &sv.stack[ply+1]
		*c = sv.stack[ply]
		g.Apply(c, a)
		var v int
		if g.ToMove(c) == mover {
			v = sv.search(ply+1, alpha, beta)
		} else {
			v = -sv.search(ply+1, -beta, -alpha)
		}
		if sv.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, a
		}
		if best >= beta {
			break
		}
		alpha = max(alpha, best)
	}
	// Fail-soft bounds: above beta a lower bound, at most the original alpha an upper
	// bound, in between the value.
	lo, hi := -sv.bound, sv.bound
	switch {
	case best >= beta:
		lo = best - off
	case best <= a0:
		hi = best - off
	default:
		lo, hi = best-off, best-off
	}
	sv.store(h, lo, hi, bestMove, sv.nodes-before)
	return best
}

// order sorts the decisions of the state at ply, best first by a guess: decisions
// after which the mover moves again first, then by the points the mover banks
// (SolveOffset after the decision). Good first moves make most of alpha-beta's
// cut-offs; the guess costs one Apply a decision.
func (sv *exactSolver[S]) order(ply, mover int, legal []Action) {
	g := sv.g
	var score [MaxActions]int
	c := &sv.stack[ply+1]
	for i, a := range legal {
		*c = sv.stack[ply]
		g.Apply(c, a)
		v := sv.keyer.SolveOffset(c)
		if g.ToMove(c) != mover {
			v = -v
		} else if !g.Terminal(c) {
			v += 1 << 12 // another move for the mover
		}
		score[i] = v
	}
	// Insertion sort, stable: the game's order breaks ties.
	for i := 1; i < len(legal); i++ {
		a, v := legal[i], score[i]
		j := i
		for ; j > 0 && score[j-1] < v; j-- {
			legal[j], score[j] = legal[j-1], score[j-1]
		}
		legal[j], score[j] = a, v
	}
}

// key returns the table key of s and the offset of its value (see SolveKeyer).
func (sv *exactSolver[S]) key(s *S) (uint64, int) {
	if sv.keyer != nil {
		return sv.keyer.SolveKey(s), sv.keyer.SolveOffset(s)
	}
	return sv.g.Hash(s), 0
}

// root searches s with the window (alpha, beta).
func (sv *exactSolver[S]) root(s S, alpha, beta int) int {
	sv.stack[0] = s
	return sv.search(0, alpha, beta)
}

// pv follows best decisions from s, whose value is v, to the end of the game: at
// each step the decision whose child has the value (re-solved with a null window
// when the table does not say).
func (sv *exactSolver[S]) pv(s S, v int) []Action {
	g := sv.g
	var line []Action
	var buf ActionBuffer
	for !g.Terminal(&s) && len(line) < 1000 {
		mover := g.ToMove(&s)
		found := false
		legal := g.LegalActions(&s, &buf)
		// The table's move first.
		if h, _ := sv.key(&s); sv.probe(h) != nil {
			e := sv.probe(h)
			for i, a := range legal {
				if a == e.move {
					legal[0], legal[i] = legal[i], legal[0]
					break
				}
			}
		}
		for _, a := range legal {
			c := s
			g.Apply(&c, a)
			want := v
			if g.ToMove(&c) != mover {
				want = -v
			}
			if sv.exactly(c, want) {
				line, s, v, found = append(line, a), c, want, true
				break
			}
		}
		if !found {
			break
		}
	}
	return line
}

// exactly reports whether s's value from its mover's view is v (two null-window
// searches at most).
func (sv *exactSolver[S]) exactly(s S, v int) bool {
	if sv.root(s, v-1, v) < v {
		return false
	}
	return sv.root(s, v, v+1) <= v
}
