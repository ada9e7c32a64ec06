package search

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

// The alpha-beta player ("ab").
//
// Search: negamax over decisions with alpha-beta pruning, principal variation search
// and a transposition table (tt.go), by iterative deepening (depth 1, 2, ...) with an
// aspiration window.
//
// Depth counts full turns. A decision that ends a turn (the child is at Game.TurnStart)
// uses up one unit of depth; the decisions inside a turn use none. So every leaf where
// the evaluation is called is at a turn boundary, and a search to depth d sees exactly
// the states plain minimax to depth d sees (NewMinimax gives the same values).
//
// Signs: every value is from the view of the player to move in the state searched. A
// child's value is negated only when the child's mover differs (the turn ended); within
// a turn the same player decides several times and the window (alpha, beta) is passed on
// unchanged, otherwise (-beta, -alpha) is passed and the value negated.
//
// Scores: a finished game scores Outcome (WinScore plus the margin for the winner),
// never the evaluation, which is clamped to [-EvalLimit, EvalLimit] (so that it never
// passes for a proven result and the aspiration windows always open up to a value),
// and there is no adjustment for the distance to the end, so
// values are exactly those of minimax and of a solver: a win is worth the same at any
// distance and the margin decides between wins. An iteration whose value came from
// finished games only (no evaluation, no table entry that was not itself solved) has
// solved the position: the search stops there, since deeper iterations cannot change
// the value.
//
// Nodes: a node is one Game.Apply made by the search (the states at which the search
// looks, the root excepted). A node limit is exact: the search stops before the
// (N+1)th Apply, so Decision.Nodes is N when the limit cut the search. The clock and
// the context are checked every 1024 nodes (and at the start); the time limit is a hard
// stop.
//
// Table: probed and written only at nodes with at least two full turns to go. In the
// last turn of the horizon the subtrees are a few nodes each, too small to repay a
// cache miss (the table does not fit in the cache): measured on seeded middlegames
// (depths 4 to 6), using it there too took 60 to 70% more time and even 2 to 8% more
// nodes; using it only with three turns to go took 10 to 19% more nodes. Table cutoffs
// are taken at non-PV nodes only (null windows), so the principal variation is whole.
// The table trusts Game.Hash to cover everything that decides a state's future. At
// nodes whose children probe it, the next child to be searched is played early on a
// scratch state of the ply and its bucket prefetched, so that the memory access
// overlaps the search of its elder sibling (not counted as a node; nothing else
// changes); the first child's bucket is prefetched as soon as the child is played, so
// that its access overlaps the early play of the second. With a Stepper and no
// SiblingStepper (Kalah), the child played early is then copied rather than played
// again (a child's Step at such nodes is made once; measured on Kalah at depth 10:
// about 6% less time; entries compared as one word, check and generation, in tt.go).
//
// Speed: every node costs one call of Game.Apply, ToMove, TurnStart and Terminal, or
// one of Stepper.Step when the game has that fast path (the calls go through an
// interface and are not inlined; SiblingStepper.StepSibling for every child but the
// first, when the game has it); a child that is a leaf (a finished game, or the
// depth used up at a turn start) is scored in its parent's loop, without a call of
// search. The nodes with one full turn to go, most of the interior nodes, and without
// a table every node but the root, are searched by frontier, search without the table
// and the root's bookkeeping (frontier1 at depth 1, which searches a legal first killer
// before it makes the other moves' keys). The moves are
// ordered by a lazy selection sort whose steps take no branch (keys that carry their
// index, a conditional move for the maximum). A child's hash, computed by the parent
// for the prefetch, is passed down rather than computed again.
//
// Move ordering (deterministic): the table's move first (at the root, then the best
// first decision of the last iteration), then the two killer decisions of the ply
// (decisions that caused a cutoff at the same distance from the root, most recent
// first), then the history score (for each player and decision, the sum of
// (depth+1)^2 over the cutoffs it caused in this Play, halved when large); ties go to
// the lower action value. Killers and history are cleared at every Play.
//
// Aspiration: from depth 2 on, unless the last score is a proven win or loss, the
// root is searched with the window [last-A, last+A] around the last iteration's score
// (aspiration=A eggs; 0 searches with a full window). When the value falls outside,
// the failing side is widened to the value found plus twice the current margin (a
// proven win or loss opens it fully), the margin doubled, and the root searched again.
// The default, 12 eggs, is wide because the score swings between odd and even depths
// (the side that moves last gains; about 8 eggs in middlegames). Measured on seeded
// middlegames against a full window, it saves 5% of the nodes at depth 4 (20
// positions) and 1% at depth 5 (10 positions); narrow windows (2 to 5 eggs) fail
// nearly always and cost up to 25% more nodes at depth 4. The gain is small.
//
// Interrupted iterations: when a limit, the time or ctx stops an iteration, the player
// returns the result of the last completed one, unless in the interrupted iteration a
// root decision's search completed with a value above the root's alpha at that point
// (better than all decisions searched before it in that iteration, the previous best
// among them, which is searched first): then that decision and its line are used, with
// that value as the score (Depth stays the last completed depth, and PartialDepth is
// the interrupted iteration's).
//
// The turn returned is the principal variation up to the first state at a turn start.
// Should the variation end inside the turn (after an interrupted iteration, or when
// none completed), the turn is completed with the table's move or, when
// there is none, the decision whose resulting state the evaluation likes best (ties to
// the lower action value); these completion steps are not counted as nodes.
//
// Plies: decisions from the root are bounded by 256 (the preallocated arrays); a state
// at ply 255 is scored by the evaluation, even inside a turn. Turns have a few
// decisions each, so this matters only for the deepest searches.
//
// Determinism: no randomness, no map iteration, the table is invalidated between
// moves (tt.go), killers and history are cleared: for a depth or node limit, Play's
// result depends only on the position and the spec. The seed setting is accepted and
// ignored (the search has no ties to break at random). With tt=0 there is no table.
//
// Memory: the state stack, the move lists, the principal variation table, the killers
// and the history are allocated once, with the player; the table at the first Play
// (its memory reserved from the budget first, see memory.go: a table that does not
// fit beside the others is an error of that Play), or lent by Options.Tables (a tournament worker lends the same tables to the players
// of every game; search unchanged, see Tables). The search allocates nothing per node
// (states are copied into the preallocated stack, so no pointer to a local escapes).
// Play allocates the returned slice.

