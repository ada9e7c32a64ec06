package tuning

// Fit's optimiser: limited-memory BFGS with a bisection line search that meets the
// strong Wolfe conditions, whose whole state between two iterations is a FitState,
// so that a fit stopped after an iteration and resumed from its state takes the
// very steps of a fit that was never stopped.
//
// It takes the steps of gonum's optimize.LBFGS with its default Bisection line
// search, FunctionConverge and gradient threshold, as Fit used them before (the
// same floating-point operations in the same order, through gonum's floats), so
// the fits it gives are those, bit for bit; texel_gonum_test.go checks it.

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
)

// FitState is the state of Fit's optimiser after an iteration: with the same
// samples and options, a fit resumed from it (FitOptions.Resume) takes the same
// steps as the fit that gave it would have taken, to the same weights, bit for
// bit. It is plain data, for a checkpoint file (JSON).
type FitState struct {
	// Iteration is the number of iterations done, numbered as FitOptions.Progress
	// numbers them (the start weights are the first).
	Iteration int `json:"iteration"`
	// W are the weights after the iteration, all of them (fixed ones included).
	W []float64 `json:"w"`
	// S and Y are L-BFGS's correction pairs over the free weights (the steps in the
	// weights and the changes of the gradient), a ring of texelMemory slots of which
	// Next is the next to fill (slots not filled yet are zero); Rho holds their
	// 1/(s·y) (0 in unfilled slots).
	S    [][]float64 `json:"s"`
	Y    [][]float64 `json:"y"`
	Rho  []float64   `json:"rho"`
	Next int         `json:"next"`
	// Best is the lowest objective the convergence test has kept and Flat the
	// iterations since the objective last fell below it by more than the tolerance.
	Best float64 `json:"best"`
	Flat int     `json:"flat"`
}

// texelLBFGS is the optimiser over the free weights of a texelObjective.
type texelLBFGS struct {
	obj *texelObjective
	// The point of the last iteration: free weights, objective, gradient.
	x, g []float64
	f    float64
	// History and convergence test (see FitState).
	s, y       [][]float64
	rho, alpha []float64
	next       int
	best       float64
	flat       int
	iter       int
	// Scratch: the search direction, the trial point and its gradient.
	dir, xn, gn []float64
}

// errTexelStart is the error of a fit whose objective or gradient is not finite at
// its start.
var errTexelStart = errors.New("the objective or its gradient is not finite at the start weights")

// newTexelLBFGS returns the optimiser at the free weights x (iteration 0, nothing
// done) with its history empty.
func newTexelLBFGS(obj *texelObjective, x []float64) *texelLBFGS {
	m := obj.m
	l := &texelLBFGS{obj: obj, x: append([]float64(nil), x...), g: make([]float64, m),
		rho: make([]float64, texelMemory), alpha: make([]float64, texelMemory),
		dir: make([]float64, m), xn: make([]float64, m), gn: make([]float64, m)}
	for range texelMemory {
		l.s = append(l.s, make([]float64, m))
		l.y = append(l.y, make([]float64, m))
	}
	return l
}

