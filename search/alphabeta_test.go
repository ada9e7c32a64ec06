package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"

	"github.com/colony-ai/colony/colony"
)

// TestAlphaBetaMatchesMinimax checks that alpha-beta with every enhancement on (table,
// PVS, killers, history, aspiration) finds the minimax value at the same depth, that
// the table changes nothing (no table, a 1 MB table, the default 16 MB), that the turn
// it plays is worth that value, and that it plays whole legal turns.
func TestAlphaBetaMatchesMinimax(t *testing.T) {
	cases := []struct {
		depth, n int
		specs    []string
	}{
		{1, 300, []string{"ab:depth=1", "ab:depth=1,tt=0", "ab:depth=1,tt=1,aspiration=1"}},
		{2, 100, []string{"ab:depth=2", "ab:depth=2,tt=0", "ab:depth=2,tt=1,aspiration=1", "ab:depth=2,aspiration=0"}},
		{3, 12, []string{"ab:depth=3", "ab:depth=3,tt=0"}},
	}
	switch {
	case testing.Short():
		cases[0].n, cases[1].n, cases[2].n = 100, 30, 2
	case !longTests: // the first positions of the long run's
		cases[0].n, cases[1].n, cases[2].n = 100, 30, 4
	}
	ctx := context.Background()
	for _, tc := range cases {
		// Positions from turn 20 on (ants placed, fewer logs to select), every 9 turns.
		positions := randomPositions(uint64(tc.depth), tc.n, 20, 9)
		mm := NewMinimax[colony.State](colonyGame, colony.Score{}, tc.depth)
		after := NewMinimax[colony.State](colonyGame, colony.Score{}, tc.depth-1)
		players := make([]Player[colony.State], len(tc.specs))
		for i, spec := range tc.specs {
			players[i] = newPlayer(t, colonyGame, spec, Options{})
		}
		for k, s := range positions {
			want := mm.Value(ctx, &s)
			for i, p := range players {
				d, next := checkedPlay(t, colonyGame, p, s)
				if d.Score != want {
					t.Fatalf("position %d (%v): %s scores %d, minimax depth %d %d", k, s, tc.specs[i], d.Score, tc.depth, want)
				}
				if d.Depth != tc.depth && !IsWin(d.Score) {
					t.Fatalf("position %d: %s completed depth %d", k, tc.specs[i], d.Depth)
				}
				if got := fromMover(colonyGame, &s, &next, after.Value(ctx, &next)); got != want {
					t.Fatalf("position %d (%v): %s plays %v worth %d, want %d", k, s, tc.specs[i], d.Actions, got, want)
				}
			}
		}
	}
}

// TestAlphaBetaTableKeepsValues checks, deeper than minimax can go in a test, that the
// table and the aspiration window do not change the value at a fixed depth: no table,
// a 1 MB table (many replacements), the default table with narrow and no aspiration.
func TestAlphaBetaTableKeepsValues(t *testing.T) {
	cases := []struct{ depth, n int }{{4, 20}, {5, 2}}
	switch {
	case testing.Short():
		cases = cases[:1]
		cases[0].n = 5
	case !longTests: // depth 5 with the build tag long alone
		cases = cases[:1]
		cases[0].n = 8
	}
	for _, tc := range cases {
		base := "ab:depth=" + strconv.Itoa(tc.depth)
		specs := []string{base, base + ",tt=0", base + ",tt=1", base + ",aspiration=1", base + ",aspiration=0"}
		players := make([]Player[colony.State], len(specs))
		for i, spec := range specs {
			players[i] = newPlayer(t, colonyGame, spec, Options{})
		}
		for k, s := range randomPositions(40+uint64(tc.depth), tc.n, 20, 13) {
			var want int
			for i, p := range players {
				d, _ := checkedPlay(t, colonyGame, p, s)
				if i == 0 {
					want = d.Score
				} else if d.Score != want {
					t.Fatalf("position %d (%v): %s scores %d, %s %d", k, s, specs[i], d.Score, specs[0], want)
				}
			}
		}
	}
}

