package tuning

// Logistic ("Texel") fitting of linear evaluation weights.
//
// The mathematics here works on plain float64 feature vectors and knows nothing of
// the game: a position is a feature vector x, its evaluation is e = w·x (in eggs),
// and the predicted result for the side to move is σ(K·e), with σ the logistic
// function and K a scale that turns eggs into log-odds.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Sample is one training position: its feature vector, the game's result from the
// view of the side to move, and the game it came from.
type Sample struct {
	// X is the feature vector; the evaluation of the position is w·X.
	X []float64
	// Y is the result from the view of the side to move: 1 win, 0 loss, 0.5 draw.
	// Any value in [0, 1] is accepted (for example an averaged result).
	Y float64
	// Group identifies the game the position came from, so that Split can keep
	// the positions of one game on one side (positions of a game are correlated,
	// and splitting them would leak the training set into the held-out set).
	Group int
}

// Split divides samples into a training set and a held-out set by group: all the
// samples of a group land on the same side. heldOut is the share of samples wanted
// in the held-out set, in (0, 1); groups are taken in a seeded random order into
// the held-out set until it holds at least that share. When there are at least two
// groups and 0 < heldOut < 1, both sides get at least one group; a single group
// goes to the side with the larger share. heldOut <= 0 (or NaN) puts everything in
// training, heldOut >= 1 everything in the held-out set.
//
// The result depends only on the samples (their order included), heldOut and seed.
// Within each side samples keep their input order. The returned slices are new,
// but their samples share their X slices with the input.
func Split(samples []Sample, heldOut float64, seed uint64) (train, test []Sample) {
	if len(samples) == 0 {
		return nil, nil
	}
	if !(heldOut > 0) {
		return slices.Clone(samples), nil
	}
	if heldOut >= 1 {
		return nil, slices.Clone(samples)
	}
	size := make(map[int]int)
	for _, s := range samples {
		size[s.Group]++
	}
	if len(size) == 1 {
		// A single game cannot be split: it goes where the larger share is asked.
		if heldOut < 0.5 {
			return slices.Clone(samples), nil
		}
		return nil, slices.Clone(samples)
	}
	groups := make([]int, 0, len(size))
	for g := range size {
		groups = append(groups, g)
	}
	slices.Sort(groups) // map order is random; sort before the seeded shuffle
	rng := rand.New(rand.NewPCG(seed, 0x5eed5b1175))
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })

	target := heldOut * float64(len(samples))
	inTest := make(map[int]bool)
	count := 0
	for i, g := range groups {
		if i > 0 && float64(count) >= target {
			break
		}
		if i == len(groups)-1 && i > 0 {
			break // keep at least one group for training
		}
		inTest[g] = true
		count += size[g]
	}
	for _, s := range samples {
		if inTest[s.Group] {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	return train, test
}

// texelSigmoid is the logistic function 1/(1+e^−z), computed without overflow.
func texelSigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// texelLogLoss returns the cross-entropy −y·log σ(z) − (1−y)·log(1−σ(z)) and σ(z),
// computed stably as softplus(z) − y·z.
func texelLogLoss(z, y float64) (loss, sigma float64) {
	e := math.Exp(-math.Abs(z))
	loss = math.Log1p(e) - y*z
	if z > 0 {
		loss += z
		sigma = 1 / (1 + e)
	} else {
		sigma = e / (1 + e)
	}
	return loss, sigma
}

// texelValidate checks that samples is non-empty and that every sample has a
// finite feature vector of length d and a result in [0, 1].
func texelValidate(samples []Sample, d int) error {
	if len(samples) == 0 {
		return errors.New("eval: no samples")
	}
	for i, s := range samples {
		if len(s.X) != d {
			return fmt.Errorf("eval: sample %d has %d features, want %d", i, len(s.X), d)
		}
		for j, v := range s.X {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("eval: sample %d feature %d is %v", i, j, v)
			}
		}
		if !(s.Y >= 0 && s.Y <= 1) {
			return fmt.Errorf("eval: sample %d result %v is not in [0, 1]", i, s.Y)
		}
	}
	return nil
}

// texelCheckVector checks that v has no NaN or infinite entry.
func texelCheckVector(name string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("eval: %s[%d] is %v", name, i, x)
		}
	}
	return nil
}

