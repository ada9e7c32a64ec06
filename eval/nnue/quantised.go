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
// time), the dense layers in 32-bit arithmetic. Quantise makes one from a Network. It
// is read-only and safe for concurrent use; Evaluators hold the mutable part.
type Quantised struct {
	Header
	words int      // Hidden / lanes: words of one accumulator
	w1    []uint64 // input i's column: w1[i*words : (i+1)*words]
	b1    []uint64
	// w2t is the second layer transposed: first-layer output j's weights to the L2
	// units at w2t[j*L2 : (j+1)*L2] (zero activations are skipped a whole row at a
	// time).
	w2t []int32
	b2  []int32 // in units of actOne*denseOne
	w3  []int32 // L3 rows of L2
	b3  []int32
	w4  []int32
	b4  int64
	// valueOf turns the output, in units of actOne*denseOne, into hundredths of a
	// point.
	valueOf float64
}

// Quantise returns the integer form of n. It fails when a weight is too large for
// its integer: a first-layer column sum that could leave 16 bits with the encoding's
// maxActive inputs on, or a dense weight beyond 32 bits.
func Quantise(n *Network, maxActive int) (*Quantised, error) {
	h := n.Hidden
	q := &Quantised{Header: n.Header, words: h / lanes,
		w1: make([]uint64, n.Inputs*h/lanes), b1: make([]uint64, h/lanes),
		w2t: make([]int32, 2*h*n.L2), b2: make([]int32, n.L2),
		w3: make([]int32, n.L3*n.L2), b3: make([]int32, n.L3),
		w4: make([]int32, n.L3)}
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
	round32 := func(x, scale float64) (int32, error) {
		v := math.Round(x * scale)
		if v > math.MaxInt32/4 || v < math.MinInt32/4 {
			return 0, fmt.Errorf("a dense weight (%g) is too large to quantise", x)
		}
		return int32(v), nil
	}
	var err error
	set := func(dst *int32, x, scale float64) {
		if err == nil {
			*dst, err = round32(x, scale)
		}
	}
	for k := range n.L2 {
		for j := range 2 * h {
			set(&q.w2t[j*n.L2+k], n.W2[k*2*h+j], denseOne)
		}
		set(&q.b2[k], n.B2[k], actOne*denseOne)
	}
	for k := range n.L3 {
		for j := range n.L2 {
			set(&q.w3[k*n.L2+j], n.W3[k*n.L2+j], denseOne)
		}
		set(&q.b3[k], n.B3[k], actOne*denseOne)
		set(&q.w4[k], n.W4[k], denseOne)
	}
	var b4 int32
	set(&b4, n.B4, actOne*denseOne)
	if err != nil {
		return nil, err
	}
	q.b4 = int64(b4)
	q.valueOf = n.OutScale * ValueScale / (actOne * denseOne)
	return q, nil
}

// refresh sets acc (one perspective's accumulator) to the bias plus the columns of
// feats.
func (q *Quantised) refresh(acc []uint64, feats []uint16) {
	copy(acc, q.b1)
	for _, f := range feats {
		q.add(acc, f)
	}
}

// add adds input f's column to acc.
func (q *Quantised) add(acc []uint64, f uint16) {
	col := q.w1[int(f)*q.words : int(f)*q.words+q.words]
	acc = acc[:len(col)]
	for i, w := range col {
		acc[i] = addLanes(acc[i], w)
	}
}

// sub subtracts input f's column from acc.
func (q *Quantised) sub(acc []uint64, f uint16) {
	col := q.w1[int(f)*q.words : int(f)*q.words+q.words]
	acc = acc[:len(col)]
	for i, w := range col {
		acc[i] = subLanes(acc[i], w)
	}
}

// forward returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (at least
// 2*Hidden+L2+L3 entries) for the activations.
func (q *Quantised) forward(mover, other []uint64, scratch []int32) int {
	h, l2, l3 := q.Hidden, q.L2, q.L3
	a1 := scratch[:2*h]
	z2 := scratch[2*h : 2*h+l2]
	a3 := scratch[2*h+l2 : 2*h+l2+l3]
	for side, acc := range [2][]uint64{mover, other} {
		out := a1[side*h : side*h+h]
		for w, word := range acc {
			for l := range lanes {
				v := int32(int16(word >> (16 * l)))
				out[w*lanes+l] = min(max(v, 0), actOne)
			}
		}
	}
	copy(z2, q.b2)
	for j, a := range a1 {
		if a == 0 {
			continue
		}
		row := q.w2t[j*l2 : j*l2+l2]
		z2 := z2[:len(row)]
		for k, w := range row {
			z2[k] += a * w
		}
	}
	for k, z := range z2 {
		z2[k] = min(max((z+denseHalf)>>denseShift, 0), actOne)
	}
	out := q.b4
	for k := range l3 {
		row := q.w3[k*l2 : k*l2+l2]
		z := q.b3[k]
		for j, w := range row {
			z += z2[j] * w
		}
		a3[k] = min(max((z+denseHalf)>>denseShift, 0), actOne)
		out += int64(a3[k]) * int64(q.w4[k])
	}
	return int(math.Round(float64(out) * q.valueOf))
}
