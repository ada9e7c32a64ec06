package nnue

import (
	"fmt"
	"math"
	"slices"
)

// The quantised path's fixed points.
const (
	// actOne is an activation of 1 (activations are integers from 0 to actOne) and
	// the scale of the first layer's weights and biases.
	actOne = 255
	// denseOne is the scale of the dense layers' weights.
	denseOne = 1024
	// denseShift divides a dense layer's sum (in units of actOne*denseOne) back to
	// activations: denseOne is 1 << denseShift.
	denseShift = 10
	// denseHalf rounds a dense layer's sum to the nearest activation.
	denseHalf = denseOne / 2
	// ValueScale is the number of units of Quantised.Value (and of an Evaluator's)
	// in one of the game's points: hundredths, as the linear evaluation's.
	ValueScale = 100
)

// lanes is the number of 16-bit accumulator entries packed in one uint64.
const lanes = 4

// signBits are the sign bits of the four 16-bit lanes of a uint64.
const signBits = 0x8000_8000_8000_8000

// addLanes adds the four 16-bit lanes of b to those of a, each modulo 2^16 (no carry
// from one lane to the next).
func addLanes(a, b uint64) uint64 {
	return ((a &^ signBits) + (b &^ signBits)) ^ ((a ^ b) & signBits)
}

// subLanes subtracts the four 16-bit lanes of b from those of a, each modulo 2^16.
func subLanes(a, b uint64) uint64 {
	return ((a | signBits) - (b &^ signBits)) ^ ((a ^ ^b) & signBits)
}

// Quantised is a network in integers, as search evaluates it: the first layer in
// 16-bit entries packed four to a word (so that an accumulator is updated a word at a
// time), the dense layers' weights offset by denseBias and packed two to a word, so
// that one multiplication and one addition of 64 bits serve two units (the offset,
// times the sum of the inputs, is taken off at the end). It is read-only and safe for
// concurrent use; Evaluators hold the mutable part. Quantise makes one from a
// Network.
type Quantised struct {
	Header
	words int      // Hidden / lanes: words of one accumulator
	w1    []uint64 // input i's column: w1[i*words : (i+1)*words]
	b1    []uint64
	// w2 holds, for each first-layer output j (the mover's 0..Hidden-1, the
	// other's after), its weights to the L2 units, two to a word: w2[j*pairs2+k]
	// holds units 2k (low half) and 2k+1 (high half), offset by denseBias.
	w2     []uint64
	pairs2 int
	b2     []int64  // in units of actOne*denseOne
	w3     []uint64 // the same for the L2 units' weights to the L3 units
	pairs3 int
	b3     []int64
	w4     []int64
	b4     int64
	// valueOf turns the output, in units of actOne*denseOne, into hundredths of a
	// point.
	valueOf float64
	// simd is the network in the layout of the platform's vector kernels, if any.
	simd simd
}

// denseBias offsets the dense layers' quantised weights (below 2^15 in absolute
// value) to 1 to 2^16−1, so that a product by an activation (0 to 255) and the sum
// of up to maxDenseInputs of them stay inside the 32 bits of their half-word.
const (
	denseBias      = 1 << 15
	maxDenseInputs = (1<<32 - 1) / (actOne * (1<<16 - 1))
)

