package search

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/colony-ai/colony/game"
)

// MCTSConfig holds the settings of an MCTS player; the spec keys are in brackets.
type MCTSConfig struct {
	// Sims is the number of simulations of a search [sims]; 0 means no limit (a time
	// limit must then be given). A search stops early when the solver proves the root.
	Sims uint64
	// Time is a hard limit on a search [time]; 0 means none. The clock is read every
	// 16 simulations.
	Time time.Duration
	// MemMB caps the node arenas, in MiB, all threads together [mem]. A node costs
	// nodeBytes (28) bytes. When a tree is full, its leaves are no longer expanded:
	// the search goes on, simulating from the leaves it has. On Linux this bounds
	// the memory the trees take (see "Memory" in the doc of MCTS).
	MemMB int
	// C is UCT's exploration constant on results in [-1, 1] [c].
	C float64
	// Cutoff, when above 0, stops a playout at the first turn start after Cutoff
	// decisions and scores it with the evaluation, squash(eval/10) [cutoff].
	Cutoff int
	// Leaf is how a new leaf is valued [leaf]: by a random playout (LeafPlayout,
	// with Cutoff if set) or by the evaluation at once (LeafEval, AlphaZero's use of
	// a value network: a leaf inside a turn is played on at random to the turn's
	// end, then evaluated, squash(eval/10)).
	Leaf LeafMode
	// Minimax is the weight, from 0 to 1, of implicit minimax backups [minimax]
	// (Lanctot, Winands, Pepels and Sturtevant 2014, "Monte Carlo Tree Search with
	// Heuristic Evaluations using Implicit Minimax Backups"): besides its mean, every
	// node keeps the minimax value of the leaf values below it, and selection ranks a
	// child by (1-Minimax)*mean + Minimax*minimax value + the exploration term. 0, the
	// default, is plain UCT. Not with parallel=tree.
	Minimax float64
	// BestFirst makes every simulation expand the leaf it reaches and value all its
	// children at once (by Leaf), backing up the best of them, as unbounded
	// best-first minimax search does (Cohen-Solal 2020, "Learning to Play Two-Player
	// Perfect-Information Games without Knowledge") [bestfirst]. A child valued so
	// and not yet visited is ranked as if visited once with that value. It needs
	// Minimax above 0 and a Leaf other than LeafPlayout; not with parallel=tree.
	BestFirst bool
	// Threads is the number of goroutines that search [threads].
	Threads int
	// Parallel is how more than one thread shares the search [parallel]: a tree each
	// (RootParallel) or one tree (TreeParallel). In a spec without parallel=, it is
	// TreeParallel when the search is limited by time alone (no sims=) and
	// RootParallel otherwise (see MCTS).
	Parallel Parallelism
	// Reuse keeps the subtree of the position after the opponent's turn [reuse].
	Reuse bool
	// Solver proves wins, losses and draws (MCTS-Solver), and in a game with bounds
	// on the points still to win (game.SolveBounder) the results they settle [solver].
	Solver bool
	// Seed seeds the random playouts [seed].
	Seed uint64
}

// LeafMode is how MCTS values a new leaf.
type LeafMode uint8

// The leaf modes.
const (
	// LeafPlayout plays the game out at random from the leaf (to the end, or to
	// the cut-off).
	LeafPlayout LeafMode = iota
	// LeafEval evaluates the leaf with the player's evaluation.
	LeafEval
	// LeafTurn evaluates a leaf at a turn start as LeafEval does, and a leaf inside a
	// turn by the best way to finish the turn: every completion of the turn is
	// evaluated and the best for the player moving takes the leaf's value (rather
	// than one random completion).
	LeafTurn
)

var leafModeNames = [...]string{LeafPlayout: "playout", LeafEval: "eval", LeafTurn: "turn"}

// String returns "playout", "eval" or "turn".
func (m LeafMode) String() string { return nameOf(leafModeNames[:], m, "LeafMode") }

// ParseLeafMode reads "playout", "eval" or "turn".
func ParseLeafMode(text string) (LeafMode, error) {
	for m, n := range leafModeNames {
		if n == text {
			return LeafMode(m), nil
		}
	}
	return LeafPlayout, fmt.Errorf("leaf=%s: want playout, eval or turn", text)
}

// Parallelism is how the threads of an MCTS search with threads > 1 share it.
type Parallelism uint8

// The kinds of parallelism of MCTS.
const (
	// RootParallel gives each thread its own tree and a share of the simulations; the
	// trees are merged when the turn is chosen (deterministic with a simulation limit).
	RootParallel Parallelism = iota
	// TreeParallel lets the threads search one tree, with virtual loss (not
	// reproducible: the result depends on how the threads interleave).
	TreeParallel
)

var parallelismNames = [...]string{RootParallel: "root", TreeParallel: "tree"}

