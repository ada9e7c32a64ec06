package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"time"
	"unsafe"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
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

// SolveOptions are the settings of Solve.
type SolveOptions struct {
	// TableMB is the size of the transposition table in megabytes (default 256).
	TableMB int
	// Memory, if not nil, is the budget the table's memory is reserved from (nil: the
	// process's, memory.Default()); a table that does not fit is Solve's error.
	Memory *memory.Budget
	// Guess is MTD(f)'s first guess of the value, used when GuessNodes is negative or
	// the game is not a SolveKeyer.
	Guess int
	// GuessNodes bounds the heuristic search that makes MTD(f)'s first guess for a
	// SolveKeyer game: iterative deepening alpha-beta, scoring the positions at its
	// horizon by their banked points (SolveOffset), deepened while the depths so far
	// took fewer nodes in all than this (0: 1,000,000; negative: no heuristic search,
	// Guess is the guess). A close guess saves whole null-window searches.
	GuessNodes int
	// Endgames, when positive, has the search look up the positions with at most
	// that many pieces left in play in the game's endgame database (a
	// game.Endgamer: Kalah), built first or read from EndgameDir, where it is
	// cached ("" for no cache). The database replaces the searches below it.
	Endgames   int
	EndgameDir string
	// Report, when not nil, is called after each null-window search with the bounds
	// of the value so far and the nodes searched, and every 2^24 nodes within a
	// search (not during the guess).
	Report func(lower, upper int, nodes uint64)
	// MaxNodes, when positive, bounds the nodes of the searches (the guess's not
	// counted, see GuessNodes): Solve stops past it with an error that wraps
	// ErrNodeLimit. A bound in nodes, unlike a deadline, gives the same outcome on
	// every run (the tournament's exact adjudication uses it).
	MaxNodes uint64
}

// ErrNodeLimit is the error Solve wraps when it stopped at SolveOptions.MaxNodes.
var ErrNodeLimit = errors.New("node limit reached")

// SolveResult is the outcome of Solve.
type SolveResult struct {
	// Value is the margin under perfect play from the view of the player to move.
	Value int
	// PV is a line of best play from the position to the end of the game.
	PV []game.Action
	// Nodes counts the positions searched (Apply calls) over all the searches, and
	// Searches the null-window searches MTD(f) needed.
	Nodes    uint64
	Searches int
	// Time is the time of the search, the first guess's included and the endgame
	// database's (EndgameTime) not.
	Time time.Duration
	// Guess is MTD(f)'s first guess, GuessDepth the depth (in decisions) of the
	// heuristic search that made it (0: none) and GuessNodes its nodes (counted apart
	// from Nodes).
	Guess, GuessDepth int
	GuessNodes        uint64
	// Endgames says where the endgame database came from (EndgameTable.Source),
	// and EndgameTime is how long it took to build or read; "" and 0 without one.
	Endgames    string
	EndgameTime time.Duration
}

// solveEntry is one 16-byte slot of the solver's table.
type solveEntry struct {
	key    uint64
	lo, hi int16 // the value is in [lo, hi]
	move   game.Action
	work   uint8 // log2 of the nodes searched below: big subtrees are kept
	used   bool
	_      [1]byte
}

const solveBucket = 4

// solver is one Solve.
type exactSolver[S any] struct {
	g       game.Rules[S]
	ctx     context.Context
	table   [][solveBucket]solveEntry
	shift   uint
	nodes   uint64
	limit   uint64 // stop past this many nodes (SolveOptions.MaxNodes; MaxUint64: none)
	stopped bool
	bound   int // a bound on any margin, beyond which values cannot be
	stack   []S // the state at each ply
	moves   []game.ActionBuffer
	keyer   game.SolveKeyer[S]   // nil: the table is keyed by Hash, with no offset
	bounder game.SolveBounder[S] // nil: no bounds on the points still to win
	// endgames, when not nil, holds the values of the positions with at most
	// endPieces pieces left in play (SolveRemaining).
	endgames  game.EndgameTable[S]
	endPieces int
	scores    [][game.MaxActions]int64  // order's scores at each ply
	kids      []childKeys               // order's keys of the children at each ply
	history   [2][game.MaxActions]int64 // cut-offs each player's decisions made (the history heuristic)
	horizon   bool                      // the heuristic search stopped a line before the end of the game
	// lower and upper bound the root's value so far; report is SolveOptions.Report.
	lower, upper int
	report       func(lower, upper int, nodes uint64)
}

// Solve computes the exact value of s under g and a line of best play. It searches to
// the end of every line, so it is for games and positions small enough; it stops with
// ctx's error when ctx is done.
func Solve[S any](ctx context.Context, g game.Rules[S], s *S, opts SolveOptions) (SolveResult, error) {
	return solve(ctx, g, s, opts, nil)
}

