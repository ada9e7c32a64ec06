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

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
)

// newMCTS builds an MCTS player for The Colony from spec.
func newMCTS(t testing.TB, spec string, opts Options) *MCTS[colony.State] {
	t.Helper()
	p, err := New[colony.State](colonyGame, eval.Score{}, spec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p.(*MCTS[colony.State])
}

// checkTurn fails unless actions are legal decisions from s that reach a turn start
// exactly at their end; it returns the state after them.
func checkTurn(t testing.TB, s colony.State, actions []Action) colony.State {
	t.Helper()
	if len(actions) == 0 {
		t.Fatalf("empty turn from %v", s)
	}
	before := s
	for i, a := range actions {
		if !colonyGame.Rules.IsLegal(&s, colony.Action(a)) {
			t.Fatalf("decision %d (%s) of %v is not legal in %v", i, colonyGame.Rules.ActionString(colony.Action(a)), actions, before)
		}
		colonyGame.Apply(&s, a)
		if last := i == len(actions)-1; colonyGame.TurnStart(&s) != last {
			t.Fatalf("the decisions %v do not make exactly one turn from %v", actions, before)
		}
	}
	return s
}

// turnStarts returns the positions at the start of every turn of a seeded random game.
func turnStarts(seed uint64) []colony.State {
	r := colonyGame.Rules
	rng := rand.NewPCG(seed, 99)
	s := r.Start()
	var out []colony.State
	for !s.Over() {
		if s.Phase() == colony.PhaseSelect {
			out = append(out, s)
		}
		r.Apply(&s, r.RandomAction(&s, rng))
	}
	return out
}

// testPositions returns the start and positions from every stage of random games.
func testPositions() []colony.State {
	out := []colony.State{colonyGame.Rules.Start()}
	for seed := uint64(1); seed <= 3; seed++ {
		ts := turnStarts(seed)
		for i := 5; i < len(ts); i += 17 {
			out = append(out, ts[i])
		}
		out = append(out, ts[len(ts)-1])
	}
	return out
}

func TestMCTSDeterministic(t *testing.T) {
	positions := testPositions()[:4]
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
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				d.Time = 0
				ds = append(ds, d)
				s = checkTurn(t, s, d.Actions)
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
	positions := testPositions()
	var dirs, ants int
	for _, spec := range []string{
		"mcts:sims=1", "mcts:sims=2", "mcts:sims=300", "mcts:sims=300,solver=off", "mcts:sims=300,cutoff=8",
		"mcts:sims=301,threads=3", "mcts:sims=3000,mem=1", "mcts:sims=500,c=0",
	} {
		t.Run(spec, func(t *testing.T) {
			p := newMCTS(t, spec, Options{})
			for _, s := range positions {
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				checkTurn(t, s, d.Actions)
				if !slices.Equal(d.PV[:len(d.Actions)], d.Actions) {
					t.Fatalf("PV %v does not start with the turn %v", d.PV, d.Actions)
				}
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
		s := colonyGame.Rules.Start()
		for turn := 0; !s.Over(); turn++ {
			var d Decision
			var err error
			if turn%2 == int(seed%2) {
				d, err = p.Play(context.Background(), &s)
			} else {
				d, err = q.Play(context.Background(), &s)
			}
			if err != nil {
				t.Fatal(err)
			}
			s = checkTurn(t, s, d.Actions)
		}
	}
}

// solver is a brute-force negamax over decisions to the end of the game, with a
// table of solved states, the reference for MCTS-Solver.
type solver struct {
	g      Colony
	budget int // nodes left
	memo   map[colony.State]int
}

// solve returns the game value of s for the player to move (+1 win, -1 loss; The
// Colony has no draws), and false when the budget ran out.
func (sv *solver) solve(s colony.State) (int, bool) {
	if v, ok := sv.memo[s]; ok {
		return v, true
	}
	if sv.budget--; sv.budget < 0 {
		return 0, false
	}
	if s.Over() {
		if w, _ := sv.g.Result(&s); w == sv.g.ToMove(&s) {
			return 1, true
		}
		return -1, true
	}
	mover := sv.g.ToMove(&s)
	best := -2
	var buf ActionBuffer
	for _, a := range sv.g.LegalActions(&s, &buf) {
		c := s
		sv.g.Apply(&c, a)
		v, ok := sv.solve(c)
		if !ok {
			return 0, false
		}
		if sv.g.ToMove(&c) != mover {
			v = -v
		}
		if best = max(best, v); best == 1 {
			break
		}
	}
	sv.memo[s] = best
	return best, true
}

func newSolver(g Colony, budget int) *solver {
	return &solver{g: g, budget: budget, memo: map[colony.State]int{}}
}

// valueAfter returns the game value under g, for mover, of s, the position after
// mover's turn.
func valueAfter(t *testing.T, g Colony, s colony.State, mover int) int {
	v, ok := newSolver(g, 1<<30).solve(s)
	if !ok {
		t.Fatal("no value")
	}
	if g.ToMove(&s) == mover {
		return v
	}
	return -v
}

// endgame is a position with its game value for the player to move.
type endgame struct {
	g     Colony
	s     colony.State
	value int
}

// solvedEndgames returns endgames the negamax solves: from seeded random games under
// the default rules, the earliest of the last 8 turn starts it solves within a small
// budget (mostly a win in a turn or two: few eggs are left), and from random games
// under the rule set colony:turncap=30, positions 2 to 4 turns before the turn cap
// ends the game (more eggs, harder proofs).
func solvedEndgames(t *testing.T) []endgame {
	var out []endgame
	for seed := uint64(1); len(out) < 8 && seed < 100; seed++ {
		ts := turnStarts(seed)
		for back := min(8, len(ts)); back >= 2; back-- {
			s := ts[len(ts)-back]
			if v, ok := newSolver(colonyGame, 20_000).solve(s); ok {
				out = append(out, endgame{colonyGame, s, v})
				break
			}
		}
	}
	r, err := colony.ParseRules("colony:turncap=30")
	if err != nil {
		t.Fatal(err)
	}
	g := NewColony(r)
	for seed := uint64(1); seed <= 18; seed++ {
		rng := rand.NewPCG(seed, 5)
		s := r.Start()
		left := 2 + int(seed%3)
		for !s.Over() && (s.Phase() != colony.PhaseSelect || s.Turn() < 31-left) {
			r.Apply(&s, r.RandomAction(&s, rng))
		}
		if s.Over() {
			continue
		}
		if v, ok := newSolver(g, 200_000).solve(s); ok {
			out = append(out, endgame{g, s, v})
		}
	}
	return out
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
		p, err := New[colony.State](e.g, eval.Score{}, "mcts:sims="+strconv.Itoa(sims)+",seed=7", Options{Report: func(it Iteration) { last = it }})
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Play(context.Background(), &e.s)
		if err != nil {
			t.Fatal(err)
		}
		after := e.s
		for _, a := range d.Actions {
			if !e.g.Rules.IsLegal(&after, colony.Action(a)) {
				t.Fatalf("endgame %d: illegal turn %v", i, d.Actions)
			}
			e.g.Apply(&after, a)
		}
		mover := e.g.ToMove(&e.s)
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
			if got := valueAfter(t, e.g, after, mover); got <= 0 {
				t.Errorf("endgame %d (%v): a win exists but MCTS chose %v (score %d), which loses", i, e.s, d.Actions, d.Score)
			}
		}
		// Every proof at the root agrees with the negamax.
		for _, c := range last.Children {
			if c.Proven == 0 {
				continue
			}
			st := e.s
			e.g.Apply(&st, c.Action)
			if v := valueAfter(t, e.g, st, mover); v != c.Proven {
				t.Errorf("endgame %d: root decision %d proven %+d, negamax says %+d", i, c.Action, c.Proven, v)
			}
		}
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
// games (at least 19 to win).
func TestMCTSBeatsRandom(t *testing.T) {
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
			mctsColour := g % 2
			s := colonyGame.Rules.Start()
			for !s.Over() {
				var d Decision
				var err error
				if colonyGame.ToMove(&s) == mctsColour {
					d, err = m.Play(context.Background(), &s)
				} else {
					d, err = r.Play(context.Background(), &s)
				}
				if err != nil {
					t.Error(err)
					return
				}
				for _, a := range d.Actions {
					colonyGame.Apply(&s, a)
				}
			}
			w, _ := colonyGame.Result(&s)
			wins[g] = w == mctsColour
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
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				searches++
				if turn > 0 && p.reused > 0 {
					reused++
				}
				if turn == 0 && p.reused != 0 {
					t.Fatalf("the first search reused %d visits", p.reused)
				}
				if d.Nodes != p.cfg.Sims {
					t.Fatalf("turn %d: %d simulations, want %d", turn, d.Nodes, p.cfg.Sims)
				}
				s = checkTurn(t, s, d.Actions)
				if s.Over() {
					break
				}
				d, _ = q.Play(context.Background(), &s)
				s = checkTurn(t, s, d.Actions)
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
		d, _ := p.Play(context.Background(), &s)
		s = checkTurn(t, s, d.Actions)
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
		u := testPositions()[3]
		d, err := p.Play(context.Background(), &u)
		if err != nil {
			t.Fatal(err)
		}
		checkTurn(t, u, d.Actions)
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
			checkTurn(t, s, d.Actions)
			if took > 150*time.Millisecond || took < 100*time.Millisecond {
				t.Errorf("%s: took %v", spec, took)
			}
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
		checkTurn(t, s, d.Actions)
		if took := time.Since(start); took > 100*time.Millisecond {
			t.Errorf("took %v after the context was done", took)
		}
	})
	t.Run("mem", func(t *testing.T) {
		for _, pos := range testPositions() {
			p := newMCTS(t, "mcts:sims=10000,mem=1", Options{})
			d, err := p.Play(context.Background(), &pos)
			if err != nil {
				t.Fatal(err)
			}
			checkTurn(t, pos, d.Actions)
			if n := len(p.trees[0].nodes); n > p.trees[0].maxNodes {
				t.Fatalf("%d nodes, more than the cap %d", n, p.trees[0].maxNodes)
			}
		}
		// The smallest arena there is: the root and its children.
		p := newMCTS(t, "mcts:sims=2000", Options{})
		p.trees[0].maxNodes = 20
		d, err := p.Play(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		checkTurn(t, s, d.Actions)
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
			s := testPositions()[2]
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
		if _, err := New[colony.State](colonyGame, eval.Score{}, spec, Options{}); err == nil {
			t.Errorf("%s: no error", spec)
		}
	}
	for spec, want := range map[string]string{
		"mcts":                          "mcts:sims=10000,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1",
		"mcts:time=2s":                  "mcts:time=2s,mem=512,c=1,cutoff=0,threads=1,reuse=on,solver=on,seed=1",
		"mcts:c=1.5,sims=20,threads=2":  "mcts:sims=20,mem=512,c=1.5,cutoff=0,threads=2,reuse=on,solver=on,seed=1",
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
		colonyGame.Apply(&s, Action(colonyGame.Rules.RandomAction(&s, rand.NewPCG(1, 1))))
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
			tr.nodes = append(tr.nodes, node{first: -1, action: Action(i), mover: tc.kids, proof: p})
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
