package search

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/colony-ai/colony/colony"
)

func TestTreeParallelSpec(t *testing.T) {
	for _, tc := range []struct {
		spec, canon string
		shared      bool
	}{
		{"mcts:sims=20,threads=2,parallel=tree", "mcts:sims=20,mem=512,c=1,cutoff=0,threads=2,parallel=tree,reuse=on,solver=on,seed=1", true},
		{"mcts:parallel=tree,threads=4", "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=4,parallel=tree,reuse=on,solver=on,seed=1", true},
		{"mcts:threads=3,parallel=root", "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=3,parallel=root,reuse=on,solver=on,seed=1", false},
		{"mcts:threads=2", "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=2,parallel=root,reuse=on,solver=on,seed=1", false},
		// The default follows the limit: root with simulations, tree with time alone.
		{"mcts:time=100ms,threads=2", "mcts:time=100ms,mem=512,c=1,cutoff=0,threads=2,parallel=tree,reuse=on,solver=on,seed=1", true},
		{"mcts:sims=500,time=100ms,threads=2", "mcts:sims=500,time=100ms,mem=512,c=1,cutoff=0,threads=2,parallel=root,reuse=on,solver=on,seed=1", false},
		{"mcts:time=100ms,threads=2,parallel=root", "mcts:time=100ms,mem=512,c=1,cutoff=0,threads=2,parallel=root,reuse=on,solver=on,seed=1", false},
		{"mcts:time=100ms", "mcts:time=100ms,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1", false},
		// One thread: parallel= changes nothing and is not written.
		{"mcts:threads=1,parallel=tree", "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1", false},
		{"mcts:parallel=root", "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1", false},
	} {
		p := newMCTS(t, tc.spec, Options{})
		if got := p.Spec(); got != tc.canon {
			t.Errorf("%s: Spec() = %q, want %q", tc.spec, got, tc.canon)
		}
		if q := newMCTS(t, p.Spec(), Options{}); q.Spec() != tc.canon {
			t.Errorf("%s: the spec does not read back: %q", tc.spec, q.Spec())
		}
		if (p.sh != nil) != tc.shared {
			t.Errorf("%s: shared tree %v, want %v", tc.spec, p.sh != nil, tc.shared)
		}
	}
	for _, spec := range []string{"mcts:parallel=leaf", "mcts:parallel=Tree", `mcts:parallel=""`, "mcts:threads=2,parallel=1"} {
		if _, err := New[colony.State](colonyGame, colony.Score{}, spec, Options{}); err == nil {
			t.Errorf("%s: no error", spec)
		}
	}
	if _, err := NewMCTS(colonyGame, nil, MCTSConfig{Sims: 1, MemMB: 1, Threads: 2, Parallel: 7}, Options{}); err == nil {
		t.Error("parallelism 7: no error")
	}
	// The arena of a shared tree takes all of mem=, a tree of root parallelism its share.
	tr, rt := newMCTS(t, "mcts:threads=4,parallel=tree,mem=64", Options{}), newMCTS(t, "mcts:threads=4,mem=64", Options{})
	if tr.trees[0].maxNodes != 64<<20/nodeBytes || rt.trees[0].maxNodes != 64<<20/nodeBytes/4 {
		t.Errorf("mem=64 over 4 threads: %d nodes shared, %d a tree with root parallelism", tr.trees[0].maxNodes, rt.trees[0].maxNodes)
	}
}

// checkSharedTree checks the invariants of a tree-parallel search's tree after a
// search of sims simulations: no node is left being expanded, the root's visits are
// the simulations plus the reused ones, no node has fewer visits than its children
// together, and every mean is a result (the virtual losses were all taken back).
func checkSharedTree(t *testing.T, p *MCTS[colony.State], d Decision) {
	t.Helper()
	tr := p.trees[0]
	if n := len(tr.nodes); n > tr.maxNodes {
		t.Fatalf("%d nodes, more than the cap %d", n, tr.maxNodes)
	}
	if got, want := uint64(tr.nodes[0].visits), d.Nodes+p.reused; got != want {
		t.Fatalf("the root has %d visits, want %d simulations + %d reused", got, d.Nodes, p.reused)
	}
	for i := range tr.nodes {
		nd := &tr.nodes[i]
		if nd.first == expanding {
			t.Fatalf("node %d: left being expanded", i)
		}
		var kids uint64
		for k := nd.first; k >= 0 && k < nd.first+int32(nd.kids); k++ {
			kids += uint64(tr.nodes[k].visits)
		}
		if kids > uint64(nd.visits) {
			t.Fatalf("node %d: %d visits, its children %d", i, nd.visits, kids)
		}
		if math.Abs(nd.sum) > float64(nd.visits)*(1+1e-9) {
			t.Fatalf("node %d: value %g over %d visits", i, nd.sum, nd.visits)
		}
	}
}

