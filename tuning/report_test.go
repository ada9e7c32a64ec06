package tuning_test

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/stats"
	"github.com/colony-ai/colony/tuning"
)

func TestFeatureTable(t *testing.T) {
	var f eval.Vector
	f[0], f[1] = 3, -2
	text, err := tuning.FeatureTable([]string{"store_diff", "other"}, &f, []float64{1, 0.5}, "south")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"store_diff", "3.00", "-1.00", "total: 2.00 (side to move: south)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}
	f[0], f[1] = 0, 0
	if text, _ := tuning.FeatureTable([]string{"a"}, &f, []float64{-1}, "red"); !strings.Contains(text, "total: 0.00") || strings.Contains(text, "-0.00") {
		t.Errorf("a zero total:\n%s", text)
	}
}

func TestWeightsTable(t *testing.T) {
	text, err := tuning.WeightsTable([]string{"a", "b"}, []float64{1, 2}, []float64{1.5, 0.25})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"feature", "start", "tuned", "1.500", "0.250", "2.000"} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}
}

func TestVerifyText(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   string
	}{
		{10, 30, "stronger"}, {-30, -10, "weaker"}, {-10, 10, "no significant difference"},
	}
	for _, tt := range tests {
		rep := &report.Report{Pair: &report.PairStats{Pentanomial: stats.Pentanomial{1, 2, 3, 2, 2},
			Estimate: stats.Estimate{Elo: (tt.lo + tt.hi) / 2, EloLow: tt.lo, EloHigh: tt.hi, LOS: 0.5}}}
		text := tuning.VerifyText(rep, 20, "ab:depth=2")
		if !strings.HasPrefix(text, "verify: tuned vs start over 20 games (10 pairs, ab:depth=2): elo ") ||
			!strings.Contains(text, tt.want) || strings.Count(text, "\n") != 2 {
			t.Errorf("[%g, %g]:\n%s", tt.lo, tt.hi, text)
		}
	}
}
