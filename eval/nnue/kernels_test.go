package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomQuantised returns a quantised network of the given sizes with random
// integer weights over their whole ranges (not made by Quantise, so that the
// kernels see every value they may meet).
func randomQuantised(rng *rand.Rand, hidden, l2, l3 int) *Quantised {
	q := &Quantised{Header: Header{Inputs: 16, Hidden: hidden, L2: l2, L3: l3},
		words: hidden / lanes, pairs2: (l2 + 1) / 2, pairs3: (l3 + 1) / 2}
	q.w1 = make([]uint64, q.Inputs*q.words)
	for i := range q.w1 {
		q.w1[i] = rng.Uint64()
	}
	q.b1 = make([]uint64, q.words)
	// dense packs weights of outs outputs (the others zero: denseBias) biased to 1
	// to 2^16-1.
	dense := func(ins, outs, pairs int) []uint64 {
		w := make([]uint64, ins*pairs)
		for j := range ins {
			for k := range 2 * pairs {
				v := uint64(denseBias)
				if k < outs {
					v = 1 + rng.Uint64N(1<<16-1)
				}
				w[j*pairs+k/2] |= v << (32 * (k % 2))
			}
		}
		return w
	}
	q.w2 = dense(2*hidden, l2, q.pairs2)
	q.w3 = dense(l2, l3, q.pairs3)
	bias := func(n int) []int64 {
		b := make([]int64, n)
		for i := range b {
			b[i] = rng.Int64N(1<<24) - 1<<23
		}
		return b
	}
	q.b2, q.b3, q.w4 = bias(l2), bias(l3), make([]int64, l3)
	for i := range q.w4 {
		q.w4[i] = rng.Int64N(1<<16) - 1<<15
	}
	q.b4 = rng.Int64N(1<<24) - 1<<23
	q.valueOf = 0.01
	q.initSIMD()
	return q
}

// randomAccumulator returns words of int16 lanes, mostly near the activations'
// range 0 to 255 and sometimes anywhere.
func randomAccumulator(rng *rand.Rand, words int) []uint64 {
	acc := make([]uint64, words)
	for i := range acc {
		for l := range lanes {
			v := int16(rng.IntN(400) - 100)
			if rng.IntN(8) == 0 {
				v = int16(rng.Uint32())
			}
			acc[i] |= uint64(uint16(v)) << (16 * l)
		}
	}
	return acc
}

// TestForwardKernels compares forward (the vector kernels where the platform has
// them) with forwardGo on random networks of many sizes, bit for bit, some with the
// dense layers' activations or the output's sum computed as where their sums could
// leave 32 bits.
func TestForwardKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for hidden := 4; hidden <= 128; hidden += 4 {
		for range 6 {
			l2, l3 := 1+rng.IntN(40), 1+rng.IntN(20)
			if rng.IntN(4) == 0 {
				l2 = 1 + rng.IntN(257)
			}
			q := randomQuantised(rng, hidden, l2, l3)
			switch rng.IntN(4) {
			case 0:
				unfit(q) // the dense layers' activations in Go
			case 1:
				unfitOutput(q) // the output layer's sum in Go
			}
			scratch := make([]uint64, q.scratchSize())
			for range 20 {
				m, o := randomAccumulator(rng, q.words), randomAccumulator(rng, q.words)
				got := q.forward(m, o, scratch)
				want := q.forwardGo(m, o, make([]uint64, q.scratchSize()))
				if got != want {
					t.Fatalf("hidden %d, L2 %d, L3 %d: forward = %d, forwardGo = %d", hidden, l2, l3, got, want)
				}
			}
		}
	}
}

// TestColumnKernels compares columns with columnsGo for every accumulator width
// and lists of columns of 0 to 40 inputs.
func TestColumnKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for hidden := 4; hidden <= MaxHidden; hidden += 4 {
		q := randomQuantised(rng, hidden, 1, 1)
		for range 4 {
			acc := randomAccumulator(rng, q.words)
			want := slices.Clone(acc)
			list := func() []uint16 {
				l := make([]uint16, rng.IntN(41))
				for i := range l {
					l[i] = uint16(rng.IntN(q.Inputs))
				}
				return l
			}
			adds, subs := list(), list()
			acc1 := randomAccumulator(rng, q.words)
			want1 := slices.Clone(acc1)
			adds2, subs2 := [2][]uint16{adds, list()}, [2][]uint16{subs, list()}
			both := slices.Clone(acc)
			q.columns(acc, adds, subs)
			q.columnsGo(want, adds, subs)
			if !slices.Equal(acc, want) {
				t.Fatalf("hidden %d: the kernels' accumulator differs from the reference", hidden)
			}
			q.columns2(both, acc1, &adds2, &subs2)
			q.columnsGo(want1, adds2[1], subs2[1])
			if !slices.Equal(both, want) || !slices.Equal(acc1, want1) {
				t.Fatalf("hidden %d: the two accumulators' kernel differs from the reference", hidden)
			}
		}
	}
}

