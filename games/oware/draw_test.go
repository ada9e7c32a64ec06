package oware

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

func TestDraw(t *testing.T) {
	legend := []string{
		"",
		"  (pit seeds)  [captured seeds]",
		"  sowing runs counter-clockwise: a1 to f1, then f2 to a2",
	}
	tests := []struct {
		name  string
		rules string
		moves []string // played from the start
		want  []string
	}{
		{
			name: "start",
			want: append([]string{
				"  (a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north",
				"  (a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south",
			}, append(legend, "  moves since the last capture: 0 (the game ends at 100)")...),
		},
		{
			// f1 sows f2, e2, d2 and c2, drawn from the right of North's row; North's
			// a2 then sows a1 to d1.
			name: "after f1 a2", moves: []string{"f1", "a2"},
			want: append([]string{
				"  (a2  0) (b2  4) (c2  5) (d2  5) (e2  5) (f2  5)  [ 0]  north",
				"  (a1  5) (b1  5) (c1  5) (d1  5) (e1  4) (f1  0)  [ 0]  south",
			}, append(legend, "  moves since the last capture: 2 (the game ends at 100)")...),
		},
		{
			// The quiet cap of the rule set is drawn.
			name: "quiet cap", rules: "quiet=50",
			want: append([]string{
				"  (a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north",
				"  (a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south",
			}, append(legend, "  moves since the last capture: 0 (the game ends at 50)")...),
		},
		{
			name: "no quiet cap", rules: "quiet=off",
			want: append([]string{
				"  (a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north",
				"  (a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south",
			}, append(legend, "  moves since the last capture: 0 (no cap)")...),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			mancalatest.CheckDraw(t, g, g.Start(), tt.moves, tt.want)
		})
	}
}

// TestDrawCaptures checks every pit against Pit and the captured seeds against Store
// along games of varied legal moves, in both rule sets.
func TestDrawCaptures(t *testing.T) {
	for _, variant := range []string{"oware", "ayo"} {
		g, err := Parse(variant)
		if err != nil {
			t.Fatal(err)
		}
		s := g.Start()
		var buf game.ActionBuffer
		for ply := 0; ply < 200 && !g.Terminal(&s); ply++ {
			lines := strings.Split(g.drawBoard(&s), "\n")
			for side, line := range [2]string{lines[1], lines[0]} {
				for c := range PitsPerSide {
					if cell := fmt.Sprintf("(%s %2d)", pitName(side, c), s.Pit(side, c)); !strings.Contains(line, cell) {
						t.Fatalf("%s ply %d: %s row %q lacks %s", variant, ply, sideNames[side], line, cell)
					}
				}
				if store := fmt.Sprintf("[%2d]  %s", s.Store(side), sideNames[side]); !strings.HasSuffix(line, store) {
					t.Fatalf("%s ply %d: %s row %q does not end in %q", variant, ply, sideNames[side], line, store)
				}
			}
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[ply%len(legal)])
		}
	}
}
