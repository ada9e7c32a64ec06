package search

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/colony"
)

// marginOf turns an exact Outcome (WinScore plus the margin) into the margin.
func marginOf(v int) int {
	switch {
	case v >= WinScore:
		return v - WinScore
	case v <= -WinScore:
		return v + WinScore
	}
	return v
}

// TestSolveAgreesWithBruteForce checks the MTD(f) solver on short Colony endgames
// against the brute-force solver, and that its principal variation reaches the end of
// the game with the value it claims.
func TestSolveAgreesWithBruteForce(t *testing.T) {
	for i, e := range shortEndgames(t, 60, 2) {
		res, err := Solve(context.Background(), game.Rules[colony.State](e.g), &e.s, SolveOptions{TableMB: 4})
		if err != nil {
			t.Fatalf("endgame %d: %v", i, err)
		}
		if want := marginOf(e.value); res.Value != want {
			t.Fatalf("endgame %d (%v): value %d, brute force %d", i, e.s, res.Value, want)
		}
		s, mover := e.s, e.g.ToMove(&e.s)
		for _, a := range res.PV {
			if !e.g.Rules.IsLegal(&s, colony.Action(a)) {
				t.Fatalf("endgame %d: PV %v has an illegal decision", i, res.PV)
			}
			e.g.Apply(&s, a)
		}
		if !e.g.Terminal(&s) || terminalValue(game.Rules[colony.State](e.g), &s, mover) != res.Value {
			t.Fatalf("endgame %d: PV %v ends at %v, not at the value %d", i, res.PV, s, res.Value)
		}
	}
}

func TestSolveNim(t *testing.T) {
	// Nim with piles of 1 to 12 taken 1 to 3 at a time: the mover loses exactly when the
	// pile is a multiple of 4 (see nim_test.go), by a margin of 1.
	for pile := 1; pile <= 12; pile++ {
		s := nimState{pile: pile}
		res, err := Solve(context.Background(), game.Rules[nimState](nim{}), &s, SolveOptions{TableMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		if pile%4 == 0 {
			want = -1
		}
		if res.Value != want {
			t.Errorf("pile %d: value %d, want %d", pile, res.Value, want)
		}
	}
}

func TestSolveStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	s := colonyGame.Rules.Start()
	start := time.Now()
	_, err := Solve(ctx, game.Rules[colony.State](colonyGame), &s, SolveOptions{TableMB: 4})
	if err == nil {
		t.Fatal("the start position was solved in 50 ms")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
}

func TestBoundsText(t *testing.T) {
	const inf = math.MaxInt16 - 1
	for _, tc := range []struct {
		lower, upper int
		want         string
	}{
		{-inf, inf, "not bounded yet"},
		{-3, inf, "at least -3"},
		{-inf, 5, "at most +5"},
		{-3, 5, "in [-3, +5]"},
		{0, 0, "in [0, 0]"},
	} {
		if got := boundsText(tc.lower, tc.upper); got != tc.want {
			t.Errorf("boundsText(%d, %d) = %q, want %q", tc.lower, tc.upper, got, tc.want)
		}
	}
}

// TestSolveNodeLimit checks SolveOptions.MaxNodes: the start position of The Colony
// is not solved in 5,000 nodes, and the solver stops at the bound (one node past
// it) with ErrNodeLimit, the same way every time; a Nim pile that needs fewer nodes
// is solved as without the bound.
func TestSolveNodeLimit(t *testing.T) {
	s := colonyGame.Rules.Start()
	for range 2 {
		res, err := Solve(context.Background(), game.Rules[colony.State](colonyGame), &s, SolveOptions{TableMB: 1, GuessNodes: -1, MaxNodes: 5000})
		if !errors.Is(err, ErrNodeLimit) {
			t.Fatalf("error %v, want ErrNodeLimit", err)
		}
		if res.Nodes != 5001 {
			t.Errorf("stopped after %d nodes, want 5001", res.Nodes)
		}
	}
	n := nimState{pile: 9}
	res, err := Solve(context.Background(), game.Rules[nimState](nim{}), &n, SolveOptions{TableMB: 1, MaxNodes: 1000})
	if err != nil || res.Value != 1 {
		t.Errorf("nim 9 with a bound of 1000 nodes: value %d, error %v; want 1, nil", res.Value, err)
	}
}