// texelDot returns a·b for slices of equal length.
func texelDot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// Loss returns the mean cross-entropy (log loss) of the predictions σ(K·w·x)
// against the results y:
//
//	(1/n) Σ −y·log σ(K·w·x) − (1−y)·log(1 − σ(K·w·x)).
//
// Its minimum over the predictions is the mean entropy of the results (0 for wins
// and losses only, log 2 ≈ 0.693 for a draw), not 0. Loss returns NaN when the
// samples are empty, a feature vector's length differs from len(w), or any input
// is NaN or infinite or a result is outside [0, 1].
func Loss(samples []Sample, w []float64, k float64) float64 {
	if texelValidate(samples, len(w)) != nil || texelCheckVector("w", w) != nil ||
		math.IsNaN(k) || math.IsInf(k, 0) {
		return math.NaN()
	}
	var sum float64
	for _, s := range samples {
		l, _ := texelLogLoss(k*texelDot(w, s.X), s.Y)
		sum += l
	}
	return sum / float64(len(samples))
}

// LossMSE returns the mean squared error (1/n) Σ (y − σ(K·w·x))², the loss of the
// original Texel tuning method. It returns NaN on the same invalid inputs as Loss.
func LossMSE(samples []Sample, w []float64, k float64) float64 {
	if texelValidate(samples, len(w)) != nil || texelCheckVector("w", w) != nil ||
		math.IsNaN(k) || math.IsInf(k, 0) {
		return math.NaN()
	}
	var sum float64
	for _, s := range samples {
		r := s.Y - texelSigmoid(k*texelDot(w, s.X))
		sum += r * r
	}
	return sum / float64(len(samples))
}

// FitK returns the scale K > 0 that minimises Loss(samples, w, K) for the fixed
// weights w. Loss is convex in K, so FitK brackets the zero of its derivative and
// closes in on it with safeguarded Newton steps (to about 1e-12 relative). It
// fails on invalid input, when the evaluations are all 0, when no K > 0 does
// better than K = 0 (the evaluations do not agree with the results), and when the
// loss keeps falling as K grows (the evaluations separate the results perfectly).
func FitK(samples []Sample, w []float64) (float64, error) {
	if err := texelValidate(samples, len(w)); err != nil {
		return 0, err
	}
	if err := texelCheckVector("w", w); err != nil {
		return 0, err
	}
	n := float64(len(samples))
	e := make([]float64, len(samples))
	y := make([]float64, len(samples))
	var sq float64
	for i, s := range samples {
		e[i] = texelDot(w, s.X)
		y[i] = s.Y
		sq += e[i] * e[i]
	}
	if sq == 0 {
		return 0, errors.New("eval: FitK: every evaluation is 0, so K is undetermined")
	}
	// deriv returns the first and second derivatives of Loss in K.
	deriv := func(k float64) (d1, d2 float64) {
		for i, ei := range e {
			s := texelSigmoid(k * ei)
			d1 += (s - y[i]) * ei
			d2 += s * (1 - s) * ei * ei
		}
		return d1 / n, d2 / n
	}
	if d1, _ := deriv(0); d1 >= 0 {
		return 0, errors.New("eval: FitK: no K > 0 does better than K = 0 (the evaluations do not predict the results)")
	}
	lo, hi := 0.0, 1/math.Sqrt(sq/n) // start at 1 / rms evaluation
	for it := 0; ; it++ {
		if d1, _ := deriv(hi); d1 > 0 {
			break
		}
		if it == 100 {
			return 0, errors.New("eval: FitK: the loss keeps falling as K grows (the evaluations separate the results)")
		}
		lo, hi = hi, 2*hi
	}
	k := (lo + hi) / 2
	for range 200 {
		d1, d2 := deriv(k)
		if d1 > 0 {
			hi = k
		} else {
			lo = k
		}
		if d1 == 0 || hi-lo <= 1e-13*hi {
			break
		}
		next := k - d1/d2
		if !(d2 > 0) || next <= lo || next >= hi {
			next = (lo + hi) / 2
		}
		if math.Abs(next-k) <= 1e-13*k {
			k = next
			break
		}
		k = next
	}
	return k, nil
}

