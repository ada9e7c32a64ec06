package tuning

// The reference for Fit's own L-BFGS: Fit as it was written over gonum's
// optimize.LBFGS (with its Bisection line search and FunctionConverge), kept to check
// that the optimiser that replaced it takes the very same steps.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"
)

// Fit minimises the mean training loss (Loss) plus the L2 term over the weights
// that are not fixed, starting from w0, with K fixed (given, or found by FitK on
// the start weights). It uses L-BFGS with the analytic gradient
//
//	∂/∂w_j = (K/n) Σ (σ(K·w·x) − y)·x_j + λ·(w_j − w0_j).
//
// test (the held-out set) may be nil; it is only measured, never fitted. Fit is
// deterministic: the sums are taken over fixed chunks of samples, spread over the
// available CPUs and added in order, so the result does not depend on GOMAXPROCS.
// It fails on empty training data, feature vectors whose length differs from
// len(w0), NaN or infinite inputs, and invalid options.
func fitGonum(train, test []Sample, w0 []float64, opts FitOptions) (FitResult, error) {
	res, err := fitStart(train, test, w0, opts)
	if err != nil {
		return FitResult{}, err
	}
	k := res.K

	obj := newTexelObjective(train, w0, opts.Fixed, k, opts.L2)
	if len(obj.free) > 0 {
		maxIter := opts.MaxIterations
		if maxIter == 0 {
			maxIter = 1000
		}
		x := make([]float64, len(obj.free))
		for i, j := range obj.free {
			x[i] = w0[j]
		}
		rec := &gonumRecorder{ctx: opts.Context, maxIter: maxIter}
		if opts.Progress != nil {
			full := slices.Clone(w0)
			rec.progress = func(iter int, x []float64) {
				for i, j := range obj.free {
					full[j] = x[i]
				}
				obj.evaluate(x) // cached: the accepted point was just evaluated
				opts.Progress(iter, full, obj.lastLoss)
			}
		}
		// gonum's L-BFGS with the analytic gradient, on one goroutine (the
		// objective spreads its sums over the CPUs itself, deterministically).
		// The run stops when texelFlatIters iterations in a row each lower the
		// objective by at most texelRelTol of its value: far below the statistical
		// noise of any data set, yet above the rounding noise of the sums.
		problem := optimize.Problem{
			Func: func(x []float64) float64 { obj.evaluate(x); return obj.lastF },
			Grad: func(g, x []float64) { obj.evaluate(x); copy(g, obj.lastG) },
		}
		settings := &optimize.Settings{
			GradientThreshold: 1e-12,
			Converger:         &optimize.FunctionConverge{Relative: texelRelTol, Iterations: texelFlatIters},
			Recorder:          rec,
		}
		result, err := optimize.Minimize(problem, x, settings, &optimize.LBFGS{Store: texelMemory})
		if result != nil {
			copy(x, result.X)
		}
		if rec.ctxErr != nil {
			for i, j := range obj.free {
				res.W[j] = rec.last[i]
			}
			return res, rec.ctxErr
		}
		// A line search that fails near the optimum (it can no longer lower the
		// objective in floating point) leaves the best point found: keep it.
		if result == nil || math.IsNaN(result.F) || math.IsInf(result.F, 0) {
			return FitResult{}, fmt.Errorf("eval: Fit: %w", err)
		}
		iters := rec.iter
		for i, j := range obj.free {
			res.W[j] = x[i]
		}
		res.Iterations = iters
	}
	res.TrainLoss = Loss(train, res.W, k)
	if len(test) > 0 {
		res.TestLoss = Loss(test, res.W, k)
	}
	return res, nil
}

// gonumRecorder reports the optimiser's iterations to Fit's Progress and stops the
// run when the context is done.
type gonumRecorder struct {
	ctx      context.Context
	progress func(iter int, x []float64)
	maxIter  int
	iter     int
	last     []float64 // x after the last completed iteration
	ctxErr   error
}

// Init implements optimize.Recorder.
func (r *gonumRecorder) Init() error { return nil }

// Record implements optimize.Recorder: after every major iteration it calls the
// progress function, then looks at the context.
func (r *gonumRecorder) Record(loc *optimize.Location, op optimize.Operation, _ *optimize.Stats) error {
	if op != optimize.MajorIteration {
		return nil
	}
	r.iter++
	r.last = append(r.last[:0], loc.X...)
	if r.progress != nil {
		r.progress(r.iter, loc.X)
	}
	if r.ctx != nil && r.ctx.Err() != nil {
		r.ctxErr = r.ctx.Err()
		return r.ctxErr
	}
	if r.iter >= r.maxIter {
		return errGonumIterations
	}
	return nil
}

// errGonumIterations stops the optimiser at FitOptions.MaxIterations.
var errGonumIterations = errors.New("iteration limit")