// SolveWithEndgames is Solve with the game's endgame database already built (see
// game.Endgamer; opts.Endgames and EndgameDir are not used): a program that solves
// many positions of one game builds the database once. The result's Endgames is
// the table's Source, its EndgameTime 0.
func SolveWithEndgames[S any](ctx context.Context, g game.Rules[S], s *S, table game.EndgameTable[S], opts SolveOptions) (SolveResult, error) {
	if table == nil {
		return SolveResult{}, errors.New("solve: no endgame database")
	}
	return solve(ctx, g, s, opts, table)
}

// solve is Solve, with the endgame database table when not nil.
func solve[S any](ctx context.Context, g game.Rules[S], s *S, opts SolveOptions, prebuilt game.EndgameTable[S]) (SolveResult, error) {
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
	size := uint64(n) * uint64(unsafe.Sizeof([solveBucket]solveEntry{}))
	hold, err := reserve(budgetOf(opts.Memory), size, "the solver's table")
	if err != nil {
		return SolveResult{}, err
	}
	defer hold.release()
	table, free := newSolveTable(n)
	defer free()
	sv := &exactSolver[S]{g: g, ctx: ctx, table: table, limit: math.MaxUint64,
		shift: uint(64 - bits.TrailingZeros(uint(n))), bound: math.MaxInt16 - 1,
		stack: make([]S, 64), moves: make([]game.ActionBuffer, 64), scores: make([][game.MaxActions]int64, 64),
		kids: make([]childKeys, 64)}
	fast := game.PartsOf(g)
	sv.keyer, sv.bounder = fast.SolveKeyer, fast.SolveBounder
	lower, upper := -sv.bound, sv.bound
	sv.lower, sv.upper = lower, upper
	res := SolveResult{Guess: opts.Guess}
	if prebuilt != nil {
		if sv.keyer == nil || sv.bounder == nil {
			return res, errors.New("solve: the game has no endgame databases")
		}
		sv.endgames, sv.endPieces = prebuilt, prebuilt.Pieces()
		res.Endgames = prebuilt.Source()
	} else if opts.Endgames > 0 {
		eg := fast.Endgamer
		ok := eg != nil
		if !ok || sv.keyer == nil || sv.bounder == nil {
			return res, errors.New("solve: the game has no endgame databases")
		}
		t0 := time.Now()
		table, err := eg.Endgames(ctx, opts.Endgames, opts.EndgameDir)
		if err != nil {
			return res, fmt.Errorf("solve: %w", err)
		}
		sv.endgames, sv.endPieces = table, table.Pieces()
		res.Endgames, res.EndgameTime = table.Source(), time.Since(t0)
		start = time.Now() // Time is the search's
	}
	if sv.keyer != nil && opts.GuessNodes >= 0 {
		budget := uint64(opts.GuessNodes)
		if budget == 0 {
			budget = 1_000_000
		}
		res.Guess, res.GuessDepth = sv.guess(*s, budget)
		res.GuessNodes, sv.nodes = sv.nodes, 0
		if sv.stopped {
			res.Time = time.Since(start)
			return res, fmt.Errorf("solve: stopped while guessing: %w", context.Cause(ctx))
		}
	}
	guess := max(lower, min(upper, res.Guess))
	sv.report = opts.Report
	if opts.MaxNodes > 0 {
		sv.limit = opts.MaxNodes
	}
	for lower < upper {
		beta := guess
		if guess == lower {
			beta = guess + 1
		}
		v := sv.root(*s, beta-1, beta)
		res.Searches++
		if sv.stopped {
			res.Nodes, res.Time = sv.nodes, time.Since(start)
			cause := context.Cause(ctx)
			if cause == nil {
				cause = ErrNodeLimit
			}
			return res, fmt.Errorf("solve: stopped after %d nodes with the value (the mover's) %s: %w", sv.nodes, boundsText(lower, upper), cause)
		}
		if v < beta {
			upper = v
		} else {
			lower = v
		}
		guess = v
		sv.lower, sv.upper = lower, upper
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
func terminalValue[S any](g game.Rules[S], s *S, p int) int {
	winner, margin := g.Result(s)
	switch winner {
	case p:
		return margin
	case -1:
		return 0
	}
	return -margin
}

// bucket returns the bucket of the table where key h's entry goes.
func (sv *exactSolver[S]) bucket(h uint64) *[solveBucket]solveEntry {
	return &sv.table[(h*0x9e3779b97f4a7c15)>>sv.shift]
}

// probe returns s's entry, or nil.
func (sv *exactSolver[S]) probe(h uint64) *solveEntry {
	b := sv.bucket(h)
	for i := range b {
		if b[i].used && b[i].key == h {
			return &b[i]
		}
	}
	return nil
}

// store records bounds for s: it merges with the position's entry, or takes the slot
// of the smallest subtree.
func (sv *exactSolver[S]) store(h uint64, lo, hi int, move game.Action, nodes uint64) {
	b := sv.bucket(h)
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
	s, mover, v, done := sv.enter(ply)
	if done {
		return v
	}
	h, off := sv.key(s)
	if sv.bounder != nil {
		// The points still to win bound the value: a window outside them is settled.
		rem := sv.bounder.SolveRemaining(s)
		if off-rem >= beta {
			return off - rem
		}
		if off+rem <= alpha {
			return off + rem
		}
		if rem <= sv.endPieces && sv.endgames != nil {
			return off + sv.endgames.Value(s)
		}
	}
	var ttMove game.Action
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
		if v, a, cut := sv.order(ply, mover, legal, alpha, beta, true); cut {
			// A child's bounds already refute the window.
			sv.store(h, v-off, sv.bound, a, 1)
			return v
		}
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
			sv.history[mover][a]++ // a cut-off: try a earlier where the game's guess ties
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

// enter counts a node at ply and returns its state and mover; done is true, with the
// value v, when the game is over there or the search is stopping.
func (sv *exactSolver[S]) enter(ply int) (s *S, mover, v int, done bool) {
	sv.nodes++
	if sv.nodes&0xffff == 0 {
		sv.poll()
	}
	if sv.nodes > sv.limit {
		sv.stopped = true
	}
	if sv.stopped {
		return nil, 0, 0, true
	}
	sv.grow(ply)
	s = &sv.stack[ply]
	mover = sv.g.ToMove(s)
	if sv.g.Terminal(s) {
		return s, mover, terminalValue(sv.g, s, mover), true
	}
	return s, mover, 0, false
}

// poll stops the search when the context is done, and reports progress every 2^24
// nodes.
func (sv *exactSolver[S]) poll() {
	if sv.ctx.Err() != nil {
		sv.stopped = true
	}
	if sv.report != nil && sv.nodes&(1<<24-1) == 0 {
		sv.report(sv.lower, sv.upper, sv.nodes)
	}
}

// grow makes the per-ply stacks deep enough for a child of ply.
func (sv *exactSolver[S]) grow(ply int) {
	if ply+1 < len(sv.stack) {
		return
	}
	sv.stack = append(sv.stack, make([]S, len(sv.stack)+1)...)
	sv.moves = append(sv.moves, make([]game.ActionBuffer, len(sv.moves)+1)...)
	sv.scores = append(sv.scores, make([][game.MaxActions]int64, len(sv.scores)+1)...)
	sv.kids = append(sv.kids, make([]childKeys, len(sv.kids)+1)...)
}

// childKeys are what order keeps of the children of a position for the table
// probes of its second pass: each child's table key and banked points
// (SolveOffset), whether its mover is the position's, and whether it is looked up
// (not a finished game).
type childKeys struct {
	key    [game.MaxActions]uint64
	off    [game.MaxActions]int32
	same   [game.MaxActions]bool
	lookup [game.MaxActions]bool
}

// order sorts the decisions of the state at ply, best first by a guess: decisions
// after which the mover moves again first, then by the points the mover banks
// (SolveOffset after the decision), then by the cut-offs the decision has made for
// the mover so far (the history heuristic), and last the decisions that cannot raise
// alpha. Good first moves make most of alpha-beta's cut-offs (the history tie-break
// took kalah:5x4 from 6.9 M nodes to 2.7 M); the guess costs one Apply a decision.
//
// With cut it also bounds each child without searching it: a finished game's
// value, the points still to win of a SolveBounder game, and the bounds the table
// holds for the child (the enhanced transposition cut-off). When one child's lower
// bound, from the mover's view, reaches beta, it returns that bound, the decision
// and true, and the position needs no search; a child whose upper bound is at most
// alpha goes last. The table's buckets of all the children are prefetched in the
// first pass and probed in a second, so that their cache misses overlap (the
// cut-offs halved the nodes of kalah:6x3, from 6.9 M to 3.2 M).
func (sv *exactSolver[S]) order(ply, mover int, legal []game.Action, alpha, beta int, cut bool) (int, game.Action, bool) {
	g := sv.g
	score := &sv.scores[ply]
	kids := &sv.kids[ply]
	c := &sv.stack[ply+1]
	for i, a := range legal {
		*c = sv.stack[ply]
		g.Apply(c, a)
		same := g.ToMove(c) == mover
		kids.lookup[i] = false
		if g.Terminal(c) {
			v := terminalValue(g, c, mover)
			if cut && v >= beta {
				return v, a, true
			}
			score[i] = int64(v) << 32
			continue
		}
		off := sv.keyer.SolveOffset(c)
		v := off
		if !same {
			v = -v
		} else {
			v += 1 << 12 // another move for the mover
		}
		if cut {
			if sv.bounder != nil {
				// The child's value, from the mover's view, is in [lo, hi].
				rem := sv.bounder.SolveRemaining(c)
				lo, hi := off-rem, off+rem
				if !same {
					lo, hi = -hi, -lo
				}
				if rem <= sv.endPieces && sv.endgames != nil {
					lo = off + sv.endgames.Value(c) // the child's exact value
					if !same {
						lo = -lo
					}
					hi = lo
				}
				if lo >= beta {
					return lo, a, true
				}
				if hi <= alpha {
					v -= 1 << 13 // cannot help: last
				}
				if lo == hi {
					score[i] = int64(v)<<32 + sv.history[mover][a]
					continue // no table entry to look up
				}
			}
			k := sv.keyer.SolveKey(c)
			prefetch(unsafe.Pointer(sv.bucket(k)))
			kids.key[i], kids.off[i], kids.same[i], kids.lookup[i] = k, int32(off), same, true
		}
		score[i] = int64(v)<<32 + sv.history[mover][a]
	}
	if cut {
		for i, a := range legal {
			if !kids.lookup[i] {
				continue
			}
			e := sv.probe(kids.key[i])
			if e == nil {
				continue
			}
			lo, hi := int(e.lo)+int(kids.off[i]), int(e.hi)+int(kids.off[i])
			if !kids.same[i] {
				lo, hi = -hi, -lo
			}
			if lo >= beta {
				return lo, a, true
			}
			if hi <= alpha {
				score[i] -= 1 << (13 + 32) // cannot help: last
			}
		}
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
	return 0, 0, false
}

// guess makes MTD(f)'s first guess at the value of s: iterative deepening alpha-beta
// (heuristic) while the depths so far took fewer than budget nodes in all. It returns
// the value of the deepest search and its depth.
func (sv *exactSolver[S]) guess(s S, budget uint64) (value, depth int) {
	sv.stack[0] = s
	for d := 1; ; d++ {
		sv.horizon = false
		v := sv.heuristic(0, d, -sv.bound-1, sv.bound+1)
		if sv.stopped {
			break
		}
		value, depth = v, d
		if !sv.horizon || sv.nodes >= budget {
			break // exact, or deep enough
		}
	}
	return value, depth
}

// heuristic is a depth-limited alpha-beta search of the state at sv.stack[ply], from
// its mover's view, that scores the positions at its horizon by their banked points.
func (sv *exactSolver[S]) heuristic(ply, depth, alpha, beta int) int {
	g := sv.g
	s, mover, v, done := sv.enter(ply)
	if done {
		return v
	}
	if depth == 0 {
		sv.horizon = true
		return sv.keyer.SolveOffset(s)
	}
	legal := g.LegalActions(s, &sv.moves[ply])
	sv.order(ply, mover, legal, alpha, beta, false)
	best := -sv.bound - 1
	for _, a := range legal {
		c := &sv.stack[ply+1]
		*c = sv.stack[ply]
		g.Apply(c, a)
		var v int
		if g.ToMove(c) == mover {
			v = sv.heuristic(ply+1, depth-1, alpha, beta)
		} else {
			v = -sv.heuristic(ply+1, depth-1, -beta, -alpha)
		}
		if sv.stopped {
			return 0
		}
		best = max(best, v)
		if best >= beta {
			break
		}
		alpha = max(alpha, best)
	}
	return best
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
func (sv *exactSolver[S]) pv(s S, v int) []game.Action {
	g := sv.g
	var line []game.Action
	var buf game.ActionBuffer
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

// boundsText says what the bounds lower and upper of a value tell: "in [-3, +5]", "at
// least -3", "at most +5", or "not bounded yet" for the solver's initial bounds
// (beyond any margin).
func boundsText(lower, upper int) string {
	const unbounded = math.MaxInt16 - 1 // the solver's initial bounds lie beyond
	signed := func(n int) string {
		if n > 0 {
			return "+" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	switch lo, hi := lower > -unbounded, upper < unbounded; {
	case lo && hi:
		return "in [" + signed(lower) + ", " + signed(upper) + "]"
	case lo:
		return "at least " + signed(lower)
	case hi:
		return "at most " + signed(upper)
	}
	return "not bounded yet"
}