func TestTreeParallelSearch(t *testing.T) {
	for _, spec := range []string{
		"mcts:sims=2000,threads=2,parallel=tree", "mcts:sims=1,threads=2,parallel=tree",
		"mcts:sims=3001,threads=3,parallel=tree,solver=off", "mcts:sims=1000,threads=2,parallel=tree,cutoff=8",
		"mcts:sims=5000,threads=2,parallel=tree,mem=1",
	} {
		t.Run(spec, func(t *testing.T) {
			var last Iteration
			reports := 0
			p := newMCTS(t, spec, Options{Report: func(it Iteration) { last, reports = it, reports+1 }})
			for _, s := range spreadPositions() {
				d, _ := checkedPlay(t, colonyGame, p, s)
				if d.Nodes != p.cfg.Sims && !(d.Nodes < p.cfg.Sims && p.trees[0].rootProven()) {
					t.Fatalf("%d simulations, want %d (the root is not proven)", d.Nodes, p.cfg.Sims)
				}
				if last.Nodes != d.Nodes || !reflect.DeepEqual(last.PV, d.PV) {
					t.Fatalf("last report %+v, decision %+v", last, d)
				}
				checkSharedTree(t, p, d)
				var sims uint64
				for _, tr := range p.trees {
					sims += tr.sims
				}
				if sims != d.Nodes {
					t.Fatalf("the threads count %d simulations, the decision %d", sims, d.Nodes)
				}
			}
			if reports == 0 {
				t.Error("no progress reports")
			}
		})
	}
	t.Run("grow", func(t *testing.T) {
		// Without progress reports the search runs in one slice: the arena grows
		// while the threads are stopped.
		p := newMCTS(t, "mcts:sims=5000,threads=2,parallel=tree", Options{})
		d, _ := checkedPlay(t, colonyGame, p, colonyGame.Rules.Start())
		checkSharedTree(t, p, d)
		if p.sh.grows == 0 {
			t.Fatal("the arena never grew while the threads were stopped")
		}
	})
	t.Run("full", func(t *testing.T) {
		p := newMCTS(t, "mcts:sims=5000,threads=2,parallel=tree", Options{})
		p.trees[0].capNodes = 3000
		filled := false
		for _, s := range spreadPositions() {
			d, _ := checkedPlay(t, colonyGame, p, s)
			checkSharedTree(t, p, d)
			filled = filled || p.trees[0].full || p.trees[1].full
		}
		if !filled {
			t.Fatal("the arena never filled")
		}
	})
	t.Run("time", func(t *testing.T) {
		p := newMCTS(t, "mcts:time=30ms,threads=2,parallel=tree", Options{})
		s := spreadPositions()[2]
		d, _ := checkedPlay(t, colonyGame, p, s)
		if d.Nodes == 0 {
			t.Fatal("no simulations")
		}
		checkSharedTree(t, p, d)
	})
	t.Run("context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s := colonyGame.Rules.Start()
		d, err := newMCTS(t, "mcts:sims=100000000,threads=2,parallel=tree", Options{}).Play(ctx, &s)
		if err != nil {
			t.Fatal(err)
		}
		checkTurn(t, colonyGame, s, d)
	})
}

// TestTreeParallelOneThreadIsSequential runs the tree-parallel code with one thread
// (virtual losses, atomics, reservations and all) and checks that it builds the same
// trees and chooses the same turns as the sequential search, through a game with tree
// reuse: the shared search differs from one tree only in how its threads interleave.
func TestTreeParallelOneThreadIsSequential(t *testing.T) {
	for _, spec := range []string{"mcts:sims=3000,seed=5", "mcts:sims=1500,seed=9,cutoff=12,solver=off"} {
		t.Run(spec, func(t *testing.T) {
			seq := newMCTS(t, spec, Options{})
			par := newMCTS(t, spec+",threads=2,parallel=tree", Options{})
			par.trees = par.trees[:1] // one thread on the shared path
			s := colonyGame.Rules.Start()
			reused := 0
			for turn := 0; turn < 12 && !s.Over(); turn++ {
				d1, next := checkedPlay(t, colonyGame, seq, s)
				d2, _ := checkedPlay(t, colonyGame, par, s)
				d1.Time, d2.Time = 0, 0
				if !reflect.DeepEqual(d1, d2) {
					t.Fatalf("turn %d: sequential %+v, shared %+v", turn, d1, d2)
				}
				if seq.reused != par.reused {
					t.Fatalf("turn %d: %d visits reused, shared %d", turn, seq.reused, par.reused)
				}
				if par.reused > 0 {
					reused++
				}
				a, b := seq.trees[0].nodes, par.trees[0].nodes
				if len(a) != len(b) {
					t.Fatalf("turn %d: %d nodes, shared %d", turn, len(a), len(b))
				}
				for i := range a {
					x, y := a[i], b[i]
					if math.Abs(x.sum-y.sum) > 1e-9*max(1, math.Abs(x.sum)) {
						t.Fatalf("turn %d, node %d: value %.17g, shared %.17g", turn, i, x.sum, y.sum)
					}
					x.sum, y.sum = 0, 0
					if x != y {
						t.Fatalf("turn %d, node %d: %+v, shared %+v", turn, i, a[i], b[i])
					}
				}
				s = next
			}
			if reused == 0 {
				t.Fatal("no tree reused")
			}
		})
	}
}

