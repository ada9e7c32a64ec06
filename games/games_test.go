package games

import (
	"context"
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
