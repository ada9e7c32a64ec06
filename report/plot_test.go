package report

import (
	"bytes"
	"image/png"
	"math"
	"testing"

	"github.com/colony-ai/colony/stats"
)

func exampleRatings() []stats.Rating {
	return []stats.Rating{
		{Name: "minimax-d4", Elo: -212.4, Low: -251.0, High: -176.3, Games: 1400},
		{Name: "mcts-10k", Elo: 143.9, Low: 110.2, High: 181.5, Games: 1400},
		{Name: "random", Elo: -420.7, Low: -505.5, High: -356.0, Games: 1400},
		{Name: "alphabeta-d8-with-a-long-name", Elo: 298.1, Low: 262.0, High: 339.8, Games: 1400},
		{Name: "greedy", Elo: 12.3, Low: -20.1, High: 45.0, Games: 1400},
		{Name: "mcts-1k", Elo: 178.8, Low: 140.0, High: 214.4, Games: 1400},
	}
}

func TestPlotRatingsPNG(t *testing.T) {
	for _, size := range [][2]int{{640, 360}, {1000, 500}, {0, 0}} {
		var buf bytes.Buffer
		if err := PlotRatings(&buf, "Round robin", exampleRatings(), size[0], size[1]); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("output is not a PNG: %v", err)
		}
		wantW, wantH := size[0], size[1]
		if wantW == 0 {
			wantW, wantH = 800, 100+34*len(exampleRatings())
		}
		if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
			t.Errorf("size %d×%d, want %d×%d", b.Dx(), b.Dy(), wantW, wantH)
		}
	}
}

func TestPlotRatingsFromFit(t *testing.T) {
	// A round robin of three players, none of whom wins every game: a, b, c in
	// rising strength.
	var games []stats.GameScore
	for k := range 100 {
		s := float64(k%3) / 2 // 0, 0.5 and 1 in turn
		games = append(games, stats.GameScore{A: 1, B: 0, Score: max(s, 0.5)},
			stats.GameScore{A: 2, B: 1, Score: max(s, 0.5)}, stats.GameScore{A: 0, B: 2, Score: s})
	}
	rs, err := stats.BradleyTerry([]string{"a", "b", "c"}, games, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := PlotRatings(&buf, "", rs, 300, 200); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&buf); err != nil {
		t.Fatalf("output is not a PNG: %v", err)
	}
}

func TestPlotRatingsErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := PlotRatings(&buf, "t", nil, 0, 0); err == nil {
		t.Error("no ratings: no error")
	}
	if err := PlotRatings(&buf, "t", exampleRatings(), -1, 100); err == nil {
		t.Error("negative width: no error")
	}
	bad := exampleRatings()
	bad[2].High = math.NaN()
	if err := PlotRatings(&buf, "t", bad, 0, 0); err == nil {
		t.Error("NaN rating: no error")
	}
}

// TestPlotRatingsInfinite: a perfect score's infinite Elo or interval end is drawn at
// the edge of the chart, not refused.
func TestPlotRatingsInfinite(t *testing.T) {
	for name, rs := range map[string][]stats.Rating{
		"one end":       {{Name: "a", Elo: 300, Low: 141.9, High: math.Inf(1)}, {Name: "b", Elo: -300, Low: math.Inf(-1), High: -141.9}},
		"all infinite":  {{Name: "a", Elo: math.Inf(1), Low: math.Inf(1), High: math.Inf(1)}, {Name: "b", Elo: math.Inf(-1), Low: math.Inf(-1), High: math.Inf(-1)}},
		"perfect score": {{Name: "a", Elo: math.Inf(1), Low: 120, High: math.Inf(1)}, {Name: "b", Elo: math.Inf(-1), Low: math.Inf(-1), High: -120}},
	} {
		var buf bytes.Buffer
		if err := PlotRatings(&buf, name, rs, 400, 300); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if _, err := png.Decode(&buf); err != nil {
			t.Errorf("%s: not a PNG: %v", name, err)
		}
	}
	if got := signedElo(math.Inf(1)) + " " + signedElo(math.Inf(-1)); got != "+inf -inf" {
		t.Errorf("signedElo of infinities: %q", got)
	}
}