// Limits and defaults of the alpha-beta player's settings.
const (
	abDefaultDepth      = 4  // when none of depth, nodes and time is given
	abMaxDepth          = 64 // the most full turns searched
	abDefaultTT         = 16 // megabytes
	abMaxTT             = 4096
	abDefaultAspiration = 12 // eggs (see the comment on aspiration above)
	abMaxPly            = 256
	abCheckEvery        = 1024 // nodes between looks at the clock and ctx
	abTTMinDepth        = 2    // the table is used where at least this many turns remain
)

// Move ordering ranks; ranks above history scores.
const (
	rankTT       = 1 << 22
	rankRootBest = rankTT - 1
	rankKiller0  = rankTT - 2
	rankKiller1  = rankTT - 3
	historyMax   = 1 << 20 // history scores are halved when one exceeds this
)

// AlphaBeta is the alpha-beta player (see the comment at the top of alphabeta.go).
type AlphaBeta[S any] struct {
	g          game.Rules[S]
	ev         Evaluator[S]
	spec       string
	maxDepth   int
	maxNodes   uint64 // math.MaxUint64 when there is no node limit
	timeLimit  time.Duration
	aspiration int
	report     func(Iteration)
	step       game.Stepper[S]        // the game's fast path, or nil
	sib        game.SiblingStepper[S] // its sibling variant, or nil
	ttMB       int                    // the table's size; 0: no table
	tables     *Tables                // where the table comes from (nil: a table of its own)
	tt         *transTable            // taken at the first Play; nil without a table
	budget     *memory.Budget         // what the table's memory is reserved from
	multiPV    int                    // Options.MultiPV (multipv.go)
	live       *atomic.Uint64         // Options.Nodes, or nil

	// check is the node count at which tick looks next: the node limit or the next
	// multiple of abCheckEvery, whichever comes first.
	check uint64

	// The state of one Play.
	start    time.Time
	done     <-chan struct{}
	nodes    uint64
	evals    uint64 // evaluations (and unsolved table cutoffs) so far
	stopped  bool
	rootBest int // the best first decision of the last completed iteration, or -1

	// partial holds the result of an interrupted iteration (see above).
	partialOK    bool
	partialScore int
	partialLen   int
	partialPV    [abMaxPly]game.Action

	// bestPV is the principal variation of the last completed iteration.
	bestLen int
	bestPV  [abMaxPly]game.Action

	stack   [abMaxPly + 1]S
	moves   [abMaxPly]game.ActionBuffer
	keys    [abMaxPly][game.MaxActions]int64 // the move ordering keys (see search)
	pv      [abMaxPly][abMaxPly]game.Action
	pvLen   [abMaxPly]int
	killers [abMaxPly][2]int16
	history [2][game.MaxActions]int32
	walk    [2]S // scratch states for building the turn
	// next[ply] is the next child of the node at ply, played early to prefetch its
	// table bucket (and, with a Stepper without SiblingStepper, copied rather than
	// played again when its turn comes), and nextSt its Status.
	next   [abMaxPly]S
	nextSt [abMaxPly]game.Status
	reuse  bool // step != nil && sib == nil: the early child is copied, not played again
}