// FitOptions controls Fit.
type FitOptions struct {
	// K is the scale from eggs to log-odds. 0 means: run FitK on the training set
	// with the start weights first. Negative is an error.
	K float64
	// L2 is the ridge penalty λ: the objective is the mean training loss plus
	// λ·Σ (w_i − w0_i)²/2 over the weights that are not fixed, which pulls the
	// weights towards the start weights. 0 (the default) is no penalty.
	L2 float64
	// Fixed marks the weights that keep their start values, for example the
	// anchor store_diff = 1 that keeps the evaluation's unit in eggs. nil fixes
	// none; otherwise its length must be that of the weights.
	Fixed []bool
	// MaxIterations bounds the optimiser's iterations; 0 means 1000. The fit
	// usually converges well before.
	MaxIterations int
	// Progress, when not nil, is called after every iteration of the optimiser
	// with the iteration number (from 1), the current weights (all of them,
	// fixed ones included; the slice is only valid during the call) and the mean
	// training loss (Loss, without the L2 term) at those weights. It is called on
	// the goroutine that runs Fit's optimiser, one call at a time.
	Progress func(iter int, w []float64, trainLoss float64)
	// Context, when not nil, stops the fit when it is done: Fit then returns the
	// weights of the last completed iteration with the context's error.
	Context context.Context
	// State, when not nil, is called after Progress at every iteration with the
	// optimiser's state after it (a copy, which the callee may keep): a fit resumed
	// from it (Resume) goes on as this fit does.
	State func(*FitState)
	// Resume, when not nil, continues the fit whose State gave it, instead of
	// starting at w0: with the same samples, w0 and other options, the resumed fit
	// takes the steps the fit that gave the state would have taken after it, and
	// ends with the same result, bit for bit (its Iterations and MaxIterations
	// count the iterations before the state too). The state's fixed weights must be
	// those of w0.
	Resume *FitState
}

// FitResult is the outcome of Fit.
type FitResult struct {
	// W are the fitted weights (fixed ones at their start values).
	W []float64
	// K is the scale used: FitOptions.K, or the one FitK found.
	K float64
	// TrainLoss and TestLoss are Loss at W on the training and held-out sets;
	// StartTrainLoss and StartTestLoss are Loss at the start weights. The test
	// losses are NaN when there is no held-out set. None includes the L2 term.
	TrainLoss, TestLoss, StartTrainLoss, StartTestLoss float64
	// Iterations is the number of iterations the optimiser made.
	Iterations int
}

// Fit minimises the mean training loss (Loss) plus the L2 term over the weights
// that are not fixed, starting from w0, with K fixed (given, or found by FitK on
// the start weights). It uses L-BFGS with the analytic gradient
//
//	∂/∂w_j = (K/n) Σ (σ(K·w·x) − y)·x_j + λ·(w_j − w0_j).
//
// The optimiser is L-BFGS (10 correction pairs) with a bisection line search that
// meets the strong Wolfe conditions; it stops when the gradient vanishes, when
// the objective has fallen by at most 1e-13 of its value in 3 iterations in a row,
// or when the line search can no longer lower it (Fit then keeps the last point).
// Its state after each iteration (FitOptions.State) lets a stopped fit resume
// exactly (FitOptions.Resume).
//
// test (the held-out set) may be nil; it is only measured, never fitted. Fit is
// deterministic: the sums are taken over fixed chunks of samples, spread over the
// available CPUs and added in order, so the result does not depend on GOMAXPROCS.
// It fails on empty training data, feature vectors whose length differs from
// len(w0), NaN or infinite inputs, and invalid options.
func Fit(train, test []Sample, w0 []float64, opts FitOptions) (FitResult, error) {
	res, err := fitStart(train, test, w0, opts)
	if err != nil {
		return FitResult{}, err
	}
	k := res.K

	obj := newTexelObjective(train, w0, opts.Fixed, k, opts.L2)
	if opts.Resume != nil {
		if err := checkResume(opts.Resume, w0, opts.Fixed); err != nil {
			return FitResult{}, err
		}
		copy(res.W, opts.Resume.W)
	}
	if len(obj.free) > 0 {
		maxIter := opts.MaxIterations
		if maxIter == 0 {
			maxIter = 1000
		}
		x := make([]float64, len(obj.free))
		for i, j := range obj.free {
			x[i] = res.W[j]
		}
		opt := newTexelLBFGS(obj, x)
		fresh := opts.Resume == nil
		if !fresh {
			if err := opt.restore(opts.Resume, x); err != nil {
				return FitResult{}, fmt.Errorf("eval: Fit: resume: %w", err)
			}
		}
		full := slices.Clone(res.W)
		var ctxErr error
		// record reports the iteration just done and says whether to stop.
		record := func() bool {
			for i, j := range obj.free {
				full[j] = opt.x[i]
			}
			if opts.Progress != nil {
				obj.evaluate(opt.x) // cached: the point was just evaluated
				opts.Progress(opt.iter, full, obj.lastLoss)
			}
			if opts.State != nil {
				opts.State(opt.state(full))
			}
			if opts.Context != nil && opts.Context.Err() != nil {
				ctxErr = opts.Context.Err()
				return true
			}
			return opt.iter >= maxIter
		}
		stop, err := opt.start(fresh)
		if err != nil {
			return FitResult{}, fmt.Errorf("eval: Fit: %w", err)
		}
		if fresh && stop == texelGoOn {
			if record() {
				stop = texelRecorded
			}
		} else if !fresh && opt.iter >= maxIter {
			stop = texelRecorded // the state is at the limit already
		}
		if stop == texelGoOn {
			stop = opt.run(record)
		}
		if ctxErr != nil {
			copy(res.W, full)
			return res, ctxErr
		}
		// A point where the objective is not finite is not a fit.
		if math.IsNaN(opt.f) || math.IsInf(opt.f, 0) {
			return FitResult{}, fmt.Errorf("eval: Fit: the objective is %v", opt.f)
		}
		for i, j := range obj.free {
			res.W[j] = opt.x[i]
		}
		res.Iterations = opt.iter
		if stop == texelConverged {
			res.Iterations-- // the iteration that converged is not reported (as gonum did)
		}
	}
	res.TrainLoss = Loss(train, res.W, k)
	if len(test) > 0 {
		res.TestLoss = Loss(test, res.W, k)
	}
	return res, nil
}

