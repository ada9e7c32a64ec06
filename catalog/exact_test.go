package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/search"
)

// TestExactSolver checks the exact solver of many positions: for Kalah, with its
// endgame database (built once, at the first position, and kept), the values the
// plain solver gives; without one, too; and a bound of nodes too small for a
// position is an error wrapping search.ErrNodeLimit.
func TestExactSolver(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game      string
		endgames  int
		positions []string
	}{
		{"kalah", 8, []string{
			"pits=0.0.1.0.2.1/1.0.0.2.0.1 stores=20,20 move=south",
			"pits=1.2.0.0.3.1/0.1.2.0.0.4 stores=14,20 move=north",
			"pits=0.0.0.0.0.3/2.2.2.2.2.2 stores=16,17 move=south",
		}},
		{"kalah:4x3", 0, []string{"pits=3.3.3.3/3.3.3.3 stores=0,0 move=south", "pits=0.1.0.2/3.0.0.1 stores=9,8 move=north"}},
	} {
		t.Run(fmt.Sprintf("%s endgames=%d", tc.game, tc.endgames), func(t *testing.T) {
			g, err := Open(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := NewExact(g, tc.endgames)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Endgames != tc.endgames {
				t.Errorf("the solver's database holds %d pieces, want %d", ex.Endgames, tc.endgames)
			}
			source := ""
			for _, pos := range tc.positions {
				got, err := ex.Solve(ctx, pos, search.SolveOptions{TableMB: 4, MaxNodes: 1_000_000})
				if err != nil {
					t.Fatalf("%s: %v", pos, err)
				}
				want, err := g.Solve(ctx, pos, search.SolveOptions{TableMB: 4})
				if err != nil {
					t.Fatal(err)
				}
				if got.Value != want.Value || got.MoverValue != want.MoverValue {
					t.Errorf("%s: value %d (mover %d), the plain solver's %d (%d)", pos, got.Value, got.MoverValue, want.Value, want.MoverValue)
				}
				if tc.endgames > 0 {
					if got.Endgames == "" || (source != "" && got.Endgames != source) {
						t.Errorf("%s: the database %q, the first position's %q: want one, built once", pos, got.Endgames, source)
					}
					source = got.Endgames
				}
			}
		})
	}
	g, _ := Open("kalah")
	ex, _ := NewExact(g, 0)
	_, err := ex.Solve(ctx, g.StartPosition(), search.SolveOptions{TableMB: 4, MaxNodes: 1000})
	if !errors.Is(err, search.ErrNodeLimit) || !strings.Contains(err.Error(), "node limit") {
		t.Errorf("the start of Kalah within 1000 nodes: %v, want the node limit's error", err)
	}
}