// shortEndgames returns positions late in seeded random games with the rule set's
// turn cap set so that at most turns full turns remain: short endgames, with few eggs
// left on the board, whose whole game tree a brute-force solver can walk, with their
// exact values (newSolver). The natural ends of random games are not short enough: one
// turn before a random game ends, the game could still go on for a long time in most
// positions (game trees above 5 million states), so the turn cap (R10) is what ends
// them.
func shortEndgames(t testing.TB, n, turns int) []endgame {
	t.Helper()
	var out []endgame
	r := colonyGame.Rules
	for game := uint64(0); len(out) < n; game++ {
		hist := randomGame(colonyGame, 99, game)
		// A position 3 to 12 turns before the end, by the game's number.
		back := 3 + int(game%10)
		if back > len(hist) {
			continue
		}
		s := hist[len(hist)-back]
		rules, err := colony.NewRules(r.Board(), r.SowingCap(), s.Turn()+turns-1)
		if err != nil {
			t.Fatal(err)
		}
		g := colony.NewGame(rules)
		out = append(out, endgame{g, s, newSolver(g).value(t, s)})
	}
	return out
}

// TestAlphaBetaSolvesEndgames checks alpha-beta searched to the end (depth=64, and
// nodes/time limits that the solved position never reaches) against a brute-force
// solver on short endgames: the same winner and margin, a turn that achieves it, and
// an early stop once the position is solved.
func TestAlphaBetaSolvesEndgames(t *testing.T) {
	cases := []struct{ n, turns int }{{60, 1}, {40, 2}, {15, 3}}
	if testing.Short() {
		cases = []struct{ n, turns int }{{20, 1}, {10, 2}, {3, 3}}
	}
	wins := [2]int{}
	for _, tc := range cases {
		for k, e := range shortEndgames(t, tc.n, tc.turns) {
			want, ref := e.value, newSolver(e.g)
			if !IsWin(want) {
				t.Fatalf("endgame %d (%v): the solver's value %d is not a finished game", k, e.s, want)
			}
			for _, spec := range []string{"ab:depth=64", "ab:depth=64,tt=0", "ab:nodes=100000000"} {
				p := newPlayer(t, e.g, spec, Options{})
				d, next := checkedPlay(t, e.g, p, e.s)
				if d.Score != want {
					t.Fatalf("endgame %d (%v, %d turns left): %s scores %d, the solver %d", k, e.s, tc.turns, spec, d.Score, want)
				}
				if d.Depth > tc.turns {
					t.Fatalf("endgame %d: %s searched to depth %d, the game ends within %d turns", k, spec, d.Depth, tc.turns)
				}
				if got := fromMover(e.g, &e.s, &next, ref.value(t, next)); got != want {
					t.Fatalf("endgame %d (%v): %s plays %v worth %d, want %d", k, e.s, spec, d.Actions, got, want)
				}
			}
			if want > 0 {
				wins[0]++
			} else {
				wins[1]++
			}
		}
	}
	t.Logf("endgames won by the mover: %d, lost: %d", wins[0], wins[1])
}

// TestAlphaBetaBeatsRandom: depth 3 against the random player (a new seed each game),
// colours alternating, from the start position.
func TestAlphaBetaBeatsRandom(t *testing.T) {
	if !longTests {
		t.Skip("a strength test: it runs with the build tag long")
	}
	games := 100
	if testing.Short() {
		games = 20
	}
	wins := 0
	for i := 0; i < games; i++ {
		ab := newPlayer(t, colonyGame, "ab:depth=3", Options{})
		rnd := NewRandom[colony.State](colonyGame, uint64(1000+i))
		abColor := colony.Color(i % 2)
		end, err := playGame(colonyGame, versus(ab, rnd, abColor), colonyGame.Rules.Start())
		if err != nil {
			t.Fatal(err)
		}
		if end.Winner() == abColor {
			wins++
		}
	}
	t.Logf("ab:depth=3 beat random in %d of %d games", wins, games)
	if wins*100 < 95*games {
		t.Fatalf("ab:depth=3 won only %d of %d games against random", wins, games)
	}
}

