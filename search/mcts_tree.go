package search

import (
	"math"
	"math/rand/v2"
	"runtime"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

// node is one decision state of an MCTS tree, kept in its tree's arena (a slice of
// nodes; links are int32 indices into it). The children of a node are created
// together, in the order of Game.LegalActions, and lie next to each other in the
// arena: first, first+1, ..., first+kids-1. A child always has a larger index than its
// parent, which is what lets compact slide a kept subtree to the front of the arena.
//
// Values are kept from the view of mover, the player who took the decision that led
// into the node; proof too.
type node struct {
	sum    float64 // the sum of the simulation results through the node, mover's view
	visits uint32
	first  int32       // the first child, or -1 when the node is not expanded
	kids   uint16      // the number of children
	action game.Action // the decision that led here
	mover  uint8       // the player who took it (0 or 1)
	proof  uint8       // unproven, provenLoss, provenDraw or provenWin, mover's view
	flags  uint8       // nodeTerminal, nodeMarked, nodeValued
	// im is the implicit minimax value (MCTSConfig.Minimax), mover's view, times
	// imScale; set once the node is valued (nodeValued). It fills the node's padding.
	im int16
}

// imScale is the fixed-point scale of node.im: values in [-1, 1] to within 2^-16.
const imScale = 32767

// Proof values of a node, from its mover's view. proof-2 is the game value: -1, 0, +1.
const (
	unproven   = 0
	provenLoss = 1
	provenDraw = 2
	provenWin  = 3
)

// Node flags.
const (
	nodeTerminal = 1 << iota // the game is over in this node's state
	nodeMarked               // kept by compact (only while it runs)
	nodeValued               // node.im holds a value (minimax backups only)
)

// nodeBytes is what one node costs against the mem= cap: the node and its entry in
// the forwarding table of compact.
const nodeBytes = 24 + 4

// Scales of the simulation results.
const (
	// marginWeight is the part of a win's result that depends on the margin: a won
	// playout scores 1 - marginWeight + marginWeight*squash(margin/marginScale), so
	// from 0.9 (won on a tie-break or by a hair) to 1 (won big); a loss the opposite.
	marginWeight = 0.1
	marginScale  = 10.0
	// evalScale scales the evaluation at a playout cut-off: squash(eval/evalScale), so
	// a lead of 10 eggs scores 0.71. Decision.Score turns mean results back into eggs
	// with the inverse, evalScale*unsquash(mean).
	evalScale = 10.0
)

// The arithmetic of the search is kept the same on every machine, so that a search
// with a simulation limit chooses the same turn everywhere: only IEEE's correctly
// rounded operations (+, -, *, /, sqrt) are used, products that could be fused with a
// following addition (FMA, on arm64 for one) are rounded explicitly with float64(),
// and the logarithm of UCT is lnDet rather than math.Log (and the squash x/sqrt(1+x²)
// rather than math.Tanh), whose implementations differ between architectures.

// squash maps x to (-1, 1): x/sqrt(1+x²), a sigmoid like tanh (squash(1) = 0.71,
// squash(2) = 0.89) made of correctly rounded operations.
func squash(x float64) float64 { return x / math.Sqrt(1+float64(x*x)) }

// unsquash is squash's inverse on (-1, 1).
func unsquash(q float64) float64 { return q / math.Sqrt(1-float64(q*q)) }

// lnDet returns ln(x) for x > 0 from correctly rounded operations only: x = f*2^e
// with f in [sqrt(2)/2, sqrt(2)), ln f = 2*atanh(z) with z = (f-1)/(f+1), |z| < 0.172,
// by its series to z^21 (error below 1e-16).
func lnDet(x float64) float64 {
	f, e := math.Frexp(x)
	if f < math.Sqrt2/2 {
		f, e = f*2, e-1
	}
	z := (f - 1) / (f + 1)
	z2 := float64(z * z)
	term, sum := z, z
	for k := 3.0; k <= 21; k += 2 {
		term = float64(term * z2)
		sum += term / k
	}
	return float64(float64(e)*math.Ln2) + float64(2*sum)
}

// tree is one MCTS tree and everything one goroutine needs to search it. Nothing in
// it is shared with another goroutine.
type tree[S any] struct {
	g        game.Rules[S]
	ev       Evaluator[S]
	po       game.Playouter[S] // nil: playouts go through Game
	c        float64
	cutoff   int
	leafEval bool // value new leaves by the evaluation (MCTSConfig.Leaf)
	leafTurn bool // value leaves inside a turn by its best completion (LeafTurn)
	solver   bool
	minimax  float64 // the weight of the implicit minimax values (MCTSConfig.Minimax)
	// bestFirst expands a leaf at every simulation and values all its children
	// (MCTSConfig.BestFirst).
	bestFirst bool
	// capNodes is the mem= cap of the arena; maxNodes the cap of the current search:
	// the arena's capacity when the budget refused it more memory (see grow).
	capNodes, maxNodes int
	// mem holds the memory of nodes and fwd (see arena) and its reservation from the
	// budget: the arena's capacity times nodeBytes.
	mem *treeMemory
	// bounder is the game's bounds on the points still to win, with the solver (nil
	// without either); bounds says whether the current search proves nodes by them:
	// not when the root's result is already settled by them.
	bounder game.SolveBounder[S]
	bounds  bool

	nodes  []node  // in mem.nodes once the arena has grown
	fwd    []int32 // compact's forwarding table, in mem.fwd
	stack  []int32 // compact's marking stack
	path   []int32 // the nodes of the current simulation, root first
	states []S     // match's states by depth
	// turn is finishTurn's scratch (leaf=turn), a level a decision deep; levels are
	// added as deeper turns need them and kept.
	turn []turnLevel[S]

	rng rand.PCG
	buf game.ActionBuffer
	// lnVisits[v] is lnDet(max(v, 1)), filled in order as visits grow, up to
	// maxLnVisits entries (see logVisits).
	lnVisits []float64
	// The states live here, not on the stack: a state whose address goes to an
	// interface method would escape to the heap at every simulation.
	root S // the state of node 0
	s    S // the state of the current simulation
	tmp  S // scratch

	sims uint64 // simulations of the current search
	full bool   // an expansion was refused because the arena is full

	// Tree reuse: after a turn was returned, the node it leads to (or -1) and its state.
	kept      int32
	keptState S
	// evalScale is evalScale in the evaluation's units.
	evalScale float64
}

func newTree[S any](g game.Rules[S], ev Evaluator[S], cfg *MCTSConfig, maxNodes int, budget *memory.Budget) *tree[S] {
	t := &tree[S]{g: g, ev: ev, c: cfg.C, cutoff: cfg.Cutoff, leafEval: cfg.Leaf != LeafPlayout, leafTurn: cfg.Leaf == LeafTurn, solver: cfg.Solver, minimax: cfg.Minimax, bestFirst: cfg.BestFirst, capNodes: maxNodes, maxNodes: maxNodes, kept: -1,
		evalScale: evalScale, mem: &treeMemory{res: reservation{budget: budget}}}
	runtime.AddCleanup(t, (*treeMemory).free, t.mem) // a tree dropped without Close
	if ev != nil {
		t.evalScale = evalScale * float64(EvalScale(ev))
	}
	if cfg.Cutoff == 0 && cfg.Leaf == LeafPlayout {
		t.po = playouterOf(g)
	}
	if cfg.Solver {
		t.bounder = game.PartOf[game.SolveBounder[S]](g)
	}
	return t
}

// begin prepares a search of s: the rng is seeded, and the tree is either the subtree
// kept from the last turn whose root matches s (see match) or a new root alone. It
// returns the root's visits (0 for a new tree).
func (t *tree[S]) begin(s *S, reuse bool, seed1, seed2 uint64) uint32 {
	t.rng.Seed(seed1, seed2)
	t.sims, t.full = 0, false
	t.maxNodes = t.capNodes // the budget may have room again
	t.root = *s
	t.bounds = t.bounder != nil && t.boundProof(s, 0) == unproven
	r := int32(-1)
	if reuse && t.kept >= 0 {
		r = t.match(s)
	}
	t.kept = -1
	if r >= 0 {
		t.compact(r)
		return t.nodes[0].visits
	}
	t.nodes = append(t.nodes[:0], node{first: -1, mover: uint8(1 - t.g.ToMove(s))})
	return 0
}

// rootProven reports whether the solver has proven the root.
func (t *tree[S]) rootProven() bool { return t.nodes[0].proof != unproven }

// simulate runs one simulation: select down the tree by UCT, expand the leaf, play out
// from it and back the result up.
func (t *tree[S]) simulate() {
	t.sims++
	t.s = t.root
	path := append(t.path[:0], 0)
	cur := int32(0)
	var r0 float64 // the result from player 0's view
	for {
		nd := &t.nodes[cur]
		if nd.proof != unproven {
			r0 = provenResult(nd)
			break
		}
		if nd.flags&nodeTerminal != 0 {
			r0 = t.terminalResult(&t.s)
			break
		}
		if nd.first < 0 {
			// A leaf: its first visit is a playout from it; the next one expands it.
			if (nd.visits == 0 && cur != 0) || !t.expand(cur) {
				r0 = t.playout(&t.s)
				break
			}
			if nd = &t.nodes[cur]; nd.proof != unproven { // a child ends the game
				r0 = provenResult(nd)
				break
			}
		}
		cur = t.selectChild(cur)
		t.g.Apply(&t.s, t.nodes[cur].action)
		path = append(path, cur)
	}
	t.path = path
	// backup's work, written out: the call costs 3% of simulate's instructions.
	for _, i := range path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.mover == 0 {
			nd.sum += r0
		} else {
			nd.sum -= r0
		}
	}
	if t.solver && t.nodes[cur].proof != unproven {
		for k := len(path) - 2; k >= 0 && t.prove(path[k]); k-- {
		}
	}
}

