package search

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/colony-ai/colony/game"
)

// Tree parallelism (parallel=tree): the threads search one tree, the arena of the
// first tree (m.trees[0]); the other trees lend only what one goroutine needs (rng,
// states, path, buffers). The sequential search (tree.simulate and the code that
// reads a tree between searches) is untouched; what the threads do while they share
// the arena is in this file, and there every field of a node that another thread may
// write is read and written with atomics:
//
//   - visits: atomic adds; sum: a compare-and-swap loop on the float's bits (addSum);
//   - first: -1 (a leaf), expanding (a thread is creating the children) or the first
//     child; a thread expands a leaf only after swapping -1 for expanding, so each
//     node is expanded once, and publishes the children by storing first last;
//   - proof and flags: the 4-byte word that holds them (and two bytes of padding),
//     loaded and swapped whole (loadMeta, updateMeta); a proof only ever goes from
//     unproven to its value, which the children's proofs fix, so the threads agree;
//   - kids, action and mover are written before the node (or its parent's first) is
//     published and never after, so reading them plainly is safe.
//
// The arena does not move while the threads run: its slice is cut to its capacity
// before they start and new nodes are reserved from an atomic count (shared.used).
// When fewer than shared.headroom nodes (a full expansion for each thread) are left
// below the capacity, and the capacity is below the mem= cap, the thread whose
// reservation got there asks for more room (shared.grow): every thread stops after
// its simulation, the arena grows on the goroutine that called Play, and the threads
// start again. The headroom is what lets the simulations under way finish as they
// would in a larger arena, so that growing changes no simulation.
//
// Run by one goroutine, this code builds the same tree as tree.simulate (the tests
// check it node by node): selection leaves the simulation's own visit out of the
// parent's count, a leaf's first visit is told by its visits before the
// simulation's, and the values a selection reads are those of children the
// simulation has not reached yet, so without its own virtual loss.

// expanding is node.first while a thread creates the node's children.
const expanding = -2

// virtualLoss is the result a simulation counts in each node on its way down, from
// the node's mover's view: a loss, so that the other threads see the line as worse
// while it is being played out. The backup adds the real result plus virtualLoss.
const virtualLoss = 1.0

// The word of node.proof and node.flags must be 4-aligned and hold both (proof in its
// first byte, flags in its second), inside a 24-byte node.
var (
	_ [0]struct{} = [unsafe.Offsetof(node{}.proof) % 4]struct{}{}
	_ [0]struct{} = [unsafe.Offsetof(node{}.flags) - unsafe.Offsetof(node{}.proof) - 1]struct{}{}
	_ [0]struct{} = [unsafe.Sizeof(node{}) - 24]struct{}{}
)

// metaOf returns the word that holds nd.proof and nd.flags.
func metaOf(nd *node) *uint32 { return (*uint32)(unsafe.Pointer(&nd.proof)) }

// loadMeta returns nd's proof and flags, read atomically.
func loadMeta(nd *node) (proof, flags uint8) {
	w := atomic.LoadUint32(metaOf(nd))
	b := (*[4]uint8)(unsafe.Pointer(&w)) // the bytes in memory order, on any machine
	return b[0], b[1]
}

// updateMeta sets nd's proof to proof if it is unproven, and adds flags to its flags,
// atomically.
func updateMeta(nd *node, proof, flags uint8) {
	p := metaOf(nd)
	for {
		old := atomic.LoadUint32(p)
		w := old
		b := (*[4]uint8)(unsafe.Pointer(&w))
		if b[0] == unproven {
			b[0] = proof
		}
		b[1] |= flags
		if w == old || atomic.CompareAndSwapUint32(p, old, w) {
			return
		}
	}
}

// loadSum returns nd.sum, read atomically.
func loadSum(nd *node) float64 {
	return math.Float64frombits(atomic.LoadUint64((*uint64)(unsafe.Pointer(&nd.sum))))
}

// addSum adds x to nd.sum atomically.
func addSum(nd *node, x float64) {
	p := (*uint64)(unsafe.Pointer(&nd.sum))
	for {
		old := atomic.LoadUint64(p)
		if atomic.CompareAndSwapUint64(p, old, math.Float64bits(math.Float64frombits(old)+x)) {
			return
		}
	}
}

// claimBatch is how many simulations a thread of a tree-parallel search claims at a
// time: the shared count is written once per batch, not once per simulation.
const claimBatch = 16