// TestTreeParallelGames plays whole games of the tree-parallel player against the
// random player, with tree reuse, every turn checked; the count of wins (a strength
// check) is checked with the build tag long alone.
func TestTreeParallelGames(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 4; seed++ {
		p := newMCTS(t, "mcts:sims=1000,threads=2,parallel=tree,seed="+strconv.FormatUint(seed, 10), Options{})
		q := NewRandom(colonyGame, seed)
		c := colony.Color(seed % 2)
		end, err := playGame(colonyGame, versus(p, q, c), colonyGame.Rules.Start())
		if err != nil {
			t.Fatal(err)
		}
		if end.Winner() == c {
			wins++
		}
	}
	// MCTS at 1,000 simulations beats random nearly always (TestMCTSBeatsRandom).
	if longTests && wins < 3 {
		t.Fatalf("won %d of 4 games against random: want at least 3", wins)
	}
}

// TestTreeParallelSolver checks the proofs of tree-parallel searches of endgames
// against the negamax: every proof at the root agrees with it, a proven score has the
// negamax's sign, and where a win exists the chosen turn keeps it.
func TestTreeParallelSolver(t *testing.T) {
	endgames := solvedEndgames(t)
	proven := 0
	for i, e := range endgames {
		var last Iteration
		p := newPlayer(t, e.g, "mcts:sims=20000,threads=2,parallel=tree", Options{Report: func(it Iteration) { last = it }})
		d, after := checkedPlay(t, e.g, p, e.s)
		ref := newWinLossSolver(e.g, 1<<30)
		if IsWin(d.Score) {
			proven++
			if (d.Score > 0) != (e.value > 0) {
				t.Errorf("endgame %d (%v): proved %d, negamax says %+d", i, e.s, d.Score, e.value)
			}
		}
		if e.value > 0 && IsWin(d.Score) {
			if got := fromMover(e.g, &e.s, &after, ref.value(t, after)); got <= 0 {
				t.Errorf("endgame %d (%v): proved a win but chose %v, which loses", i, e.s, d.Actions)
			}
		}
		checkRootProofs(t, i, e, last, ref)
	}
	t.Logf("proved %d of %d endgames", proven, len(endgames))
	if proven == 0 {
		t.Fatal("proved no endgame")
	}
}

// TestTreeParallelMeta checks the atomic access to a node's proof and flags: the word
// read and swapped whole holds exactly those two fields, a proof is set only once,
// and flags are added.
func TestTreeParallelMeta(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		nd                   node
		proof, flags         uint8 // given to updateMeta
		wantProof, wantFlags uint8
	}{
		{"prove an open node", node{first: 7, kids: 300, action: 200, mover: 1}, provenWin, 0, provenWin, 0},
		{"a proof is set once", node{proof: provenLoss}, provenWin, 0, provenLoss, 0},
		{"mark a terminal node and prove it", node{flags: nodeMarked}, provenDraw, nodeTerminal, provenDraw, nodeMarked | nodeTerminal},
		{"flags only", node{proof: provenDraw}, unproven, nodeTerminal, provenDraw, nodeTerminal},
	} {
		nd := tc.nd
		if p, f := loadMeta(&nd); p != tc.nd.proof || f != tc.nd.flags {
			t.Errorf("%s: loadMeta = %d, %d, want %d, %d", tc.name, p, f, tc.nd.proof, tc.nd.flags)
		}
		updateMeta(&nd, tc.proof, tc.flags)
		want := tc.nd
		want.proof, want.flags = tc.wantProof, tc.wantFlags
		if nd != want {
			t.Errorf("%s: %+v, want %+v", tc.name, nd, want)
		}
	}
	nd := node{sum: 1.5}
	addSum(&nd, -0.25)
	if got := loadSum(&nd); got != 1.25 || nd.sum != 1.25 {
		t.Errorf("addSum: %g", got)
	}
}
