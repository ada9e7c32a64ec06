package tuning

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// texelSynth draws n samples from the logistic model with weights w and scale k:
// features from a seeded mix of distributions (a wide integer feature like an egg
// difference, Gaussians, a binary and a skewed one), results Bernoulli(σ(K·w·x)),
// and positions grouped in games of 40.
func texelSynth(n int, w []float64, k float64, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]Sample, n)
	for i := range out {
		x := make([]float64, len(w))
		for j := range x {
			switch j % 4 {
			case 0:
				x[j] = float64(rng.IntN(13) - 6)
			case 1:
				x[j] = rng.NormFloat64()
			case 2:
				x[j] = float64(rng.IntN(2))
			default:
				x[j] = rng.ExpFloat64() - 1
			}
		}
		y := 0.0
		if rng.Float64() < texelSigmoid(k*texelDot(w, x)) {
			y = 1
		}
		out[i] = Sample{X: x, Y: y, Group: i / 40}
	}
	return out
}

func TestLossHandComputed(t *testing.T) {
	samples := []Sample{
		{X: []float64{1, 2}, Y: 1},
		{X: []float64{-1, 0}, Y: 0},
		{X: []float64{0, 1}, Y: 0.5},
	}
	w := []float64{1, 0.5}
	k := 0.5
	// z = K·w·x = 1, −0.5, 0.25.
	p := []float64{1 / (1 + math.Exp(-1)), 1 / (1 + math.Exp(0.5)), 1 / (1 + math.Exp(-0.25))}
	wantLog := (-math.Log(p[0]) - math.Log(1-p[1]) - 0.5*math.Log(p[2]) - 0.5*math.Log(1-p[2])) / 3
	wantMSE := ((1-p[0])*(1-p[0]) + p[1]*p[1] + (0.5-p[2])*(0.5-p[2])) / 3
	// The same numbers worked out by hand: σ(1) = 0.7310586, σ(−0.5) = 0.3775407,
	// σ(0.25) = 0.5621765; log losses log(1+e^−1) = 0.3132617, log(1+e^−0.5) =
	// 0.4740770 and (log(1+e^0.25) + log(1+e^−0.25))/2 = 0.7009394; squared errors
	// 0.0723295, 0.1425369 and 0.0038659.
	if got := Loss(samples, w, k); math.Abs(got-wantLog) > 1e-12 || math.Abs(got-0.4960927) > 1e-6 {
		t.Errorf("Loss = %.10f, want %.10f (≈ 0.4960927)", got, wantLog)
	}
	if got := LossMSE(samples, w, k); math.Abs(got-wantMSE) > 1e-12 || math.Abs(got-0.0729108) > 1e-6 {
		t.Errorf("LossMSE = %.10f, want %.10f (≈ 0.0729108)", got, wantMSE)
	}
	// Extreme evaluations do not overflow.
	far := []Sample{{X: []float64{1e6}, Y: 0}, {X: []float64{-1e6}, Y: 0}}
	if got := Loss(far, []float64{1}, 1); math.Abs(got-5e5) > 1e-6 {
		t.Errorf("Loss far = %v, want 5e5", got)
	}
}

func TestLossInvalid(t *testing.T) {
	good := []Sample{{X: []float64{1, 2}, Y: 1}}
	cases := map[string]struct {
		s []Sample
		w []float64
	}{
		"empty":    {nil, []float64{1, 2}},
		"mismatch": {good, []float64{1}},
		"NaN x":    {[]Sample{{X: []float64{math.NaN(), 1}, Y: 1}}, []float64{1, 2}},
		"NaN y":    {[]Sample{{X: []float64{1, 1}, Y: math.NaN()}}, []float64{1, 2}},
		"y > 1":    {[]Sample{{X: []float64{1, 1}, Y: 2}}, []float64{1, 2}},
		"NaN w":    {good, []float64{1, math.NaN()}},
	}
	for name, c := range cases {
		if got := Loss(c.s, c.w, 1); !math.IsNaN(got) {
			t.Errorf("%s: Loss = %v, want NaN", name, got)
		}
		if got := LossMSE(c.s, c.w, 1); !math.IsNaN(got) {
			t.Errorf("%s: LossMSE = %v, want NaN", name, got)
		}
		if _, err := FitK(c.s, c.w); err == nil {
			t.Errorf("%s: FitK: no error", name)
		}
		if _, err := Fit(c.s, nil, c.w, FitOptions{K: 1}); err == nil {
			t.Errorf("%s: Fit: no error", name)
		}
	}
	if _, err := Fit(good, []Sample{{X: []float64{1}, Y: 1}}, []float64{1, 2}, FitOptions{K: 1}); err == nil {
		t.Error("Fit with a bad held-out set: no error")
	}
	for name, o := range map[string]FitOptions{
		"K < 0":   {K: -1},
		"K NaN":   {K: math.NaN()},
		"L2 < 0":  {K: 1, L2: -1},
		"Fixed":   {K: 1, Fixed: []bool{true}},
		"MaxIter": {K: 1, MaxIterations: -1},
	} {
		if _, err := Fit(good, nil, []float64{1, 2}, o); err == nil {
			t.Errorf("Fit with options %s: no error", name)
		}
	}
	if _, err := Fit(good, nil, nil, FitOptions{K: 1}); err == nil {
		t.Error("Fit with no weights: no error")
	}
}