// Quantise returns the integer form of n. It fails when a weight is too large for
// its integer: a first-layer column sum that could leave 16 bits with the encoding's
// maxActive inputs on, a dense weight of 32 or more (training keeps them below 16), or
// an output weight or bias above 64 in absolute value (training keeps them within).
func Quantise(n *Network, maxActive int) (*Quantised, error) {
	h := n.Hidden
	if 2*h > maxDenseInputs {
		return nil, fmt.Errorf("hidden width %d: the integer path takes at most %d", h, maxDenseInputs/2)
	}
	q := &Quantised{Header: n.Header, words: h / lanes,
		w1: make([]uint64, n.Inputs*h/lanes), b1: make([]uint64, h/lanes),
		pairs2: (n.L2 + 1) / 2, pairs3: (n.L3 + 1) / 2,
		b2: make([]int64, n.L2), b3: make([]int64, n.L3), w4: make([]int64, n.L3)}
	q.w2 = make([]uint64, 2*h*q.pairs2)
	q.w3 = make([]uint64, n.L2*q.pairs3)
	q.Trained = nil
	// The first layer: the largest sum an entry can reach is its bias plus its
	// maxActive largest weights in absolute value.
	col := make([]float64, n.Inputs)
	for j := range h {
		for i := range n.Inputs {
			col[i] = math.Abs(n.W1[i*h+j])
		}
		slices.Sort(col)
		worst := math.Abs(n.B1[j])
		for _, a := range col[max(0, len(col)-maxActive):] {
			worst += a
		}
		if worst*actOne+float64(maxActive) > math.MaxInt16 {
			return nil, fmt.Errorf("the first layer's weights are too large for 16-bit accumulators (entry %d can reach %.1f)", j, worst)
		}
	}
	pack := func(dst []uint64, src []float64) {
		for w := range dst {
			var word uint64
			for l := range lanes {
				v := int16(math.Round(src[w*lanes+l] * actOne))
				word |= uint64(uint16(v)) << (16 * l)
			}
			dst[w] = word
		}
	}
	pack(q.w1, n.W1)
	pack(q.b1, n.B1)
	var err error
	// packDense packs the weights w (outs rows of ins) transposed, two outputs to a
	// word.
	packDense := func(dst []uint64, w []float64, ins, outs, pairs int) {
		for j := range ins {
			for k := range 2 * pairs {
				x := 0.0
				if k < outs {
					x = w[k*ins+j]
				}
				v := math.Round(x * denseOne)
				if math.Abs(v) >= denseBias {
					err = fmt.Errorf("a dense weight (%g) is too large to quantise (training keeps them below %g)", x, maxDense)
				}
				dst[j*pairs+k/2] |= uint64(uint32(int64(v)+denseBias)) << (32 * (k % 2))
			}
		}
	}
	packDense(q.w2, n.W2, 2*h, n.L2, q.pairs2)
	packDense(q.w3, n.W3, n.L2, n.L3, q.pairs3)
	if err != nil {
		return nil, err
	}
	// The output layer: its weights and bias bound the value (training keeps them
	// within maxOut); beyond, the value is absurd and its integers may overflow.
	for _, x := range append(n.W4[:len(n.W4):len(n.W4)], n.B4) {
		if math.Abs(x) > maxOut {
			return nil, fmt.Errorf("an output weight or bias (%g) is larger than %d in absolute value (training keeps them within it)", x, maxOut)
		}
	}
	for k := range n.L2 {
		q.b2[k] = int64(math.Round(n.B2[k] * actOne * denseOne))
	}
	for k := range n.L3 {
		q.b3[k] = int64(math.Round(n.B3[k] * actOne * denseOne))
		q.w4[k] = int64(math.Round(n.W4[k] * denseOne))
	}
	q.b4 = int64(math.Round(n.B4 * actOne * denseOne))
	q.valueOf = n.OutScale * ValueScale / (actOne * denseOne)
	q.initSIMD()
	return q, nil
}

// refresh sets acc (one perspective's accumulator) to the bias plus the columns of
// feats.
func (q *Quantised) refresh(acc []uint64, feats []uint16) {
	copy(acc, q.b1)
	q.columns(acc, feats, nil)
}

// column returns input f's column of the first layer.
func (q *Quantised) column(f uint16) []uint64 {
	return q.w1[int(f)*q.words : int(f)*q.words+q.words]
}

// columnsGo adds the columns of the inputs adds to acc and subtracts those of subs:
// the reference of the vector kernels.
func (q *Quantised) columnsGo(acc []uint64, adds, subs []uint16) {
	for _, f := range adds {
		addColGo(acc, q.column(f))
	}
	for _, f := range subs {
		subColGo(acc, q.column(f))
	}
}

