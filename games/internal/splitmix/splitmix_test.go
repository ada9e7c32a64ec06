package splitmix

import "testing"

func TestSplitMix(t *testing.T) {
	// The first outputs of SplitMix64 seeded with 0, as in the reference
	// implementation (Vigna, splitmix64.c): next() adds Gamma, then mixes.
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	x := uint64(0)
	for i, w := range want {
		x += Gamma
		if got := Mix(x); got != w {
			t.Errorf("output %d: %#x, want %#x", i, got, w)
		}
	}
}

func TestUniform(t *testing.T) {
	tests := []struct {
		x    uint64
		n    int
		want int
	}{
		{0, 6, 0},
		{^uint64(0), 6, 5},
		{1 << 63, 6, 3},
		{1 << 63, 1, 0},
		{0xffffffff, 6, 0}, // the low 32 bits do not count
	}
	for _, tc := range tests {
		if got := Uniform(tc.x, tc.n); got != tc.want {
			t.Errorf("Uniform(%#x, %d) = %d, want %d", tc.x, tc.n, got, tc.want)
		}
	}
}
