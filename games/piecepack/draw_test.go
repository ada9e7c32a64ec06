package piecepack

import (
	"testing"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

func TestDraw(t *testing.T) {
	board := []string{
		"         (f  4) (e  4) (d  4) (c  4) (b  4) (a  4)         north",
		"  [N  0]                                           [S  0]",
		"         (a  4) (b  4) (c  4) (d  4) (e  4) (f  4)         south",
		"",
		"  (tile coins)  [N coins] north's mancala  [S coins] south's mancala",
	}
	tests := []struct {
		name, variant, params string
		moves                 []string // played from the start
		want                  []string
	}{
		{
			name: "egyptian start", variant: "egyptian",
			want: append(board, "  sowing runs counter-clockwise, through the mover's mancala only"),
		},
		{
			name: "ethiopian start", variant: "ethiopian",
			want: append(board,
				"  sowing runs either way (c counter-clockwise, c< clockwise), through the mover's mancala only",
				"  moves played: 0 (the game ends at 200)"),
		},
		{
			name: "nigerian start", variant: "nigerian",
			want: append(board, "  sowing runs counter-clockwise, through both mancalas"),
		},
		{
			// c sows d, e, f and south's mancala: an extra turn. b then sows c
			// (emptied), d, e and f.
			name: "egyptian after c b", variant: "egyptian", moves: []string{"c", "b"},
			want: []string{
				"         (f  4) (e  4) (d  4) (c  4) (b  4) (a  4)         north",
				"  [N  0]                                           [S  1]",
				"         (a  4) (b  0) (c  1) (d  6) (e  6) (f  6)         south",
				"",
				"  (tile coins)  [N coins] north's mancala  [S coins] south's mancala",
				"  sowing runs counter-clockwise, through the mover's mancala only",
			},
		},
		{
			// a sows b, c, south's mancala and north's a.
			name: "small board with a cap", variant: "egyptian", params: "3x4,cap=50", moves: []string{"a"},
			want: []string{
				"         (c  4) (b  4) (a  5)         north",
				"  [N  0]                      [S  1]",
				"         (a  0) (b  5) (c  5)         south",
				"",
				"  (tile coins)  [N coins] north's mancala  [S coins] south's mancala",
				"  sowing runs counter-clockwise, through the mover's mancala only",
				"  moves played: 1 (the game ends at 50)",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.variant, tt.params)
			if err != nil {
				t.Fatal(err)
			}
			mancalatest.CheckDraw(t, g, g.Start(), tt.moves, tt.want)
		})
	}
}