// shared is what the threads of a tree-parallel search share besides the arena. The
// counts the threads write are kept on cache lines of their own.
type shared struct {
	// claimed counts the simulations claimed in this search, all threads together; a
	// thread gives back what it claimed and did not run, so when the threads have
	// stopped it is the simulations run.
	claimed atomic.Uint64
	_       [56]byte
	used    atomic.Int32 // nodes in use: the next free index of the arena
	_       [60]byte
	// What follows is read by every simulation and (but for grow, rarely) written
	// only while the threads are stopped.
	grow     atomic.Bool // a thread needs a larger arena: all stop so that it grows
	capacity int64       // the arena's capacity while the threads run
	headroom int64       // what the threads may still need after a request to grow
	maxNodes int64       // the mem= cap
	grows    int         // times the threads stopped for the arena to grow, for tests
}

// reserve takes n consecutive nodes of the arena and returns the first, or -1 when
// there is no room: the mem= cap would be passed (full is true), or the capacity
// (which the headroom makes rare: a thread expanding again and again in one
// simulation). It asks for a larger arena (shared.grow) when fewer than the headroom
// are left and the arena can grow.
func (sh *shared) reserve(n int32) (first int32, full bool) {
	for {
		u := sh.used.Load()
		end := int64(u) + int64(n)
		canGrow := sh.capacity < sh.maxNodes
		switch {
		case end > sh.maxNodes:
			return -1, true
		case end > sh.capacity:
			if canGrow {
				sh.grow.Store(true)
			}
			return -1, false
		}
		if sh.used.CompareAndSwap(u, u+n) {
			if canGrow && end > sh.capacity-sh.headroom {
				sh.grow.Store(true)
			}
			return u, false
		}
	}
}

// runShared runs the threads of a tree-parallel search on the first tree's arena
// until target simulations in all have been started (and finished), the deadline (if
// not zero) passes, ctx is done or the root is proven. The first thread runs on the
// calling goroutine.
func (m *MCTS[S]) runShared(ctx context.Context, target uint64, deadline time.Time) {
	t0 := m.trees[0]
	sh := m.sh
	room := game.MaxActions * len(m.trees)
	for {
		if cap(t0.nodes)-len(t0.nodes) < 2*room && cap(t0.nodes) < t0.maxNodes {
			t0.grow(2 * room)
		}
		sh.used.Store(int32(len(t0.nodes)))
		sh.capacity = int64(cap(t0.nodes))
		sh.headroom = int64(room)
		sh.maxNodes = int64(t0.maxNodes)
		sh.grow.Store(false)
		nodes := t0.nodes[:cap(t0.nodes)]
		for _, t := range m.trees {
			t.nodes = nodes
		}
		var wg sync.WaitGroup
		for _, t := range m.trees[1:] {
			wg.Go(func() { t.runShared(ctx, sh, target, deadline) })
		}
		t0.runShared(ctx, sh, target, deadline)
		wg.Wait()
		t0.nodes = nodes[:sh.used.Load()]
		for _, t := range m.trees[1:] {
			t.nodes = nil
		}
		if !sh.grow.Load() {
			return
		}
		sh.grows++
		t0.grow(2 * room)
	}
}

// runShared is one thread of a tree-parallel search (see MCTS.runShared). It claims
// simulations claimBatch at a time (fewer when fewer are left before target) and
// gives back those it does not run.
func (t *tree[S]) runShared(ctx context.Context, sh *shared, target uint64, deadline time.Time) {
	done := ctx.Done()
	var mine uint64 // claimed and not yet run
	defer func() {
		if mine > 0 {
			sh.claimed.Add(-mine)
		}
	}()
	for n := 0; ; n++ {
		if n%16 == 0 && stopped(done, deadline) {
			return
		}
		if sh.grow.Load() {
			return
		}
		if p, _ := loadMeta(&t.nodes[0]); p != unproven {
			return
		}
		if mine == 0 {
			c := sh.claimed.Load()
			if c >= target {
				return
			}
			k := min(claimBatch, target-c)
			if !sh.claimed.CompareAndSwap(c, c+k) {
				continue
			}
			mine = k
		}
		mine--
		t.simulateShared(sh)
	}
}

