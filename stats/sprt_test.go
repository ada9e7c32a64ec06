package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// llrCase is a test vector of the LLR: counts of results (a pentanomial, or a
// trinomial), a test and the expected LLR.
type llrCase struct {
	name  string
	penta *Pentanomial // nil for a trinomial
	wdl   WDL
	test  SPRT
	want  float64
}

func (c llrCase) llr() float64 {
	if c.penta != nil {
		return c.test.LLR(*c.penta)
	}
	return c.test.LLRTrinomial(c.wdl)
}

func pentaOf(n0, n1, n2, n3, n4 int) *Pentanomial {
	return &Pentanomial{n0, n1, n2, n3, n4}
}

func normSPRT(elo0, elo1 float64) SPRT {
	return SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
}

func logSPRT(elo0, elo1 float64) SPRT {
	return SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Model: ModelLogistic}
}

// Published LLRs, to two decimals, from the tests of fastchess (Disservin/fastchess,
// tests/sprt_test.cpp), whose cases are fishtest runs with the LLR fishtest showed
// for them (listed in fastchess pull request #426). fastchess's Stats(wins, losses,
// draws) and Stats(LL, LD, WL, DD, WD, WW) are converted to WDL and Pentanomial
// (WL and DD are both index 2).
var publishedLLR = []llrCase{
	{name: "normalized trinomial 1", wdl: WDL{Wins: 36433, Draws: 68692, Losses: 36027}, test: normSPRT(0, 2), want: 0.92},
	{name: "normalized trinomial 2", wdl: WDL{Wins: 10871, Draws: 20431, Losses: 10650}, test: normSPRT(-1.75, 0.25), want: 2.30},
	{name: "logistic trinomial 1", wdl: WDL{Wins: 21404, Draws: 40708, Losses: 21184}, test: logSPRT(0.5, 2.5), want: -1.57},
	{name: "logistic trinomial 2", wdl: WDL{Wins: 57433, Draws: 106593, Losses: 57030}, test: logSPRT(0, 2), want: -2.59},
	{name: "normalized pentanomial 1", penta: pentaOf(365, 16618, 36029+200, 16974, 390), test: normSPRT(0, 2), want: 2.25},
	{name: "normalized pentanomial 2", penta: pentaOf(127, 4883, 10311+401, 5150, 104), test: normSPRT(-1.75, 0.25), want: 3.01},
	{name: "logistic pentanomial 1", penta: pentaOf(223, 9863, 20279+1000, 10037, 246), test: logSPRT(0.5, 2.5), want: -3.07},
	{name: "logistic pentanomial 2", penta: pentaOf(871, 26175, 55003+980, 26678, 821), test: logSPRT(0, 2), want: -4.98},
}