// TestAlphaBetaDeeperIsStronger: depth 3 against depth 1 from 20 random openings (four
// random turns), each played with both colours.
func TestAlphaBetaDeeperIsStronger(t *testing.T) {
	if !longTests {
		t.Skip("a strength test: it runs with the build tag long")
	}
	openings := 20
	if testing.Short() {
		openings = 5
	}
	wins, games := 0, 0
	for i := 0; i < openings; i++ {
		start := randomGame(colonyGame, uint64(i), 0x6f70656e)[4] // after four turns
		for deepColor := colony.Red; deepColor <= colony.Black; deepColor++ {
			deep := newPlayer(t, colonyGame, "ab:depth=3", Options{})
			shallow := newPlayer(t, colonyGame, "ab:depth=1", Options{})
			end, err := playGame(colonyGame, versus(deep, shallow, deepColor), start)
			if err != nil {
				t.Fatal(err)
			}
			if end.Winner() == deepColor {
				wins++
			}
			games++
		}
	}
	t.Logf("ab:depth=3 beat ab:depth=1 in %d of %d games", wins, games)
	if wins*100 < 70*games {
		t.Fatalf("ab:depth=3 won only %d of %d games against ab:depth=1", wins, games)
	}
}

// TestAlphaBetaTimeLimit: time=100ms is a hard stop, from middlegame positions.
func TestAlphaBetaTimeLimit(t *testing.T) {
	p := newPlayer(t, colonyGame, "ab:time=100ms", Options{})
	if p.Spec() != "ab:time=100ms,tt=16,aspiration=12" {
		t.Fatalf("spec %q", p.Spec())
	}
	for _, s := range randomPositions(5, 4, 25, 10) {
		start := time.Now()
		d, _ := checkedPlay(t, colonyGame, p, s)
		el := time.Since(start)
		checkStopped(t, fmt.Sprintf("time=100ms (%d nodes, depth %d)", d.Nodes, d.Depth), el, 100*time.Millisecond, 50*time.Millisecond)
		t.Logf("time=100ms: %v, depth %d, %d nodes", el, d.Depth, d.Nodes)
		if d.Depth < 1 {
			t.Fatalf("time=100ms did not complete depth 1 (%d nodes)", d.Nodes)
		}
	}
}

