package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/colony"
)

// newMCTS builds an MCTS player for The Colony from spec.
func newMCTS(t testing.TB, spec string, opts Options) *MCTS[colony.State] {
	t.Helper()
	return newPlayer(t, colonyGame, spec, opts).(*MCTS[colony.State])
}

func TestMCTSDeterministic(t *testing.T) {
	positions := spreadPositions()[:4]
	for _, spec := range []string{"mcts:sims=2000,seed=5", "mcts:sims=2000,seed=5,threads=2", "mcts:sims=1000,seed=5,cutoff=20,solver=off"} {
		t.Run(spec, func(t *testing.T) {
			for _, s := range positions {
				d1, err := newMCTS(t, spec, Options{}).Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				// Progress reports change when the search is looked at, not what it does.
				reports := 0
				d2, err := newMCTS(t, spec, Options{Report: func(Iteration) { reports++ }}).Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				d1.Time, d2.Time = 0, 0
				if !reflect.DeepEqual(d1, d2) {
					t.Fatalf("two searches of %v differ:\n%+v\n%+v", s, d1, d2)
				}
				if reports == 0 {
					t.Fatal("no progress reports")
				}
			}
		})
	}
	t.Run("games", func(t *testing.T) {
		// Whole games with tree reuse: the same moves twice.
		play := func() []Decision {
			a := newMCTS(t, "mcts:sims=500,seed=3", Options{})
			b := newMCTS(t, "mcts:sims=300,seed=4,threads=2", Options{})
			var ds []Decision
			s := colonyGame.Rules.Start()
			for turn := 0; turn < 12 && !s.Over(); turn++ {
				p := a
				if turn%2 == 1 {
					p = b
				}
				d, next := checkedPlay(t, colonyGame, p, s)
				d.Time = 0
				ds = append(ds, d)
				s = next
			}
			return ds
		}
		if d1, d2 := play(), play(); !reflect.DeepEqual(d1, d2) {
			t.Fatalf("two games differ:\n%+v\n%+v", d1, d2)
		}
	})
	t.Run("seeds", func(t *testing.T) {
		s := colonyGame.Rules.Start()
		seen := map[string]bool{}
		for seed := 1; seed <= 4; seed++ {
			d, err := newMCTS(t, "mcts:sims=1000,seed="+strconv.Itoa(seed), Options{}).Play(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			seen[fmt.Sprint(d.PV)+"/"+strconv.Itoa(d.Score)] = true
		}
		if len(seen) < 2 {
			t.Fatalf("four seeds gave the same search")
		}
	})
}

func TestMCTSTurnsAreLegal(t *testing.T) {
	positions := spreadPositions()
	var dirs, ants int
	for _, spec := range []string{
		"mcts:sims=1", "mcts:sims=2", "mcts:sims=300", "mcts:sims=300,solver=off", "mcts:sims=300,cutoff=8",
		"mcts:sims=301,threads=3", "mcts:sims=3000,mem=1", "mcts:sims=500,c=0",
	} {
		t.Run(spec, func(t *testing.T) {
			p := newMCTS(t, spec, Options{})
			for _, s := range positions {
				d, _ := checkedPlay(t, colonyGame, p, s)
				for _, a := range d.Actions {
					switch {
					case colony.Action(a) >= colony.AntBase:
						ants++
					case colony.Action(a) >= colony.DirectionBase && colony.Action(a) < colony.Pass:
						dirs++
					}
				}
			}
		})
	}
	if dirs == 0 || ants == 0 {
		t.Fatalf("the turns held %d direction choices and %d ant moves: want some of each", dirs, ants)
	}
	// Whole games against random, with tree reuse, every turn checked.
	for seed := uint64(1); seed <= 2; seed++ {
		p := newMCTS(t, "mcts:sims=200,seed="+strconv.Itoa(int(seed)), Options{})
		q := NewRandom(colonyGame, seed)
		if _, err := playGame(colonyGame, versus(p, q, colony.Color(seed%2)), colonyGame.Rules.Start()); err != nil {
			t.Fatal(err)
		}
	}
}

// solvedEndgames returns endgames the negamax solves: from seeded random games under
// the default rules, the earliest of the last 8 turn starts it solves within a small
// budget (mostly a win in a turn or two: few eggs are left), and from random games
// under the rule set colony:turncap=30, positions 2 to 4 turns before the turn cap
// ends the game (more eggs, harder proofs).
//
// The endgames are found once (seconds of negamax) and shared by the tests that
// search them, which only read them.
func solvedEndgames(t *testing.T) []endgame {
	solvedEndgamesCache.Lock()
	defer solvedEndgamesCache.Unlock()
	if solvedEndgamesCache.out == nil {
		solvedEndgamesCache.out = findSolvedEndgames(t)
	}
	return slices.Clip(solvedEndgamesCache.out)
}

// solvedEndgamesCache holds what solvedEndgames found.
var solvedEndgamesCache struct {
	sync.Mutex
	out []endgame
}

func findSolvedEndgames(t *testing.T) []endgame {
	var out []endgame
	for seed := uint64(1); len(out) < 8 && seed < 100; seed++ {
		ts := randomGame(colonyGame, seed, 99)
		for back := min(8, len(ts)); back >= 2; back-- {
			s := ts[len(ts)-back]
			if v, ok := newWinLossSolver(colonyGame, 20_000).solve(s); ok {
				out = append(out, endgame{colonyGame, s, v})
				break
			}
		}
	}
	r, err := colony.ParseRules("colony:turncap=30")
	if err != nil {
		t.Fatal(err)
	}
	g := colony.NewGame(r)
	for seed := uint64(1); seed <= 18; seed++ {
		ts := randomGame(g, seed, 5)
		turn := 31 - (2 + int(seed%3)) // 2 to 4 turns left
		if len(ts) < turn {
			continue
		}
		s := ts[turn-1]
		if v, ok := newWinLossSolver(g, 200_000).solve(s); ok {
			out = append(out, endgame{g, s, v})
		}
	}
	return out
}

// checkRootProofs checks that every proof among the root's decisions in last, the
// final report of a search of endgame e (number i), agrees with the negamax ref.
func checkRootProofs(t *testing.T, i int, e endgame, last Iteration, ref *solver) {
	t.Helper()
	for _, c := range last.Children {
		if c.Proven == 0 {
			continue
		}
		st := e.s
		e.g.Apply(&st, c.Action)
		if v := fromMover(e.g, &e.s, &st, ref.value(t, st)); v != c.Proven {
			t.Errorf("endgame %d: root decision %d proven %+d, negamax says %+d", i, c.Action, c.Proven, v)
		}
	}
}

func TestMCTSSolver(t *testing.T) {
	endgames := solvedEndgames(t)
	if len(endgames) < 16 {
		t.Fatalf("found only %d endgames the negamax solves", len(endgames))
	}
	const sims = 60000
	proven, wins, losses, early := 0, 0, 0, 0
	for i, e := range endgames {
		var last Iteration
		p := newPlayer(t, e.g, "mcts:sims="+strconv.Itoa(sims)+",seed=7", Options{Report: func(it Iteration) { last = it }})
		d, after := checkedPlay(t, e.g, p, e.s)
		ref := newWinLossSolver(e.g, 1<<30)
		if IsWin(d.Score) {
			proven++
			if d.Nodes < sims {
				early++
			}
			if (d.Score > 0) != (e.value > 0) {
				t.Errorf("endgame %d (%v): MCTS proved %d, negamax says %+d", i, e.s, d.Score, e.value)
			}
			if d.Score > 0 {
				wins++
			} else {
				losses++
			}
		}
		if e.value > 0 {
			if got := fromMover(e.g, &e.s, &after, ref.value(t, after)); got <= 0 {
				t.Errorf("endgame %d (%v): a win exists but MCTS chose %v (score %d), which loses", i, e.s, d.Actions, d.Score)
			}
		}
		checkRootProofs(t, i, e, last, ref)
		t.Logf("endgame %d: negamax %+d, MCTS score %d after %d simulations, turn %v", i, e.value, d.Score, d.Nodes, d.Actions)
	}
	t.Logf("proved %d of %d endgames (%d wins, %d losses), %d before the simulation limit", proven, len(endgames), wins, losses, early)
	if proven < len(endgames)*3/4 || wins == 0 || losses == 0 || early == 0 {
		t.Fatalf("proved %d of %d endgames (%d wins, %d losses, %d early): want three quarters, wins, losses and early stops",
			proven, len(endgames), wins, losses, early)
	}
}

// TestMCTSBeatsRandom plays MCTS with 2000 simulations against the random player in
// 100 games, colours alternating, and wants at least 95 wins. The games run on all
// cores: about 18 s on two idle ones (35 s on a shared machine). -short plays 20
// games (at least 19 to win). A strength test: it runs with the build tag long alone.
func TestMCTSBeatsRandom(t *testing.T) {
	if !longTests {
		t.Skip("a strength test: it runs with the build tag long")
	}
	games, need := 100, 95
	if testing.Short() {
		games, need = 20, 19
	}
	start := time.Now()
	wins := make([]bool, games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for g := range games {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			m := newMCTS(t, "mcts:sims=2000,seed="+strconv.Itoa(g+1), Options{})
			r := NewRandom(colonyGame, uint64(1000+g))
			mctsColour := colony.Color(g % 2)
			end, err := playGame(colonyGame, versus(m, r, mctsColour), colonyGame.Rules.Start())
			if err != nil {
				t.Error(err)
				return
			}
			wins[g] = end.Winner() == mctsColour
		})
	}
	wg.Wait()
	n := 0
	for _, w := range wins {
		if w {
			n++
		}
	}
	t.Logf("MCTS sims=2000 won %d of %d games against random in %v", n, games, time.Since(start))
	if n < need {
		t.Fatalf("MCTS won %d of %d games against random: want at least %d", n, games, need)
	}
}