// addColGo adds the column col to acc, lane by lane: the reference of the vector
// kernels.
func addColGo(acc, col []uint64) {
	acc = acc[:len(col)]
	for i, w := range col {
		acc[i] = addLanes(acc[i], w)
	}
}

// subColGo subtracts the column col from acc, lane by lane.
func subColGo(acc, col []uint64) {
	acc = acc[:len(col)]
	for i, w := range col {
		acc[i] = subLanes(acc[i], w)
	}
}

// clampLanes clamps the four signed 16-bit lanes of w to 0 to actOne (255).
func clampLanes(w uint64) uint64 {
	neg := (w & signBits) >> 15 * 0xffff // the lanes below 0
	w &^= neg
	// A lane of 0 to 32767 is 256 or more iff adding 0x7f00 sets its top bit.
	big := ((w + 0x7f00_7f00_7f00_7f00) & signBits) >> 15 * 0xffff
	return w&^big | big&0x00ff_00ff_00ff_00ff
}

// scratchSize returns the number of words forward needs as scratch space.
func (q *Quantised) scratchSize() int {
	return max(2*q.Hidden+q.L2+q.pairs2+q.pairs3, q.simdScratch())
}

// denseSums sets sums to the sum over the inputs j of a[j] times the packed row j of
// w (pairs words). Zero inputs are multiplied too: a branch on them would be
// mispredicted half the time, which costs more.
func denseSums(a []uint64, w []uint64, pairs int, sums []uint64) {
	clear(sums)
	for j, x := range a {
		row := w[j*pairs : j*pairs+pairs]
		sums := sums[:len(row)]
		for k, v := range row {
			sums[k] += x * v
		}
	}
}

// activate turns the packed sums of a dense layer (whose inputs summed to total)
// plus the biases b into the activations out, 0 to actOne.
func activate(sums []uint64, total uint64, b []int64, out []uint64) {
	off := int64(total) * denseBias
	for k := range out {
		z := int64(sums[k/2]>>(32*(k%2))&0xffff_ffff) - off + b[k]
		out[k] = uint64(min(max((z+denseHalf)>>denseShift, 0), actOne))
	}
}

// forwardGo returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (scratchSize words):
// forward in pure Go, the reference of the vector kernels.
func (q *Quantised) forwardGo(mover, other []uint64, scratch []uint64) int {
	h, l2 := q.Hidden, q.L2
	a1 := scratch[:2*h]
	a2 := scratch[2*h : 2*h+l2]
	s2 := scratch[2*h+l2 : 2*h+l2+q.pairs2]
	s3 := scratch[2*h+l2+q.pairs2 : 2*h+l2+q.pairs2+q.pairs3]
	var total uint64
	for side, acc := range [2][]uint64{mover, other} {
		out := a1[side*h : side*h+h]
		for w, word := range acc {
			word = clampLanes(word)
			total += word * 0x0001_0001_0001_0001 >> 48
			out := out[w*lanes : w*lanes+lanes : w*lanes+lanes]
			out[0] = word & 0xffff
			out[1] = word >> 16 & 0xffff
			out[2] = word >> 32 & 0xffff
			out[3] = word >> 48
		}
	}
	denseSums(a1, q.w2, q.pairs2, s2)
	activate(s2, total, q.b2, a2)
	total = 0
	for _, v := range a2 {
		total += v
	}
	denseSums(a2, q.w3, q.pairs3, s3)
	out := q.b4
	off := int64(total) * denseBias
	for k, w := range q.w4 {
		z := int64(s3[k/2]>>(32*(k%2))&0xffff_ffff) - off + q.b3[k]
		out += min(max((z+denseHalf)>>denseShift, 0), actOne) * w
	}
	return int(math.Round(float64(out) * q.valueOf))
}
