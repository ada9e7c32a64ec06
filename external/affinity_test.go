package external

import (
	"reflect"
	"testing"
)

func TestSplitCPUs(t *testing.T) {
	for _, tc := range []struct {
		cpus []int
		n    int
		want [][]int
	}{
		{[]int{0, 1}, 2, [][]int{{0}, {1}}},
		{[]int{0, 1, 2, 3}, 2, [][]int{{0, 1}, {2, 3}}},
		{[]int{0, 1, 2, 3, 4}, 2, [][]int{{0, 1}, {2, 3}}},
		{[]int{2, 5, 7}, 1, [][]int{{2, 5, 7}}},
		{[]int{0, 1}, 3, [][]int{{0}, {1}, {0}}},
		{[]int{3}, 2, [][]int{{3}, {3}}},
		{nil, 2, nil},
		{[]int{0}, 0, nil},
	} {
		if got := splitCPUs(tc.cpus, tc.n); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitCPUs(%v, %d) = %v, want %v", tc.cpus, tc.n, got, tc.want)
		}
	}
}
