package kalah

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

func TestDraw(t *testing.T) {
	tests := []struct {
		name, rules string
		moves       []string // played from the start, when position is empty
		position    string
		want        []string
	}{
		{
			name: "start", rules: "",
			want: []string{
				"         (f  4) (e  4) (d  4) (c  4) (b  4) (a  4)         north",
				"  [N  0]                                           [S  0]",
				"         (a  4) (b  4) (c  4) (d  4) (e  4) (f  4)         south",
				"",
				"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
				"  sowing runs counter-clockwise, through the mover's store only",
			},
		},
		{
			// c ends in South's store (an extra turn); d then sows e, f, the store and
			// North's a and b, which are drawn on the right of North's row.
			name: "after c d", rules: "", moves: []string{"c", "d"},
			want: []string{
				"         (f  4) (e  4) (d  4) (c  4) (b  5) (a  5)         north",
				"  [N  0]                                           [S  2]",
				"         (a  4) (b  4) (c  0) (d  0) (e  6) (f  6)         south",
				"",
				"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
				"  sowing runs counter-clockwise, through the mover's store only",
			},
		},
		{
			name: "small board", rules: "3x3",
			want: []string{
				"         (c  3) (b  3) (a  3)         north",
				"  [N  0]                      [S  0]",
				"         (a  3) (b  3) (c  3)         south",
				"",
				"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
				"  sowing runs counter-clockwise, through the mover's store only",
			},
		},
		{
			// 2*M*N = 120 seeds: counts take three digits.
			name: "three-digit counts", rules: "2x30",
			position: "pits=1.0/0.1 stores=100,18 move=north",
			want: []string{
				"          (b   1) (a   0)          north",
				"  [N  18]                 [S 100]",
				"          (a   1) (b   0)          south",
				"",
				"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
				"  sowing runs counter-clockwise, through the mover's store only",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			s := g.Start()
			if tt.position != "" {
				if s, err = g.ParsePosition(tt.position); err != nil {
					t.Fatal(err)
				}
			}
			mancalatest.CheckDraw(t, g, s, tt.moves, tt.want)
		})
	}
}

// TestDrawNamesFacingPits checks the geometry on every board width: each pit is drawn
// under the pit it faces (South's i under North's M-1-i), with names in the move
// notation.
func TestDrawNamesFacingPits(t *testing.T) {
	for m := 1; m <= MaxPits; m++ {
		g, err := New(fmt.Sprintf("%dx1", m))
		if err != nil {
			t.Fatal(err)
		}
		s := g.Start()
		lines := strings.Split(g.drawBoard(&s), "\n")
		for i := range m {
			south := strings.Index(lines[2], "("+string(rune('a'+i))+" ")
			north := strings.Index(lines[0], "("+string(rune('a'+m-1-i))+" ")
			if south < 0 || south != north {
				t.Errorf("%s: south's pit %c at column %d, north's %c at %d", g.Name(), 'a'+i, south, 'a'+m-1-i, north)
			}
		}
	}
}