// simulateMinimax is simulate with implicit minimax values (minimax=): selection by
// selectMinimax, the values backed up by backupMinimax, and with bestfirst=on a leaf
// expanded at its first visit, its children valued, the best of them the
// simulation's result. Plain UCT keeps simulate, the hot path of every other search.
func (t *tree[S]) simulateMinimax() {
	t.sims++
	t.s = t.root
	path := append(t.path[:0], 0)
	cur := int32(0)
	var r0 float64 // the result from player 0's view
	for {
		nd := &t.nodes[cur]
		if nd.proof != unproven {
			r0 = provenResult(nd)
			break
		}
		if nd.flags&nodeTerminal != 0 {
			r0 = t.terminalResult(&t.s)
			break
		}
		if nd.first < 0 && t.bestFirst {
			if !t.expandValued(cur) {
				r0 = t.playout(&t.s)
				break
			}
			if nd = &t.nodes[cur]; nd.proof != unproven {
				r0 = provenResult(nd)
				break
			}
			best, _ := t.bestKid(nd)
			if r0 = float64(best) / imScale; nd.mover != 0 {
				r0 = -r0
			}
			break
		}
		if nd.first < 0 {
			// A leaf: its first visit is a playout from it; the next one expands it.
			if (nd.visits == 0 && cur != 0) || !t.expand(cur) {
				r0 = t.playout(&t.s)
				break
			}
			if nd = &t.nodes[cur]; nd.proof != unproven { // a child ends the game
				r0 = provenResult(nd)
				break
			}
		}
		cur = t.selectMinimax(cur)
		t.g.Apply(&t.s, t.nodes[cur].action)
		path = append(path, cur)
	}
	t.path = path
	t.backup(path, cur, r0)
	t.backupMinimax(path, r0)
}