// String returns the parallelism's name in specs: root or tree.
func (p Parallelism) String() string { return nameOf(parallelismNames[:], p, "Parallelism") }

// ParseParallelism reads a parallelism's name: root or tree.
func ParseParallelism(name string) (Parallelism, error) {
	for p, n := range parallelismNames {
		if n == name {
			return Parallelism(p), nil
		}
	}
	return 0, fmt.Errorf("parallel=%q: want root or tree", name)
}

// DefaultMCTSConfig returns the settings of the spec "mcts": sims=10000, mem=512,
// c=1, cutoff=0, threads=1 (parallel=root: with one thread it makes no difference),
// reuse=on, solver=on, seed=1.
func DefaultMCTSConfig() MCTSConfig {
	return MCTSConfig{Sims: 10000, MemMB: 512, C: 1, Threads: 1, Reuse: true, Solver: true, Seed: 1}
}

// MCTS is Monte Carlo tree search with UCT over decisions, MCTS-Solver, tree reuse
// and root or tree parallelism. Its spec is "mcts" with the settings of MCTSConfig.
//
// The tree. Every node is a decision state; the player to move at a node is
// Game.ToMove of its state. A node's value (the sum of the results of the simulations
// through it, and its visits) is kept from the view of the player who took the
// decision into it, so at a node the player to move picks the child with the best
// UCT value mean + c*sqrt(ln N/n) straight from the children's values. A simulation's
// result is backed up with a change of sign only between nodes whose movers differ:
// the decisions inside a turn (select a log, choose directions, move an ant or pass)
// are all the same player's. Unvisited children come first; ties go to the lowest
// action. A leaf is expanded (all its children at once) at its second visit; its first
// visit is a playout from it. The root is expanded at once.
//
// Results. A random playout to the end of the game scores a win
// 0.9 + 0.1*squash(margin/10), from 0.9 to 1 by the egg margin, a loss the opposite
// and a draw 0, where squash(x) = x/sqrt(1+x²) is a sigmoid like tanh that computes
// the same on every machine (see lnDet). With cutoff=N a playout stops at the first
// turn start after N decisions and scores squash(eval/10) for the player to move
// there. The exploration constant c is on this [-1, 1] scale; its default, 1, beat
// c=0.5, 1.5 and 2.5 in self-play at 2,000 simulations (30, 24 and 27 wins of 40
// games; the textbook sqrt(2) for [0, 1] results would be 2*sqrt(2) here).
//
// Leaves valued by the evaluation (leaf=eval, leaf=turn). With leaf=eval a new leaf
// at a turn start scores squash(eval/10) for its player to move, with no playout; a
// leaf inside a turn (The Colony's turns are several decisions) is first finished at
// random. leaf=turn finishes it the best way instead: every completion of the turn
// is evaluated and the best for the player moving is the leaf's value, a search of
// the rest of the turn that costs more evaluations a leaf (0.38 of leaf=eval's
// simulations a second from a Colony opening of the balanced suite, with the
// network) and removes the random finish's noise.
//
// Implicit minimax backups (minimax=w, Lanctot, Winands, Pepels and Sturtevant
// 2014). Beside its mean, every visited node keeps a minimax value: a leaf its first
// value (its proof once proven), a node with valued children the best of theirs for
// the player to move there (a proven child counts its proof, -1, 0 or +1), backed up
// along the simulation's path. Selection ranks a child by (1-w)*mean + w*minimax
// value + c*sqrt(ln N/n). The value lives in the node's padding (16 bits of fixed
// point), so the nodes stay 24 bytes; a tree shared by threads (parallel=tree) does
// not keep it, and minimax= with parallel=tree is refused. minimax=0 is plain UCT, the
// same trees as before the setting existed.
//
// Best-first expansion (bestfirst=on, with minimax= and leaf=eval or turn), as
// unbounded best-first minimax search does (Cohen-Solal 2020): every simulation
// expands the leaf it reaches and values all its new children at once, and its
// result, backed up into the means, is the best of them. A child valued so and not
// yet visited is ranked as if visited once with its value: c*sqrt(ln N) is its
// exploration term. Each simulation costs a node's children's evaluations, so there
// are far fewer of them, each worth more. Together, on The Colony at 100 ms a move,
// "mcts:time=100ms,eval=net,leaf=turn,minimax=0.8,bestfirst=on,c=0.3" beats
// ab:time=100ms with the linear evaluation by +77.7 and +70.4 Elo (two matches of 200
// games on the balanced suite), where leaf=eval alone lost by 209.9; what each
// setting gave is in benchmarks/README.md ("MCTS that beats alpha-beta").
//
// MCTS-Solver (solver=on). A terminal node is proven: a win, loss or draw for its
// mover. When children are created, those that end the game are proven at once. With
// P the player to move at a node, the node is a proven win for P if any child is a
// proven win for P, and its value for P is the best of its children's when all are
// proven (so a proven loss when all are losses); the value is then stated for the
// node's own mover, which is P inside P's turn and P's opponent at the start of it.
// Proofs are checked up the path after every simulation that ends in a proven node.
// Selection never enters a proven loss of the player to move, and a simulation that
// reaches a proven node stops there with its exact result. When the root is proven,
// the search stops, before its simulation limit. In a game that bounds the points
// still to win (game.SolveBounder: Kalah), a new node whose banked lead is larger
// than the points left (SolveOffset against SolveRemaining) is proven as a finished
// game is, a win for the leader: its result is settled whatever is played, long
// before the game ends. These proofs are not used in a search whose root the bounds
// already settle: it plays for the margin, as without them.
//
// What the solver is worth (measured in benchmarks/README.md, "MCTS-Solver"): in
// play, nothing measurable. Matches of solver=on against solver=off from endgame
// positions come out even in Kalah (+2.9 [-1.9, +7.7] Elo over 718 games at 10,000
// simulations, -3.1 [-15.0, +8.7] over 782 games from earlier positions at 2,000)
// and in The Colony (+4.3 [-7.7, +16.4] over 320 games at 10,000). It proves a lot
// there: in Kalah positions with at most 24 seeds in the pits, the root of 225 of
// 359 at 10,000 simulations (130 without the bounds); in The Colony four turns
// before the last, the root of 44 of 80 (a turn of several decisions does not keep
// a proof from the turn's start: a win found inside the turn proves it at once).
// But what it proves, MCTS without it already plays: its turns differ from
// solver=off's in 14% to 23% of those Kalah positions, yet, checked with the exact
// solver (Solve), both drop the game value of as many positions (9 of 359 at 10,000
// simulations, 12 at 2,000), each choosing the better turn about as often as the
// other (2 and 2 positions, 4 and 4). A proven root is a decided game, so the
// simulations that stopping early saves (47% there) buy nothing, nor would the time
// saved under a clock. The turns MCTS gets wrong are in positions nothing proves,
// most of them drawn ones (6 of the 26 drawn positions dropped to a loss, against 3
// of the 156 won ones dropped): in 5 of those 6 the losing decision had a higher
// mean than the drawing one (0.835 against 0.791 in one), its refutation not found
// by the tree, which no proof of a win or a loss reaches. So the solver helps
// where a result must be known rather than estimated (analysis: a proven score is
// exact, and the search stops when it has one); it costs 3% to 5% of the simulations
// per second, for the children it plays at each expansion to find the finished
// games. The margin plays no part: proofs are wins, losses and draws, and playouts
// score the margin only within a win or a loss (0.9 to 1). When every decision at
// the root is a proven loss, the most visited is played (the search stops as soon as
// the root is proven); the matches show no cost of it, and spending the rest of the
// simulations on a search without the solver, to play what resists best, measured
// no better.
//
// The choice. The turn is read off the tree from the root: at each decision a proven
// win if there is one (the most visited of them), otherwise the most visited child
// that is not a proven loss, otherwise (all lose) the most visited, ties to the lowest
// action, until the turn ends (Game.TurnStart). If the tree runs out first (the
// choice would be an unvisited, unproven child), the rest of the turn is chosen by
// flat Monte Carlo: 8 playouts after each legal decision (proven losses left out), the
// best mean wins. Decision.Score is WinScore or -WinScore for a proven first decision,
// otherwise its mean result q turned into eggs as round(10*q/sqrt(1-q²)), the inverse
// of the cut-off's squash. Decision.Nodes counts simulations; the PV continues the
// turn down the tree by the same rule; Depth counts the turns the PV touches.
//
// Tree reuse (reuse=on). After a turn is returned, the node it leads to and that
// node's state are kept. The next search looks for its position in that subtree:
// among the kept node and the nodes one turn of decisions below it (the opponent's
// turn, replayed on the kept state), a visited node whose state is at a turn start
// with the same player to move and the same Game.Hash as the new position matches;
// the most visited match is taken. Its subtree slides to the front of the arena and
// becomes the tree (with its visits, values and proofs); otherwise the search starts
// from a new root.
//
// Parallelism (threads=N with N > 1): parallel=root or parallel=tree. Each goroutine
// has its own rng, seeded from seed, the thread number and the position's hash (the
// first thread's is the one threads=1 uses). The default depends on the limit. With
// a simulation limit (sims=, given or by default) it is parallel=root, the one whose
// searches can be replayed: the same spec gives the same turn on any machine, which
// the promise of reproducible games with node limits needs. With a time limit alone
// (time= without sims=, or a search until told to stop), where no search can be
// replayed anyway, it is parallel=tree, the stronger per second: at 100 ms a move
// against one thread (benchmarks/README.md), its second thread is worth +109 Elo on
// The Colony, 82% of twice the time (+134), against +22 for root parallelism (256
// games each); on Kalah +32, 74% of twice the time (+43), against +19 for root
// parallelism (720 and 240 games). The spec (Spec) always says which ran.
//
// Root parallelism (parallel=root). Each goroutine searches its own tree with a fixed
// share of the simulations (sims/N, the first sims%N threads one more); the trees are
// merged only when read: the children of a node, at the root and down the chosen
// line, are summed by decision over the trees (visits and values; a proof in any
// tree is a proof). So a search with a simulation limit gives the same turn for the
// same spec (seed and threads included) on any machine; with a time limit it does
// not. The threads do not share what they learn: N trees of sims/N simulations each
// are shallower than one tree of sims.
//
// Tree parallelism (parallel=tree). The goroutines search one tree (Chaslot et al.
// 2008, "Parallel Monte-Carlo Tree Search"), without locks, as Enzenberger and Müller
// (2010) do: a node's visits and value are updated with atomic operations, and a
// simulation counts its visit and a virtual loss (a result of -1 for the node's mover)
// in every node on its way down, so that the other threads turn to other lines while
// it plays out; the backup adds the result and takes the loss back. A leaf is expanded
// by the one thread that marks it first (a compare-and-swap on its child index); a
// thread that meets a leaf being expanded plays out from it. Proofs (solver=on) are
// kept as in one tree: a proof only ever goes from unproven to the value its
// children's proofs fix, so the threads agree on it. Tree reuse works as with one
// thread (the kept subtree is matched and compacted before the threads start). The
// simulations are counted together: a search with sims=N runs exactly N (fewer when
// the root is proven), whichever thread runs them, and the root's visits are N plus
// those kept from the last search. The turn is read off the tree as with one thread.
// The result is not reproducible: it depends on how the threads interleave, so two
// searches of the same position with the same spec may choose different turns (with
// threads=1 the search is the same whatever parallel= says).
//
// Memory. Each tree's nodes come from an arena: one slice of 24-byte nodes linked by
// int32 indices, grown in chunks and kept between searches (tree reuse compacts the
// kept subtree in place), so a search allocates nothing per simulation once the arena
// has grown. mem=MB caps the arenas (split evenly over the threads with root
// parallelism; the one arena with tree parallelism; 28 bytes a node with the
// compaction table); a full tree stops growing and the search goes on, playing out
// from the leaves it has. On Linux the arenas and compaction tables are mappings of
// their own outside the Go heap, grown in place (or moved) by the kernel without a
// copy, holding in memory only the pages in use, and unmapped by Close: what the
// trees take is then at most mem=, beside the few MB of the program itself (the
// tree's other buffers are a few hundred KB: the logarithms, the states of a turn).
// Elsewhere they are on the Go heap, where an arena that grows leaves its old copy
// to the garbage collector, which lets the heap reach twice what is live (GOGC):
// mem= bounds the live trees, and the process may briefly hold two to three times
// it. The arenas' memory is reserved from the budget (Options.Memory, see memory.go)
// as they grow, a chunk at a time: an arena the budget refuses to grow is full for
// the rest of that search, as at the mem= cap, and a mem= larger than the whole
// budget is refused when the player is built. A tree-parallel arena grows while the
// threads are stopped: the thread that finds no room asks for it, every thread stops
// after its simulation, and the search goes on in the larger arena.
//
// Progress goes to Options.Report, from the goroutine that called Play: after every
// tenth of the simulations (or every 100 ms with a time limit) and once at the end,
// with Nodes the simulations so far and Children the root's decisions.
type MCTS[S any] struct {
	g     game.Rules[S]
	ev    Evaluator[S]
	cfg   MCTSConfig
	opts  Options
	trees []*tree[S]
	// sh is what the threads of a tree-parallel search share; nil with root
	// parallelism or one thread.
	sh *shared
	// reused is the sum over the trees of the root's visits kept from the last
	// search (Decision.Reused).
	reused uint64
}

