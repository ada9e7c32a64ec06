package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
)

// SplitGroups divides samples into a training set and a held-out set of about the
// share heldOut (0 to 1) of the samples, whole groups (games) at a time, the groups
// drawn in an order seeded by seed.
func SplitGroups(samples []Sample, heldOut float64, seed uint64) (train, test []Sample) {
	if !(heldOut > 0) || len(samples) == 0 {
		return samples, nil
	}
	var groups []int
	size := map[int]int{}
	for _, s := range samples {
		if size[s.Group] == 0 {
			groups = append(groups, s.Group)
		}
		size[s.Group]++
	}
	slices.Sort(groups)
	rng := rand.New(rand.NewPCG(seed, 0x73706c6974))
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	want := int(math.Ceil(heldOut * float64(len(samples))))
	held := map[int]bool{}
	n := 0
	for _, g := range groups[:max(0, len(groups)-1)] {
		if n >= want {
			break
		}
		held[g] = true
		n += size[g]
	}
	for _, s := range samples {
		if held[s.Group] {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	return train, test
}

// FitK returns the logistic scale K (log-odds per point) under which the searches'
// scores of samples best predict their games' results (least squares of σ(K·score)
// against the result), or def when fewer than 100 samples have a finite score.
func FitK(samples []Sample, def float64) float64 {
	var xs, ys []float64
	for _, s := range samples {
		if !math.IsNaN(s.Score) && !math.IsInf(s.Score, 0) {
			xs = append(xs, s.Score)
			ys = append(ys, s.Result)
		}
	}
	if len(xs) < 100 {
		return def
	}
	loss := func(k float64) float64 {
		sum := 0.0
		for i, x := range xs {
			d := sigmoid(k*x) - ys[i]
			sum += d * d
		}
		return sum
	}
	// Golden-section search on log K.
	lo, hi := math.Log(1e-4), math.Log(10.0)
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(math.Exp(a)), loss(math.Exp(b))
	for range 60 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(math.Exp(a))
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(math.Exp(b))
		}
	}
	return math.Exp((lo + hi) / 2)
}