// restore sets the optimiser to the state st (its free weights x, taken from st.W
// by the caller), checking its shape and values.
func (l *texelLBFGS) restore(st *FitState, x []float64) error {
	m := l.obj.m
	switch {
	case st.Iteration < 1:
		return fmt.Errorf("iteration %d, want 1 or more", st.Iteration)
	case len(st.S) != texelMemory || len(st.Y) != texelMemory || len(st.Rho) != texelMemory:
		return fmt.Errorf("%d, %d and %d correction pairs' parts, want %d", len(st.S), len(st.Y), len(st.Rho), texelMemory)
	case st.Next < 0 || st.Next >= texelMemory:
		return fmt.Errorf("next slot %d, want 0 to %d", st.Next, texelMemory-1)
	case st.Flat < 0 || st.Flat >= texelFlatIters:
		return fmt.Errorf("%d flat iterations, want 0 to %d", st.Flat, texelFlatIters-1)
	case math.IsNaN(st.Best) || math.IsInf(st.Best, 0):
		return fmt.Errorf("best objective %v", st.Best)
	}
	for i := range texelMemory {
		if len(st.S[i]) != m || len(st.Y[i]) != m {
			return fmt.Errorf("correction pair %d has %d and %d values for %d free weights", i, len(st.S[i]), len(st.Y[i]), m)
		}
		if err := texelCheckVector(fmt.Sprintf("s[%d]", i), st.S[i]); err != nil {
			return err
		}
		if err := texelCheckVector(fmt.Sprintf("y[%d]", i), st.Y[i]); err != nil {
			return err
		}
		copy(l.s[i], st.S[i])
		copy(l.y[i], st.Y[i])
	}
	if err := texelCheckVector("rho", st.Rho); err != nil {
		return err
	}
	copy(l.rho, st.Rho)
	copy(l.x, x)
	l.next, l.best, l.flat, l.iter = st.Next, st.Best, st.Flat, st.Iteration
	return nil
}

// state returns the optimiser's state after its last iteration, a copy, with the
// full weights w.
func (l *texelLBFGS) state(w []float64) *FitState {
	st := &FitState{Iteration: l.iter, W: append([]float64(nil), w...), Rho: append([]float64(nil), l.rho...),
		Next: l.next, Best: l.best, Flat: l.flat}
	for i := range texelMemory {
		st.S = append(st.S, append([]float64(nil), l.s[i]...))
		st.Y = append(st.Y, append([]float64(nil), l.y[i]...))
	}
	return st
}

// texelStop says why the optimiser stopped.
type texelStop int

const (
	texelGoOn      texelStop = iota
	texelConverged           // the gradient vanished or the objective stopped falling
	texelStuck               // the line search can no longer lower the objective
	texelRecorded            // record asked to stop (the context, the iteration limit)
)

// evaluate sets l.f and l.g to the objective and its gradient at l.x.
func (l *texelLBFGS) evaluate() {
	l.f = l.obj.fg(l.x, l.g)
}

// start evaluates the objective at the point, checks it is finite (a new fit), and
// counts the point as an iteration when fresh.
func (l *texelLBFGS) start(fresh bool) (texelStop, error) {
	l.evaluate()
	if fresh {
		if math.IsNaN(l.f) || math.IsInf(l.f, 1) {
			return 0, errTexelStart
		}
		for _, v := range l.g {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, errTexelStart
			}
		}
		return l.iterate(), nil
	}
	return texelGoOn, nil
}

// iterate counts the point l.x as an iteration and applies the convergence tests
// (gonum's gradient threshold, then FunctionConverge).
func (l *texelLBFGS) iterate() texelStop {
	l.iter++
	if math.IsInf(l.f, -1) {
		return texelStuck
	}
	if floats.Norm(l.g, math.Inf(1)) < texelGradTol {
		return texelConverged
	}
	if l.iter == 1 {
		l.best = l.f
		return texelGoOn
	}
	if maxAbs := math.Max(math.Abs(l.f), math.Abs(l.best)); l.f < l.best && l.best-l.f > texelRelTol*maxAbs {
		l.best, l.flat = l.f, 0
		return texelGoOn
	}
	l.flat++
	if l.flat < texelFlatIters {
		return texelGoOn
	}
	return texelConverged
}

// direction sets l.dir to the search direction at l.x and returns the first step:
// the steepest descent scaled to a unit step after the first iteration, L-BFGS's
// two-loop recursion (Nocedal and Wright, Numerical Optimization, 2nd ed., p. 178)
// with a step of 1 after the others.
func (l *texelLBFGS) direction() float64 {
	copy(l.dir, l.g)
	if l.iter == 1 {
		floats.Scale(-1, l.dir)
		return 1 / floats.Norm(l.dir, 2)
	}
	n := texelMemory
	for i := range n {
		idx := (l.next - i - 1 + n) % n
		l.alpha[idx] = l.rho[idx] * floats.Dot(l.s[idx], l.dir)
		floats.AddScaled(l.dir, -l.alpha[idx], l.y[idx])
	}
	last := (l.next - 1 + n) % n
	gamma := floats.Dot(l.s[last], l.y[last]) / floats.Dot(l.y[last], l.y[last])
	floats.Scale(gamma, l.dir)
	for i := range n {
		idx := (i + l.next) % n
		beta := l.rho[idx] * floats.Dot(l.y[idx], l.dir)
		floats.AddScaled(l.dir, l.alpha[idx]-beta, l.s[idx])
	}
	floats.Scale(-1, l.dir)
	return 1
}