// TestAlphaBetaNodeLimit: nodes=N stops after exactly N nodes, is deterministic (two
// players, and one player after other searches), and always returns a whole turn.
func TestAlphaBetaNodeLimit(t *testing.T) {
	positions := randomPositions(6, 3, 30, 10)
	for _, n := range []uint64{1, 2, 50, 1000, 20000, 123457} {
		spec := "ab:nodes=" + strconv.FormatUint(n, 10)
		p1 := newPlayer(t, colonyGame, spec, Options{})
		p2 := newPlayer(t, colonyGame, spec, Options{})
		var first []Decision
		for _, s := range positions {
			d, _ := checkedPlay(t, colonyGame, p1, s)
			if d.Nodes != n {
				t.Fatalf("%s: searched %d nodes (depth %d)", spec, d.Nodes, d.Depth)
			}
			first = append(first, d)
		}
		for i := len(positions) - 1; i >= 0; i-- { // the other order, other history
			for _, p := range []Player[colony.State]{p1, p2} {
				d, _ := checkedPlay(t, colonyGame, p, positions[i])
				f := first[i]
				if d.Nodes != f.Nodes || d.Score != f.Score || d.Depth != f.Depth || !slices.Equal(d.PV, f.PV) {
					t.Fatalf("%s, position %d: not deterministic: %v %d %d %v, then %v %d %d %v", spec, i,
						f.Actions, f.Score, f.Depth, f.PV, d.Actions, d.Score, d.Depth, d.PV)
				}
			}
		}
	}
	// Cut inside an iteration: Depth is the last completed one, reported through
	// Options.Report; the score is that iteration's or the interrupted one's.
	for _, n := range []uint64{100, 3000, 30000, 100000, 250000} {
		var its []Iteration
		p := newPlayer(t, colonyGame, "ab:nodes="+strconv.FormatUint(n, 10), Options{Report: func(it Iteration) { its = append(its, it) }})
		d, _ := checkedPlay(t, colonyGame, p, positions[1])
		if d.Nodes != n || d.Depth != len(its) || (len(its) > 0 && its[len(its)-1].Depth != d.Depth) {
			t.Fatalf("nodes=%d: depth %d, %d nodes, %d iterations reported", n, d.Depth, d.Nodes, len(its))
		}
	}
	// A depth limit reached before the node limit: fewer nodes, the same result as
	// the depth alone.
	s := positions[0]
	a, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, "ab:depth=2,nodes=100000000", Options{}), s)
	b, _ := checkedPlay(t, colonyGame, newPlayer(t, colonyGame, "ab:depth=2", Options{}), s)
	if a.Nodes >= 100000000 || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) || a.Score != b.Score {
		t.Fatalf("depth=2 with a large node limit: %+v, without: %+v", a, b)
	}
}