// TestColumnsChecked checks that columns refuses an input beyond the network's.
func TestColumnsChecked(t *testing.T) {
	q := randomQuantised(rand.New(rand.NewPCG(1, 1)), 32, 1, 1)
	defer func() {
		if recover() == nil {
			t.Error("no panic on an input beyond the network's")
		}
	}()
	q.columns(make([]uint64, q.words), []uint16{1}, []uint16{uint16(q.Inputs)})
}

// TestColumns2Checked checks that columns2 refuses an input beyond the network's in
// any of its four lists.
func TestColumns2Checked(t *testing.T) {
	q := randomQuantised(rand.New(rand.NewPCG(1, 1)), 32, 1, 1)
	for bad := range 4 {
		lists := [4][]uint16{{1, 2}, {3}, {4, 5}, {6}}
		lists[bad] = append(lists[bad], uint16(q.Inputs+bad))
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("list %d: no panic on an input beyond the network's", bad)
				}
			}()
			q.columns2(make([]uint64, q.words), make([]uint64, q.words), &[2][]uint16{lists[0], lists[2]}, &[2][]uint16{lists[1], lists[3]})
		}()
	}
}

// TestForwardFused compares forward with forwardGo, bit for bit, on random networks
// of the shapes the one-call forward kernel takes (Hidden a multiple of 16, L2 and L3
// of 9 to 16 units), and with the separate kernels' forward on the same networks;
// where the platform has the kernel, most of the networks must run it.
func TestForwardFused(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	ran := 0
	for hidden := 16; hidden <= 128; hidden += 16 {
		for l2 := 9; l2 <= 16; l2++ {
			for range 3 {
				l3 := 9 + rng.IntN(8)
				q := randomQuantised(rng, hidden, l2, l3)
				if fused(q) {
					ran++
				}
				sep := randomQuantised(rand.New(rand.NewPCG(0, 0)), 4, 1, 1)
				*sep = *q
				unfuse(sep)
				scratch := make([]uint64, q.scratchSize())
				for range 20 {
					m, o := randomAccumulator(rng, q.words), randomAccumulator(rng, q.words)
					got := q.forward(m, o, scratch)
					if want := q.forwardGo(m, o, make([]uint64, q.scratchSize())); got != want {
						t.Fatalf("hidden %d, L2 %d, L3 %d: forward = %d, forwardGo = %d", hidden, l2, l3, got, want)
					}
					if want := sep.forward(m, o, make([]uint64, q.scratchSize())); got != want {
						t.Fatalf("hidden %d, L2 %d, L3 %d: forward = %d, the separate kernels' = %d", hidden, l2, l3, got, want)
					}
				}
			}
		}
	}
	if useAVX2 && ran < 100 {
		t.Errorf("the one-call kernel ran on %d networks of 192", ran)
	}
}

// TestColumns2Lengths compares columns2 with columnsGo for every combination of
// the four lists' lengths from 0 to 5, for accumulators whose kernel walks the lists
// together (Hidden a multiple of 32) and others.
func TestColumns2Lengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, hidden := range []int{4, 32, 36, 64, 96} {
		q := randomQuantised(rng, hidden, 1, 1)
		list := func(n int) []uint16 {
			l := make([]uint16, n)
			for i := range l {
				l[i] = uint16(rng.IntN(q.Inputs))
			}
			return l
		}
		for c := range 6 * 6 * 6 * 6 {
			adds := [2][]uint16{list(c % 6), list(c / 6 % 6)}
			subs := [2][]uint16{list(c / 36 % 6), list(c / 216)}
			acc0, acc1 := randomAccumulator(rng, q.words), randomAccumulator(rng, q.words)
			want0, want1 := slices.Clone(acc0), slices.Clone(acc1)
			q.columns2(acc0, acc1, &adds, &subs)
			q.columnsGo(want0, adds[0], subs[0])
			q.columnsGo(want1, adds[1], subs[1])
			if !slices.Equal(acc0, want0) || !slices.Equal(acc1, want1) {
				t.Fatalf("hidden %d, lists %v %v: the accumulators differ from the reference", hidden, adds, subs)
			}
		}
	}
}
