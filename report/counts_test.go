package report

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/stats"
)

func TestCountsReport(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		rep  func() (*CountsReport, error)
		want string // the text, or the error
	}{
		{"wdl with a test", func() (*CountsReport, error) { return WDLReport(stats.WDL{Wins: 60, Draws: 20, Losses: 20}, &test) },
			"games: 100 (60 wins, 20 draws, 20 losses)\nscore: 70.0% [62.2%, 77.8%]\nelo: +147.2 [+86.2, +218.3]\n" +
				"nelo: +173.7 [+90.6, +256.8]\nlos: 100.0%\n" +
				"llr: 0.63 [-2.94, +2.94] (model normalized, elo0=0 elo1=5 alpha=0.05 beta=0.05)\nsprt: continue\n"},
		{"pentanomial without a test", func() (*CountsReport, error) { return PentanomialReport(stats.Pentanomial{5, 10, 20, 40, 25}, nil) },
			"games: 200 (100 pairs)\nscore: 67.5% [62.1%, 72.9%]\nelo: +127.0 [+85.9, +171.8]\nnelo: +156.3 [+94.2, +218.4]\nlos: 100.0%\n"},
		{"all draws", func() (*CountsReport, error) { return WDLReport(stats.WDL{Wins: 0, Draws: 12, Losses: 0}, nil) },
			"games: 12 (0 wins, 12 draws, 0 losses)\nscore: 50.0% [50.0%, 50.0%]\nelo: +0.0 [+0.0, +0.0]\n" +
				"nelo: undefined (every result is the same)\nlos: 50.0%\n"},
		{"no games", func() (*CountsReport, error) { return WDLReport(stats.WDL{}, &test) }, "no games (every count is 0)"},
		{"no pairs", func() (*CountsReport, error) { return PentanomialReport(stats.Pentanomial{}, nil) }, "no pairs (every count is 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := tc.rep()
			if err != nil {
				if err.Error() != tc.want {
					t.Errorf("error %q, want %q", err, tc.want)
				}
				return
			}
			var sb strings.Builder
			if err := rep.WriteText(&sb); err != nil {
				t.Fatal(err)
			}
			if sb.String() != tc.want {
				t.Errorf("text:\n%s\nwant\n%s", sb.String(), tc.want)
			}
		})
	}
	// The verdict is the test's decision on the LLR.
	rep, err := PentanomialReport(stats.Pentanomial{50, 100, 200, 400, 250}, &test)
	if err != nil || rep.Verdict != stats.AcceptH1 || rep.Verdict != test.Decide(rep.LLR) {
		t.Errorf("report %+v (%v): want H1 accepted", rep, err)
	}
}