// TestAlphaBetaCancel: a cancelled context stops the search promptly, with a whole
// legal turn, whether it is done before Play starts or during the search.
func TestAlphaBetaCancel(t *testing.T) {
	s := randomPositions(7, 1, 30, 1)[0]
	p := newPlayer(t, colonyGame, "ab:depth=64", Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// The first Play takes the transposition table; the time to zero it is not the
	// time to stop, so the table is taken before the clock starts.
	if _, err := p.Play(ctx, &s); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	d, err := p.Play(ctx, &s)
	if err != nil {
		t.Fatal(err)
	}
	checkTurn(t, colonyGame, s, d)
	if d.Nodes != 0 {
		t.Fatalf("cancelled before the start: %d nodes", d.Nodes)
	}
	checkStopped(t, "cancelled before the start", time.Since(start), 0, 20*time.Millisecond)
	for _, after := range []time.Duration{time.Millisecond, 30 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		start := time.Now()
		d, err := p.Play(ctx, &s)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		checkTurn(t, colonyGame, s, d)
		checkStopped(t, fmt.Sprintf("cancelled after %v", after), time.Since(start), after, 50*time.Millisecond)
	}
}

// TestAlphaBetaReportsIterations: Options.Report sees every completed depth, and the
// last report is the decision.
func TestAlphaBetaReportsIterations(t *testing.T) {
	var its []Iteration
	p := newPlayer(t, colonyGame, "ab:depth=3", Options{Report: func(it Iteration) { its = append(its, it) }})
	s := randomPositions(8, 1, 30, 1)[0]
	d, _ := checkedPlay(t, colonyGame, p, s)
	if len(its) != 3 {
		t.Fatalf("%d iterations reported, want 3", len(its))
	}
	for i, it := range its {
		if it.Depth != i+1 || len(it.PV) == 0 || (i > 0 && it.Nodes < its[i-1].Nodes) {
			t.Fatalf("iteration %d: %+v", i, it)
		}
	}
	last := its[2]
	if last.Score != d.Score || last.Nodes != d.Nodes || !slices.Equal(last.PV, d.PV) {
		t.Fatalf("last iteration %+v, decision %+v", last, d)
	}
}

// TestAlphaBetaSpecs: canonical specs, their round trip, and clear errors.
func TestAlphaBetaSpecs(t *testing.T) {
	for _, tc := range []struct{ spec, canon string }{
		{"ab", "ab:depth=4,tt=16,aspiration=12"},
		{"ab:depth=6", "ab:depth=6,tt=16,aspiration=12"},
		{"ab:tt=64,depth=2,seed=5", "ab:depth=2,tt=64,aspiration=12,seed=5"},
		{"ab:nodes=5000", "ab:nodes=5000,tt=16,aspiration=12"},
		{"ab:time=250,aspiration=0,tt=0", "ab:time=250ms,tt=0,aspiration=0"},
		{"ab:time=1.5s,nodes=9,depth=3", "ab:depth=3,nodes=9,time=1.5s,tt=16,aspiration=12"},
	} {
		p := newPlayer(t, colonyGame, tc.spec, Options{})
		if p.Spec() != tc.canon {
			t.Errorf("New(%q).Spec() = %q, want %q", tc.spec, p.Spec(), tc.canon)
		}
		if q := newPlayer(t, colonyGame, p.Spec(), Options{}); q.Spec() != tc.canon {
			t.Errorf("the spec %q reads back as %q", tc.canon, q.Spec())
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"ab:depth=0", `depth="0": want a whole number from 1 to 64`},
		{"ab:depth=65", `depth="65": want a whole number from 1 to 64`},
		{"ab:tt=abc", `tt="abc": want a whole number from 0 to 4096`},
		{"ab:tt=-1", `tt="-1": want a whole number from 0 to 4096`},
		{"ab:time=-1", `time="-1": want a positive duration`},
		{"ab:time=0", `time="0": want a positive duration`},
		{"ab:nodes=0", `nodes="0": want a whole number of 1 or more`},
		{"ab:nodes=-5", `nodes="-5": want a whole number of 0 or more`},
		{"ab:aspiration=-1", `aspiration="-1": want a whole number from 0`},
		{"ab:seed=x", `seed="x"`},
		{"ab:width=3", `ab has no setting "width"`},
	} {
		_, err := New[colony.State](colonyGame, colony.Score{}, tc.spec, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q) error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
}

// TestAlphaBetaAllocations: the search allocates nothing per node: Play allocates the
// same (the returned turn) whether it searches a hundred nodes or a million.
func TestAlphaBetaAllocations(t *testing.T) {
	s := randomPositions(9, 1, 30, 1)[0]
	ctx := context.Background()
	for _, spec := range []string{"ab:depth=1", "ab:depth=3", "ab:depth=3,tt=0", "ab:nodes=300000"} {
		p := newPlayer(t, colonyGame, spec, Options{})
		if _, err := p.Play(ctx, &s); err != nil { // warm up (the stack grows once)
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(3, func() {
			if _, err := p.Play(ctx, &s); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 1 {
			t.Errorf("%s: %v allocations per Play, want 1 (the returned turn)", spec, allocs)
		}
	}
}

// TestAlphaBetaLentTables: players given their tables by a Tables search exactly as
// players with tables of their own, whatever the tables held before; a released table
// is lent again instead of a new one.
func TestAlphaBetaLentTables(t *testing.T) {
	ps := randomPositions(12, 4, 20, 7)
	ctx := context.Background()
	var tables Tables
	for game := range 3 {
		tables.Release()
		lent := [2]Player[colony.State]{
			newPlayer(t, colonyGame, "ab:depth=2,tt=2", Options{Tables: &tables}),
			newPlayer(t, colonyGame, "ab:nodes=3000,tt=2", Options{Tables: &tables}),
		}
		for i := range ps {
			s := ps[(i+game)%len(ps)]
			for k, l := range lent {
				own := newPlayer(t, colonyGame, l.Spec(), Options{})
				want, err := own.Play(ctx, &s)
				if err != nil {
					t.Fatal(err)
				}
				got, err := l.Play(ctx, &s)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.PV, want.PV) || got.Score != want.Score || got.Nodes != want.Nodes {
					t.Fatalf("game %d, player %d, position %d: lent table %v/%d/%d, own %v/%d/%d",
						game, k, i, got.PV, got.Score, got.Nodes, want.PV, want.Score, want.Nodes)
				}
			}
		}
		if len(tables.tables) != 2 {
			t.Fatalf("game %d: %d tables made, want 2", game, len(tables.tables))
		}
	}
}

// TestAlphaBetaGameOver: Play refuses a finished game.
func TestAlphaBetaGameOver(t *testing.T) {
	s := colonyGame.Rules.Start()
	colonyGame.Rules.RandomPlayout(&s, rand.NewPCG(1, 1))
	p := newPlayer(t, colonyGame, "ab:depth=2", Options{})
	if _, err := p.Play(context.Background(), &s); err == nil {
		t.Fatal("Play on a finished game: no error")
	}
}

// TestTransTable checks the table's replacement scheme and generations.
func TestTransTable(t *testing.T) {
	tt, err := newTransTable(1, memory.NewBudget(memory.Unlimited))
	if err != nil {
		t.Fatal(err)
	}
	if len(tt.buckets) != 1<<14 || tt.shift != 50 {
		t.Fatalf("1 MB: %d buckets, shift %d", len(tt.buckets), tt.shift)
	}
	tt.newSearch()
	// Five positions in one bucket: the same index bits, other check bits.
	base := uint64(0x0123456789abcdef)
	idx := (base * 0x9e3779b97f4a7c15) >> tt.shift
	var hs []uint64
	for h := base; len(hs) < 5; h += 1 << 32 {
		for (h*0x9e3779b97f4a7c15)>>tt.shift != idx {
			h++
		}
		hs = append(hs, h)
	}
	for i, h := range hs[:3] {
		tt.store(h, 5+i, boundExact|ttHasMove, 10*i, game.Action(i))
	}
	tt.store(hs[3], 1, boundLower, 7, 0) // shallower: the always-replace slot
	for i, h := range hs[:4] {
		if tt.probe(h) == nil {
			t.Fatalf("entry %d lost", i)
		}
	}
	tt.store(hs[4], 2, boundUpper, 3, 0) // replaces entry 3 (always-replace slot)
	if tt.probe(hs[3]) != nil {
		t.Fatal("the always-replace slot was not replaced")
	}
	tt.store(hs[3], 6, boundExact, 1, 0) // deeper than entry 0: replaces it
	if tt.probe(hs[0]) != nil {
		t.Fatal("the shallowest depth-preferred entry was not replaced")
	}
	if e := tt.probe(hs[3]); e == nil || e.score != 1 || e.depth != 6 || e.bound() != boundExact {
		t.Fatalf("entry 3: %+v", e)
	}
	// The same position: overwritten in place, keeping the move.
	tt.store(hs[1], 1, boundUpper, -4, 0)
	if e := tt.probe(hs[1]); e == nil || e.score != -4 || !e.hasMove() || e.move != 1 {
		t.Fatalf("entry 1 after an update: %+v", e)
	}
	// A new search sees nothing of the old one; the counter wraps with a clear.
	tt.newSearch()
	for i, h := range hs {
		if tt.probe(h) != nil {
			t.Fatalf("entry %d visible in the next search", i)
		}
	}
	tt.store(hs[0], 1, boundExact, 5, 0) // generation 2
	tt.gen = math.MaxUint32 - 1          // as after 2^32-3 more searches
	for i := 0; i < 3; i++ {             // 2^32-1, then a clear and 1, 2
		tt.newSearch()
	}
	if tt.gen != 2 {
		t.Fatalf("generation %d after wrapping", tt.gen)
	}
	if tt.probe(hs[0]) != nil {
		t.Fatal("an entry survived the wrap")
	}
	var none transTable
	none.newSearch()
	none.store(1, 1, boundExact, 1, 0)
	if none.probe(1) != nil {
		t.Fatal("tt=0 stores")
	}
}