func TestMCTSReuse(t *testing.T) {
	for _, spec := range []string{"mcts:sims=3000", "mcts:sims=6000,threads=2", "mcts:sims=3000,reuse=off"} {
		t.Run(spec, func(t *testing.T) {
			p := newMCTS(t, spec, Options{})
			q := NewRandom(colonyGame, 5)
			s := colonyGame.Rules.Start()
			reused, searches := 0, 0
			for turn := 0; turn < 10; turn++ {
				d, next := checkedPlay(t, colonyGame, p, s)
				searches++
				if d.Reused != p.reused {
					t.Fatalf("turn %d: the decision says %d visits reused, the player %d", turn, d.Reused, p.reused)
				}
				if turn > 0 && d.Reused > 0 {
					reused++
				}
				if turn == 0 && d.Reused != 0 {
					t.Fatalf("the first search reused %d visits", d.Reused)
				}
				if d.Nodes != p.cfg.Sims {
					t.Fatalf("turn %d: %d simulations, want %d", turn, d.Nodes, p.cfg.Sims)
				}
				if s = next; s.Over() {
					break
				}
				_, s = checkedPlay(t, colonyGame, q, s)
				if s.Over() {
					break
				}
			}
			if !p.cfg.Reuse && reused > 0 {
				t.Fatalf("reuse=off reused a tree")
			}
			if p.cfg.Reuse && reused < searches/2 {
				t.Fatalf("reused a tree in %d of %d searches: want at least half", reused, searches-1)
			}
			t.Logf("reused a tree in %d of %d searches", reused, searches-1)
		})
	}
	t.Run("self-play", func(t *testing.T) {
		// One player for both sides: the position after its own turn is the kept node.
		p := newMCTS(t, "mcts:sims=2000", Options{})
		s := colonyGame.Rules.Start()
		_, s = checkedPlay(t, colonyGame, p, s)
		if _, err := p.Play(context.Background(), &s); err != nil {
			t.Fatal(err)
		}
		if p.reused == 0 {
			t.Fatal("nothing reused in self-play")
		}
	})
	t.Run("unrelated", func(t *testing.T) {
		p := newMCTS(t, "mcts:sims=2000", Options{})
		s := colonyGame.Rules.Start()
		p.Play(context.Background(), &s)
		checkedPlay(t, colonyGame, p, spreadPositions()[3])
		if p.reused != 0 {
			t.Fatal("reused the tree of an unrelated position")
		}
	})
}