// TestGradientFiniteDifferences checks the analytic gradient of the objective
// (with fixed weights and the L2 term) against central differences.
func TestGradientFiniteDifferences(t *testing.T) {
	w0 := []float64{1, -0.4, 0.8, 0.2, -1.1, 0.3}
	samples := texelSynth(3000, w0, 0.5, 7)
	// Make some results draws, to test fractional y.
	for i := 0; i < len(samples); i += 5 {
		samples[i].Y = 0.5
	}
	fixed := []bool{true, false, false, true, false, false}
	obj := newTexelObjective(samples, w0, fixed, 0.7, 0.05)
	w := []float64{-0.3, 1.2, 0.5, -0.9}
	g := make([]float64, len(w))
	f := obj.fg(w, g)
	// The objective matches Loss plus the penalty.
	full := []float64{1, -0.3, 1.2, 0.2, 0.5, -0.9}
	pen := 0.0
	for c, j := range obj.free {
		pen += 0.05 * (w[c] - w0[j]) * (w[c] - w0[j]) / 2
	}
	if want := Loss(samples, full, 0.7) + pen; math.Abs(f-want) > 1e-12 {
		t.Fatalf("objective %.15f, want Loss + L2 = %.15f", f, want)
	}
	scratch := make([]float64, len(w))
	for j := range w {
		h := 1e-5
		wp, wm := slices.Clone(w), slices.Clone(w)
		wp[j] += h
		wm[j] -= h
		fd := (obj.fg(wp, scratch) - obj.fg(wm, scratch)) / (2 * h)
		if math.Abs(fd-g[j]) > 1e-8*math.Max(1, math.Abs(g[j])) {
			t.Errorf("gradient[%d] = %.12f, finite difference %.12f", j, g[j], fd)
		}
	}
}

// texelStdErrors returns the asymptotic standard errors of the free weights of
// the maximum-likelihood fit: the square roots of the diagonal of the inverse
// Fisher information Σ σ(1−σ)·K²·x·xᵀ over the samples (free features only).
func texelStdErrors(t *testing.T, samples []Sample, w []float64, k float64, free []int) []float64 {
	m := len(free)
	info := mat.NewSymDense(m, nil)
	for _, s := range samples {
		p := texelSigmoid(k * texelDot(w, s.X))
		c := p * (1 - p) * k * k
		for a := range m {
			for b := a; b < m; b++ {
				info.SetSym(a, b, info.At(a, b)+c*s.X[free[a]]*s.X[free[b]])
			}
		}
	}
	var inv mat.SymDense
	var chol mat.Cholesky
	if !chol.Factorize(info) {
		t.Fatal("information matrix is not positive definite")
	}
	if err := chol.InverseTo(&inv); err != nil {
		t.Fatal(err)
	}
	se := make([]float64, m)
	for a := range m {
		se[a] = math.Sqrt(inv.At(a, a))
	}
	return se
}

