package tuning

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// tuneExampleSeries returns a loss-curve pair and 16 weight trajectories like
// those of a tuning run.
func tuneExampleSeries() (loss, weights []Series) {
	train := make([]float64, 61)
	var testX, testY []float64
	for i := range train {
		train[i] = 0.52 + 0.16*math.Exp(-float64(i)/8)
		if i%5 == 0 { // the held-out loss, measured every 5 iterations
			testX = append(testX, float64(i))
			testY = append(testY, 0.535+0.15*math.Exp(-float64(i)/9)+0.0004*float64(i))
		}
	}
	loss = []Series{{Name: "training", Y: train}, {Name: "held-out", X: testX, Y: testY}}
	names := []string{"store_diff", "mobility", "queen_safety", "larva_count", "tunnel_len",
		"food_adv", "nest_depth", "threats", "eggs_in_hand", "soldier_diff", "worker_diff",
		"centre_ctrl", "pheromone", "blocked_ants", "tempo", "endgame_scale"}
	for j, n := range names {
		y := make([]float64, 300)
		target := float64(j%8)/4 - 0.8 + float64(j/8)*0.15
		for k := range y {
			f := float64(k) / 300
			y[k] = target*(1-math.Exp(-4*f)) + 0.05*math.Sin(float64(k*(j+3))/17)
		}
		if j == 0 {
			for k := range y {
				y[k] = 1
			}
		}
		weights = append(weights, Series{Name: n, Y: y})
	}
	return loss, weights
}

func TestPlotSeries(t *testing.T) {
	loss, weights := tuneExampleSeries()
	dir := os.Getenv("EVAL_PLOT_DIR") // set to keep the example charts to look at
	if dir == "" {
		dir = t.TempDir()
	}
	cases := []struct {
		name          string
		title, xl, yl string
		series        []Series
		w, h          int
	}{
		{"loss", "Texel fit: log loss", "iteration", "mean log loss", loss, 800, 500},
		{"weights", "SPSA: weights over iterations", "iteration", "weight (eggs)", weights, 900, 560},
		{"small", "tiny", "x", "y", weights, 320, 240},
		{"unnamed", "one series with a gap", "", "", []Series{{X: []float64{0, 10, 20, 30, 40, 50}, Y: []float64{3, 1, math.NaN(), 2, 2.5, 1.5}}}, 0, 0},
		{"single", "one point", "", "", []Series{{Name: "only", Y: []float64{5}}}, 400, 300},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		if err := PlotSeries(&buf, c.title, c.xl, c.yl, c.series, c.w, c.h); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		img, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: not a PNG: %v", c.name, err)
		}
		w, h := c.w, c.h
		if w == 0 {
			w, h = 800, 500
		}
		if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
			t.Errorf("%s: image is %d×%d, want %d×%d", c.name, b.Dx(), b.Dy(), w, h)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("tuneplot_%s.png", c.name)), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPlotSeriesErrors(t *testing.T) {
	good := []Series{{Name: "a", Y: []float64{1, 2}}}
	cases := map[string]struct {
		s    []Series
		w, h int
	}{
		"no series":     {nil, 400, 300},
		"empty series":  {[]Series{{Name: "a"}}, 400, 300},
		"all NaN":       {[]Series{{Name: "a", Y: []float64{math.NaN(), math.Inf(1)}}}, 400, 300},
		"X length":      {[]Series{{Name: "a", X: []float64{1}, Y: []float64{1, 2}}}, 400, 300},
		"negative size": {good, -1, 300},
		"too small":     {good, 400, 50},
	}
	for name, c := range cases {
		var buf bytes.Buffer
		if err := PlotSeries(&buf, "t", "x", "y", c.s, c.w, c.h); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
