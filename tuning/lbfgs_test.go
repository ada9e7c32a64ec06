package tuning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// fitCase is a fitting problem of the L-BFGS tests.
type fitCase struct {
	name        string
	train, test []Sample
	w0          []float64
	opts        FitOptions
}

// fitCases returns problems of several shapes: an anchor fixed and K given, all
// weights free with K found by FitK and an L2 pull, wrong start signs, an
// iteration cap, and a tiny data set that converges early.
func fitCases() []fitCase {
	wTrue := []float64{1, -0.7, 2, 0.3, -1.5, 0.05}
	six := texelSynth(20_000, wTrue, 0.5, 42)
	train, test := Split(six, 0.2, 1)
	anchor := []bool{true, false, false, false, false, false}
	all := texelSynth(8_000, []float64{0.4, 1, -1, 0.5}, 1, 3)
	eight := texelSynth(12_000, []float64{1, -0.7, 2, 0.3, -1.5, 0.05, 0.2, -0.3}, 0.5, 5)
	w8 := make([]float64, 8)
	w8[0] = 1
	return []fitCase{
		{"anchor", train, test, []float64{1, 0, 0, 0, 0, 0}, FitOptions{K: 0.5, Fixed: anchor}},
		{"wrong start", train, test, []float64{1, 0.5, 0.5, -1, 0.5, 1}, FitOptions{K: 0.5, Fixed: anchor}},
		{"all free, FitK, L2", all, nil, []float64{0.3, 0.8, -0.5, 0}, FitOptions{L2: 1e-3}},
		{"eight, L2", eight, nil, w8, FitOptions{L2: 1e-4}},
		{"capped", train, test, []float64{1, 0, 0, 0, 0, 0}, FitOptions{K: 0.5, Fixed: anchor, MaxIterations: 7}},
		{"tiny", six[:60], nil, []float64{1, 0, 0, 0, 0, 0}, FitOptions{K: 0.5, Fixed: anchor}},
	}
}

// fitTrace is what a fit reports: its Progress calls and its result.
type fitTrace struct {
	iters  []int
	w      [][]float64
	losses []float64
	res    FitResult
}

// traced runs fit with opts, recording its Progress calls; state, if not nil, is
// called after each iteration's Progress with the optimiser's state.
func traced(fit func([]Sample, []Sample, []float64, FitOptions) (FitResult, error), c fitCase, opts FitOptions) (*fitTrace, error) {
	tr := &fitTrace{}
	opts.Progress = func(iter int, w []float64, loss float64) {
		tr.iters = append(tr.iters, iter)
		tr.w = append(tr.w, slices.Clone(w))
		tr.losses = append(tr.losses, loss)
	}
	res, err := fit(c.train, c.test, c.w0, opts)
	tr.res = res
	return tr, err
}

// sameFloats says whether a and b hold the same float64 values, bit for bit (NaN
// equal to NaN).
func sameFloats(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
}

// diffTraces returns how a and b differ ("" when they are the same, bit for bit).
func diffTraces(a, b *fitTrace) string {
	switch {
	case !slices.Equal(a.iters, b.iters):
		return fmt.Sprintf("iterations reported %v and %v", a.iters, b.iters)
	case !sameFloats(a.losses, b.losses):
		return fmt.Sprintf("losses %v and %v", a.losses, b.losses)
	case !slices.EqualFunc(a.w, b.w, sameFloats):
		return "the weights reported differ"
	case !sameFloats(a.res.W, b.res.W):
		return fmt.Sprintf("weights %v and %v", a.res.W, b.res.W)
	case a.res.Iterations != b.res.Iterations || a.res.K != b.res.K:
		return fmt.Sprintf("%d iterations, K %v and %d, K %v", a.res.Iterations, a.res.K, b.res.Iterations, b.res.K)
	case !sameFloats([]float64{a.res.TrainLoss, a.res.TestLoss, a.res.StartTrainLoss, a.res.StartTestLoss},
		[]float64{b.res.TrainLoss, b.res.TestLoss, b.res.StartTrainLoss, b.res.StartTestLoss}):
		return fmt.Sprintf("losses %+v and %+v", a.res, b.res)
	}
	return ""
}