// backup adds the result r0 (player 0's view) of a simulation along path, whose last
// node is cur, to the visits and sums of its nodes, and with the solver checks the
// proofs up the path when cur is proven.
func (t *tree[S]) backup(path []int32, cur int32, r0 float64) {
	for _, i := range path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.mover == 0 {
			nd.sum += r0
		} else {
			nd.sum -= r0
		}
	}
	if t.solver && t.nodes[cur].proof != unproven {
		for k := len(path) - 2; k >= 0 && t.prove(path[k]); k-- {
		}
	}
}

// backupMinimax backs up the implicit minimax values after a simulation along path
// whose leaf (the last node) was valued r0, from player 0's view. From the leaf up, a
// proven node takes its proof (-1, 0 or +1), a node with valued children the best of
// them for the player to move there (a proven child counts its proof), in the node's
// own mover's view, and a leaf without children keeps the first value it was given.
func (t *tree[S]) backupMinimax(path []int32, r0 float64) {
	for k := len(path) - 1; k >= 0; k-- {
		nd := &t.nodes[path[k]]
		if nd.proof != unproven {
			nd.im = int16(int(nd.proof)-2) * imScale
		} else if best, ok := t.bestKid(nd); ok {
			nd.im = best
		} else if nd.flags&nodeValued == 0 {
			if nd.mover != 0 {
				r0 = -r0
			}
			nd.im = int16(math.Round(r0 * imScale))
		}
		nd.flags |= nodeValued
	}
}