// Full-precision LLRs computed by fishtest's own code: the functions LLR_logistic and
// LLR_normalized of server/fishtest/stats/LLRcalc.py (official-stockfish/fishtest,
// commit 0753fcc6222e70a11a7e9a90a4fd549654338a45), run on the counts below with
// scipy's brentq replaced by a bisection to machine precision (scipy was not at hand).
// The inputs are the fastchess cases above; the example results of the __main__ tests
// of server/fishtest/stats/stat_util.py (same repository: the wins 65388, losses 65804,
// draws 56553 and pentanomial [10789, 19328, 33806, 19402, 10543] tested with
// elo0=-3, elo1=1, and the pentanomial [39, 2226, 31451, 2412, 40] with logistic
// [0.2, 0.9] and normalized [0.764, 3.439]); the trinomial 608 losses, 12530 draws, 648
// wins of fishtest issue #612; and cases with zero counts, which fishtest replaces
// by 0.001.
var fishtestLLR = []llrCase{
	{name: "fastchess normalized trinomial 1", wdl: WDL{Wins: 36433, Draws: 68692, Losses: 36027}, test: normSPRT(0, 2), want: 0.9232934509459172},
	{name: "fastchess normalized trinomial 2", wdl: WDL{Wins: 10871, Draws: 20431, Losses: 10650}, test: normSPRT(-1.75, 0.25), want: 2.2975004071050735},
	{name: "fastchess logistic trinomial 1", wdl: WDL{Wins: 21404, Draws: 40708, Losses: 21184}, test: logSPRT(0.5, 2.5), want: -1.5718887926942657},
	{name: "fastchess logistic trinomial 2", wdl: WDL{Wins: 57433, Draws: 106593, Losses: 57030}, test: logSPRT(0, 2), want: -2.59302416354122},
	{name: "fastchess normalized pentanomial 1", penta: pentaOf(365, 16618, 36229, 16974, 390), test: normSPRT(0, 2), want: 2.250367703551081},
	{name: "fastchess normalized pentanomial 2", penta: pentaOf(127, 4883, 10712, 5150, 104), test: normSPRT(-1.75, 0.25), want: 3.0101541966056997},
	{name: "fastchess logistic pentanomial 1", penta: pentaOf(223, 9863, 21279, 10037, 246), test: logSPRT(0.5, 2.5), want: -3.074126439586767},
	{name: "fastchess logistic pentanomial 2", penta: pentaOf(871, 26175, 55983, 26678, 821), test: logSPRT(0, 2), want: -4.9786728634511785},
	{name: "stat_util pentanomial logistic", penta: pentaOf(10789, 19328, 33806, 19402, 10543), test: logSPRT(-3, 1), want: 2.131067811785043},
	{name: "stat_util pentanomial normalized", penta: pentaOf(10789, 19328, 33806, 19402, 10543), test: normSPRT(-3, 1), want: 0.3008697854891586},
	{name: "stat_util trinomial logistic", wdl: WDL{Wins: 65388, Draws: 56553, Losses: 65804}, test: logSPRT(-3, 1), want: 2.049042617981811},
	{name: "stat_util high draw logistic", penta: pentaOf(39, 2226, 31451, 2412, 40), test: logSPRT(0.2, 0.9), want: 2.1625425800500317},
	{name: "stat_util high draw normalized", penta: pentaOf(39, 2226, 31451, 2412, 40), test: normSPRT(0.764, 3.439), want: 2.1629408695841628},
	{name: "issue 612 logistic", wdl: WDL{Wins: 648, Draws: 12530, Losses: 608}, test: logSPRT(0, 5), want: -9.267598031847568},
	{name: "issue 612 normalized", wdl: WDL{Wins: 648, Draws: 12530, Losses: 608}, test: normSPRT(0, 5), want: 0.47955318607840997},
	{name: "zero LL normalized", penta: pentaOf(0, 3, 10, 12, 5), test: normSPRT(0, 5), want: 0.33826091658902374},
	{name: "zero LL logistic", penta: pentaOf(0, 3, 10, 12, 5), test: logSPRT(0, 5), want: 0.4285129343574965},
	{name: "no losses normalized", wdl: WDL{Wins: 60, Draws: 20, Losses: 0}, test: normSPRT(0, 5), want: 0.9892384319036878},
	{name: "no losses logistic", wdl: WDL{Wins: 60, Draws: 20, Losses: 0}, test: logSPRT(0, 5), want: 1.1429843409063338},
	{name: "one pair WW", penta: pentaOf(0, 0, 0, 0, 1), test: normSPRT(0, 5), want: 0.020153120867348728},
	{name: "only WW", penta: pentaOf(0, 0, 0, 0, 1000), test: normSPRT(0, 5), want: 20.1437114327596},
	{name: "only LL", penta: pentaOf(1000, 0, 0, 0, 0), test: normSPRT(0, 5), want: -20.557837755218305},
	{name: "only even pairs normalized", penta: pentaOf(0, 0, 1000000, 0, 0), test: normSPRT(0, 5), want: -414.11190673377337},
	{name: "only even pairs normalized wide", penta: pentaOf(0, 0, 1000000, 0, 0), test: normSPRT(0, 50), want: -40586.184986076514},
	{name: "only even pairs logistic", penta: pentaOf(0, 0, 1000000, 0, 0), test: logSPRT(0, 5), want: -14494.688921387195},
	{name: "large normalized bounds", penta: pentaOf(0, 0, 100, 0, 100), test: normSPRT(100, 200), want: 21.86159918262765},
}

