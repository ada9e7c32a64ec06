package kalah

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/search"
)

// solver is a small exact solver for the tests: plain negamax over every move (no
// pruning) with a map as transposition table. The value of a position is the mover's
// seeds still to come into its store minus the opponent's, with best play by both: it
// depends only on the pits and the player to move (never on the stores), so the table
// is keyed by those, packed into 64 bits. The game value of the start is then South's
// final store minus North's. Kalah cannot repeat a position (see RULES.md), so the
// recursion ends.
type solver struct {
	g     *Game
	width uint // bits a pit in the key
	memo  map[uint64]int16
}

func newSolver(g *Game) *solver {
	width := uint(bits.Len(uint(2 * g.m * g.n)))
	if width*uint(2*g.m)+1 > 64 {
		panic(fmt.Sprintf("solver: %s does not fit the 64-bit key", g.Name()))
	}
	return &solver{g: g, width: width, memo: map[uint64]int16{}}
}

func (sv *solver) key(s *State) uint64 {
	k := uint64(s.ToMove())
	for p := 0; p < 2; p++ {
		for i := 0; i < sv.g.m; i++ {
			k = k<<sv.width | uint64(s.Pit(p, i))
		}
	}
	return k
}

// value returns the value of s from its mover's view.
func (sv *solver) value(s State) int {
	if s.Over() {
		return 0
	}
	k := sv.key(&s)
	if v, ok := sv.memo[k]; ok {
		return int(v)
	}
	g := sv.g
	mv := s.ToMove()
	best := -1 << 20
	var buf game.ActionBuffer
	for _, a := range g.LegalActions(&s, &buf) {
		c := s
		g.Apply(&c, a)
		v := sv.value(c)
		if c.ToMove() != mv {
			v = -v
		}
		v += c.Store(mv) - s.Store(mv) - (c.Store(1-mv) - s.Store(1-mv))
		best = max(best, v)
	}
	sv.memo[k] = int16(best)
	return best
}

// solveStart returns South's final margin with best play from the start of g, and the
// number of positions solved.
func solveStart(t testing.TB, params string) (int, int) {
	g, err := New(params)
	if err != nil {
		t.Fatal(err)
	}
	sv := newSolver(g)
	return sv.value(g.Start()), len(sv.memo)
}

// Game values (South's final store minus North's, best play, South moving first) found
// by the solver, with the default end rule (end=either). The published values of
// Irving, Donkers and Uiterwijk (2000), kalah:3x3 a win by 2 and kalah:4x3 a win by 8
// for the first player, are reproduced under capture=empty (the default) and not under
// capture=nonempty (see RULES.md).
var solvedValues = []struct {
	params     string
	empty      int // capture=empty
	nonempty   int // capture=nonempty
	emptyMover int // capture=empty,end=mover
}{
	{"1x1", 0, 0, 0},
	{"1x2", -2, -2, -2},
	{"1x3", 6, 6, 6},
	{"2x1", 2, 2, 2},
	{"2x2", -2, -2, 0},
	{"2x3", -2, -2, -2},
	{"3x1", 0, 0, 0},
	{"3x2", 4, 4, 4},
	{"3x3", 2, 2, 4},
	{"4x1", 2, 2, 2},
	{"4x2", 6, 6, 6},
	{"4x3", 8, 6, 8},
}

func TestSolvedValues(t *testing.T) {
	for _, c := range solvedValues {
		if (testing.Short() || !longTests) && c.params == "4x3" { // seconds: the build tag long
			continue
		}
		for _, v := range []struct {
			opts string
			want int
		}{{"", c.empty}, {",capture=nonempty", c.nonempty}, {",end=mover", c.emptyMover}} {
			got, n := solveStart(t, c.params+v.opts)
			t.Logf("kalah:%s%s: %+d (%d positions)", c.params, v.opts, got, n)
			if got != v.want {
				t.Errorf("kalah:%s%s: value %+d, want %+d", c.params, v.opts, got, v.want)
			}
		}
	}
}