func TestMCTSLimits(t *testing.T) {
	s := colonyGame.Rules.Start()
	t.Run("sims", func(t *testing.T) {
		for _, spec := range []string{"mcts:sims=1234", "mcts:sims=1234,threads=2", "mcts:sims=1,threads=2", "mcts"} {
			var reports []Iteration
			p := newMCTS(t, spec, Options{Report: func(it Iteration) { reports = append(reports, it) }})
			d, err := p.Play(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			want := p.cfg.Sims
			if d.Nodes != want {
				t.Errorf("%s: %d simulations, want %d", spec, d.Nodes, want)
			}
			last := reports[len(reports)-1]
			if last.Nodes != want || len(last.Children) != 19 || !slices.Equal(last.PV, d.PV) {
				t.Errorf("%s: last report %+v", spec, last)
			}
			var visits uint64
			for _, c := range last.Children {
				visits += c.Visits
			}
			if visits != want-uint64(p.cfg.Threads) && visits != want {
				t.Errorf("%s: the root children have %d visits in all, want %d", spec, visits, want-uint64(p.cfg.Threads))
			}
			if want >= 1000 && len(reports) != 10 {
				t.Errorf("%s: %d reports, want 10", spec, len(reports))
			}
		}
	})
	t.Run("time", func(t *testing.T) {
		for _, spec := range []string{"mcts:time=100ms", "mcts:time=100ms,threads=2", "mcts:time=100ms,cutoff=10"} {
			reports := 0
			p := newMCTS(t, spec, Options{Report: func(Iteration) { reports++ }})
			start := time.Now()
			d, err := p.Play(context.Background(), &s)
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			checkTurn(t, colonyGame, s, d)
			// The start position is not proven: the search runs to its deadline, and
			// simulates on the way.
			if took < 100*time.Millisecond || d.Nodes == 0 {
				t.Errorf("%s: %d simulations in %v, want some in at least 100ms", spec, d.Nodes, took)
			}
			checkStopped(t, spec, took, 100*time.Millisecond, 50*time.Millisecond)
			t.Logf("%s: %d simulations in %v, %d reports", spec, d.Nodes, took, reports)
		}
	})
	t.Run("context", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		d, err := newMCTS(t, "mcts:sims=100000000", Options{}).Play(ctx, &s)
		if err != nil {
			t.Fatal(err)
		}
		checkTurn(t, colonyGame, s, d)
		checkStopped(t, "a context done after 50ms", time.Since(start), 50*time.Millisecond, 50*time.Millisecond)
	})
	t.Run("mem", func(t *testing.T) {
		for _, pos := range spreadPositions() {
			p := newMCTS(t, "mcts:sims=10000,mem=1", Options{})
			checkedPlay(t, colonyGame, p, pos)
			if n := len(p.trees[0].nodes); n > p.trees[0].maxNodes {
				t.Fatalf("%d nodes, more than the cap %d", n, p.trees[0].maxNodes)
			}
		}
		// The smallest arena there is: the root and its children.
		p := newMCTS(t, "mcts:sims=2000", Options{})
		p.trees[0].capNodes = 20
		checkedPlay(t, colonyGame, p, s)
		if !p.trees[0].full {
			t.Fatal("the arena never filled")
		}
	})
}