func newAlphaBetaFromSpec[S any](g game.Rules[S], ev Evaluator[S], st *settings, opts Options) (Player[S], error) {
	set := st.spec.Settings
	_, hasDepth := set["depth"]
	_, hasNodes := set["nodes"]
	_, hasTime := set["time"]
	_, hasSeed := set["seed"]
	depth := st.Int("depth", abDefaultDepth, 1, abMaxDepth)
	nodes := st.Uint64("nodes", 0)
	if hasNodes && nodes == 0 && st.err == nil {
		st.fail("nodes", set["nodes"], "a whole number of 1 or more")
	}
	limit := st.Duration("time", 0)
	ttMB := st.Int("tt", abDefaultTT, 0, abMaxTT)
	seed := st.Uint64("seed", 0)
	asp := st.Int("aspiration", abDefaultAspiration, 0, WinScore/2)
	if st.err != nil {
		return nil, st.err
	}
	budget := budgetOf(opts.Memory)
	if err := budget.Check(ttBytes(ttMB), fmt.Sprintf("player %q: %s", st.spec.String(), ttWhat(ttMB))); err != nil {
		return nil, err
	}
	untilDone := opts.UntilDone && !hasDepth && !hasNodes && !hasTime
	if !hasDepth && (hasNodes || hasTime || untilDone) {
		depth = abMaxDepth
	}

	// The canonical spec: every setting that decides the search, in a fixed order.
	var parts []string
	if hasDepth || !(hasNodes || hasTime || untilDone) {
		parts = append(parts, "depth="+strconv.Itoa(depth))
	}
	if hasNodes {
		parts = append(parts, "nodes="+strconv.FormatUint(nodes, 10))
	}
	if hasTime {
		parts = append(parts, "time="+limit.String())
	}
	parts = append(parts, "tt="+strconv.Itoa(ttMB), "aspiration="+strconv.Itoa(asp))
	if hasSeed {
		parts = append(parts, "seed="+strconv.FormatUint(seed, 10))
	}

	p := &AlphaBeta[S]{
		g:          g,
		ev:         ev,
		spec:       "ab:" + strings.Join(parts, ","),
		maxDepth:   depth,
		maxNodes:   math.MaxUint64,
		timeLimit:  limit,
		aspiration: asp * EvalScale(ev),
		report:     opts.Report,
		step:       stepper(g),
		sib:        siblingStepper(g),
		ttMB:       ttMB,
		tables:     opts.Tables,
		budget:     budget,
		multiPV:    opts.MultiPV,
		live:       opts.Nodes,
	}
	if hasNodes {
		p.maxNodes = nodes
	}
	p.reuse = p.step != nil && p.sib == nil
	return p, nil
}

// Spec returns the canonical spec, for example "ab:depth=4,tt=16,aspiration=12".
func (p *AlphaBeta[S]) Spec() string { return p.spec }

// Close gives the player's transposition table back to the Tables that lent it (see
// Options.Tables), or releases its memory to the budget and lets it go to the
// garbage collector; a second Close does nothing.
func (p *AlphaBeta[S]) Close() error {
	if p.tt != nil {
		if p.tables == nil {
			p.tt.free()
		} else {
			p.tables.giveBack(p.tt)
		}
		p.tt = nil
	}
	p.ttMB = 0 // a Play after Close would not take a table again
	return nil
}

