package inputs

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{0, 0}, {1, 1}, {11, 11}, {12, 12}, {14, 12}, {15, 13}, {19, 13}, {20, 14},
		{29, 14}, {30, 15}, {49, 15}, {50, 16}, {99, 16}, {100, 17}, {255, 17},
	} {
		if got := Count(tc.n); got != tc.want {
			t.Errorf("Count(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct{ most, want int }{{1, 2}, {11, 12}, {12, 13}, {48, 16}, {72, 17}, {255, 18}} {
		if got := CountBuckets(tc.most); got != tc.want {
			t.Errorf("CountBuckets(%d) = %d, want %d", tc.most, got, tc.want)
		}
	}
	prev := 0
	for n := 1; n <= MaxCount; n++ {
		if b := Count(n); b != prev && b != prev+1 {
			t.Fatalf("Count(%d) = %d after %d", n, b, prev)
		} else {
			prev = b
		}
	}
}

func TestTurnsLeft(t *testing.T) {
	for _, tc := range []struct{ left, want int }{
		{0, 0}, {1, 0}, {5, 4}, {6, 5}, {8, 5}, {9, 6}, {12, 6}, {13, 7}, {20, 7}, {21, 8}, {40, 8}, {41, 9}, {1000, 9},
	} {
		if got := TurnsLeft(tc.left); got != tc.want {
			t.Errorf("TurnsLeft(%d) = %d, want %d", tc.left, got, tc.want)
		}
	}
}