// NewMCTS returns an MCTS player for g with evaluation ev (used only with a cut-off).
func NewMCTS[S any](g game.Rules[S], ev Evaluator[S], cfg MCTSConfig, opts Options) (*MCTS[S], error) {
	switch {
	case cfg.Sims == 0 && cfg.Time <= 0 && !opts.UntilDone:
		return nil, fmt.Errorf("mcts: no limit: give sims or time")
	case cfg.Time < 0:
		return nil, fmt.Errorf("mcts: negative time %v", cfg.Time)
	case cfg.MemMB < 1:
		return nil, fmt.Errorf("mcts: mem=%d: want at least 1 MiB", cfg.MemMB)
	case !(cfg.C >= 0) || math.IsInf(cfg.C, 1):
		return nil, fmt.Errorf("mcts: c=%g: want a number of 0 or more", cfg.C)
	case cfg.Cutoff < 0:
		return nil, fmt.Errorf("mcts: cutoff=%d: want 0 or more", cfg.Cutoff)
	case cfg.Threads < 1:
		return nil, fmt.Errorf("mcts: threads=%d: want at least 1", cfg.Threads)
	case cfg.Parallel != RootParallel && cfg.Parallel != TreeParallel:
		return nil, fmt.Errorf("mcts: unknown parallelism %v", cfg.Parallel)
	case cfg.Cutoff > 0 && ev == nil:
		return nil, fmt.Errorf("mcts: a cut-off needs an evaluation")
	case cfg.Leaf > LeafTurn:
		return nil, fmt.Errorf("mcts: unknown leaf mode %d", cfg.Leaf)
	case cfg.Leaf != LeafPlayout && ev == nil:
		return nil, fmt.Errorf("mcts: leaf=%v needs an evaluation", cfg.Leaf)
	case !(cfg.Minimax >= 0 && cfg.Minimax <= 1):
		return nil, fmt.Errorf("mcts: minimax=%g: want a weight from 0 to 1", cfg.Minimax)
	case cfg.BestFirst && (cfg.Minimax == 0 || cfg.Leaf == LeafPlayout):
		return nil, fmt.Errorf("mcts: bestfirst=on needs minimax above 0 and leaf=eval or leaf=turn")
	case cfg.Minimax > 0 && cfg.Threads > 1 && cfg.Parallel == TreeParallel:
		return nil, fmt.Errorf("mcts: minimax=%g needs parallel=root with threads=%d (a tree shared by threads keeps no minimax values)", cfg.Minimax, cfg.Threads)
	}
	m := &MCTS[S]{g: g, ev: ev, cfg: cfg, opts: opts}
	arenas := int64(cfg.Threads)
	if cfg.Threads > 1 && cfg.Parallel == TreeParallel {
		m.sh, arenas = &shared{}, 1
	}
	maxNodes := int(min(int64(cfg.MemMB)<<20/nodeBytes/arenas, math.MaxInt32))
	maxNodes = max(maxNodes, minArena) // room to expand the root and a child
	budget := budgetOf(opts.Memory)
	if err := budget.Check(uint64(cfg.MemMB)<<20, fmt.Sprintf("mcts: mem=%d, the tree memory", cfg.MemMB)); err != nil {
		return nil, err
	}
	for i := range cfg.Threads {
		tev := ev
		if i > 0 && ev != nil {
			tev = Fork(ev) // each thread evaluates on its own tree's goroutine
		}
		m.trees = append(m.trees, newTree(g, tev, &m.cfg, maxNodes, budget))
	}
	return m, nil
}