// Play searches s by iterative deepening and returns one whole turn.
func (p *AlphaBeta[S]) Play(ctx context.Context, s *S) (Decision, error) {
	p.start = time.Now()
	g := p.g
	if g.Terminal(s) {
		return Decision{}, fmt.Errorf("search: the game is over")
	}
	p.done = ctx.Done()
	p.nodes, p.evals, p.stopped, p.check = 0, 0, false, 0
	p.rootBest, p.bestLen = -1, 0
	clear(p.killers[:])
	for i := range p.killers {
		p.killers[i] = [2]int16{-1, -1}
	}
	clear(p.history[:])
	if p.tt == nil && p.ttMB > 0 {
		tt, err := p.tables.take(p.ttMB, p.budget)
		if err != nil {
			return Decision{}, fmt.Errorf("player %q: %w", p.spec, err)
		}
		p.tt = tt
	}
	if p.tt != nil {
		p.tt.newSearch()
	}
	p.stack[0] = *s
	rootStatus := statusOf(g, s)
	var rootHash uint64
	if p.tt != nil {
		rootHash = g.Hash(s)
	}
	if p.multiPV > 1 {
		return p.playLines(s)
	}

	completed, score, partial := 0, 0, 0
	for depth := 1; depth <= p.maxDepth; depth++ {
		alpha, beta := -Infinity, Infinity
		delta := p.aspiration
		if depth > 1 && delta > 0 && !IsWin(score) {
			alpha, beta = score-delta, score+delta
		}
		p.partialOK = false
		v, solved := 0, false
		for {
			evals := p.evals
			v = p.search(0, depth, alpha, beta, rootStatus, rootHash)
			if p.stopped {
				break
			}
			if v <= alpha {
				alpha = v - 2*delta
				if IsWin(v) || alpha < -WinScore {
					alpha = -Infinity
				}
				delta *= 2
				continue
			}
			if v >= beta {
				beta = v + 2*delta
				if IsWin(v) || beta > WinScore {
					beta = Infinity
				}
				delta *= 2
				continue
			}
			solved = p.evals == evals
			break
		}
		if p.stopped {
			if p.partialOK {
				score, partial = p.partialScore, depth
				p.bestLen = copy(p.bestPV[:], p.partialPV[:p.partialLen])
			}
			break
		}
		completed, score = depth, v
		p.bestLen = copy(p.bestPV[:], p.pv[0][:p.pvLen[0]])
		if p.bestLen > 0 {
			p.rootBest = int(p.bestPV[0])
		}
		if p.report != nil {
			p.report(Iteration{Depth: depth, Score: v, Nodes: p.nodes, Time: time.Since(p.start),
				PV: append([]game.Action(nil), p.bestPV[:p.bestLen]...)})
		}
		if solved {
			break
		}
	}

	d := p.decision(s)
	d.Score, d.Depth, d.PartialDepth, d.Nodes = score, completed, partial, p.nodes
	d.Time = time.Since(p.start)
	return d, nil
}

// tick is called before an Apply when p.nodes has reached p.check: it reports
// whether the search may go on, stopping it at the node limit, when ctx is done or
// when the time is up, and sets the next check.
func (p *AlphaBeta[S]) tick() bool {
	if p.nodes >= p.maxNodes {
		p.stopped = true
		return false
	}
	if p.nodes%abCheckEvery == 0 {
		if p.live != nil {
			p.live.Store(p.nodes)
		}
		select {
		case <-p.done:
			p.stopped = true
			return false
		default:
		}
		if p.timeLimit > 0 && time.Since(p.start) >= p.timeLimit {
			p.stopped = true
			return false
		}
	}
	p.check = min(p.maxNodes, (p.nodes/abCheckEvery+1)*abCheckEvery)
	return true
}