// bestKid returns the best implicit minimax value of nd's valued or proven children
// for the player to move at nd, turned into the view of nd's mover; false when nd has
// none.
func (t *tree[S]) bestKid(nd *node) (int16, bool) {
	if nd.first < 0 {
		return 0, false
	}
	kids := t.nodes[nd.first : nd.first+int32(nd.kids)]
	best, found := int16(-imScale), false
	for i := range kids {
		k := &kids[i]
		v := k.im
		switch {
		case k.proof != unproven:
			v = int16(int(k.proof)-2) * imScale
		case k.flags&nodeValued == 0:
			continue
		}
		if !found || v > best {
			best, found = v, true
		}
	}
	if found && nd.mover != kids[0].mover {
		best = -best
	}
	return best, found
}

// provenResult returns the result of a proven node from player 0's view.
func provenResult(nd *node) float64 {
	v := float64(int(nd.proof) - 2)
	if nd.mover != 0 {
		v = -v
	}
	return v
}

// expand creates the children of node cur, whose state is t.s, and reports whether it
// did (addKids). With the solver, the children that end the game are marked and
// proven at once, and so, if they decide it, is cur.
func (t *tree[S]) expand(cur int32) bool {
	kids := t.addKids(cur)
	if kids == nil {
		return false
	}
	if t.solver {
		for i := range kids {
			t.tmp = t.s
			t.g.Apply(&t.tmp, kids[i].action)
			t.proveNew(&kids[i])
		}
		t.prove(cur)
	}
	return true
}

// expandValued is expand for best-first expansion: each new child, its decision
// applied once, is proven (with the solver) and valued, by its proof when it has one,
// otherwise by the leaf's value of its state (MCTSConfig.Leaf).
func (t *tree[S]) expandValued(cur int32) bool {
	kids := t.addKids(cur)
	if kids == nil {
		return false
	}
	for i := range kids {
		k := &kids[i]
		t.tmp = t.s
		t.g.Apply(&t.tmp, k.action)
		if t.solver {
			t.proveNew(k)
		}
		if k.proof != unproven {
			k.im = int16(int(k.proof)-2) * imScale
		} else {
			v := t.playout(&t.tmp)
			if k.mover != 0 {
				v = -v
			}
			k.im = int16(math.Round(v * imScale))
		}
		k.flags |= nodeValued
	}
	if t.solver {
		t.prove(cur)
	}
	return true
}

// addKids creates the children of node cur, whose state is t.s, in the order of its
// legal decisions, and returns them; nil when it creates none: a state without legal
// decisions is marked terminal instead (and proven, with the solver), and when the
// arena is full nothing happens.
func (t *tree[S]) addKids(cur int32) []node {
	legal := t.g.LegalActions(&t.s, &t.buf)
	if len(legal) == 0 {
		nd := &t.nodes[cur]
		nd.flags |= nodeTerminal
		if t.solver {
			nd.proof = t.terminalProof(&t.s, nd.mover)
		}
		return nil
	}
	n := len(t.nodes)
	if n+len(legal) > t.maxNodes {
		t.full = true
		return nil
	}
	if n+len(legal) > cap(t.nodes) && !t.grow(len(legal)) {
		t.full = true
		return nil
	}
	mover := uint8(t.g.ToMove(&t.s))
	t.nodes = t.nodes[:n+len(legal)]
	kids := t.nodes[n:]
	for i, a := range legal {
		kids[i] = node{first: -1, action: a, mover: mover}
	}
	nd := &t.nodes[cur]
	nd.first, nd.kids = int32(n), uint16(len(legal))
	return kids
}

// proveNew proves, for the solver, a new node k whose state is t.tmp: a finished game
// is marked terminal and proven by its result, and while the search uses the game's
// bounds (see bounds), a game whose result they already settle is proven too.
func (t *tree[S]) proveNew(k *node) {
	if t.g.Terminal(&t.tmp) {
		k.flags |= nodeTerminal
		k.proof = t.terminalProof(&t.tmp, k.mover)
		return
	}
	if t.bounds {
		k.proof = t.boundProof(&t.tmp, k.mover)
	}
}