func newMCTSFromSpec[S any](g game.Rules[S], ev Evaluator[S], st *settings, opts Options) (Player[S], error) {
	cfg := DefaultMCTSConfig()
	_, hasSims := st.spec.Settings["sims"]
	_, hasTime := st.spec.Settings["time"]
	cfg.Time = st.Duration("time", 0)
	if (hasTime || opts.UntilDone) && !hasSims {
		cfg.Sims = 0
	} else {
		cfg.Sims = uint64(st.Int("sims", 10000, 1, math.MaxInt32))
	}
	cfg.MemMB = st.Int("mem", cfg.MemMB, 1, 1<<20)
	cfg.C = st.Float("c", cfg.C, 0, 100)
	cfg.Cutoff = st.Int("cutoff", 0, 0, 1<<20)
	cfg.Minimax = st.Float("minimax", 0, 0, 1)
	cfg.BestFirst = st.Bool("bestfirst", false)
	cfg.Threads = st.Int("threads", 1, 1, 256)
	if cfg.Sims == 0 {
		cfg.Parallel = TreeParallel // time alone: see "Parallelism" in the doc of MCTS
	}
	if v, ok := st.spec.Settings["parallel"]; ok {
		p, err := ParseParallelism(v)
		if err != nil && st.err == nil {
			st.err = fmt.Errorf("player %q: %w", st.spec.String(), err)
		}
		cfg.Parallel = p
	}
	if v, ok := st.spec.Settings["leaf"]; ok {
		l, err := ParseLeafMode(v)
		if err != nil && st.err == nil {
			st.err = fmt.Errorf("player %q: %w", st.spec.String(), err)
		}
		cfg.Leaf = l
	}
	cfg.Reuse = st.Bool("reuse", true)
	cfg.Solver = st.Bool("solver", true)
	cfg.Seed = st.Uint64("seed", 1)
	if st.err != nil {
		return nil, st.err
	}
	m, err := NewMCTS(g, ev, cfg, opts)
	if err != nil {
		return nil, err // not a nil *MCTS in a non-nil Player
	}
	return m, nil
}