// TestFitRecoversWeights fits weights to 100,000 samples drawn from known ones,
// with the anchor weight fixed and K given, and checks each fitted weight against
// the truth within 4 standard errors. The standard errors come from the inverse
// Fisher information at the truth (the asymptotic covariance of the
// maximum-likelihood estimate); a weight lands beyond 4 of them with probability
// 6e-5, so the 5 together fail by chance with probability 3e-4 (and the data are
// seeded, so the outcome is fixed). The standard errors themselves are about 0.01
// to 0.02, so the check is tight compared with the weights and the start error.
func TestFitRecoversWeights(t *testing.T) {
	wTrue := []float64{1, -0.7, 2, 0.3, -1.5, 0.05}
	const k = 0.5
	samples := texelSynth(100_000, wTrue, k, 42)
	fixed := []bool{true, false, false, false, false, false}
	w0 := []float64{1, 0, 0, 0, 0, 0}
	res, err := Fit(samples, nil, w0, FitOptions{K: k, Fixed: fixed})
	if err != nil {
		t.Fatal(err)
	}
	if res.W[0] != 1 {
		t.Errorf("fixed weight moved to %v", res.W[0])
	}
	if res.K != k {
		t.Errorf("K = %v, want the given %v", res.K, k)
	}
	se := texelStdErrors(t, samples, wTrue, k, []int{1, 2, 3, 4, 5})
	for c, j := range []int{1, 2, 3, 4, 5} {
		if se[c] > 0.05 {
			t.Errorf("standard error of w[%d] = %.3f: the test is too loose", j, se[c])
		}
		if z := (res.W[j] - wTrue[j]) / se[c]; math.Abs(z) > 4 {
			t.Errorf("w[%d] = %.4f, true %.4f, %.1f standard errors (%.4f) off", j, res.W[j], wTrue[j], z, se[c])
		}
	}
	t.Logf("fitted %v in %d iterations, standard errors %.4f", res.W, res.Iterations, se)
	if !(res.TrainLoss < res.StartTrainLoss) {
		t.Errorf("train loss %v not below start %v", res.TrainLoss, res.StartTrainLoss)
	}
	if !math.IsNaN(res.TestLoss) || !math.IsNaN(res.StartTestLoss) {
		t.Errorf("test losses %v, %v without a held-out set, want NaN", res.TestLoss, res.StartTestLoss)
	}
	// The fit is a minimum: the gradient of the loss over the free weights is ~0.
	obj := newTexelObjective(samples, res.W, fixed, k, 0)
	g := make([]float64, len(obj.free))
	x := []float64{res.W[1], res.W[2], res.W[3], res.W[4], res.W[5]}
	obj.fg(x, g)
	if n := texelNormInf(g); n > 1e-6 {
		t.Errorf("gradient at the fit has norm %g", n)
	}
}

