//go:build long

package tuning

// The speed tests: a wall-clock bound on a computation is no unit test (the machine
// may be loaded), so they run with the build tag long alone (go test -tags long).

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
)

// TestFitSpeed fits 200,000 samples of 16 features, the size of a real tuning
// run, and reports the time (it must stay within a few seconds).
func TestFitSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	wTrue := make([]float64, 16)
	rng := rand.New(rand.NewPCG(8, 8))
	for j := range wTrue {
		wTrue[j] = rng.NormFloat64() * 0.5
	}
	wTrue[0] = 1
	samples := texelSynth(200_000, wTrue, 0.5, 8)
	w0 := make([]float64, 16)
	w0[0] = 1
	fixed := make([]bool, 16)
	fixed[0] = true
	start := time.Now()
	res, err := Fit(samples, nil, w0, FitOptions{K: 0.5, Fixed: fixed})
	if err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	t.Logf("200k×16: %d iterations in %v (GOMAXPROCS %d), loss %.5f → %.5f",
		res.Iterations, el, runtime.GOMAXPROCS(0), res.StartTrainLoss, res.TrainLoss)
	if el > 20*time.Second {
		t.Errorf("fit took %v", el)
	}
}