// TestFitSameAsGonum checks that Fit's own L-BFGS takes the steps of gonum's
// optimize.LBFGS as Fit used it before (fitGonum): the same iterations reported,
// the same weights and losses, bit for bit.
func TestFitSameAsGonum(t *testing.T) {
	for _, c := range fitCases() {
		t.Run(c.name, func(t *testing.T) {
			own, err := traced(Fit, c, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := traced(fitGonum, c, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if d := diffTraces(own, ref); d != "" {
				t.Errorf("own L-BFGS against gonum's: %s", d)
			}
			if own.res.Iterations < 3 {
				t.Errorf("%d iterations: the case tests little", own.res.Iterations)
			}
			t.Logf("%d iterations, %d reported, train loss %.6f", own.res.Iterations, len(own.iters), own.res.TrainLoss)
		})
	}
}

// TestFitResume stops fits after k iterations (their context cancelled in
// Progress), resumes each from the state of its last iteration, passed through
// JSON as a checkpoint is, and checks that every resumed fit reports the
// remaining iterations and ends as the fit that was never stopped, bit for bit.
func TestFitResume(t *testing.T) {
	for _, c := range fitCases() {
		whole, err := traced(Fit, c, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		n := len(whole.iters)
		ks := []int{1, 2, 3, n / 2, n - 1, n}
		slices.Sort(ks)
		for _, k := range slices.Compact(ks) {
			if k < 1 || k > n {
				continue
			}
			t.Run(fmt.Sprintf("%s/stopped after %d of %d", c.name, k, n), func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var saved []byte
				opts := c.opts
				opts.Context = ctx
				opts.State = func(st *FitState) {
					if st.Iteration == k {
						var err error
						if saved, err = json.Marshal(st); err != nil {
							t.Fatal(err)
						}
						cancel()
					}
				}
				first, err := traced(Fit, c, opts)
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("stopped fit: %v", err)
				}
				if len(first.iters) != k || !sameFloats(first.res.W, whole.w[k-1]) {
					t.Fatalf("stopped fit: %d iterations, weights %v; want %d, %v", len(first.iters), first.res.W, k, whole.w[k-1])
				}
				var st FitState
				if err := json.Unmarshal(saved, &st); err != nil {
					t.Fatal(err)
				}
				opts = c.opts
				opts.Resume = &st
				rest, err := traced(Fit, c, opts)
				if err != nil {
					t.Fatal(err)
				}
				joined := &fitTrace{iters: append(first.iters, rest.iters...), w: append(first.w, rest.w...),
					losses: append(first.losses, rest.losses...), res: rest.res}
				if d := diffTraces(joined, whole); d != "" {
					t.Errorf("stopped and resumed against whole: %s", d)
				}
			})
		}
	}
}

// TestFitResumeMoreIterations checks that a capped fit resumed with a higher cap
// is the fit with the higher cap, and resumed with the same cap ends at once.
func TestFitResumeMoreIterations(t *testing.T) {
	c := fitCases()[0]
	var last *FitState
	opts := c.opts
	opts.MaxIterations = 4
	opts.State = func(st *FitState) { last = st }
	capped, err := Fit(c.train, c.test, c.w0, opts)
	if err != nil || capped.Iterations != 4 || last.Iteration != 4 {
		t.Fatalf("capped: %+v, %v", capped, err)
	}
	again := c.opts
	again.MaxIterations, again.Resume = 4, last
	calls := 0
	again.Progress = func(int, []float64, float64) { calls++ }
	same, err := Fit(c.train, c.test, c.w0, again)
	if err != nil || calls != 0 || !sameFloats(same.W, capped.W) || same.Iterations != 4 || same.TrainLoss != capped.TrainLoss {
		t.Errorf("resumed at its cap: %+v (%d Progress calls), %v; want %+v", same, calls, err, capped)
	}
	more := c.opts
	more.MaxIterations, more.Resume = 9, last
	resumed, err := Fit(c.train, c.test, c.w0, more)
	if err != nil {
		t.Fatal(err)
	}
	more.Resume = nil
	whole, err := Fit(c.train, c.test, c.w0, more)
	if err != nil || !sameFloats(resumed.W, whole.W) || resumed.Iterations != whole.Iterations || resumed.Iterations != 9 {
		t.Errorf("capped at 4, resumed to 9: %v in %d; 9 at once: %v in %d (%v)", resumed.W, resumed.Iterations, whole.W, whole.Iterations, err)
	}
}

// TestFitResumeRefusesBadStates checks that a state that cannot be this fit's is
// an error naming what is wrong.
func TestFitResumeRefusesBadStates(t *testing.T) {
	c := fitCases()[0]
	var good *FitState
	opts := c.opts
	opts.MaxIterations = 3
	opts.State = func(st *FitState) { good = st }
	if _, err := Fit(c.train, c.test, c.w0, opts); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*FitState)
		want   string
	}{
		{"no iteration", func(s *FitState) { s.Iteration = 0 }, "resume: iteration 0, want 1 or more"},
		{"weights", func(s *FitState) { s.W = s.W[:3] }, "resume: 3 weights, want 6"},
		{"fixed weight", func(s *FitState) { s.W[0] = 2 }, "resume: fixed weight 0 is 2, not its start value 1"},
		{"NaN weight", func(s *FitState) { s.W[2] = math.NaN() }, "resumed w[2] is NaN"},
		{"pairs", func(s *FitState) { s.S = s.S[:2] }, "resume: 2, 10 and 10 correction pairs' parts, want 10"},
		{"pair size", func(s *FitState) { s.Y[4] = []float64{1} }, "resume: correction pair 4 has 5 and 1 values for 5 free weights"},
		{"next", func(s *FitState) { s.Next = 10 }, "resume: next slot 10, want 0 to 9"},
		{"flat", func(s *FitState) { s.Flat = 3 }, "resume: 3 flat iterations, want 0 to 2"},
		{"best", func(s *FitState) { s.Best = math.Inf(1) }, "resume: best objective +Inf"},
		{"rho", func(s *FitState) { s.Rho[1] = math.NaN() }, "rho[1] is NaN"},
	}
	for _, tc := range tests {
		data, _ := json.Marshal(good)
		var st FitState
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatal(err)
		}
		tc.change(&st)
		o := c.opts
		o.Resume = &st
		if _, err := Fit(c.train, c.test, c.w0, o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
