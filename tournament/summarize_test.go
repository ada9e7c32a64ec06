package tournament

import (
	"math"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

func TestSummarizeRoundRobinRatings(t *testing.T) {
	cfg := testConfig()
	_, res, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.Summarize(&cfg, res.Games, colonyGame.Sides(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Ratings) != 3 || rep.Pair != nil {
		t.Fatalf("ratings %v, pair %v", rep.Ratings, rep.Pair)
	}
	sum := 0.0
	for _, r := range rep.Ratings {
		sum += r.Elo
		if !(r.Low <= r.Elo && r.Elo <= r.High) {
			t.Errorf("%s: %v outside [%v, %v]", r.Name, r.Elo, r.Low, r.High)
		}
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("ratings sum to %v, want 0", sum)
	}
	// Players unknown to the tournament are an error.
	games := append(res.Games, record.Record{Index: 99, Players: [2]string{"x", "y"}})
	if _, err := report.Summarize(&cfg, games, colonyGame.Sides(), nil); err == nil {
		t.Error("a game of unknown players was accepted")
	}
}