// checkResume checks that st can resume a fit from w0 with the weights fixed: as
// many weights, finite, the fixed ones at their start values.
func checkResume(st *FitState, w0 []float64, fixed []bool) error {
	if len(st.W) != len(w0) {
		return fmt.Errorf("eval: Fit: resume: %d weights, want %d", len(st.W), len(w0))
	}
	if err := texelCheckVector("resumed w", st.W); err != nil {
		return err
	}
	for j, f := range fixed {
		if f && st.W[j] != w0[j] {
			return fmt.Errorf("eval: Fit: resume: fixed weight %d is %v, not its start value %v", j, st.W[j], w0[j])
		}
	}
	return nil
}

// texelChunk is the number of samples summed sequentially as one unit of work.
// The chunks, not the goroutines, fix the order of the floating-point sums.
const texelChunk = 4096

// texelObjective is the fitting objective over the free weights, with the data
// laid out flat for speed: row i of x holds the free features of sample i and
// off[i] the fixed weights' part of its evaluation.
type texelObjective struct {
	free    []int     // indices of the free weights in the full vector
	w0      []float64 // the full start weights
	x       []float64 // n × m free features, row-major
	off     []float64 // evaluation contributed by the fixed weights
	y       []float64 // results
	n, m    int
	k, l2   float64
	partial []float64   // per chunk: loss sum, then m gradient sums
	scratch [][]float64 // per worker: gradient accumulator

	// Cache of the last evaluation, so that asking again for the point just
	// evaluated (as Progress does) costs no pass over the data.
	lastX    []float64
	lastF    float64
	lastLoss float64 // the mean loss without the L2 term
	lastG    []float64
	valid    bool
}

func newTexelObjective(samples []Sample, w0 []float64, fixed []bool, k, l2 float64) *texelObjective {
	o := &texelObjective{w0: w0, k: k, l2: l2, n: len(samples)}
	for j := range w0 {
		if fixed == nil || !fixed[j] {
			o.free = append(o.free, j)
		}
	}
	o.m = len(o.free)
	o.x = make([]float64, o.n*o.m)
	o.off = make([]float64, o.n)
	o.y = make([]float64, o.n)
	for i, s := range samples {
		row := o.x[i*o.m : (i+1)*o.m]
		for c, j := range o.free {
			row[c] = s.X[j]
		}
		var off float64
		for j, v := range s.X {
			if fixed != nil && fixed[j] {
				off += w0[j] * v
			}
		}
		o.off[i] = off
		o.y[i] = s.Y
	}
	chunks := (o.n + texelChunk - 1) / texelChunk
	o.partial = make([]float64, chunks*(o.m+1))
	o.lastX = make([]float64, o.m)
	o.lastG = make([]float64, o.m)
	return o
}

