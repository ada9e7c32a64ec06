//go:build amd64 && !purego

package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func needAVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2")
	}
}

// TestClampAVX2 compares clampWordsAVX2 with clampLanes on random words, for lengths 0 to 300 words (all
// the tails), with the destination longer than the source.
func TestClampAVX2(t *testing.T) {
	needAVX2(t)
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n <= 300; n++ {
		for range 5 {
			acc, col := make([]uint64, n+3), make([]uint64, n)
			for i := range acc {
				acc[i] = rng.Uint64()
			}
			for i := range col {
				col[i] = rng.Uint64()
			}
			clamped := slices.Clone(acc)
			clampWordsAVX2(col, clamped)
			for i := range acc {
				want := acc[i]
				if i < n {
					want = clampLanes(col[i])
				}
				if clamped[i] != want {
					t.Fatalf("%d words, word %d: clamp %#x, want %#x", n, i, clamped[i], want)
				}
			}
		}
	}
}

// TestDenseMaddAVX2 compares denseMaddAVX2 with the sums it stands for, and with
// denseSums on the packed form of the same weights, for many layer sizes.
func TestDenseMaddAVX2(t *testing.T) {
	needAVX2(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for ins := 1; ins <= maxDenseInputs; ins += 1 + ins/16 {
		for outs := 1; outs <= 40; outs++ {
			pairs := (outs + 1) / 2
			packed := make([]uint64, ins*pairs)
			for j := range ins {
				for k := range 2 * pairs {
					v := uint64(denseBias)
					if k < outs {
						v = 1 + rng.Uint64N(1<<16-1)
					}
					packed[j*pairs+k/2] |= v << (32 * (k % 2))
				}
			}
			d := newSimdDense(packed, ins, pairs)
			a, a64 := make([]int16, (ins+1)&^1), make([]uint64, ins)
			var total uint64
			for j := range ins {
				a[j] = int16(rng.IntN(actOne + 1))
				if rng.IntN(3) == 0 {
					a[j] = actOne * int16(rng.IntN(2))
				}
				a64[j] = uint64(a[j])
				total += a64[j]
			}
			got := make([]int32, d.outs)
			denseMaddAVX2(a, d.w, got)
			sums := make([]uint64, pairs)
			denseSums(a64, packed, pairs, sums)
			for k := range d.outs {
				want := int64(0)
				if k < 2*pairs {
					want = int64(sums[k/2]>>(32*(k%2))&0xffff_ffff) - int64(total)*denseBias
				}
				if int64(got[k]) != want {
					t.Fatalf("%d inputs, %d outputs: output %d = %d, want %d", ins, outs, k, got[k], want)
				}
			}
		}
	}
}