// lineSearch searches along l.dir from l.x by bisection for a step that lowers the
// objective and meets the strong Wolfe curvature condition |g·d| < 0.9·|g₀·d|, and
// moves there, adding the step to the history. It returns texelStuck, leaving the
// point as it was, when there is no such step in floating point.
func (l *texelLBFGS) lineSearch(step float64) texelStop {
	initGrad := floats.Dot(l.g, l.dir)
	if initGrad >= 0 {
		return texelStuck // not a descent direction
	}
	minStep, maxStep, cur := 0.0, math.Inf(1), step
	initF, minF, maxF := l.f, l.f, math.NaN()
	floats.AddScaledTo(l.xn, l.x, cur, l.dir)
	if floats.Equal(l.x, l.xn) {
		return texelStuck
	}
	for {
		fn := l.obj.fg(l.xn, l.gn)
		lo := initF
		if maxF < lo {
			lo = maxF
		}
		if minF < lo {
			lo = minF
		}
		var next float64
		if fn <= lo {
			pg := floats.Dot(l.gn, l.dir)
			if math.Abs(pg) < texelCurvature*math.Abs(initGrad) {
				l.accept(fn)
				return texelGoOn
			}
			switch {
			case math.IsInf(maxStep, 1) && pg > 0:
				maxStep, maxF = cur, fn
				next = (minStep + maxStep) / 2
			case math.IsInf(maxStep, 1):
				minStep, minF = cur, fn
				next = cur * 2
			case pg < 0:
				minStep, minF = cur, fn
				next = (minStep + maxStep) / 2
			default:
				maxStep, maxF = cur, fn
				next = (minStep + maxStep) / 2
			}
		} else {
			switch {
			case math.IsInf(maxStep, 1):
				maxStep, maxF = cur, fn
			case minF <= maxF:
				maxStep, maxF = cur, fn
			default:
				minStep, minF = cur, fn
			}
			next = (minStep + maxStep) / 2
		}
		if next == cur {
			return texelStuck
		}
		cur = next
		floats.AddScaledTo(l.xn, l.x, cur, l.dir)
		if floats.Equal(l.x, l.xn) {
			return texelStuck
		}
	}
}

// accept moves to the trial point l.xn, of objective f and gradient l.gn, and adds
// the step to the history.
func (l *texelLBFGS) accept(f float64) {
	s, y := l.s[l.next], l.y[l.next]
	floats.SubTo(s, l.xn, l.x)
	floats.SubTo(y, l.gn, l.g)
	l.rho[l.next] = 1 / floats.Dot(s, y)
	l.next = (l.next + 1) % texelMemory
	copy(l.x, l.xn)
	copy(l.g, l.gn)
	l.f = f
}

// run iterates until a convergence test or record stops it; record is called after
// every iteration and returns true to stop.
func (l *texelLBFGS) run(record func() bool) texelStop {
	for {
		if stop := l.lineSearch(l.direction()); stop != texelGoOn {
			return stop
		}
		if stop := l.iterate(); stop != texelGoOn {
			return stop
		}
		if record() {
			return texelRecorded
		}
	}
}

// Settings of Fit's optimiser.
const (
	texelMemory    = 10 // correction pairs kept
	texelRelTol    = 1e-13
	texelFlatIters = 3
	texelGradTol   = 1e-12 // the gradient's largest entry at which the fit has converged
	texelCurvature = 0.9   // the line search's curvature factor
)