func TestLLRPublished(t *testing.T) {
	for _, c := range publishedLLR {
		// Published to two decimals: within half a unit of the last place.
		if got := c.llr(); !(math.Abs(got-c.want) <= 0.005) {
			t.Errorf("%s: LLR = %.4f, want %.2f", c.name, got, c.want)
		}
	}
}

func TestLLRFishtest(t *testing.T) {
	for _, c := range fishtestLLR {
		// The root finders differ (Newton-bisection here, bisection or brentq there),
		// so allow a relative error of 1e-9.
		if got := c.llr(); !(math.Abs(got-c.want) <= 1e-9*math.Max(1, math.Abs(c.want))) {
			t.Errorf("%s: LLR = %.15g, want %.15g", c.name, got, c.want)
		}
	}
}

func TestLLRNoGames(t *testing.T) {
	for _, test := range []SPRT{normSPRT(0, 5), logSPRT(0, 5), normSPRT(-3, 1)} {
		if got := test.LLR(Pentanomial{}); got != 0 {
			t.Errorf("%v: LLR of no pairs = %v, want 0", test, got)
		}
		if got := test.LLRTrinomial(WDL{}); got != 0 {
			t.Errorf("%v: LLR of no games = %v, want 0", test, got)
		}
	}
}

// TestLLRSymmetry checks that swapping the players (reversing the counts) and
// negating the hypotheses leaves the LLR unchanged.
func TestLLRSymmetry(t *testing.T) {
	for _, p := range []Pentanomial{{3, 10, 20, 14, 4}, {0, 3, 10, 12, 5}, {1, 0, 0, 0, 9}} {
		rev := Pentanomial{p[4], p[3], p[2], p[1], p[0]}
		for _, test := range []SPRT{normSPRT(0, 5), logSPRT(-2, 3)} {
			neg := test
			neg.Elo0, neg.Elo1 = -test.Elo0, -test.Elo1
			a, b := test.LLR(p), neg.LLR(rev)
			if math.Abs(a-b) > 1e-9 {
				t.Errorf("%v on %v: LLR %v, but %v on %v: %v", test, p, a, neg, rev, b)
			}
		}
	}
}

// TestLLRExtreme checks that hypotheses far from the results, where fishtest's
// iteration for the normalized model fails, still give a finite LLR of the right
// sign.
func TestLLRExtreme(t *testing.T) {
	tests := []struct {
		test SPRT
		p    Pentanomial
		sign float64
	}{
		{normSPRT(-1000, -500), Pentanomial{77, 1, 0, 0, 0}, -1},
		{normSPRT(500, 1000), Pentanomial{0, 0, 0, 1, 77}, 1},
		{normSPRT(0, 1000), Pentanomial{1, 1, 1, 1, 1}, -1},
		{logSPRT(900, 1000), Pentanomial{1, 1, 1, 1, 1}, -1},
		{logSPRT(-1000, -900), Pentanomial{1, 1, 1, 1, 1}, 1},
	}
	for _, tt := range tests {
		got := tt.test.LLR(tt.p)
		if math.IsNaN(got) || math.IsInf(got, 0) || got*tt.sign <= 0 {
			t.Errorf("%v on %v: LLR = %v, want a finite value of sign %v", tt.test, tt.p, got, tt.sign)
		}
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		alpha, beta  float64
		lower, upper float64
	}{
		{0.05, 0.05, -2.9444389791664403, 2.9444389791664403}, // ±ln 19
		{0.05, 0.1, math.Log(0.1 / 0.95), math.Log(18)},       // -2.2513, +2.8904
		{0.5, 0.5, 0, 0},
	}
	for _, tt := range tests {
		lower, upper := SPRT{Elo0: 0, Elo1: 5, Alpha: tt.alpha, Beta: tt.beta}.Bounds()
		if math.Abs(lower-tt.lower) > 1e-15 || math.Abs(upper-tt.upper) > 1e-15 {
			t.Errorf("alpha %v beta %v: bounds [%v, %v], want [%v, %v]", tt.alpha, tt.beta, lower, upper, tt.lower, tt.upper)
		}
	}
}

