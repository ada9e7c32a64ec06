package catalog

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/search"
)

func TestColonyThroughTheRegistry(t *testing.T) {
	g, err := Open("colony")
	if err != nil {
		t.Fatal(err)
	}
	if g.Name() != "colony" || g.StartPosition() != colony.StartPosition || g.Sides() != [2]string{"red", "black"} {
		t.Errorf("name %q, start %q, sides %v", g.Name(), g.StartPosition(), g.Sides())
	}
	// The generic perft over decisions counts what the rules' turn-level perft counts.
	r := colony.Default()
	s := r.Start()
	for depth := 1; depth <= 3; depth++ {
		got, err := g.Perft(context.Background(), colony.StartPosition, depth)
		if err != nil {
			t.Fatal(err)
		}
		if want := r.Perft(&s, depth); got != want {
			t.Errorf("perft(%d) = %d, the rules say %d", depth, got, want)
		}
	}
	// Parameters go to the rule set.
	capped, err := Open("colony:turncap=300")
	if err != nil || capped.Name() != "colony:turncap=300" {
		t.Errorf("colony:turncap=300: %v, %v", capped, err)
	}
}

func TestSolveThroughTheRegistry(t *testing.T) {
	g, _ := Open("colony")
	// Red to move with one log left to select (A3, one egg) and an ant on A2: the egg
	// lands on the ant and is captured, and Black cannot select a log: the game ends
	// with the score the test computes by playing A3.
	pos := "eggs=0.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=30,26 move=red ants=optional turn=40"
	sol, err := g.Solve(context.Background(), pos, solveOptions())
	if err != nil {
		t.Fatal(err)
	}
	if sol.Value != sol.MoverValue || sol.Best != "A3" || len(sol.PV) != 1 {
		t.Errorf("solution %+v", sol)
	}
	r := colony.Default()
	s, _ := r.ParsePosition(pos)
	m, _ := r.ParseMove(&s, "A3")
	r.ApplyMove(&s, m)
	if want := s.Score(colony.Red) - s.Score(colony.Black); sol.Value != want {
		t.Errorf("value %d, the game ends %d-%d", sol.Value, s.Score(colony.Red), s.Score(colony.Black))
	}
	// Black to move: the first player's view is the negation of the mover's.
	black := strings.Replace(pos, "move=red", "move=black", 1)
	black = strings.Replace(black, "red=A2 black=- hand=5,6 store=30,26", "red=- black=A2 hand=6,5 store=26,30", 1)
	sol2, err := g.Solve(context.Background(), black, solveOptions())
	if err != nil {
		t.Fatal(err)
	}
	if sol2.Value != -sol2.MoverValue {
		t.Errorf("black to move: value %d, mover value %d", sol2.Value, sol2.MoverValue)
	}
}

func TestOpenErrors(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"chess", "unknown game"},
		{"colony:turncap=x", "colony:turncap=x"},
	} {
		if _, err := Open(tc.name); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%q): %v, want %q", tc.name, err, tc.want)
		}
	}
	if len(Names()) != len(Describe()) || Names()[0] != "colony" {
		t.Errorf("names %v", Names())
	}
}

func solveOptions() search.SolveOptions { return search.SolveOptions{TableMB: 4} }

// TestKalahSolvedValues pins the exact values of the Kalah boards that solve in about
// a second or less, with the default rules (the seed is captured even when the
// opposite pit is empty). kalah:3x3 (+2) and kalah:4x3 (+8) are the values Irving,
// Donkers and Uiterwijk published ("Solving Kalah", ICGA Journal, 2000); the others
// up to 5x3 agree with games/kalah's own brute-force test solver (KALAH_SOLVE). Larger
// boards are in benchmarks/README.md: 4x5 +2, 5x4 +12, 6x3 +2 and 6x4 +10 (the
// published value), in seconds to minutes.
func TestKalahSolvedValues(t *testing.T) {
	values := map[string]int{
		"1x1": 0, "1x2": -2, "1x3": 6, "1x4": -2, "1x5": 2, "1x6": 0,
		"2x1": 2, "2x2": -2, "2x3": -2, "2x4": -12, "2x5": 6, "2x6": 8,
		"3x1": 0, "3x2": 4, "3x3": 2, "3x4": 2, "3x5": 6, "3x6": -10, "3x7": 10,
		"4x1": 2, "4x2": 6, "4x3": 8, "4x4": 2, "5x1": 0, "5x2": 0, "5x3": 8,
		"6x1": 2, "6x2": 10, "7x1": 0, "7x2": 8, "8x1": 2,
	}
	if testing.Short() {
		for _, big := range []string{"3x7", "4x3", "4x4", "5x2", "5x3", "7x2"} {
			delete(values, big)
		}
	}
	for size, want := range values {
		g, err := Open("kalah:" + size)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := g.Solve(context.Background(), g.StartPosition(), search.SolveOptions{TableMB: 64})
		if err != nil {
			t.Fatalf("kalah:%s: %v", size, err)
		}
		if sol.Value != want || sol.Best == "" {
			t.Errorf("kalah:%s: value %+d (best %q), want %+d", size, sol.Value, sol.Best, want)
		}
	}
}

// TestMovesEnumerateTurns checks the registry's turn enumeration on The Colony
// against the rules' turn generator, and Play against ApplyMove.
func TestMovesEnumerateTurns(t *testing.T) {
	g, _ := Open("colony")
	r := colony.Default()
	s := r.Start()
	var list colony.MoveList
	n, err := r.LegalMoves(&s, list[:])
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range list[:n] {
		want = append(want, m.String())
	}
	slices.Sort(want)
	got, err := g.Moves(colony.StartPosition)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("moves: %d turns (%v), the rules list %d", len(got), err, len(want))
	}
	after, end, err := g.Play(colony.StartPosition, []string{"C1", "A3"})
	m1, _ := r.ParseMove(&s, "C1")
	r.ApplyMove(&s, m1)
	m2, _ := r.ParseMove(&s, "A3")
	r.ApplyMove(&s, m2)
	if err != nil || end != nil || after != s.String() {
		t.Errorf("play: %q, %v, %v; want %q", after, end, err, s.String())
	}
}

// TestPerftDivideAddsUp checks, on every game, that PerftDivide lists the legal turns
// in byte-wise order with counts that add up to Perft's, at the start and in a
// sample position.
func TestPerftDivideAddsUp(t *testing.T) {
	ctx := context.Background()
	for _, name := range Names() {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		depth := 3
		if name == "colony" {
			depth = 2
		}
		for _, pos := range append([]string{g.StartPosition()}, g.SamplePositions(1, 5)...) {
			want, err := g.Perft(ctx, pos, depth)
			if err != nil {
				t.Fatal(err)
			}
			turns, counts, err := g.PerftDivide(ctx, pos, depth)
			if err != nil {
				t.Fatal(err)
			}
			moves, err := g.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			var sum uint64
			for _, n := range counts {
				sum += n
			}
			if sum != want || !slices.Equal(turns, moves) {
				t.Errorf("%s %s: divide %v %v (sum %d), perft %d, moves %v", name, pos, turns, counts, sum, want, moves)
			}
		}
	}
}
