package tournament

import (
	"strings"
	"testing"
)

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		penta      bool
		want       []int
		err        string
	}{
		{"wdl", "60, 20,20", false, []int{60, 20, 20}, ""},
		{"pentanomial", "1,2,3,4,5", true, []int{1, 2, 3, 4, 5}, ""},
		{"the largest count", "1000000000000,0,0", false, []int{MaxCount, 0, 0}, ""},
		{"too few", "1,2", false, nil, `want 3 counts W,D,L, got "1,2"`},
		{"too many", "1,2,3,4,5,6", true, nil, `want 5 counts N0,N1,N2,N3,N4, got "1,2,3,4,5,6"`},
		{"empty", "", false, nil, `want 3 counts W,D,L, got ""`},
		{"not a number", "1,x,3", false, nil, `count "x" is not an integer`},
		{"fraction", "1,2,3.5,4,5", true, nil, `count "3.5" is not an integer`},
		{"negative", "1,2,-3,4,5", true, nil, "count -3 is negative"},
		{"past int64", "1,2,99999999999999999999", false, nil, `count "99999999999999999999" is too large (at most 1000000000000)`},
		{"past MaxCount", "1,2,1000000000001", false, nil, "count 1000000000001 is too large (at most 1000000000000)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			var err error
			if tc.penta {
				var p Pentanomial
				p, err = ParsePentanomial(tc.text)
				got = p[:]
			} else {
				var w WDL
				w, err = ParseWDL(tc.text)
				got = []int{w.Wins, w.Draws, w.Losses}
			}
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				if got[i] != tc.want[i] {
					t.Fatalf("counts %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestCountsReport(t *testing.T) {
	test, err := ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		rep  func() (*CountsReport, error)
		want string // the text, or the error
	}{
		{"wdl with a test", func() (*CountsReport, error) { return WDLReport(WDL{60, 20, 20}, &test) },
			"games: 100 (60 wins, 20 draws, 20 losses)\nscore: 70.0% [62.2%, 77.8%]\nelo: +147.2 [+86.2, +218.3]\n" +
				"nelo: +173.7 [+90.6, +256.8]\nlos: 100.0%\n" +
				"llr: 0.63 [-2.94, +2.94] (model normalized, elo0=0 elo1=5 alpha=0.05 beta=0.05)\nsprt: continue\n"},
		{"pentanomial without a test", func() (*CountsReport, error) { return PentanomialReport(Pentanomial{5, 10, 20, 40, 25}, nil) },
			"games: 200 (100 pairs)\nscore: 67.5% [62.1%, 72.9%]\nelo: +127.0 [+85.9, +171.8]\nnelo: +156.3 [+94.2, +218.4]\nlos: 100.0%\n"},
		{"all draws", func() (*CountsReport, error) { return WDLReport(WDL{0, 12, 0}, nil) },
			"games: 12 (0 wins, 12 draws, 0 losses)\nscore: 50.0% [50.0%, 50.0%]\nelo: +0.0 [+0.0, +0.0]\n" +
				"nelo: undefined (every result is the same)\nlos: 50.0%\n"},
		{"no games", func() (*CountsReport, error) { return WDLReport(WDL{}, &test) }, "no games (every count is 0)"},
		{"no pairs", func() (*CountsReport, error) { return PentanomialReport(Pentanomial{}, nil) }, "no pairs (every count is 0)"},
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
	rep, err := PentanomialReport(Pentanomial{50, 100, 200, 400, 250}, &test)
	if err != nil || rep.Verdict != AcceptH1 || rep.Verdict != test.Decide(rep.LLR) {
		t.Errorf("report %+v (%v): want H1 accepted", rep, err)
	}
}