func TestMCTSAllocs(t *testing.T) {
	for _, spec := range []string{"mcts:sims=1000", "mcts:sims=1000,cutoff=12", "mcts:sims=1000,solver=off"} {
		t.Run(spec, func(t *testing.T) {
			p := newMCTS(t, spec, Options{})
			tr := p.trees[0]
			s := spreadPositions()[2]
			tr.begin(&s, false, 1, 2)
			for range 2000 {
				tr.simulate()
			}
			tr.grow(200_000) // room for the measured simulations
			if n := testing.AllocsPerRun(2000, tr.simulate); n != 0 {
				t.Fatalf("%v allocations per simulation", n)
			}
		})
	}
	t.Run("Play", func(t *testing.T) {
		// A warmed-up player allocates the same per search whatever its length, and
		// the same with tree reuse (the arena is compacted in place).
		s := colonyGame.Rules.Start()
		allocs := func(spec string) float64 {
			p := newMCTS(t, spec, Options{})
			for range 3 {
				p.Play(context.Background(), &s)
			}
			return testing.AllocsPerRun(5, func() { p.Play(context.Background(), &s) })
		}
		small, large := allocs("mcts:sims=1000"), allocs("mcts:sims=20000")
		if large > small+2 {
			t.Fatalf("a search of 20,000 simulations allocates %v times, one of 1,000 %v", large, small)
		}
		t.Logf("allocations per Play: %v (1,000 simulations), %v (20,000)", small, large)
	})
}