// simulateShared is simulate for a thread of a tree-parallel search: on the way down
// each node of the path counts the visit and a virtual loss at once; the backup adds
// the result and takes the virtual loss back. A leaf that another thread is expanding
// is played out from, as a leaf.
func (t *tree[S]) simulateShared(sh *shared) {
	t.sims++
	t.s = t.root
	nodes := t.nodes
	path := append(t.path[:0], 0)
	atomic.AddUint32(&nodes[0].visits, 1)
	addSum(&nodes[0], -virtualLoss)
	cur := int32(0)
	var before uint32 // cur's visits before this simulation's
	var r0 float64    // the result from player 0's view
	for {
		nd := &nodes[cur]
		proof, flags := loadMeta(nd)
		if proof != unproven {
			r0 = provenValue(proof, nd.mover)
			break
		}
		if flags&nodeTerminal != 0 {
			r0 = t.terminalResult(&t.s)
			break
		}
		first := atomic.LoadInt32(&nd.first)
		if first < 0 {
			// A leaf: its first visit is a playout from it; the next one expands it.
			if (before == 0 && cur != 0) || first == expanding {
				r0 = t.playout(&t.s)
				break
			}
			if first = t.expandShared(sh, cur); first < 0 {
				r0 = t.playout(&t.s)
				break
			}
			if proof, _ = loadMeta(nd); proof != unproven { // a child ends the game
				r0 = provenValue(proof, nd.mover)
				break
			}
		}
		cur = t.selectShared(cur, first)
		k := &nodes[cur]
		before = atomic.AddUint32(&k.visits, 1) - 1
		addSum(k, -virtualLoss)
		t.g.Apply(&t.s, k.action)
		path = append(path, cur)
	}
	t.path = path
	for _, i := range path {
		nd := &nodes[i]
		r := r0
		if nd.mover != 0 {
			r = -r
		}
		addSum(nd, r+virtualLoss)
	}
	if p, _ := loadMeta(&nodes[cur]); t.solver && p != unproven {
		for k := len(path) - 2; k >= 0 && t.proveShared(path[k]); k-- {
		}
	}
}

// provenValue returns the result of a node proven proof for its mover, from player
// 0's view.
func provenValue(proof, mover uint8) float64 {
	v := float64(int(proof) - 2)
	if mover != 0 {
		v = -v
	}
	return v
}

// expandShared is expand for a thread of a tree-parallel search: it creates the
// children of node cur, whose state is t.s, and returns the first child, or -1 when
// the node is not expanded: it is terminal (it is marked so), the arena has no room,
// or another thread is expanding it (then it returns expanding). When another thread
// has just expanded it, it returns that thread's first child.
func (t *tree[S]) expandShared(sh *shared, cur int32) int32 {
	nd := &t.nodes[cur]
	if !atomic.CompareAndSwapInt32(&nd.first, -1, expanding) {
		return atomic.LoadInt32(&nd.first)
	}
	legal := t.g.LegalActions(&t.s, &t.buf)
	if len(legal) == 0 {
		proof := uint8(unproven)
		if t.solver {
			proof = t.terminalProof(&t.s, nd.mover)
		}
		updateMeta(nd, proof, nodeTerminal)
		atomic.StoreInt32(&nd.first, -1)
		return -1
	}
	n, full := sh.reserve(int32(len(legal)))
	if n < 0 {
		t.full = t.full || full
		atomic.StoreInt32(&nd.first, -1)
		return -1
	}
	mover := uint8(t.g.ToMove(&t.s))
	kids := t.nodes[n : n+int32(len(legal))]
	for i, a := range legal {
		kids[i] = node{first: -1, action: a, mover: mover}
	}
	if t.solver {
		for i := range kids {
			t.tmp = t.s
			t.g.Apply(&t.tmp, kids[i].action)
			t.proveNew(&kids[i])
		}
	}
	nd.kids = uint16(len(legal))
	atomic.StoreInt32(&nd.first, n) // publishes the children
	if t.solver {
		t.proveShared(cur)
	}
	return n
}

// selectShared is selectChild for a thread of a tree-parallel search, on the children
// of cur from first; the visits and sums it reads include the virtual losses of the
// other threads' simulations under way.
func (t *tree[S]) selectShared(cur, first int32) int32 {
	nd := &t.nodes[cur]
	kids := t.nodes[first : first+int32(nd.kids)]
	// The parent's visits without this simulation's, which no child holds yet.
	logN := lnDet(float64(max(atomic.LoadUint32(&nd.visits)-1, 1)))
	best, bestScore := -1, math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if p, _ := loadMeta(k); p == provenLoss {
			continue
		}
		score := math.Inf(1)
		if n := atomic.LoadUint32(&k.visits); n > 0 {
			v := float64(n)
			score = loadSum(k)/v + float64(t.c*math.Sqrt(logN/v))
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

// proveShared is prove for a thread of a tree-parallel search.
func (t *tree[S]) proveShared(i int32) bool {
	nd := &t.nodes[i]
	if p, _ := loadMeta(nd); p != unproven {
		return true
	}
	first := atomic.LoadInt32(&nd.first)
	if first < 0 {
		return false
	}
	kids := t.nodes[first : first+int32(nd.kids)]
	best, all := uint8(unproven), true
	for k := range kids {
		p, _ := loadMeta(&kids[k])
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
	updateMeta(nd, best, 0)
	return true
}

// beginWorker prepares a thread of a tree-parallel search of s other than the first:
// it searches the first tree's arena, so only its rng and states are set.
func (t *tree[S]) beginWorker(s *S, seed1, seed2 uint64) {
	t.rng.Seed(seed1, seed2)
	t.sims, t.full = 0, false
	t.root = *s
	t.bounds = t.bounder != nil && t.boundProof(s, 0) == unproven
	t.nodes, t.kept = nil, -1
}