// Spec returns the player's spec with every setting, for example
// "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1".
// parallel= is written only with threads > 1 (after threads=), where it matters: the
// spec of a player of one thread reads as it did before the setting existed.
func (m *MCTS[S]) Spec() string {
	var parts []string
	if m.cfg.Sims > 0 {
		parts = append(parts, "sims="+strconv.FormatUint(m.cfg.Sims, 10))
	}
	if m.cfg.Time > 0 {
		parts = append(parts, "time="+m.cfg.Time.String())
	}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	parts = append(parts,
		"mem="+strconv.Itoa(m.cfg.MemMB),
		"c="+strconv.FormatFloat(m.cfg.C, 'g', -1, 64),
		"cutoff="+strconv.Itoa(m.cfg.Cutoff))
	if m.cfg.Leaf != LeafPlayout {
		parts = append(parts, "leaf="+m.cfg.Leaf.String())
	}
	if m.cfg.Minimax > 0 {
		parts = append(parts, "minimax="+strconv.FormatFloat(m.cfg.Minimax, 'g', -1, 64))
	}
	if m.cfg.BestFirst {
		parts = append(parts, "bestfirst=on")
	}
	parts = append(parts, "threads="+strconv.Itoa(m.cfg.Threads))
	if m.cfg.Threads > 1 {
		parts = append(parts, "parallel="+m.cfg.Parallel.String())
	}
	parts = append(parts,
		"reuse="+onOff(m.cfg.Reuse),
		"solver="+onOff(m.cfg.Solver),
		"seed="+strconv.FormatUint(m.cfg.Seed, 10))
	return "mcts:" + strings.Join(parts, ",")
}