func TestMCTSSpec(t *testing.T) {
	for _, spec := range []string{
		"mcts:c=-1", "mcts:sims=0", "mcts:threads=0", "mcts:mem=0", "mcts:cutoff=-1", "mcts:reuse=maybe",
		"mcts:solver=2", "mcts:time=0", "mcts:time=-5ms", "mcts:seed=-1", "mcts:c=x", "mcts:depth=3",
	} {
		if _, err := New[colony.State](colonyGame, colony.Score{}, spec, Options{}); err == nil {
			t.Errorf("%s: no error", spec)
		}
	}
	for spec, want := range map[string]string{
		"mcts":                          "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1",
		"mcts:time=2s":                  "mcts:time=2s,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1",
		"mcts:c=1.5,sims=20,threads=2":  "mcts:sims=20,mem=512,c=1.5,cutoff=0,threads=2,parallel=root,reuse=on,solver=on,seed=1",
		"mcts:time=50,sims=9,reuse=off": "mcts:sims=9,time=50ms,mem=512,c=1,cutoff=0,threads=1,reuse=off,solver=on,seed=1",
	} {
		p := newMCTS(t, spec, Options{})
		if got := p.Spec(); got != want {
			t.Errorf("%s: Spec() = %q, want %q", spec, got, want)
		}
		if q := newMCTS(t, p.Spec(), Options{}); q.Spec() != want {
			t.Errorf("%s: the spec does not read back: %q", spec, q.Spec())
		}
	}
	s := colonyGame.Rules.Start()
	for !s.Over() {
		colonyGame.Apply(&s, game.Action(colonyGame.Rules.RandomAction(&s, rand.NewPCG(1, 1))))
	}
	if _, err := newMCTS(t, "mcts", Options{}).Play(context.Background(), &s); err == nil {
		t.Error("no error searching a finished game")
	}
}

func TestMCTSProveRules(t *testing.T) {
	for _, tc := range []struct {
		name        string
		mover, kids uint8 // the node's mover, its children's
		proofs      []uint8
		want        uint8
	}{
		{"a win after an unproven child, inside a turn", 0, 0, []uint8{unproven, provenWin, provenLoss}, provenWin},
		{"a win for the player starting a turn", 1, 0, []uint8{unproven, provenWin}, provenLoss},
		{"all lost inside a turn", 0, 0, []uint8{provenLoss, provenLoss}, provenLoss},
		{"all lost at a turn start", 1, 0, []uint8{provenLoss, provenLoss}, provenWin},
		{"the best of draws and losses", 1, 0, []uint8{provenLoss, provenDraw}, provenDraw},
		{"an unproven child and losses", 0, 0, []uint8{provenLoss, unproven, provenLoss}, unproven},
	} {
		tr := &tree[colony.State]{solver: true}
		tr.nodes = append(tr.nodes, node{first: 1, kids: uint16(len(tc.proofs)), mover: tc.mover})
		for i, p := range tc.proofs {
			tr.nodes = append(tr.nodes, node{first: -1, action: game.Action(i), mover: tc.kids, proof: p})
		}
		if got := tr.prove(0); got != (tc.want != unproven) || tr.nodes[0].proof != tc.want {
			t.Errorf("%s: proof %d (%v), want %d", tc.name, tr.nodes[0].proof, got, tc.want)
		}
	}
}

func TestMCTSArithmetic(t *testing.T) {
	for _, x := range []float64{1, 2, 3, 10, 1000, 12345, 1 << 20, 4e9, 0.3} {
		if got, want := lnDet(x), math.Log(x); math.Abs(got-want) > 1e-14*max(1, want) {
			t.Errorf("lnDet(%g) = %.17g, want %.17g", x, got, want)
		}
	}
	for _, x := range []float64{-30, -1, 0, 0.5, 2, 57} {
		q := squash(x)
		if q <= -1 || q >= 1 || math.Abs(unsquash(q)-x) > 1e-9 {
			t.Errorf("squash(%g) = %g, unsquash = %g", x, q, unsquash(q))
		}
	}
}

// TestLogVisits checks the tree's table of logarithms against lnDet, bit for bit: in
// order (the table grows), out of order (a reused tree's visits), and past its end.
func TestLogVisits(t *testing.T) {
	tr := &tree[colony.State]{}
	check := func(v uint32) {
		t.Helper()
		if got, want := tr.logVisits(v), lnDet(float64(max(v, 1))); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("logVisits(%d) = %.17g, want %.17g", v, got, want)
		}
	}
	for _, v := range []uint32{5, 0, 1, 2, 3, 2, 0, 7, 4, 5, 6, 7, 8, 1} {
		check(v)
	}
	if len(tr.lnVisits) != 9 {
		t.Fatalf("the table has %d entries, want 9", len(tr.lnVisits))
	}
	for v := uint32(0); v < maxLnVisits+10; v++ {
		check(v)
	}
	if len(tr.lnVisits) != maxLnVisits {
		t.Fatalf("the table has %d entries, want %d", len(tr.lnVisits), maxLnVisits)
	}
	check(1 << 30)
}
