//go:build amd64 && !purego

package nnue

import (
	"fmt"
	"math"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useAVX2 selects the AVX2 kernels of this file; without it (or with the purego
// build tag, or on other architectures) the pure-Go code, which is their reference,
// runs.
var useAVX2 = cpu.X86.HasAVX2

// columnsAVX2 adds the columns of the inputs adds to acc and subtracts those of
// subs: the column of input f is w1[f*len(acc) : (f+1)*len(acc)], and every f must
// be below len(w1)/len(acc) (columns checks). It is columnsGo: a word packs four
// little-endian int16 lanes, so n words are the memory of 4n int16, and VPADDW and
// VPSUBW (wrapping 16-bit addition and subtraction) over it are exactly addLanes and
// subLanes, word by word; the order of the columns does not matter, the arithmetic
// being modulo 2^16. It works through acc in blocks of 8 words (two 256-bit
// registers), applying every column to a block before storing it, then word by word
// (VMOVQ to the low 64 bits of a register) for the last 0 to 7 words.
//
//go:noescape
func columnsAVX2(acc []uint64, w1 []uint64, adds, subs []uint16)

// clampWordsAVX2 clamps the signed 16-bit lanes of acc to 0..actOne (VPMAXSW with 0,
// then VPMINSW with 255) and stores them in out, lane for lane: out (len(acc) words)
// holds the words clampLanes(acc[i]), that is the activations as int16 in input
// order. It returns nothing: the AVX2 dense layers need no sum of their inputs (see
// denseMaddAVX2).
//
//go:noescape
func clampWordsAVX2(acc, out []uint64)

// denseMaddAVX2 sets out[k] = sum over j < len(a) of a[j]*w[j/2][k][j%2], for k <
// len(out), in signed 32-bit arithmetic: the dense layer's sum, unbiased. a holds the
// activations (0 to actOne) as int16, an even number of them; w holds, for each
// pair of inputs (2p, 2p+1) and each of the len(out) outputs (a multiple of 8), the
// two signed 16-bit weights of the pair to that output, adjacent (see
// simdDense). For each pair it broadcasts the two activations as one 32-bit lane
// (VPBROADCASTD) and VPMADDWD multiplies them by the weights of 8 outputs and adds
// the two products, exactly, into 32 bits; VPADDD accumulates. The sums are exact:
// |a*w| < 255*2^15, and at most maxDenseInputs (257) of them stay below 2^31.
//
//go:noescape
func denseMaddAVX2(a []int16, w []int16, out []int32)

// activateAVX2 sets out[k] to the activation of the dense sum sums[k] plus the bias
// bias[k]: (sums[k]+bias[k]+denseHalf) >> denseShift clamped to 0..actOne, for k <
// len(sums) (a multiple of 8; bias and out as long), eight at a time in signed 32-bit
// arithmetic (VPADDD, VPSRAD, VPMAXSD, VPMINSD, then VPACKSSDW to int16). It is the
// activation of forwardGo where nothing overflows 32 bits, which simdDense.fits
// checks.
//
//go:noescape
func activateAVX2(sums, bias []int32, out []int16)

// outputAVX2 returns the sum over k < len(sums) (a multiple of 8; bias and w as
// long) of the activation of sums[k] plus bias[k] (as activateAVX2's) times w[k], in
// signed 32-bit arithmetic: the output layer's sum without its bias, exact where
// simd.outFits.
//
//go:noescape
func outputAVX2(sums, bias, w []int32) int32

// forwardFusedAVX2 is the whole forward pass of a network of fusedNet's shape (Hidden
// a multiple of 16, L2 and L3 of 9 to 16 units, every sum inside 32 bits): it clamps
// the words accumulator words of mover and of other to the activations (in scratch,
// 4*Hidden bytes), computes the L2 layer's sums by VPMADDWD as denseMaddAVX2 does,
// four pairs of inputs a step, their activations as activateAVX2 does, the L3
// layer's the same way (unrolled), and returns the output layer's sum without its
// bias as outputAVX2 does: forwardAVX2's arithmetic in one call, every sum exact
// (integer addition in any order), so its value is forwardGo's.
//
//go:noescape
func forwardFusedAVX2(mover, other *uint64, words int, f *fusedNet, scratch *int16) int32

// fusedNet is the dense layers of a network in the layout of forwardFusedAVX2, which
// reads its fields at fixed offsets (TestFusedLayout checks them): the L2 biases, the
// L3 weights as simdDense's padded to 8 pairs of inputs, the L3 biases and the output
// weights, each padded with zeros to 16 outputs, and the L2 weights (simdDense's
// layout for 16 outputs).
type fusedNet struct {
	b2 [16]int32
	w3 [8 * 16 * 2]int16
	b3 [16]int32
	w4 [16]int32
	w2 *int16
}

// newFusedNet returns q's dense layers for forwardFusedAVX2, or nil when q's shape is
// not the kernel's or a sum could leave 32 bits.
func (q *Quantised) newFusedNet() *fusedNet {
	d2, d3 := &q.simd.l2, &q.simd.l3
	if q.Hidden%16 != 0 || d2.outs != 16 || d3.outs != 16 || !d2.fits || !q.simd.outFits ||
		len(d2.w) != q.Hidden*16*2 || len(d3.w) > 8*16*2 {
		return nil
	}
	f := &fusedNet{w2: &d2.w[0]}
	copy(f.b2[:], d2.bias)
	copy(f.w3[:], d3.w)
	copy(f.b3[:], d3.bias)
	copy(f.w4[:], q.simd.w4)
	return f
}

// columns2AVX2 is columnsAVX2 on two accumulators of words words each, acc0 by
// adds[0] and subs[0] and acc1 by adds[1] and subs[1], in one call, checking every
// input against inputs (the columns of w1) itself: it returns false, having updated
// the accumulators in part, at an input that is not below inputs.
//
//go:noescape
func columns2AVX2(acc0, acc1 *uint64, words int, w1 *uint64, inputs int, adds, subs *[2][]uint16) bool

// columns4AVX2 is columns2AVX2 for words a multiple of 8 (Hidden a multiple of 32),
// walking the four lists together as far as the shortest goes, a column of each a
// step, then the rest of each: one loop whose exit depends on the lists' lengths
// where columns2AVX2 has four (a turn changes about as many inputs for both players,
// off as on), and both accumulators' blocks in registers.
//
//go:noescape
func columns4AVX2(acc0, acc1 *uint64, words int, w1 *uint64, inputs int, adds, subs *[2][]uint16) bool

// columns2 adds to acc0 the columns of adds[0] and subtracts those of subs[0], and
// the same for acc1 with adds[1] and subs[1].
func (q *Quantised) columns2(acc0, acc1 []uint64, adds, subs *[2][]uint16) {
	if !useAVX2 {
		q.columnsGo(acc0, adds[0], subs[0])
		q.columnsGo(acc1, adds[1], subs[1])
		return
	}
	acc0, acc1 = acc0[:q.words], acc1[:q.words]
	if q.words%8 == 0 {
		if !columns4AVX2(&acc0[0], &acc1[0], q.words, &q.w1[0], q.Inputs, adds, subs) {
			q.inputsBeyond(adds[0], subs[0], adds[1], subs[1])
		}
		return
	}
	if !columns2AVX2(&acc0[0], &acc1[0], q.words, &q.w1[0], q.Inputs, adds, subs) {
		q.inputsBeyond(adds[0], subs[0], adds[1], subs[1])
	}
}

// inputsBeyond panics with the largest of the inputs of lists when it is beyond the
// network's.
func (q *Quantised) inputsBeyond(lists ...[]uint16) {
	for _, l := range lists {
		for _, f := range l {
			if int(f) >= q.Inputs {
				panic(fmt.Sprintf("nnue: input %d of %d", f, q.Inputs))
			}
		}
	}
}

// columns adds the columns of the inputs adds to acc and subtracts those of subs.
func (q *Quantised) columns(acc []uint64, adds, subs []uint16) {
	if !useAVX2 {
		q.columnsGo(acc, adds, subs)
		return
	}
	// The kernel reads the columns unchecked: check the inputs here, as slicing
	// the columns does in Go.
	var top uint16
	for _, f := range adds {
		top = max(top, f)
	}
	for _, f := range subs {
		top = max(top, f)
	}
	if (len(adds) > 0 || len(subs) > 0) && int(top) >= q.Inputs {
		panic(fmt.Sprintf("nnue: input %d of %d", top, q.Inputs))
	}
	columnsAVX2(acc[:q.words], q.w1[:q.Inputs*q.words], adds, subs)
}

// simdDense is a dense layer in the AVX2 layout: for each pair of inputs p (inputs
// 2p and 2p+1, the last one padded with zero weights when there is an odd number
// of inputs) and each output k < outs (the layer's outputs rounded up to 8, the
// padding with zero weights), w[(p*outs+k)*2 : (p*outs+k)*2+2] holds the weights
// of inputs 2p and 2p+1 to output k, as int16: the quantised weight, without the
// denseBias offset of the packed form.
type simdDense struct {
	w    []int16
	outs int
	// bias is the layer's biases as int32, padded with zeros to outs, and fits
	// whether activateAVX2 computes the activations exactly: whether every output's
	// sum plus its bias and denseHalf stays inside 32 bits whatever the activations.
	bias []int32
	fits bool
}

// newSimdDense converts a packed layer (ins inputs, pairs words per input) to the
// AVX2 layout.
func newSimdDense(packed []uint64, ins, pairs int, bias []int64) simdDense {
	outs := (2*pairs + 7) &^ 7
	d := simdDense{w: make([]int16, (ins+1)/2*outs*2), outs: outs, bias: make([]int32, outs), fits: true}
	reach := make([]int64, outs) // the largest sum of an output in absolute value
	for j := range ins {
		for k := range 2 * pairs {
			v := int64(packed[j*pairs+k/2]>>(32*(k%2))&0xffff_ffff) - denseBias
			d.w[((j/2)*outs+k)*2+j%2] = int16(v)
			reach[k] += actOne * max(v, -v)
		}
	}
	for k, b := range bias {
		d.bias[k] = int32(b)
		if reach[k]+max(b, -b)+denseHalf > math.MaxInt32 {
			d.fits = false
		}
	}
	return d
}

// simd is the extra state of a Quantised for the AVX2 kernels.
type simd struct {
	l2, l3 simdDense
	// w4 is the output weights as int32, padded with zeros to l3.outs, and outFits
	// whether outputAVX2 computes the output exactly: the L3 activations run
	// activateAVX2 and the largest sum of their products by w4 fits 32 bits.
	w4      []int32
	outFits bool
	// fused is the network for forwardFusedAVX2, nil when it does not fit it.
	fused *fusedNet
}

func (q *Quantised) initSIMD() {
	q.simd.l2 = newSimdDense(q.w2, 2*q.Hidden, q.pairs2, q.b2)
	q.simd.l3 = newSimdDense(q.w3, q.L2, q.pairs3, q.b3)
	q.simd.w4 = make([]int32, q.simd.l3.outs)
	var most int64
	for k, w := range q.w4 {
		q.simd.w4[k] = int32(w)
		most += actOne * max(w, -w)
	}
	q.simd.outFits = q.simd.l3.fits && most <= math.MaxInt32
	q.simd.fused = q.newFusedNet()
}

// simdScratch returns the number of words forwardAVX2 needs as scratch space.
func (q *Quantised) simdScratch() int {
	// a1: 2*Hidden int16; a2: the L2 layer's outs int16 (L2 rounded up to 8); a3:
	// the L3 layer's outs int16; sums: the larger outs int32.
	return 2*q.Hidden/4 + q.simd.l2.outs/4 + q.simd.l3.outs/4 + (max(q.simd.l2.outs, q.simd.l3.outs)+1)/2
}

// forward returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (scratchSize words).
func (q *Quantised) forward(mover, other []uint64, scratch []uint64) int {
	if useAVX2 {
		if f := q.simd.fused; f != nil {
			// The kernel reads Hidden/4 words of each accumulator and writes
			// 4*Hidden bytes of scratch.
			mover, other, scratch = mover[:q.words], other[:q.words], scratch[:q.Hidden/2]
			out := q.b4 + int64(forwardFusedAVX2(&mover[0], &other[0], q.words, f, (*int16)(unsafe.Pointer(&scratch[0]))))
			return int(math.Round(float64(out) * q.valueOf))
		}
		return q.forwardAVX2(mover, other, scratch)
	}
	return q.forwardGo(mover, other, scratch)
}

// forwardAVX2 is forwardGo with the AVX2 kernels: the activations as int16, the
// dense layers in signed 32-bit sums. Its value is forwardGo's: a dense layer's
// packed sum, a half of which is the exact sum of the activations times the biased
// weights (below 2^32), less the sum of the activations times denseBias, is the sum
// of the activations times the unbiased weights, which denseMaddAVX2 computes.
func (q *Quantised) forwardAVX2(mover, other []uint64, scratch []uint64) int {
	h, l2 := q.Hidden, q.L2
	d2, d3 := &q.simd.l2, &q.simd.l3
	n1 := 2 * h / 4
	n2 := d2.outs / 4
	n3 := d3.outs / 4
	w1 := scratch[:n1]
	clampWordsAVX2(mover, w1[:len(mover):h/4])
	clampWordsAVX2(other, w1[h/4:h/4+len(other)])
	a1 := unsafe.Slice((*int16)(unsafe.Pointer(&w1[0])), 2*h)
	w2 := scratch[n1 : n1+n2]
	a2 := unsafe.Slice((*int16)(unsafe.Pointer(&w2[0])), d2.outs)
	w3 := scratch[n1+n2 : n1+n2+n3]
	a3 := unsafe.Slice((*int16)(unsafe.Pointer(&w3[0])), d3.outs)
	ws := scratch[n1+n2+n3:]
	sums := unsafe.Slice((*int32)(unsafe.Pointer(&ws[0])), 2*len(ws))
	s2 := sums[:d2.outs]
	denseMaddAVX2(a1, d2.w, s2)
	if d2.fits {
		// The padding's sums and biases are 0, so its activations are too.
		activateAVX2(s2, d2.bias, a2)
	} else {
		for k, b := range q.b2 {
			z := int64(s2[k]) + b
			a2[k] = int16(min(max((z+denseHalf)>>denseShift, 0), actOne))
		}
		if l2%2 != 0 {
			a2[l2] = 0
		}
	}
	s3 := sums[:d3.outs]
	denseMaddAVX2(a2[:(l2+1)&^1], d3.w, s3)
	out := q.b4
	switch {
	case q.simd.outFits:
		out += int64(outputAVX2(s3, d3.bias, q.simd.w4))
	case d3.fits:
		activateAVX2(s3, d3.bias, a3)
		a3 := a3[:len(q.w4)]
		for k, w := range q.w4 {
			out += int64(a3[k]) * w
		}
	default:
		for k, w := range q.w4 {
			z := int64(s3[k]) + q.b3[k]
			out += min(max((z+denseHalf)>>denseShift, 0), actOne) * w
		}
	}
	return int(math.Round(float64(out) * q.valueOf))
}