// Close releases the memory of the player's trees (their node arenas and the kept
// subtree) to the budget and gives it back to the system (on Linux; elsewhere it goes
// to the garbage collector); the player is not used after it.
func (m *MCTS[S]) Close() error {
	for _, t := range m.trees {
		t.mem.free()
	}
	clear(m.trees)
	m.trees = nil
	return nil
}

// reportEvery is the time between progress reports of a search with a time limit.
const reportEvery = 100 * time.Millisecond

// Play searches s and returns one whole turn.
func (m *MCTS[S]) Play(ctx context.Context, s *S) (Decision, error) {
	start := time.Now()
	if m.g.Terminal(s) {
		return Decision{}, fmt.Errorf("search: the game is over")
	}
	var deadline time.Time
	if m.cfg.Time > 0 {
		deadline = start.Add(m.cfg.Time)
	}
	hash := m.g.Hash(s)
	m.reused = 0
	for i, t := range m.trees {
		seed2 := hash ^ uint64(i+1)*0x9e3779b97f4a7c15
		if m.sh != nil && i > 0 {
			t.beginWorker(s, m.cfg.Seed, seed2)
			continue
		}
		m.reused += uint64(t.begin(s, m.cfg.Reuse, m.cfg.Seed, seed2))
	}

	// Each thread's share of the simulations (no limit: MaxUint64); with tree
	// parallelism, one share for all.
	trees := m.readTrees()
	nt := uint64(len(trees))
	share := make([]uint64, nt)
	for i := range share {
		share[i] = math.MaxUint64
		if m.cfg.Sims > 0 {
			share[i] = m.cfg.Sims / nt
			if uint64(i) < m.cfg.Sims%nt {
				share[i]++
			}
		}
	}
	if m.sh != nil {
		m.sh.claimed.Store(0)
	}
	// The search runs in slices, after each of which progress is reported: tenths of
	// each thread's share, or 100 ms with a time limit. Slices change when the threads
	// are looked at, not what they do.
	nSlices := uint64(1)
	if m.opts.Report != nil && m.cfg.Sims > 0 {
		nSlices = 10
	}
	targets := make([]uint64, nt)
	reported := uint64(0)
	for slice := uint64(1); ; slice++ {
		if slice > 1 && stopped(ctx.Done(), deadline) {
			break
		}
		more := false
		for i, t := range trees {
			more = more || (m.done(i) < share[i] && !t.rootProven())
			targets[i] = share[i]
			if slice < nSlices {
				targets[i] = share[i] * slice / nSlices
			}
		}
		if !more {
			break
		}
		if n := m.sims(); m.opts.Report != nil && n > reported {
			m.opts.Report(m.iteration(s, time.Since(start)))
			reported = n
		}
		sliceEnd := deadline
		if m.opts.Report != nil && m.cfg.Time > 0 {
			if e := time.Now().Add(reportEvery); e.Before(sliceEnd) {
				sliceEnd = e
			}
		}
		if m.sh != nil {
			m.runShared(ctx, targets[0], sliceEnd)
			continue
		}
		if nt == 1 {
			m.trees[0].run(ctx, targets[0], sliceEnd)
			continue
		}
		var wg sync.WaitGroup
		for i, t := range m.trees {
			if t.sims < targets[i] {
				wg.Go(func() { t.run(ctx, targets[i], sliceEnd) })
			}
		}
		wg.Wait()
	}

	d := m.decide(s)
	d.Reused = m.reused
	if m.opts.MultiPV > 1 {
		_, root := m.line(s, false)
		d.Lines = m.rootLines(s, root, m.opts.MultiPV)
	}
	d.Time = time.Since(start)
	if m.opts.Report != nil {
		it := m.iteration(s, d.Time)
		it.Depth, it.Score, it.PV = d.Depth, d.Score, d.PV
		m.opts.Report(it)
	}
	return d, nil
}