func TestDecide(t *testing.T) {
	test := normSPRT(0, 5)
	_, upper := test.Bounds()
	tests := []struct {
		llr  float64
		want Verdict
	}{
		{0, Continue}, {2.9, Continue}, {-2.9, Continue}, {upper, Continue}, {-upper, Continue},
		{2.95, AcceptH1}, {-2.95, AcceptH0}, {math.Inf(1), AcceptH1}, {math.Inf(-1), AcceptH0},
		{math.NaN(), Continue},
	}
	for _, tt := range tests {
		if got := test.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%v) = %v, want %v", tt.llr, got, tt.want)
		}
	}
	for v, want := range map[Verdict]string{Continue: "continue", AcceptH0: "H0 accepted", AcceptH1: "H1 accepted"} {
		if v.String() != want {
			t.Errorf("Verdict(%d).String() = %q, want %q", int(v), v.String(), want)
		}
	}
	if ModelNormalized.String() != "normalized" || ModelLogistic.String() != "logistic" {
		t.Errorf("model names: %q, %q", ModelNormalized, ModelLogistic)
	}
	var zero SPRT
	if zero.Model != ModelNormalized {
		t.Errorf("the zero SPRTModel is %v, want normalized", zero.Model)
	}
}

func TestParseSPRT(t *testing.T) {
	good := []struct {
		text  string
		want  SPRT
		canon string
	}{
		{"elo0=0,elo1=5", normSPRT(0, 5), "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized"},
		{"elo1=2.5,elo0=-0.5,model=logistic,beta=0.1,alpha=0.01",
			SPRT{Elo0: -0.5, Elo1: 2.5, Alpha: 0.01, Beta: 0.1, Model: ModelLogistic},
			"elo0=-0.5,elo1=2.5,alpha=0.01,beta=0.1,model=logistic"},
		{" elo0 = 0 , elo1=10 ,model=normalized", normSPRT(0, 10), "elo0=0,elo1=10,alpha=0.05,beta=0.05,model=normalized"},
		{"elo0=-1000,elo1=1000,alpha=0.5,beta=0.5", SPRT{Elo0: -1000, Elo1: 1000, Alpha: 0.5, Beta: 0.5},
			"elo0=-1000,elo1=1000,alpha=0.5,beta=0.5,model=normalized"},
	}
	for _, tt := range good {
		got, err := ParseSPRT(tt.text)
		if err != nil {
			t.Errorf("ParseSPRT(%q): %v", tt.text, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSPRT(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
		if got.String() != tt.canon {
			t.Errorf("ParseSPRT(%q).String() = %q, want %q", tt.text, got.String(), tt.canon)
		}
		if again, err := ParseSPRT(got.String()); err != nil || again != got {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v", got.String(), again, err, got)
		}
	}

	bad := []struct {
		text string
		want string // a part of the error
	}{
		{"", "empty"},
		{"  ", "empty"},
		{"elo0=0", "elo1 is required"},
		{"elo1=5", "elo0 is required"},
		{"elo0=5,elo1=5", "elo0=5 must be below elo1=5"},
		{"elo0=6,elo1=5", "elo0=6 must be below elo1=5"},
		{"elo0=x,elo1=5", `elo0="x" is not a number`},
		{"elo0=0,elo1=NaN", `elo1="NaN" is not a number`},
		{"elo0=0,elo1=inf", `elo1="inf" is not a number`},
		{"elo0=-2000,elo1=5", "elo0=-2000: want a value from -1000 to 1000"},
		{"elo0=0,elo1=5,gamma=1", `unknown setting "gamma"`},
		{"elo0=0,elo0=1,elo1=5", `setting "elo0" given twice`},
		{"elo0=0,elo1=5,alpha=0", "alpha=0: want a probability"},
		{"elo0=0,elo1=5,alpha=0.6", "alpha=0.6: want a probability"},
		{"elo0=0,elo1=5,beta=-0.1", "beta=-0.1: want a probability"},
		{"elo0=0,elo1=5,model=bayes", `model="bayes", want normalized or logistic`},
		{"elo0", `setting "elo0" is not key=value`},
		{"elo0=,elo1=5", `setting "elo0=" is not key=value`},
		{"elo0=0,elo1=5,", `setting "" is not key=value`},
	}
	for _, tt := range bad {
		_, err := ParseSPRT(tt.text)
		if err == nil {
			t.Errorf("ParseSPRT(%q): no error, want one with %q", tt.text, tt.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "sprt: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSPRT(%q): error %q, want \"sprt: ...%s...\"", tt.text, err, tt.want)
		}
	}
}

// simGame draws the score of one game for a player who wins with probability
// win and draws with probability draw.
func simGame(r *rand.Rand, win, draw float64) float64 {
	switch u := r.Float64(); {
	case u < win:
		return 1
	case u < win+draw:
		return 0.5
	}
	return 0
}

// simSPRT plays pairs of independent games until the test decides, computing the
// LLR after every pair, and returns the verdict and the pairs played.
func simSPRT(test SPRT, r *rand.Rand, win, draw float64, maxPairs int) (Verdict, int) {
	var p Pentanomial
	for n := 1; n <= maxPairs; n++ {
		p.Add(simGame(r, win, draw), simGame(r, win, draw))
		if v := test.Decide(test.LLR(p)); v != Continue {
			return v, n
		}
	}
	return Continue, maxPairs
}

// TestSPRTSimulated runs the test on simulated matches: a player 50 Elo stronger
// (logistic; with 40% draws its score is 0.5715, about 62 normalized Elo) must be
// accepted as H1 in every run, and equal players must be accepted as H0 in at
// least 90% of the runs. At elo0 the false positive rate is alpha = 5%, so 95 of
// 100 runs are expected, with a standard deviation of 2.2 runs; 90 leaves room for
// that noise (1000 runs gave 5.8% for the normalized and 5.1% for the logistic
// model). The runs are seeded, so the outcome is fixed.
func TestSPRTSimulated(t *testing.T) {
	const runs = 100
	const draw = 0.4
	strongWin := ScoreFromElo(50) - draw/2
	equalWin := (1 - draw) / 2
	tests := []struct {
		name    string
		test    SPRT
		win     float64
		want    Verdict
		atLeast int
	}{
		{"normalized, +50 Elo", normSPRT(0, 10), strongWin, AcceptH1, runs},
		{"normalized, equal", normSPRT(0, 10), equalWin, AcceptH0, runs * 90 / 100},
		{"logistic, +50 Elo", logSPRT(0, 10), strongWin, AcceptH1, runs},
		{"logistic, equal", logSPRT(0, 10), equalWin, AcceptH0, runs * 90 / 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, total := 0, 0
			for seed := range uint64(runs) {
				r := rand.New(rand.NewPCG(seed, 0x5eed))
				v, n := simSPRT(tt.test, r, tt.win, draw, 1_000_000)
				if v == Continue {
					t.Fatalf("seed %d: no decision after %d pairs", seed, n)
				}
				if v == tt.want {
					hits++
				}
				total += n
			}
			t.Logf("%d of %d runs: %v, %.0f pairs on average", hits, runs, tt.want, float64(total)/runs)
			if hits < tt.atLeast {
				t.Errorf("%v in %d of %d runs, want at least %d", tt.want, hits, runs, tt.atLeast)
			}
		})
	}
}