// search returns the value of p.stack[ply], whose Status is st, from the view of its
// mover, searching depth more full turns with the window (alpha, beta), fail-soft.
// When the search is stopped it returns 0, which the callers ignore.
//
// The children that are leaves (the game is over, or the depth is used up at a turn
// start, or the ply limit is reached) are scored here, without a call of search: the
// value is the one search would return at any window, and a leaf's (pvLen 0) line.
//
// h is the state's Game.Hash where the table is used (depth >= abTTMinDepth with a
// table), computed by the caller: for most children the parent has it already, from
// prefetchNext.
func (p *AlphaBeta[S]) search(ply, depth, alpha, beta int, st game.Status, h uint64) int {
	g := p.g
	s := &p.stack[ply]
	p.pvLen[ply] = 0
	if st.Terminal() {
		return Outcome(g, s, st.ToMove())
	}
	if (depth <= 0 && st.TurnStart()) || ply >= abMaxPly-1 {
		p.evals++
		return clampEval(p.ev.Evaluate(s))
	}
	pvNode := beta-alpha > 1
	// The table is used where at least abTTMinDepth full turns remain (see above).
	tt := p.tt
	useTT := depth >= abTTMinDepth && tt != nil
	ttMove := -1
	if useTT {
		if e := tt.probe(h); e != nil {
			if e.hasMove() {
				ttMove = int(e.move)
			}
			if !pvNode && ply > 0 && (int(e.depth) >= depth || e.solved()) {
				v := int(e.score)
				switch b := e.bound(); {
				case b == boundExact, b == boundLower && v >= beta, b == boundUpper && v <= alpha:
					if !e.solved() {
						p.evals++
					}
					return v
				}
			}
		}
	}

	// The ordering keys: rank<<16 | (255-action)<<8 | index in keys, distinct, the
	// best the highest (the index lets take find a key without a branch).
	mover := st.ToMove()
	moves := g.LegalActions(s, &p.moves[ply])
	keys := p.keys[ply][:len(moves)]
	k0, k1 := p.killers[ply][0], p.killers[ply][1]
	rootBest := -1
	if ply == 0 {
		rootBest = p.rootBest
	}
	hist := &p.history[mover&1]
	for i, a := range moves {
		// The highest rank that applies, by conditional moves (the last wins).
		r := hist[a]
		if int16(a) == k1 {
			r = rankKiller1
		}
		if int16(a) == k0 {
			r = rankKiller0
		}
		if int(a) == rootBest {
			r = rankRootBest
		}
		if int(a) == ttMove {
			r = rankTT
		}
		keys[i] = int64(r)<<16 | int64(255-a)<<8 | int64(i)
	}

	alphaOrig := alpha
	best, bestMove := -Infinity, -1
	evals := p.evals
	child := &p.stack[ply+1]
	leafPly := ply+1 >= abMaxPly-1
	// Where the children probe the table, each child's bucket is fetched from memory
	// while its elder sibling is searched (see prefetchNext).
	early := tt != nil && depth > abTTMinDepth
	var kj int64
	var nextHash uint64 // the hash of the next child, from prefetchNext
	known := false      // kj is the best of keys[i:] and nextHash its child's hash
	for i := range keys {
		// Selection sort, one step.
		if !known {
			kj = bestKey(keys[i:])
		}
		a := take(keys, i, kj)
		ch, chOK := nextHash, known // the child's hash, when known
		known = false

		if p.nodes >= p.check && !p.tick() {
			return 0
		}
		var cst game.Status
		switch {
		case chOK && p.reuse: // played by prefetchNext: copied
			*child, cst = p.next[ply], p.nextSt[ply]
		case p.sib != nil && i > 0: // child holds its elder sibling
			cst = p.sib.StepSibling(child, s, a)
		case p.step != nil:
			cst = p.step.Step(child, s, a)
		default:
			*child = *s
			g.Apply(child, a)
			cst = statusOf(g, child)
		}
		p.nodes++
		d := depth
		if cst.TurnStart() {
			d--
		}
		if tt != nil && !chOK && d >= abTTMinDepth && !cst.Terminal() {
			// The child probes the table: its bucket is fetched while the next
			// sibling is played.
			ch, chOK = g.Hash(child), true
			tt.prefetch(ch)
		}
		if early && i+1 < len(keys) {
			kj, known = bestKey(keys[i+1:]), true
			nextHash = p.prefetchNext(ply, s, game.Action(255-uint8(kj>>8)))
		}
		same := cst.ToMove() == mover
		var v int
		switch {
		case cst.Terminal():
			p.pvLen[ply+1] = 0
			v = Outcome(g, child, cst.ToMove())
			if !same {
				v = -v
			}
		case (d <= 0 && cst.TurnStart()) || leafPly:
			p.pvLen[ply+1] = 0
			p.evals++
			v = clampEval(p.ev.Evaluate(child))
			if !same {
				v = -v
			}
		case same: // the child's view is the same: the window passes unchanged
			if i == 0 {
				v = p.child(ply+1, d, alpha, beta, cst, ch)
			} else {
				v = p.child(ply+1, d, alpha, alpha+1, cst, ch)
				if v > alpha && v < beta && !p.stopped {
					v = p.child(ply+1, d, alpha, beta, cst, ch)
				}
			}
		default: // the other player's view: the window and the value negated
			if i == 0 {
				v = -p.child(ply+1, d, -beta, -alpha, cst, ch)
			} else {
				v = -p.child(ply+1, d, -alpha-1, -alpha, cst, ch)
				if v > alpha && v < beta && !p.stopped {
					v = -p.child(ply+1, d, -beta, -alpha, cst, ch)
				}
			}
		}
		if p.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, int(a)
			if v > alpha {
				alpha = v
				n := p.pvLen[ply+1]
				row := &p.pv[ply]
				row[0] = a
				copy(row[1:n+1], p.pv[ply+1][:n])
				p.pvLen[ply] = n + 1
				if ply == 0 {
					p.partialOK, p.partialScore = true, v
					p.partialLen = copy(p.partialPV[:], row[:n+1])
				}
				if v >= beta {
					if int16(a) != k0 {
						p.killers[ply] = [2]int16{int16(a), k0}
					}
					bonus := int32((depth + 1) * (depth + 1))
					if hist[a] += bonus; hist[a] > historyMax {
						p.halveHistory()
					}
					break
				}
			}
		}
	}

	if !useTT {
		return best
	}
	flags := boundExact
	switch {
	case best <= alphaOrig:
		flags = boundUpper
	case best >= beta:
		flags = boundLower
	}
	if p.evals == evals {
		flags |= ttSolved
	}
	var move game.Action
	if flags&ttBoundMask != boundUpper && bestMove >= 0 {
		flags |= ttHasMove
		move = game.Action(bestMove)
	}
	tt.store(h, depth, flags, best, move)
	return best
}

