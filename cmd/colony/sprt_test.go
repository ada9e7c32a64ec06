package main

import (
	"strings"
	"testing"
)

func TestSprtOutput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{
			// Worked out by hand in stats/estimate_test.go (TestWDLEstimate): score 0.7
			// [0.6216, 0.7784], Elo 147.19 [86.23, 218.25], t = 0.5 → NElo 173.72
			// [90.62, 256.82], LOS Φ(40/√80) = 0.999996. The LLR, 0.6333, is what
			// fishtest's LLR_normalized(0, 5, [20, 20, 60]) gives; the bounds are ±ln 19.
			name: "wdl with a test",
			args: []string{"sprt", "--wdl", "60,20,20", "--sprt", "elo0=0,elo1=5"},
			want: "games: 100 (60 wins, 20 draws, 20 losses)\n" +
				"score: 70.0% [62.2%, 77.8%]\n" +
				"elo: +147.2 [+86.2, +218.3]\n" +
				"nelo: +173.7 [+90.6, +256.8]\n" +
				"los: 100.0%\n" +
				"llr: 0.63 [-2.94, +2.94] (model normalized, elo0=0 elo1=5 alpha=0.05 beta=0.05)\n" +
				"sprt: continue\n",
		},
		{
			// The hand example of TestPentanomialEstimate, ten times over: score 0.675,
			// standard error 0.275/√1000 = 0.0086963, interval 0.675 ± 0.0170444. The LLR
			// is fishtest's LLR_normalized(0, 5, ...) (10.2876, well above ln 18 = 2.89).
			name: "pentanomial, H1 accepted",
			args: []string{"sprt", "--pentanomial", "50,100,200,400,250", "--sprt", "elo0=0,elo1=5,alpha=0.05,beta=0.1"},
			want: "games: 2000 (1000 pairs)\n" +
				"score: 67.5% [65.8%, 69.2%]\n" +
				"elo: +127.0 [+113.6, +140.7]\n" +
				"nelo: +156.3 [+136.7, +176.0]\n" +
				"los: 100.0%\n" +
				"llr: 10.29 [-2.25, +2.89] (model normalized, elo0=0 elo1=5 alpha=0.05 beta=0.1)\n" +
				"sprt: H1 accepted\n",
		},
		{
			// Score (0.5·230 + 1·500 + 1.5·200 + 2·30)/2000 = 975/2000 = 0.4875. The LLR
			// is fishtest's LLR_normalized(0, 10, ...) = -3.2424, below -ln 19.
			name: "pentanomial, H0 accepted",
			args: []string{"sprt", "--pentanomial", "40,230,500,200,30", "--sprt", "elo1=10,elo0=0"},
			want: "games: 2000 (1000 pairs)\n" +
				"score: 48.8% [47.4%, 50.1%]\n" +
				"elo: -8.7 [-17.8, +0.4]\n" +
				"nelo: -14.6 [-29.8, +0.6]\n" +
				"los: 3.0%\n" +
				"llr: -3.24 [-2.94, +2.94] (model normalized, elo0=0 elo1=10 alpha=0.05 beta=0.05)\n" +
				"sprt: H0 accepted\n",
		},
		{
			// The logistic LLR is fishtest's LLR_logistic(0, 10, [5, 10, 20, 40, 25]).
			name: "pentanomial, logistic model",
			args: []string{"sprt", "--pentanomial", "5,10,20,40,25", "--sprt", "elo0=0,elo1=10,model=logistic"},
			want: "games: 200 (100 pairs)\n" +
				"score: 67.5% [62.1%, 72.9%]\n" +
				"elo: +127.0 [+85.9, +171.8]\n" +
				"nelo: +156.3 [+94.2, +218.4]\n" +
				"los: 100.0%\n" +
				"llr: 2.12 [-2.94, +2.94] (model logistic, elo0=0 elo1=10 alpha=0.05 beta=0.05)\n" +
				"sprt: continue\n",
		},
		{
			name: "no test",
			args: []string{"sprt", "--pentanomial", "5,10,20,40,25"},
			want: "games: 200 (100 pairs)\n" +
				"score: 67.5% [62.1%, 72.9%]\n" +
				"elo: +127.0 [+85.9, +171.8]\n" +
				"nelo: +156.3 [+94.2, +218.4]\n" +
				"los: 100.0%\n",
		},
		{
			// Every game drawn: no spread, so no normalized Elo; LOS 0.5.
			name: "all draws",
			args: []string{"sprt", "--wdl", "0,12,0"},
			want: "games: 12 (0 wins, 12 draws, 0 losses)\n" +
				"score: 50.0% [50.0%, 50.0%]\n" +
				"elo: +0.0 [+0.0, +0.0]\n" +
				"nelo: undefined (every result is the same)\n" +
				"los: 50.0%\n",
		},
		{
			// Every game won: Elo +Inf; LOS Φ(10/√10) = 0.99922.
			name: "all wins",
			args: []string{"sprt", "--wdl", "10,0,0"},
			want: "games: 10 (10 wins, 0 draws, 0 losses)\n" +
				"score: 100.0% [100.0%, 100.0%]\n" +
				"elo: +Inf [+Inf, +Inf]\n" +
				"nelo: undefined (every result is the same)\n" +
				"los: 99.9%\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustRun(t, tt.args...); got != tt.want {
				t.Errorf("colony %q:\n got %q\nwant %q", tt.args, got, tt.want)
			}
		})
	}
}

func TestSprtErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // a part of the error line
	}{
		{"both", []string{"sprt", "--wdl", "1,2,3", "--pentanomial", "1,2,3,4,5"}, "sprt: give either --pentanomial or --wdl, not both"},
		{"neither", []string{"sprt"}, "sprt: --pentanomial or --wdl is required"},
		{"neither, only a test", []string{"sprt", "--sprt", "elo0=0,elo1=5"}, "sprt: --pentanomial or --wdl is required"},
		{"too few counts", []string{"sprt", "--wdl", "1,2"}, `sprt: --wdl: want 3 counts W,D,L, got "1,2"`},
		{"too many counts", []string{"sprt", "--pentanomial", "1,2,3,4,5,6"}, `sprt: --pentanomial: want 5 counts N0,N1,N2,N3,N4, got "1,2,3,4,5,6"`},
		{"empty counts", []string{"sprt", "--wdl", ""}, `sprt: --wdl: want 3 counts W,D,L, got ""`},
		{"not a number", []string{"sprt", "--wdl", "1,x,3"}, `sprt: --wdl: count "x" is not an integer`},
		{"fraction", []string{"sprt", "--pentanomial", "1,2,3.5,4,5"}, `sprt: --pentanomial: count "3.5" is not an integer`},
		{"negative", []string{"sprt", "--pentanomial", "1,2,-3,4,5"}, "sprt: --pentanomial: count -3 is negative"},
		{"too large", []string{"sprt", "--wdl", "1,2,99999999999999999999"}, `sprt: --wdl: count "99999999999999999999" is too large`},
		{"no games", []string{"sprt", "--wdl", "0,0,0"}, "sprt: --wdl: no games"},
		{"no pairs", []string{"sprt", "--pentanomial", "0,0,0,0,0"}, "sprt: --pentanomial: no pairs"},
		{"empty test", []string{"sprt", "--wdl", "1,2,3", "--sprt", ""}, "sprt: --sprt: empty test"},
		{"test without elo1", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=0"}, "sprt: --sprt: elo1 is required"},
		{"test bounds reversed", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=5,elo1=0"}, "sprt: --sprt: elo0=5 must be below elo1=0"},
		{"test unknown key", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=0,elo1=5,delta=1"}, `sprt: --sprt: unknown setting "delta"`},
		{"test bad alpha", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=0,elo1=5,alpha=1"}, "sprt: --sprt: alpha=1: want a probability"},
		{"test bad model", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=0,elo1=5,model=bayes"}, `sprt: --sprt: model="bayes"`},
		{"test bad number", []string{"sprt", "--wdl", "1,2,3", "--sprt", "elo0=zero,elo1=5"}, `sprt: --sprt: elo0="zero" is not a number`},
		{"stray argument", []string{"sprt", "--wdl", "1,2,3", "now"}, `sprt takes no arguments, got "now"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d (stderr %q)", code, exitUsage, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errOut, "colony: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr %q, want one line starting with 'colony: '", errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q lacks %q", errOut, tt.want)
			}
		})
	}
}

func TestSprtHelp(t *testing.T) {
	out := mustRun(t, "help", "sprt")
	for _, want := range []string{"--pentanomial", "--wdl", "--sprt", "Examples:", "colony sprt --wdl 60,20,20"} {
		if !strings.Contains(out, want) {
			t.Errorf("help sprt lacks %q", want)
		}
	}
}