// TestSolveTable prints the values of the boards listed in KALAH_SOLVE (for example
// KALAH_SOLVE=1x4,2x4,4x4) under the three rule sets; it is skipped without it (larger
// boards take minutes and gigabytes).
func TestSolveTable(t *testing.T) {
	list := os.Getenv("KALAH_SOLVE")
	if list == "" {
		t.Skip("set KALAH_SOLVE to a list of sizes")
	}
	for _, p := range strings.Split(list, ",") {
		for _, o := range []string{"", ",capture=nonempty", ",end=mover"} {
			v, n := solveStart(t, p+o)
			t.Logf("kalah:%s%s: %+d (%d positions)", p, o, v, n)
		}
	}
}

// TestAlphaBetaSolves checks the search package's alpha-beta, which uses Hash and
// Result, against the solver: searched deep enough it proves the same game values.
func TestAlphaBetaSolves(t *testing.T) {
	for _, params := range []string{"2x2", "3x2", "3x3", "2x3,capture=nonempty", "3x3,end=mover"} {
		g, err := New(params)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := solveStart(t, params)
		p, err := search.New[State](g, StoreDiff{}, "ab:depth=64", search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := g.Start()
		d, err := p.Play(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		var got int
		switch {
		case d.Score >= search.WinScore:
			got = d.Score - search.WinScore
		case d.Score <= -search.WinScore:
			got = d.Score + search.WinScore
		case d.Score == 0:
			got = 0
		default:
			t.Fatalf("%s: alpha-beta did not solve the start: score %d at depth %d", params, d.Score, d.Depth)
		}
		if got != want {
			t.Errorf("%s: alpha-beta proves %+d, the solver %+d", params, got, want)
		}
	}
}

// TestSearchSolveAgreesWithReference checks search.Solve (the store-free keys, the
// bounds on the seeds still to win, the heuristic first guess) against the reference
// solver above on positions of random games, under each rule option, with and without
// the heuristic guess and with a table small enough to overwrite entries.
func TestSearchSolveAgreesWithReference(t *testing.T) {
	for _, params := range []string{"3x3", "4x2", "3x3,capture=nonempty", "3x3,end=mover", "3x4"} {
		g, err := New(params)
		if err != nil {
			t.Fatal(err)
		}
		ref := newSolver(g)
		rng := rand.New(rand.NewPCG(7, uint64(len(params))))
		checked := 0
		for gameNo := 0; gameNo < 6; gameNo++ {
			s := g.Start()
			var buf game.ActionBuffer
			for ply := 0; !s.Over(); ply++ {
				if ply%3 == 0 {
					mv := s.ToMove()
					want := ref.value(s) + s.Store(mv) - s.Store(1-mv)
					for _, opts := range []search.SolveOptions{{TableMB: 1, GuessNodes: 2000}, {TableMB: 1, GuessNodes: -1}, {TableMB: 1, GuessNodes: 50},
						{TableMB: 1, Endgames: 7}} {
						res, err := search.Solve(context.Background(), game.Rules[State](g), &s, opts)
						if err != nil {
							t.Fatalf("kalah:%s %s: %v", params, g.FormatPosition(&s), err)
						}
						if res.Value != want {
							t.Fatalf("kalah:%s %s (%+v): value %+d, want %+d", params, g.FormatPosition(&s), opts, res.Value, want)
						}
						// The line of best play reaches the value.
						c := s
						for _, a := range res.PV {
							g.Apply(&c, a)
						}
						if !c.Over() || c.Store(mv)-c.Store(1-mv) != want {
							t.Fatalf("kalah:%s %s: the best line ends at %s, not at %+d", params, g.FormatPosition(&s), g.FormatPosition(&c), want)
						}
					}
					checked++
				}
				legal := g.LegalActions(&s, &buf)
				g.Apply(&s, legal[rng.IntN(len(legal))])
			}
		}
		t.Logf("kalah:%s: %d positions", params, checked)
	}
}