// child returns search(ply, depth, alpha, beta, st, h) for a node that is not the
// root and not a leaf: through frontier where the node does not use the table (depth
// 1, or no table).
func (p *AlphaBeta[S]) child(ply, depth, alpha, beta int, st game.Status, h uint64) int {
	if depth == 1 {
		return p.frontier1(ply, alpha, beta, st)
	}
	if p.tt == nil {
		return p.frontier(ply, depth, alpha, beta, st)
	}
	return p.search(ply, depth, alpha, beta, st, h)
}

// frontier is search for a node that is neither the root nor a leaf and does not use
// the table: with one full turn to go (depth 1), where most of the nodes are, and at
// every depth without a table. The same value, principal variation, node count,
// evaluations, killers and history, without what such a node never uses (the table,
// used from abTTMinDepth on, its prefetches and early children; the root's decision
// and partial result). Its children are leaves or frontier nodes again. (Searched
// without a table, Kalah spends about 46% of its moves in nodes at depth 2 and more:
// through search, about 300 instructions of bookkeeping a move; through frontier, about
// 170.) At depth 1 it is frontier1.
func (p *AlphaBeta[S]) frontier(ply, depth, alpha, beta int, st game.Status) int {
	if depth == 1 {
		return p.frontier1(ply, alpha, beta, st)
	}
	g := p.g
	s := &p.stack[ply]
	p.pvLen[ply] = 0
	mover := st.ToMove()
	moves := g.LegalActions(s, &p.moves[ply])
	keys := &p.keys[ply]
	k0, k1 := p.killers[ply][0], p.killers[ply][1]
	hist := &p.history[mover&1]
	a := makeKeys(keys, moves, hist, k0, k1) // the keys of search, without the table and the root

	best := -Infinity
	child := &p.stack[ply+1]
	leafPly := ply+1 >= abMaxPly-1
	for i := range moves {
		if i > 0 {
			a = takeBest(keys, i, len(moves))
		}
		if p.nodes >= p.check && !p.tick() {
			return 0
		}
		var cst game.Status
		if p.sib != nil && i > 0 { // child holds its elder sibling
			cst = p.sib.StepSibling(child, s, a)
		} else if p.step != nil {
			cst = p.step.Step(child, s, a)
		} else {
			*child = *s
			g.Apply(child, a)
			cst = statusOf(g, child)
		}
		p.nodes++
		d := depth
		if cst.TurnStart() {
			d--
		}
		same := cst.ToMove() == mover
		var v, n int // the child's value and the length of its line
		switch {
		case cst.Terminal():
			v = Outcome(g, child, cst.ToMove())
			if !same {
				v = -v
			}
		case d <= 0 || leafPly: // (d <= 0 only at a turn start: depth >= 1 here)
			p.evals++
			v = clampEval(p.ev.Evaluate(child))
			if !same {
				v = -v
			}
		case same:
			if i == 0 {
				v = p.frontier(ply+1, d, alpha, beta, cst)
			} else {
				v = p.frontier(ply+1, d, alpha, alpha+1, cst)
				if v > alpha && v < beta && !p.stopped {
					v = p.frontier(ply+1, d, alpha, beta, cst)
				}
			}
			if p.stopped {
				return 0
			}
			n = p.pvLen[ply+1]
		default:
			if i == 0 {
				v = -p.frontier(ply+1, d, -beta, -alpha, cst)
			} else {
				v = -p.frontier(ply+1, d, -alpha-1, -alpha, cst)
				if v > alpha && v < beta && !p.stopped {
					v = -p.frontier(ply+1, d, -beta, -alpha, cst)
				}
			}
			if p.stopped {
				return 0
			}
			n = p.pvLen[ply+1]
		}
		// (A leaf does not stop the search: the check is made after a subtree.)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				row := &p.pv[ply]
				row[0] = a
				if n > 0 {
					copy(row[1:n+1], p.pv[ply+1][:n])
				}
				p.pvLen[ply] = n + 1
				if v >= beta {
					if int16(a) != k0 {
						p.killers[ply] = [2]int16{int16(a), k0}
					}
					if hist[a] += int32((depth + 1) * (depth + 1)); hist[a] > historyMax {
						p.halveHistory()
					}
					break
				}
			}
		}
	}
	return best
}

