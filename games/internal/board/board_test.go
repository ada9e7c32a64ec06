package board

import (
	"strings"
	"testing"
)

func TestDraw(t *testing.T) {
	sides := [2]string{"south", "north"}
	tests := []struct {
		name     string
		n, total int
		pits     [2][]int // South's, North's, from a
		stores   [2]int
		want     []string
	}{
		{
			name: "start of 3x3", n: 3, total: 18,
			pits: [2][]int{{3, 3, 3}, {3, 3, 3}},
			want: []string{
				"         (c  3) (b  3) (a  3)         north",
				"  [N  0]                      [S  0]",
				"         (a  3) (b  3) (c  3)         south",
			},
		},
		{
			// North's row is drawn from its last pit; pits facing each other (South's i,
			// North's n-1-i) are one above the other.
			name: "distinct counts", n: 4, total: 32,
			pits: [2][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}, stores: [2]int{2, 2},
			want: []string{
				"         (d  7) (c  6) (b  5) (a  4)         north",
				"  [N  2]                             [S  2]",
				"         (a  0) (b  1) (c  2) (d  3)         south",
			},
		},
		{
			name: "one pit", n: 1, total: 2,
			pits: [2][]int{{1}, {0}}, stores: [2]int{0, 1},
			want: []string{
				"        (a 0)        north",
				"  [N 1]       [S 0]",
				"        (a 1)        south",
			},
		},
		{
			// Three-digit counts widen every pit and both stores.
			name: "three digits", n: 2, total: 120,
			pits: [2][]int{{1, 0}, {0, 1}}, stores: [2]int{100, 18},
			want: []string{
				"          (b   1) (a   0)          north",
				"  [N  18]                 [S 100]",
				"          (a   1) (b   0)          south",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pit := func(p, i int) int { return tt.pits[p][i] }
			store := func(p int) int { return tt.stores[p] }
			want := strings.Join(tt.want, "\n") + "\n"
			if got := Draw(tt.n, tt.total, pit, store, sides); got != want {
				t.Errorf("Draw:\n%s\nwant\n%s", got, want)
			}
		})
	}
}