// boundProof returns the proof of s from player p's view that the game's bounds on
// the points still to win give (game.SolveBounder; t.bounder must not be nil): the
// final margin of s for its player to move lies within SolveRemaining(s) of
// SolveOffset(s), so a lead larger than the points left is a win whatever is played,
// and a deficit larger than them a loss. Otherwise s is unproven (a lead equal to the
// points left may still end in a draw).
func (t *tree[S]) boundProof(s *S, p uint8) uint8 {
	off, rem := t.bounder.SolveOffset(s), t.bounder.SolveRemaining(s)
	var winner int
	switch {
	case off-rem > 0:
		winner = t.g.ToMove(s)
	case off+rem < 0:
		winner = 1 - t.g.ToMove(s)
	default:
		return unproven
	}
	if winner == int(p) {
		return provenWin
	}
	return provenLoss
}

// grow makes room in the arena for at least n more nodes: it grows by chunks of a
// quarter of its size (at least 4096 nodes), never past maxNodes. The larger arena's
// memory is reserved from the budget first and the old one's released; the arena
// grows in place or moves without a copy (see arena), so the old one is not kept
// beside the new one. When the budget refuses, the arena stays as it is and
// maxNodes becomes its capacity for the rest of the search, which goes on as at the
// mem= cap, and grow reports false; only an arena too small for the root and a
// child (minArena) grows to that size regardless, so that a search always has a turn.
func (t *tree[S]) grow(n int) bool {
	c := cap(t.nodes) + max(cap(t.nodes)/4, 4096, n)
	c = min(c, max(t.maxNodes, len(t.nodes)+n))
	need := uint64(c) * nodeBytes
	res := &t.mem.res
	if err := res.budget.Reserve(need, "an MCTS tree"); err == nil {
		res.budget.Release(res.bytes.Swap(need))
	} else {
		if cap(t.nodes) >= minArena {
			t.maxNodes = cap(t.nodes)
			return false
		}
		c = max(minArena, len(t.nodes)+n)
		t.maxNodes = c
	}
	t.nodes = t.mem.nodes.resize(t.nodes, c)
	return true
}

// minArena is the least arena of a tree: room to expand the root and a child. It is
// allocated even when the budget refuses it (a few kilobytes).
const minArena = 2 * game.MaxActions

// selectChild returns the child of cur with the highest UCT value
// mean + c*sqrt(ln(parent visits)/visits), the mean from the view of the player to
// move at cur; unvisited children first, proven losses never (unless all are), ties
// to the lowest action.
func (t *tree[S]) selectChild(cur int32) int32 {
	nd := &t.nodes[cur]
	first := nd.first
	kids := t.nodes[first : first+int32(nd.kids)]
	logN := t.logVisits(nd.visits)
	best, bestScore := -1, math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if k.proof == provenLoss {
			continue
		}
		score := math.Inf(1)
		if k.visits > 0 {
			v := float64(k.visits)
			score = k.sum/v + float64(t.c*math.Sqrt(logN/v))
		}
		if score > bestScore || (score == bestScore && k.action < kids[best].action) {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		best = 0
	}
	return first + int32(best)
}

// selectMinimax is selectChild with implicit minimax values (minimax=w): a visited
// child ranks by (1-w)*mean + w*minimax value + the exploration term, and with
// bestfirst=on a child valued at its parent's expansion and not yet visited ranks as
// if visited once with its value. Plain UCT keeps its own loop, the hot path of
// every other search.
func (t *tree[S]) selectMinimax(cur int32) int32 {
	nd := &t.nodes[cur]
	first := nd.first
	kids := t.nodes[first : first+int32(nd.kids)]
	logN := t.logVisits(nd.visits)
	w := t.minimax
	best, bestScore := -1, math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if k.proof == provenLoss {
			continue
		}
		score := math.Inf(1)
		switch {
		case k.visits > 0:
			v := float64(k.visits)
			q := k.sum / v
			if k.flags&nodeValued != 0 {
				q = float64((1-w)*q) + float64(w*float64(k.im)/imScale)
			}
			score = q + float64(t.c*math.Sqrt(logN/v))
		case k.flags&nodeValued != 0: // best-first: valued, not visited
			score = float64(k.im)/imScale + float64(t.c*math.Sqrt(logN))
		}
		if score > bestScore || (score == bestScore && k.action < kids[best].action) {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		best = 0
	}
	return first + int32(best)
}