// bestKey returns the greatest of keys, which must not be empty. (Not inlined: in
// search's large frame the loop would keep its variables on the stack.)
//
//go:noinline
func bestKey(keys []int64) int64 {
	kj := keys[0]
	for _, k := range keys[1:] {
		kj = max(kj, k)
	}
	return kj
}

// take returns the decision of kj, the best key of keys[i:], whose place in keys the
// key at i takes (with its index): one step of a selection sort.
func take(keys []int64, i int, kj int64) game.Action {
	j := int(uint8(kj))
	keys[j] = keys[i]&^0xff | int64(j)
	return game.Action(255 - uint8(kj>>8))
}

// frontier1 is frontier at depth 1, where a child that starts a turn is a leaf (in
// Kalah, every child): the same value, line, node count, evaluations, killers and
// history. The first killer, when legal, has the highest key (no other rank reaches
// rankKiller0), so it is searched first, before the keys are made: they are made
// only for a second child, or before a child inside the turn is searched (its subtree
// changes the history they are made of). In Kalah without a table, 61% of these
// nodes end with the killer's cutoff and never make their keys.
func (p *AlphaBeta[S]) frontier1(ply, alpha, beta int, st game.Status) int {
	g := p.g
	s := &p.stack[ply]
	p.pvLen[ply] = 0
	mover := st.ToMove()
	moves := g.LegalActions(s, &p.moves[ply])
	keys := &p.keys[ply]
	k0, k1 := p.killers[ply][0], p.killers[ply][1]
	hist := &p.history[mover&1]
	killerFirst := false
	if k0 >= 0 {
		for _, a := range moves {
			if int16(a) == k0 {
				killerFirst = true
				break
			}
		}
	}
	keyed := false // keys holds the ordering keys, the killer's taken when it came first

	best := -Infinity
	child := &p.stack[ply+1]
	leafPly := ply+1 >= abMaxPly-1
	for i := range moves {
		var a game.Action
		switch {
		case keyed:
			a = takeBest(keys, i, len(moves))
		case i == 0 && killerFirst:
			a = game.Action(k0)
		default: // the keys, whose first step is the killer's when it was searched first
			a = makeKeys(keys, moves, hist, k0, k1)
			keyed = true
			if killerFirst {
				a = takeBest(keys, i, len(moves))
			}
		}
		if p.nodes >= p.check && !p.tick() {
			return 0
		}
		var cst game.Status
		if p.sib != nil && i > 0 { // child holds its elder sibling
			cst = p.sib.StepSibling(child, s, a)
		} else if p.step != nil {
			cst = p.step.Step(child, s, a)
		} else {
			*child = *s
			g.Apply(child, a)
			cst = statusOf(g, child)
		}
		p.nodes++
		same := cst.ToMove() == mover
		var v, n int // the child's value and the length of its line
		switch {
		case cst.Terminal():
			v = Outcome(g, child, cst.ToMove())
			if !same {
				v = -v
			}
		case cst.TurnStart() || leafPly:
			p.evals++
			v = clampEval(p.ev.Evaluate(child))
			if !same {
				v = -v
			}
		default: // a decision inside the turn: depth 1 again
			if !keyed { // the killer's subtree: the keys first, with the history as it is
				makeKeys(keys, moves, hist, k0, k1) // (its first step: the killer's)
				keyed = true
			}
			if same { // as in frontier
				if i == 0 {
					v = p.frontier1(ply+1, alpha, beta, cst)
				} else {
					v = p.frontier1(ply+1, alpha, alpha+1, cst)
					if v > alpha && v < beta && !p.stopped {
						v = p.frontier1(ply+1, alpha, beta, cst)
					}
				}
			} else if i == 0 {
				v = -p.frontier1(ply+1, -beta, -alpha, cst)
			} else {
				v = -p.frontier1(ply+1, -alpha-1, -alpha, cst)
				if v > alpha && v < beta && !p.stopped {
					v = -p.frontier1(ply+1, -beta, -alpha, cst)
				}
			}
			if p.stopped {
				return 0
			}
			n = p.pvLen[ply+1]
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				row := &p.pv[ply]
				row[0] = a
				if n > 0 {
					copy(row[1:n+1], p.pv[ply+1][:n])
				}
				p.pvLen[ply] = n + 1
				if v >= beta {
					if int16(a) != k0 {
						p.killers[ply] = [2]int16{int16(a), k0}
					}
					if hist[a] += (1 + 1) * (1 + 1); hist[a] > historyMax {
						p.halveHistory()
					}
					break
				}
			}
		}
	}
	return best
}