// evaluate computes the objective and its gradient at the free weights w into the
// cache, unless the cache already holds them.
func (o *texelObjective) evaluate(w []float64) {
	if o.valid && slices.Equal(w, o.lastX) {
		return
	}
	m := o.m
	chunks := len(o.partial) / (m + 1)
	// work sums chunk c into its slot of o.partial, accumulating in g (one
	// buffer per worker, so that workers do not write to shared cache lines).
	work := func(c int, g []float64) {
		p := o.partial[c*(m+1) : (c+1)*(m+1)]
		clear(g)
		end := min((c+1)*texelChunk, o.n)
		var loss float64
		for i := c * texelChunk; i < end; i++ {
			row := o.x[i*m : (i+1)*m]
			z := o.off[i]
			for j, v := range row {
				z += w[j] * v
			}
			z *= o.k
			l, s := texelLogLoss(z, o.y[i])
			loss += l
			r := s - o.y[i]
			for j, v := range row {
				g[j] += r * v
			}
		}
		p[0] = loss
		copy(p[1:], g)
	}
	workers := min(runtime.GOMAXPROCS(0), chunks)
	for len(o.scratch) < workers {
		o.scratch = append(o.scratch, make([]float64, m))
	}
	if workers <= 1 {
		for c := range chunks {
			work(c, o.scratch[0])
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for i := range workers {
			g := o.scratch[i]
			wg.Go(func() {
				for {
					c := int(next.Add(1)) - 1
					if c >= chunks {
						return
					}
					work(c, g)
				}
			})
		}
		wg.Wait()
	}
	// Ordered reduction: the same sums in the same order whatever the workers.
	var loss float64
	clear(o.lastG)
	for c := range chunks {
		p := o.partial[c*(m+1) : (c+1)*(m+1)]
		loss += p[0]
		for j, v := range p[1:] {
			o.lastG[j] += v
		}
	}
	n := float64(o.n)
	o.lastLoss = loss / n
	f := o.lastLoss
	for c, j := range o.free {
		o.lastG[c] *= o.k / n
		if o.l2 != 0 {
			dw := w[c] - o.w0[j]
			f += o.l2 * dw * dw / 2
			o.lastG[c] += o.l2 * dw
		}
	}
	o.lastF = f
	copy(o.lastX, w)
	o.valid = true
}

// fg returns the objective at the free weights w and writes its gradient to g.
func (o *texelObjective) fg(w, g []float64) float64 {
	o.evaluate(w)
	copy(g, o.lastG)
	return o.lastF
}

// texelNormInf returns max |v_i|.
func texelNormInf(v []float64) float64 {
	var m float64
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	return m
}

// fitStart checks Fit's inputs and returns the fit before its first iteration: the
// starting weights, K (FitK's when opts.K is 0) and the starting losses.
func fitStart(train, test []Sample, w0 []float64, opts FitOptions) (FitResult, error) {
	d := len(w0)
	if d == 0 {
		return FitResult{}, errors.New("eval: Fit: no weights")
	}
	if err := texelCheckVector("w0", w0); err != nil {
		return FitResult{}, err
	}
	if err := texelValidate(train, d); err != nil {
		return FitResult{}, fmt.Errorf("training set: %w", err)
	}
	if len(test) > 0 {
		if err := texelValidate(test, d); err != nil {
			return FitResult{}, fmt.Errorf("held-out set: %w", err)
		}
	}
	if !(opts.K >= 0) || math.IsInf(opts.K, 0) {
		return FitResult{}, fmt.Errorf("eval: Fit: K = %v, want a finite K >= 0", opts.K)
	}
	if !(opts.L2 >= 0) || math.IsInf(opts.L2, 0) {
		return FitResult{}, fmt.Errorf("eval: Fit: L2 = %v, want a finite L2 >= 0", opts.L2)
	}
	if opts.Fixed != nil && len(opts.Fixed) != d {
		return FitResult{}, fmt.Errorf("eval: Fit: %d Fixed flags for %d weights", len(opts.Fixed), d)
	}
	if opts.MaxIterations < 0 {
		return FitResult{}, fmt.Errorf("eval: Fit: MaxIterations = %d", opts.MaxIterations)
	}
	k := opts.K
	if k == 0 {
		var err error
		if k, err = FitK(train, w0); err != nil {
			return FitResult{}, err
		}
	}
	res := FitResult{
		W:              slices.Clone(w0),
		K:              k,
		StartTrainLoss: Loss(train, w0, k),
		StartTestLoss:  math.NaN(),
		TestLoss:       math.NaN(),
	}
	if len(test) > 0 {
		res.StartTestLoss = Loss(test, w0, k)
	}
	return res, nil
}