// maxLnVisits bounds a tree's table of logarithms (128 KB).
const maxLnVisits = 1 << 14

// logVisits returns lnDet(max(v, 1)), from the tree's table when v is in it: the
// visits of a node grow one at a time, so the table grows in order, one entry when v
// is the first value past it.
func (t *tree[S]) logVisits(v uint32) float64 {
	if int(v) < len(t.lnVisits) {
		return t.lnVisits[v]
	}
	x := lnDet(float64(max(v, 1)))
	if int(v) == len(t.lnVisits) && v < maxLnVisits {
		t.lnVisits = append(t.lnVisits, x)
	}
	return x
}

// prove applies the solver's rules to node i and reports whether it is proven. With
// P the player to move at i (the mover of all its children): i is a proven win for P
// when a child is a proven win for P; when every child is proven, i's value for P is
// the best of theirs (a proven loss when all are losses). The value is then turned
// into the view of i's own mover, which is P when i is inside P's turn and P's
// opponent when i starts P's turn: the sign changes only where the player to move
// does.
func (t *tree[S]) prove(i int32) bool {
	nd := &t.nodes[i]
	if nd.proof != unproven {
		return true
	}
	if nd.first < 0 {
		return false
	}
	kids := t.nodes[nd.first : nd.first+int32(nd.kids)]
	best, all := uint8(unproven), true
	for k := range kids {
		p := kids[k].proof
		if p == provenWin {
			best, all = provenWin, true
			break
		}
		all = all && p != unproven
		best = max(best, p)
	}
	if !all {
		return false
	}
	if nd.mover != kids[0].mover {
		best = 4 - best // the other player's view: win <-> loss
	}
	nd.proof = best
	return true
}

// terminalProof returns the proof of a finished game s from player p's view.
func (t *tree[S]) terminalProof(s *S, p uint8) uint8 {
	winner, _ := t.g.Result(s)
	switch winner {
	case int(p):
		return provenWin
	case -1:
		return provenDraw
	}
	return provenLoss
}

// terminalResult returns the result of the finished game s from player 0's view: 0
// for a draw, for a win 1 - marginWeight + marginWeight*squash(margin/marginScale).
func (t *tree[S]) terminalResult(s *S) float64 {
	winner, margin := t.g.Result(s)
	if winner < 0 {
		return 0
	}
	v := 1 - marginWeight + float64(marginWeight*squash(float64(margin)/marginScale))
	if winner != 0 {
		v = -v
	}
	return v
}

// playout plays uniformly random decisions from s and returns the result from player
// 0's view: of the game's end, or, with a cut-off of N, of the evaluation at the first
// turn start after N decisions, squash(eval/evalScale).
func (t *tree[S]) playout(s *S) float64 {
	if t.po != nil {
		t.po.Playout(s, &t.rng)
		return t.terminalResult(s)
	}
	if t.leafTurn {
		return t.finishTurn(s, 0)
	}
	for n := 0; ; n++ {
		if (t.leafEval || (t.cutoff > 0 && n >= t.cutoff)) && t.g.TurnStart(s) {
			if t.g.Terminal(s) {
				break
			}
			v := squash(float64(t.ev.Evaluate(s)) / t.evalScale)
			if t.g.ToMove(s) != 0 {
				v = -v
			}
			return v
		}
		legal := t.g.LegalActions(s, &t.buf)
		if len(legal) == 0 {
			break
		}
		t.g.Apply(s, legal[game.RandomIndex(t.rng.Uint64(), len(legal))])
	}
	return t.terminalResult(s)
}