// makeKeys writes the ordering keys of moves, which must not be empty, into keys (see
// search), from the history hist and the killers k0 and k1, and makes the selection's
// first step: it returns takeBest(keys, 0, len(moves)). (Not inlined: in its own
// frame, the loop's values stay in registers.)
//
//go:noinline
func makeKeys(keys *[game.MaxActions]int64, moves []game.Action, hist *[game.MaxActions]int32, k0, k1 int16) game.Action {
	kj := int64(math.MinInt64)
	for i, a := range moves {
		r := hist[a]
		if int16(a) == k1 {
			r = rankKiller1
		}
		if int16(a) == k0 {
			r = rankKiller0
		}
		k := int64(r)<<16 | int64(255-a)<<8 | int64(i)
		keys[uint8(i)] = k
		kj = max(kj, k)
	}
	j := uint8(kj)
	keys[j] = keys[0]&^0xff | int64(j)
	return game.Action(255 - uint8(kj>>8))
}

// takeBest is bestKey and take in one call: the decision of the best key of
// keys[i:n], whose place the key at i takes. (The indexes as bytes of the array's
// length: no bounds checks.)
//
//go:noinline
func takeBest(keys *[game.MaxActions]int64, i, n int) game.Action {
	kj := keys[uint8(i)]
	for j := i + 1; j < n; j++ {
		kj = max(kj, keys[uint8(j)])
	}
	j := uint8(kj)
	keys[j] = keys[uint8(i)]&^0xff | int64(j)
	return game.Action(255 - uint8(kj>>8))
}

// halveHistory halves every history score (when one grew above historyMax).
func (p *AlphaBeta[S]) halveHistory() {
	for c := range p.history {
		for x := range p.history[c] {
			p.history[c][x] /= 2
		}
	}
}

// prefetchNext plays, on a scratch state, the decision a in s (the next child of s to
// be searched) and asks for its table bucket: the memory access then overlaps the
// search of the child before it, where the probe would wait for it. It returns the
// child's hash, which search then passes on instead of hashing the child again.
// Nothing is counted and nothing else changes.
func (p *AlphaBeta[S]) prefetchNext(ply int, s *S, a game.Action) uint64 {
	c := &p.next[ply]
	if p.step != nil {
		p.nextSt[ply] = p.step.Step(c, s, a)
	} else {
		*c = *s
		p.g.Apply(c, a)
	}
	h := p.g.Hash(c)
	p.tt.prefetch(h)
	return h
}

// decision builds the turn to play from the best principal variation: its prefix up
// to the first turn start, completed if the variation ends inside the turn.
func (p *AlphaBeta[S]) decision(s *S) Decision {
	g := p.g
	w := &p.walk[0]
	*w = *s
	pv := make([]game.Action, 0, p.bestLen+8)
	turn := -1 // the length of the turn within pv, once complete
	for _, a := range p.bestPV[:p.bestLen] {
		if !p.legal(w, a) {
			break
		}
		pv = append(pv, a)
		g.Apply(w, a)
		if turn < 0 && g.TurnStart(w) {
			turn = len(pv)
		}
	}
	if turn < 0 { // complete the turn (at least one decision)
		for len(pv) == 0 || !g.TurnStart(w) {
			a := p.completion(w)
			pv = append(pv, a)
			g.Apply(w, a)
		}
		turn = len(pv)
		pv = pv[:turn:turn]
	}
	return Decision{Actions: pv[:turn:turn], PV: pv}
}

// legal reports whether a is a legal decision in w.
func (p *AlphaBeta[S]) legal(w *S, a game.Action) bool {
	for _, b := range p.g.LegalActions(w, &p.moves[0]) {
		if a == b {
			return true
		}
	}
	return false
}

// completion chooses a decision in w, inside a turn, without searching: the table's
// move if it is legal, otherwise the decision whose resulting state scores best for
// the mover (a finished game by its Outcome, otherwise by the evaluation), ties to
// the lower action value.
func (p *AlphaBeta[S]) completion(w *S) game.Action {
	g := p.g
	if p.tt != nil {
		if e := p.tt.probe(g.Hash(w)); e != nil && e.hasMove() && p.legal(w, e.move) {
			return e.move
		}
	}
	mover := g.ToMove(w)
	c := &p.walk[1]
	best, bestScore := game.Action(0), -Infinity-1
	for _, a := range g.LegalActions(w, &p.moves[0]) {
		*c = *w
		g.Apply(c, a)
		var v int
		if g.Terminal(c) {
			v = Outcome(g, c, mover)
		} else if v = clampEval(p.ev.Evaluate(c)); g.ToMove(c) != mover {
			v = -v
		}
		if v > bestScore || (v == bestScore && a < best) {
			best, bestScore = a, v
		}
	}
	return best
}
