package nnue

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Header is what a network says of itself: what it was trained for, its sizes and how
// it was trained. A network file begins with it.
type Header struct {
	// Version is the file format's version (FormatVersion).
	Version int `json:"version"`
	// Game is the game's name ("colony", "kalah"), Rules the rule set's full name
	// as game.Game's Name gives it ("colony", "kalah:4x3").
	Game  string `json:"game"`
	Rules string `json:"rules"`
	// Encoding and Inputs are the name and size of the input encoding
	// (game.Encoding).
	Encoding string `json:"encoding"`
	Inputs   int    `json:"inputs"`
	// Hidden is the first layer's width (per perspective), L2 and L3 the dense
	// layers' widths.
	Hidden int `json:"hidden"`
	L2     int `json:"l2"`
	L3     int `json:"l3"`
	// OutScale is the number of the game's points that an output of 1 stands for.
	OutScale float64 `json:"out_scale"`
	// Trained says how the network was made, for people (the command, the data,
	// the final losses); it is not checked.
	Trained map[string]string `json:"trained,omitempty"`
}

// Limits of the sizes a network may have.
const (
	MaxHidden = 1024
	MaxDense  = 256
	MaxInputs = 1 << 16
)

// MaxOutScale bounds a network's OutScale (out_scale in its file), the points an
// output of 1 stands for: training makes it 4/K, K the logistic scale in log-odds per
// point (K = 0.0004 would be a game where a lead of 2,500 points is worth a single
// log-odd). A network with a larger one is refused as absurd: its evaluations would
// pass the scores of won games, which the searches clamp them below.
const MaxOutScale = 10000

// check checks the sizes of h.
func (h *Header) check() error {
	switch {
	case h.Inputs < 1 || h.Inputs > MaxInputs:
		return fmt.Errorf("inputs %d: want 1 to %d", h.Inputs, MaxInputs)
	case h.Hidden < 4 || h.Hidden > MaxHidden || h.Hidden%4 != 0:
		return fmt.Errorf("hidden width %d: want a multiple of 4 from 4 to %d", h.Hidden, MaxHidden)
	case h.L2 < 1 || h.L2 > MaxDense:
		return fmt.Errorf("l2 width %d: want 1 to %d", h.L2, MaxDense)
	case h.L3 < 1 || h.L3 > MaxDense:
		return fmt.Errorf("l3 width %d: want 1 to %d", h.L3, MaxDense)
	case !(h.OutScale > 0) || h.OutScale > MaxOutScale:
		return fmt.Errorf("out_scale %v: want a positive number of points, at most %d", h.OutScale, MaxOutScale)
	case h.Encoding == "" || h.Game == "" || h.Rules == "":
		return fmt.Errorf("the header names no game, rule set or encoding")
	}
	return nil
}

// Network is a value network with float64 weights: the path of training and the
// reference of the quantised one. Its weight slices are laid out as the file holds
// them:
//
//	W1[i*Hidden+j]   input i to accumulator entry j (a column an input)
//	W2[k*2*Hidden+j] first-layer output j (the mover's 0..Hidden-1, the other's after) to L2 unit k
//	W3[k*L2+j]       L2 unit j to L3 unit k
//	W4[j]            L3 unit j to the output
type Network struct {
	Header
	W1, B1 []float64
	W2, B2 []float64
	W3, B3 []float64
	W4     []float64
	B4     float64
}

// New returns a network of the header's sizes with small random weights drawn from
// seed (the same seed, the same network).
func New(h Header, seed uint64) (*Network, error) {
	h.Version = FormatVersion
	if err := h.check(); err != nil {
		return nil, err
	}
	n := alloc(h)
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	uniform := func(w []float64, fanIn int) {
		a := math.Sqrt(3 / float64(fanIn))
		for i := range w {
			w[i] = (2*rng.Float64() - 1) * a
		}
	}
	// The first layer sees about 25 inputs on: its weights start small enough that
	// the accumulators start inside the clipped range.
	uniform(n.W1, 32)
	for j := range n.B1 {
		n.B1[j] = 0.5
	}
	uniform(n.W2, 2*h.Hidden)
	uniform(n.W3, h.L2)
	uniform(n.W4, h.L3)
	for j := range n.B2 {
		n.B2[j] = 0.25
	}
	for j := range n.B3 {
		n.B3[j] = 0.25
	}
	return n, nil
}

// alloc returns a network of h's sizes with zero weights.
func alloc(h Header) *Network {
	return &Network{Header: h,
		W1: make([]float64, h.Inputs*h.Hidden), B1: make([]float64, h.Hidden),
		W2: make([]float64, 2*h.Hidden*h.L2), B2: make([]float64, h.L2),
		W3: make([]float64, h.L2*h.L3), B3: make([]float64, h.L3),
		W4: make([]float64, h.L3)}
}

// numParams returns the number of weights of a network of h's sizes (NumParams of
// its alloc), without allocating it.
func (h *Header) numParams() int {
	return h.Inputs*h.Hidden + h.Hidden + 2*h.Hidden*h.L2 + h.L2 + h.L2*h.L3 + h.L3 + h.L3 + 1
}

// params returns the network's weight slices in file order (B4 is last, apart).
func (n *Network) params() [][]float64 {
	return [][]float64{n.W1, n.B1, n.W2, n.B2, n.W3, n.B3, n.W4}
}

// NumParams returns the number of the network's weights.
func (n *Network) NumParams() int {
	c := 1
	for _, p := range n.params() {
		c += len(p)
	}
	return c
}

// Clone returns a deep copy of n.
func (n *Network) Clone() *Network {
	c := alloc(n.Header)
	c.Trained = cloneMap(n.Trained)
	for i, p := range n.params() {
		copy(c.params()[i], p)
	}
	c.B4 = n.B4
	return c
}

func cloneMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// clip01 clips x to [0, 1].
func clip01(x float64) float64 { return min(max(x, 0), 1) }

// Output returns the network's output for a position whose inputs on are mover (the
// player to move's encoding) and other (the other player's): the value for the
// player to move, in units of OutScale points. It is the float path's reference.
func (n *Network) Output(mover, other []uint16) float64 {
	h := n.Hidden
	a1 := make([]float64, 2*h)
	for side, feats := range [2][]uint16{mover, other} {
		acc := a1[side*h : (side+1)*h]
		copy(acc, n.B1)
		for _, f := range feats {
			col := n.W1[int(f)*h : int(f)*h+h]
			for j := range acc {
				acc[j] += col[j]
			}
		}
		for j := range acc {
			acc[j] = clip01(acc[j])
		}
	}
	a2 := dense(n.W2, n.B2, a1, true)
	a3 := dense(n.W3, n.B3, a2, true)
	out := n.B4
	for j, w := range n.W4 {
		out += w * a3[j]
	}
	return out
}

// Value returns the value of a position in the game's points for the player to move
// (Output times OutScale).
func (n *Network) Value(mover, other []uint16) float64 {
	return n.Output(mover, other) * n.OutScale
}

// dense returns W·x + b, clipped to [0, 1] when clip is set; W has len(b) rows.
func dense(w, b, x []float64, clip bool) []float64 {
	out := make([]float64, len(b))
	for k := range out {
		row := w[k*len(x) : (k+1)*len(x)]
		z := b[k]
		for j, v := range x {
			z += row[j] * v
		}
		if clip {
			z = clip01(z)
		}
		out[k] = z
	}
	return out
}