// TestFitAllFree fits without fixed weights and with K found by FitK on the
// (correctly scaled but noisy) start weights, and checks the L2 pull.
func TestFitAllFree(t *testing.T) {
	wTrue := []float64{0.4, 1, -1, 0.5}
	samples := texelSynth(20_000, wTrue, 1, 3)
	w0 := []float64{0.3, 0.8, -0.5, 0}
	res, err := Fit(samples, nil, w0, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kStart, _ := FitK(samples, w0)
	if res.K != kStart {
		t.Errorf("K = %v, want FitK on the start weights %v", res.K, kStart)
	}
	// With K free to absorb the scale, the fitted e = K·w·x matches the truth's.
	for j := range wTrue {
		if got := res.K * res.W[j]; math.Abs(got-wTrue[j]) > 0.1 {
			t.Errorf("K·w[%d] = %.3f, want %.3f", j, got, wTrue[j])
		}
	}
	// A strong ridge keeps the weights near the start.
	ridge, err := Fit(samples, nil, w0, FitOptions{K: res.K, L2: 100})
	if err != nil {
		t.Fatal(err)
	}
	dist := func(w []float64) (s float64) {
		for j := range w {
			s += (w[j] - w0[j]) * (w[j] - w0[j])
		}
		return math.Sqrt(s)
	}
	if !(dist(ridge.W) < 0.1*dist(res.W)) {
		t.Errorf("L2 = 100 moved the weights %.4f, unpenalised %.4f", dist(ridge.W), dist(res.W))
	}
	// All weights fixed: nothing to fit.
	all, err := Fit(samples, nil, w0, FitOptions{K: 1, Fixed: []bool{true, true, true, true}})
	if err != nil || !slices.Equal(all.W, w0) || all.Iterations != 0 {
		t.Errorf("all fixed: %+v, %v", all, err)
	}
}

func TestFitK(t *testing.T) {
	w := []float64{1, -0.7, 2, 0.3}
	for _, k := range []float64{0.2, 0.5, 1.5} {
		samples := texelSynth(50_000, w, k, 11)
		got, err := FitK(samples, w)
		if err != nil {
			t.Fatal(err)
		}
		// Standard error of K: 1/sqrt(Σ σ(1−σ)·e²).
		var info float64
		for _, s := range samples {
			e := texelDot(w, s.X)
			p := texelSigmoid(k * e)
			info += p * (1 - p) * e * e
		}
		se := 1 / math.Sqrt(info)
		if math.Abs(got-k) > 4*se {
			t.Errorf("FitK = %.5f, want %.5f ± 4·%.5f", got, k, se)
		}
		// It is the minimum: nearby K are worse.
		l := Loss(samples, w, got)
		if Loss(samples, w, got*1.001) <= l || Loss(samples, w, got*0.999) <= l {
			t.Errorf("K = %v is not a minimum of Loss", got)
		}
		// The scale goes inversely with the weights.
		w2 := []float64{2, -1.4, 4, 0.6}
		if got2, _ := FitK(samples, w2); math.Abs(got2-got/2) > 1e-9*got {
			t.Errorf("FitK for doubled weights = %v, want %v", got2, got/2)
		}
	}
	// Evaluations against the results: no positive K.
	samples := texelSynth(2000, w, 1, 5)
	if _, err := FitK(samples, []float64{-1, 0.7, -2, -0.3}); err == nil {
		t.Error("FitK with reversed weights: no error")
	}
	if _, err := FitK(samples, []float64{0, 0, 0, 0}); err == nil {
		t.Error("FitK with zero weights: no error")
	}
	// Perfectly separated results: the loss falls for ever.
	sep := []Sample{{X: []float64{1}, Y: 1}, {X: []float64{-1}, Y: 0}}
	if _, err := FitK(sep, []float64{1}); err == nil {
		t.Error("FitK on separable data: no error")
	}
}

func TestSplit(t *testing.T) {
	var samples []Sample
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range 300 {
		for range 1 + rng.IntN(60) {
			samples = append(samples, Sample{X: []float64{float64(g)}, Group: g * 7})
		}
	}
	train, test := Split(samples, 0.2, 9)
	if len(train)+len(test) != len(samples) {
		t.Fatalf("%d + %d samples, want %d", len(train), len(test), len(samples))
	}
	share := float64(len(test)) / float64(len(samples))
	if share < 0.2 || share > 0.25 {
		t.Errorf("held-out share %.3f, want about 0.2", share)
	}
	side := make(map[int]bool)
	for _, s := range train {
		side[s.Group] = false
	}
	for _, s := range test {
		if v, ok := side[s.Group]; ok && !v {
			t.Fatalf("group %d is on both sides", s.Group)
		}
		side[s.Group] = true
	}
	// Input order is kept within each side.
	for _, part := range [][]Sample{train, test} {
		for i := 1; i < len(part); i++ {
			if part[i].X[0] < part[i-1].X[0] {
				t.Fatal("order not kept")
			}
		}
	}
	// Deterministic, and the seed matters.
	train2, test2 := Split(samples, 0.2, 9)
	if !texelSameSamples(train, train2) || !texelSameSamples(test, test2) {
		t.Error("Split is not deterministic")
	}
	_, test3 := Split(samples, 0.2, 10)
	if texelSameSamples(test, test3) {
		t.Error("another seed gives the same split")
	}
	// Edge cases.
	if tr, te := Split(samples, 0, 1); len(tr) != len(samples) || len(te) != 0 {
		t.Error("heldOut 0 should keep everything for training")
	}
	if tr, te := Split(samples, 1, 1); len(tr) != 0 || len(te) != len(samples) {
		t.Error("heldOut 1 should hold everything out")
	}
	two := []Sample{{Group: 1}, {Group: 1}, {Group: 2}}
	for _, h := range []float64{0.01, 0.99} {
		if tr, te := Split(two, h, 3); len(tr) == 0 || len(te) == 0 {
			t.Errorf("heldOut %v with two groups: %d / %d, want both sides used", h, len(tr), len(te))
		}
	}
	if tr, te := Split(nil, 0.5, 1); tr != nil || te != nil {
		t.Error("Split of nothing should be nothing")
	}
}

func texelSameSamples(a, b []Sample) bool {
	return slices.EqualFunc(a, b, func(x, y Sample) bool {
		return x.Group == y.Group && x.Y == y.Y && slices.Equal(x.X, y.X)
	})
}

// TestFitHeldOutImproves starts from wrong weights (wrong signs and sizes) and
// checks that the held-out loss falls, and that Progress reports every iteration.
func TestFitHeldOutImproves(t *testing.T) {
	wTrue := []float64{1, -0.7, 2, 0.3, -1.5, 0.05}
	samples := texelSynth(40_000, wTrue, 0.5, 99)
	train, test := Split(samples, 0.25, 1)
	w0 := []float64{1, 0.5, 0.5, -1, 0.5, 1}
	var iters []int
	var losses []float64
	res, err := Fit(train, test, w0, FitOptions{K: 0.5, Fixed: []bool{true, false, false, false, false, false},
		Progress: func(iter int, w []float64, loss float64) {
			if len(w) != len(w0) || w[0] != 1 {
				t.Errorf("Progress weights %v", w)
			}
			iters = append(iters, iter)
			losses = append(losses, loss)
		}})
	if err != nil {
		t.Fatal(err)
	}
	if !(res.TestLoss < res.StartTestLoss-0.05) {
		t.Errorf("held-out loss %.4f, start %.4f: no clear improvement", res.TestLoss, res.StartTestLoss)
	}
	if res.TestLoss < res.TrainLoss-0.02 || res.TestLoss > res.TrainLoss+0.02 {
		t.Errorf("held-out loss %.4f far from training loss %.4f", res.TestLoss, res.TrainLoss)
	}
	if len(iters) != res.Iterations {
		t.Errorf("Progress called %d times for %d iterations", len(iters), res.Iterations)
	}
	for i := range iters {
		if iters[i] != i+1 {
			t.Fatalf("Progress iterations %v", iters)
		}
		if i > 0 && losses[i] > losses[i-1] {
			t.Errorf("training loss rose at iteration %d: %v → %v", iters[i], losses[i-1], losses[i])
		}
	}
	if len(losses) > 0 && math.Abs(losses[len(losses)-1]-res.TrainLoss) > 1e-12 {
		t.Errorf("last Progress loss %v, result %v", losses[len(losses)-1], res.TrainLoss)
	}
	// MaxIterations caps the iterations.
	capped, err := Fit(train, test, w0, FitOptions{K: 0.5, MaxIterations: 2})
	if err != nil || capped.Iterations != 2 {
		t.Errorf("MaxIterations 2: %d iterations, %v", capped.Iterations, err)
	}
}

// TestFitDeterministic checks that the fit is bit-for-bit the same on repeat
// and whatever the number of CPUs.
func TestFitDeterministic(t *testing.T) {
	wTrue := []float64{1, -0.7, 2, 0.3, -1.5, 0.05, 0.2, -0.3}
	samples := texelSynth(30_000, wTrue, 0.5, 5)
	w0 := make([]float64, len(wTrue))
	w0[0] = 1
	opts := FitOptions{L2: 1e-4}
	a, err := Fit(samples, nil, w0, opts)
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	b, err := Fit(samples, nil, w0, opts)
	runtime.GOMAXPROCS(max(prev, 4))
	c, err2 := Fit(samples, nil, w0, opts)
	runtime.GOMAXPROCS(prev)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	for _, r := range []FitResult{b, c} {
		if !slices.Equal(a.W, r.W) || a.K != r.K || a.TrainLoss != r.TrainLoss || a.Iterations != r.Iterations {
			t.Errorf("fits differ: %v %v vs %v %v", a.W, a.TrainLoss, r.W, r.TrainLoss)
		}
	}
}

func BenchmarkFit200kx16(b *testing.B) {
	wTrue := make([]float64, 16)
	rng := rand.New(rand.NewPCG(8, 8))
	for j := range wTrue {
		wTrue[j] = rng.NormFloat64() * 0.5
	}
	samples := texelSynth(200_000, wTrue, 0.5, 8)
	w0 := make([]float64, 16)
	w0[0] = 1
	for b.Loop() {
		if _, err := Fit(samples, nil, w0, FitOptions{K: 0.5}); err != nil {
			b.Fatal(err)
		}
	}
}