// stopped reports whether done is closed or the deadline (if not zero) has passed:
// the check a searching thread makes every 16 simulations.
func stopped(done <-chan struct{}, deadline time.Time) bool {
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return true
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// run simulates until the thread has done target simulations, the deadline (if not
// zero) passes, ctx is done or the root is proven.
func (t *tree[S]) run(ctx context.Context, target uint64, deadline time.Time) {
	done := ctx.Done()
	for n := 0; t.sims < target; n++ {
		if n%16 == 0 && stopped(done, deadline) {
			return
		}
		if t.rootProven() {
			return
		}
		if t.minimax > 0 {
			t.simulateMinimax()
		} else {
			t.simulate()
		}
	}
}

// readTrees returns the trees the turn is read from: all of them with root
// parallelism, the one shared tree with tree parallelism.
func (m *MCTS[S]) readTrees() []*tree[S] {
	if m.sh != nil {
		return m.trees[:1]
	}
	return m.trees
}

// done returns the simulations of the current search of thread i, or of all threads
// with tree parallelism.
func (m *MCTS[S]) done(i int) uint64 {
	if m.sh != nil {
		return m.sh.claimed.Load()
	}
	return m.trees[i].sims
}

// mergedChild is one decision at a node, summed over the trees.
type mergedChild struct {
	action game.Action
	visits uint64
	sum    float64
	proof  uint8
}

// mean returns the child's mean result, 0 when unvisited.
func (c *mergedChild) mean() float64 {
	if c.visits == 0 {
		return 0
	}
	return c.sum / float64(c.visits)
}

// merged returns the children of the nodes at[i] of the trees (at[i] < 0: the tree
// does not have the node), summed by decision, in the order of the first tree that
// has them.
func (m *MCTS[S]) merged(at []int32, out []mergedChild) []mergedChild {
	out = out[:0]
	for i, t := range m.readTrees() {
		if at[i] < 0 {
			continue
		}
		nd := &t.nodes[at[i]]
		for k := nd.first; k >= 0 && k < nd.first+int32(nd.kids); k++ {
			c := &t.nodes[k]
			j := 0
			for j < len(out) && out[j].action != c.action {
				j++
			}
			if j == len(out) {
				out = append(out, mergedChild{action: c.action})
			}
			out[j].visits += uint64(c.visits)
			out[j].sum += c.sum
			if out[j].proof == unproven {
				out[j].proof = c.proof
			}
		}
	}
	return out
}

// choose returns the index of the decision to take among kids: a proven win (the
// most visited), else the most visited that is not a proven loss, else (all are
// proven losses) the most visited; ties to the lowest action. It returns -1 when the
// choice would be an unvisited, unproven child: the tree has run out.
func choose(kids []mergedChild) int {
	pick := func(ok func(c *mergedChild) bool) int {
		best := -1
		for i := range kids {
			c := &kids[i]
			if !ok(c) {
				continue
			}
			if best < 0 || c.visits > kids[best].visits ||
				(c.visits == kids[best].visits && c.action < kids[best].action) {
				best = i
			}
		}
		return best
	}
	if i := pick(func(c *mergedChild) bool { return c.proof == provenWin }); i >= 0 {
		return i
	}
	if i := pick(func(c *mergedChild) bool { return c.proof != provenLoss }); i >= 0 {
		if kids[i].visits == 0 && kids[i].proof == unproven {
			return -1
		}
		return i
	}
	return pick(func(c *mergedChild) bool { return true })
}

// line follows the tree from s (the root) choosing as the turn is chosen, and returns
// the decisions: the whole first turn when turn is set (completed by flatChoice when
// the tree runs out), otherwise as far as the tree goes (the PV). It also returns the
// root's merged children.
func (m *MCTS[S]) line(s *S, turn bool) (actions []game.Action, root []mergedChild) {
	trees := m.readTrees()
	at := make([]int32, len(trees))
	var kids []mergedChild
	st := *s
	for {
		if m.g.Terminal(&st) {
			return actions, root
		}
		kids = m.merged(at, kids)
		if len(actions) == 0 {
			root = append([]mergedChild(nil), kids...)
		}
		i := choose(kids)
		var a game.Action
		if i < 0 {
			if !turn {
				return actions, root
			}
			a = m.flatChoice(&st, kids)
		} else {
			a = kids[i].action
		}
		for j, t := range trees {
			at[j] = t.child(at[j], a)
		}
		actions = append(actions, a)
		m.g.Apply(&st, a)
		if turn && m.g.TurnStart(&st) {
			return actions, root
		}
	}
}

// flatChoice chooses a decision in s where the tree has run out: 8 random playouts
// (with the search's cut-off) after each legal decision not proven lost in kids, the
// best mean for the player to move wins, ties to the lowest action. It uses the first
// tree's rng, so it is as deterministic as the search.
func (m *MCTS[S]) flatChoice(s *S, kids []mergedChild) game.Action {
	const playouts = 8
	t := m.trees[0]
	var buf game.ActionBuffer
	legal := m.g.LegalActions(s, &buf)
	mover := m.g.ToMove(s)
	best, bestMean := game.Action(0), math.Inf(-1)
	for _, a := range legal {
		lost := false
		for _, k := range kids {
			lost = lost || (k.action == a && k.proof == provenLoss)
		}
		if lost && len(legal) > 1 {
			continue
		}
		sum := 0.0
		for range playouts {
			t.tmp = *s
			m.g.Apply(&t.tmp, a)
			r := t.playout(&t.tmp)
			if mover != 0 {
				r = -r
			}
			sum += r
		}
		if sum > bestMean || (sum == bestMean && a < best) {
			best, bestMean = a, sum
		}
	}
	if math.IsInf(bestMean, -1) { // every decision is a proven loss
		best = legal[0]
	}
	return best
}

// score turns a root child's merged value into Decision.Score, in the evaluation's
// units (scale per point).
func score(c *mergedChild, scale float64) int {
	switch c.proof {
	case provenWin:
		return WinScore
	case provenLoss:
		return -WinScore
	case provenDraw:
		return 0
	}
	q := max(-0.999, min(0.999, c.mean()))
	return int(math.Round(float64(scale * unsquash(q))))
}

// turnsIn counts the turns the decisions of line touch from s.
func (m *MCTS[S]) turnsIn(s *S, line []game.Action) int {
	st := *s
	n := 0
	for i, a := range line {
		if i == 0 || m.g.TurnStart(&st) {
			n++
		}
		m.g.Apply(&st, a)
	}
	return n
}

// sims returns the simulations of the current search, all threads together.
func (m *MCTS[S]) sims() uint64 {
	var n uint64
	for _, t := range m.trees {
		n += t.sims
	}
	return n
}

// decide reads the turn, its score and the PV off the trees and keeps, for tree
// reuse, the node the turn leads to.
func (m *MCTS[S]) decide(s *S) Decision {
	actions, root := m.line(s, true)
	pv, _ := m.line(s, false)
	if len(pv) < len(actions) || !equalPrefix(pv, actions) {
		pv = append([]game.Action(nil), actions...)
	}
	d := Decision{Actions: actions, Nodes: m.sims(), PV: pv, Depth: m.turnsIn(s, pv)}
	for i := range root {
		if root[i].action == actions[0] {
			d.Score = score(&root[i], m.trees[0].evalScale)
		}
	}
	if m.cfg.Reuse {
		st := *s
		for _, a := range actions {
			m.g.Apply(&st, a)
		}
		for _, t := range m.readTrees() {
			at := int32(0)
			for _, a := range actions {
				at = t.child(at, a)
			}
			t.kept, t.keptState = at, st
		}
	}
	return d
}

func equalPrefix(long, short []game.Action) bool {
	for i := range short {
		if long[i] != short[i] {
			return false
		}
	}
	return true
}

// iteration returns the progress report of the search so far.
func (m *MCTS[S]) iteration(s *S, elapsed time.Duration) Iteration {
	pv, root := m.line(s, false)
	it := Iteration{Nodes: m.sims(), Time: elapsed, PV: pv, Depth: m.turnsIn(s, pv)}
	if len(root) == 0 {
		return it
	}
	it.Children = make([]ChildStats, len(root))
	for i := range root {
		c := &root[i]
		it.Children[i] = ChildStats{Action: c.action, Visits: c.visits, Value: c.mean()}
		switch c.proof {
		case provenWin:
			it.Children[i].Proven = 1
		case provenLoss:
			it.Children[i].Proven = -1
		}
	}
	if i := choose(root); i >= 0 {
		it.Score = score(&root[i], m.trees[0].evalScale)
	}
	if m.opts.MultiPV > 1 {
		it.Lines = m.rootLines(s, root, m.opts.MultiPV)
	}
	return it
}
