//go:build amd64 && !purego

package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
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
			d := newSimdDense(packed, ins, pairs, nil)
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

// TestActivateAVX2 compares activateAVX2 with the activation of forwardGo, in 64-bit
// arithmetic, on random sums and biases whose totals stay inside 32 bits (what
// simdDense.fits guarantees), for 0 to 40 blocks of 8 outputs.
func TestActivateAVX2(t *testing.T) {
	needAVX2(t)
	rng := rand.New(rand.NewPCG(11, 12))
	for blocks := range 41 {
		n := 8 * blocks
		for range 20 {
			sums, bias, out := make([]int32, n), make([]int32, n), make([]int16, n+4)
			for k := range n {
				b := rng.Int32N(1<<24) - 1<<23
				lim := int64(math.MaxInt32) - denseHalf - int64(max(b, -b))
				s := rng.Int64N(2*lim+1) - lim
				if rng.IntN(2) == 0 {
					s = rng.Int64N(1<<19) - 1<<18 // near the range 0 to 255 after the shift
				}
				sums[k], bias[k] = int32(s), b
			}
			for k := range out {
				out[k] = -7
			}
			activateAVX2(sums, bias, out[:n])
			for k := range out {
				want := int16(-7)
				if k < n {
					z := int64(sums[k]) + int64(bias[k])
					want = int16(min(max((z+denseHalf)>>denseShift, 0), actOne))
				}
				if out[k] != want {
					t.Fatalf("%d outputs: output %d of sum %d and bias %d = %d, want %d", n, k, sums[k], bias[k], out[k], want)
				}
			}
		}
	}
}

// unfit makes q's forward compute the dense layers' activations in Go, as for a
// network whose sums could leave 32 bits.
func unfit(q *Quantised) {
	q.simd.l2.fits, q.simd.l3.fits, q.simd.outFits, q.simd.fused = false, false, false, nil
}

// unfitOutput makes q's forward compute the output layer's sum in Go, as for a
// network whose output sum could leave 32 bits.
func unfitOutput(q *Quantised) { q.simd.outFits, q.simd.fused = false, nil }

// unfuse makes q's forward take the separate kernels (forwardAVX2) even where the
// network fits forwardFusedAVX2.
func unfuse(q *Quantised) { q.simd.fused = nil }

// fused reports whether q's forward runs forwardFusedAVX2.
func fused(q *Quantised) bool { return q.simd.fused != nil }

// TestFusedLayout checks the offsets of fusedNet's fields that forwardFusedAVX2 reads.
func TestFusedLayout(t *testing.T) {
	var f fusedNet
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"b2", unsafe.Offsetof(f.b2), 0},
		{"w3", unsafe.Offsetof(f.w3), 64},
		{"b3", unsafe.Offsetof(f.b3), 576},
		{"w4", unsafe.Offsetof(f.w4), 640},
		{"w2", unsafe.Offsetof(f.w2), 704},
	} {
		if c.got != c.want {
			t.Errorf("fusedNet.%s at offset %d, the kernel reads it at %d", c.name, c.got, c.want)
		}
	}
}