// finishTurn returns the value of s from player 0's view by the best completion of
// the turn under way (leaf=turn): at a turn start (or a finished game) its value,
// squash(eval/evalScale) (or the game's result); inside a turn, the best value over
// its legal decisions for the player to move, who takes every decision to the
// turn's end. d is the depth of s in the completion (t.turn holds a state and an
// action buffer for every depth).
func (t *tree[S]) finishTurn(s *S, d int) float64 {
	if t.g.TurnStart(s) {
		if t.g.Terminal(s) {
			return t.terminalResult(s)
		}
		v := squash(float64(t.ev.Evaluate(s)) / t.evalScale)
		if t.g.ToMove(s) != 0 {
			v = -v
		}
		return v
	}
	if d == len(t.turn) {
		t.turn = append(t.turn, turnLevel[S]{})
	}
	legal := t.g.LegalActions(s, &t.turn[d].buf)
	if len(legal) == 0 {
		return t.terminalResult(s)
	}
	sign := 1.0 // the values for the player to move
	if t.g.ToMove(s) != 0 {
		sign = -1
	}
	best := math.Inf(-1)
	for _, a := range legal {
		t.turn[d].s = *s
		t.g.Apply(&t.turn[d].s, a)
		best = max(best, sign*t.finishTurn(&t.turn[d].s, d+1))
	}
	return sign * best
}

// turnLevel is finishTurn's state and decisions at one depth of a turn.
type turnLevel[S any] struct {
	s   S
	buf game.ActionBuffer
}

// match looks for the node of the kept subtree that matches the new position s:
// among the kept node itself and the nodes reached from it by one turn of decisions,
// those whose state (replayed from the kept node's state) is at a turn start, has
// the same player to move and the same Game.Hash as s, and has been visited. The most
// visited one wins (the first in depth-first order, children in the order of their
// decisions, on a tie). It returns -1 when there is none.
func (t *tree[S]) match(s *S) int32 {
	if len(t.states) == 0 {
		t.states = make([]S, 8)
	}
	t.states[0] = t.keptState
	best := int32(-1)
	t.walk(t.kept, 0, t.g.Hash(s), t.g.ToMove(s), &best)
	return best
}

// walk is match's depth-first search at node i, whose state is t.states[d].
func (t *tree[S]) walk(i int32, d int, hash uint64, toMove int, best *int32) {
	nd := &t.nodes[i]
	st := &t.states[d]
	if t.g.TurnStart(st) {
		if nd.visits > 0 && t.g.ToMove(st) == toMove && t.g.Hash(st) == hash &&
			(*best < 0 || nd.visits > t.nodes[*best].visits) {
			*best = i
		}
		if d > 0 {
			return
		}
	}
	if nd.first < 0 {
		return
	}
	if d+1 >= len(t.states) {
		t.states = append(t.states, make([]S, len(t.states))...)
	}
	for k := nd.first; k < nd.first+int32(nd.kids); k++ {
		if t.nodes[k].visits == 0 {
			continue
		}
		t.states[d+1] = t.states[d]
		t.g.Apply(&t.states[d+1], t.nodes[k].action)
		t.walk(k, d+1, hash, toMove, best)
	}
}

// compact keeps only the subtree of node r, moved to the front of the arena with r
// at index 0, in place: mark the subtree, number the marked nodes in arena order,
// then slide each to its new index. A node never moves up (its new index is the count
// of kept nodes before it), so the slide overwrites only nodes already moved.
func (t *tree[S]) compact(r int32) {
	stack := append(t.stack[:0], r)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &t.nodes[i]
		nd.flags |= nodeMarked
		for k := nd.first; k >= 0 && k < nd.first+int32(nd.kids); k++ {
			stack = append(stack, k)
		}
	}
	t.stack = stack
	if cap(t.fwd) < len(t.nodes) {
		t.fwd = t.mem.fwd.resize(t.fwd[:0], cap(t.nodes))
	}
	fwd := t.fwd[:len(t.nodes)]
	n := int32(0)
	for i := int(r); i < len(t.nodes); i++ { // r comes before all its descendants
		if t.nodes[i].flags&nodeMarked != 0 {
			fwd[i] = n
			n++
		}
	}
	for i := int(r); i < len(t.nodes); i++ {
		nd := t.nodes[i]
		if nd.flags&nodeMarked == 0 {
			continue
		}
		nd.flags &^= nodeMarked
		if nd.first >= 0 {
			nd.first = fwd[nd.first]
		}
		t.nodes[fwd[i]] = nd
	}
	t.nodes = t.nodes[:n]
}

// child returns the child of node i with decision a, or -1.
func (t *tree[S]) child(i int32, a game.Action) int32 {
	if i < 0 {
		return -1
	}
	nd := &t.nodes[i]
	for k := nd.first; k >= 0 && k < nd.first+int32(nd.kids); k++ {
		if t.nodes[k].action == a {
			return k
		}
	}
	return -1
}
