package stats

import (
	"math"
	"testing"
)

// statsClose reports whether got is within tol of want; infinities must match
// exactly and NaN matches NaN.
func statsClose(got, want, tol float64) bool {
	switch {
	case math.IsNaN(want):
		return math.IsNaN(got)
	case math.IsInf(want, 0):
		return got == want
	}
	return math.Abs(got-want) <= tol
}

// checkStatsEstimate compares every field of got with want, to within tol.
func checkStatsEstimate(t *testing.T, got, want Estimate, tol float64) {
	t.Helper()
	if got.Games != want.Games {
		t.Errorf("Games = %d, want %d", got.Games, want.Games)
	}
	for _, f := range []struct {
		name      string
		got, want float64
	}{
		{"Score", got.Score, want.Score},
		{"ScoreLow", got.ScoreLow, want.ScoreLow},
		{"ScoreHigh", got.ScoreHigh, want.ScoreHigh},
		{"Elo", got.Elo, want.Elo},
		{"EloLow", got.EloLow, want.EloLow},
		{"EloHigh", got.EloHigh, want.EloHigh},
		{"NElo", got.NElo, want.NElo},
		{"NEloLow", got.NEloLow, want.NEloLow},
		{"NEloHigh", got.NEloHigh, want.NEloHigh},
		{"LOS", got.LOS, want.LOS},
	} {
		if !statsClose(f.got, f.want, tol) {
			t.Errorf("%s = %.12g, want %.12g (±%g)", f.name, f.got, f.want, tol)
		}
	}
}

func TestEloFromScore(t *testing.T) {
	tests := []struct{ score, elo float64 }{
		{0.5, 0},
		{0.75, 400 * math.Log10(3)},      // 1/0.75-1 = 1/3: 400·log10 3 = 190.848...
		{0.25, -400 * math.Log10(3)},     // symmetric
		{0.7, 147.19071411783776},        // 1/0.7-1 = 0.428571..., log10 = -0.367977...
		{10.0 / 11, 400},                 // 1/(10/11)-1 = 0.1: 400 Elo is odds of 10 to 1
		{0, math.Inf(-1)},                // 1/0-1 = +Inf
		{1, math.Inf(1)},                 // log10(0) = -Inf
		{-0.1, math.NaN()},               // outside [0, 1]
		{1.1, math.NaN()},                // outside [0, 1]
		{ScoreFromElo(-35), -35},         // round trip
		{ScoreFromElo(123.456), 123.456}, // round trip
	}
	for _, tt := range tests {
		if got := EloFromScore(tt.score); !statsClose(got, tt.elo, 1e-9) {
			t.Errorf("EloFromScore(%v) = %v, want %v", tt.score, got, tt.elo)
		}
	}
	if got := ScoreFromElo(400); !statsClose(got, 10.0/11, 1e-15) {
		t.Errorf("ScoreFromElo(400) = %v, want 10/11", got)
	}
	if got := ScoreFromElo(0); got != 0.5 {
		t.Errorf("ScoreFromElo(0) = %v, want 0.5", got)
	}
}

func TestWilson(t *testing.T) {
	// z = Φ⁻¹(0.975) = 1.959963984540054, z² = 3.841458820694124.
	tests := []struct {
		k, n      int
		level     float64
		low, high float64
		name      string
	}{
		// p = 0.6, n = 100: denominator 1 + z²/n = 1.0384146; centre
		// (0.6 + z²/200)/1.0384146 = 0.5963007; half-width
		// z/1.0384146·√(0.6·0.4/100 + z²/40000) = 1.8874599·0.0499603 = 0.0942981.
		{60, 100, 0.95, 0.5020025867910618, 0.6905987135675411, "60 of 100"},
		// k = 0: the centre equals the half-width, z²/(2n)/(1+z²/n), so the interval is
		// [0, (z²/n)/(1+z²/n)] = [0, 0.3841459/1.3841459] = [0, 0.2775328].
		{0, 10, 0.95, 0, 0.27753279986288915, "0 of 10"},
		{10, 10, 0.95, 1 - 0.27753279986288915, 1, "10 of 10"},
		{0, 0, 0.95, 0, 1, "no trials"},
		{3, 0, 0.95, 0, 1, "no trials, k ignored"},
		{5, 10, 1.5, math.NaN(), math.NaN(), "bad level"},
	}
	for _, tt := range tests {
		low, high := Wilson(tt.k, tt.n, tt.level)
		if !statsClose(low, tt.low, 1e-12) || !statsClose(high, tt.high, 1e-12) {
			t.Errorf("%s: Wilson(%d, %d, %v) = [%v, %v], want [%v, %v]", tt.name, tt.k, tt.n, tt.level, low, high, tt.low, tt.high)
		}
	}
}

func TestPentanomialAdd(t *testing.T) {
	tests := []struct {
		a, b  float64
		index int
	}{
		{0, 0, 0}, {0, 0.5, 1}, {0.5, 0, 1}, {1, 0, 2}, {0, 1, 2}, {0.5, 0.5, 2},
		{1, 0.5, 3}, {0.5, 1, 3}, {1, 1, 4},
	}
	var p Pentanomial
	for _, tt := range tests {
		var one Pentanomial
		one.Add(tt.a, tt.b)
		var want Pentanomial
		want[tt.index] = 1
		if one != want {
			t.Errorf("Add(%v, %v) = %v, want %v", tt.a, tt.b, one, want)
		}
		p.Add(tt.a, tt.b)
	}
	if want := (Pentanomial{1, 2, 3, 2, 1}); p != want || p.Pairs() != 9 {
		t.Errorf("all pairs: %v with %d pairs, want %v with 9", p, p.Pairs(), want)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Add(0.7, 1) did not panic")
		}
	}()
	p.Add(0.7, 1)
}

func TestWDLEstimate(t *testing.T) {
	inf := math.Inf(1)
	nan := math.NaN()
	tests := []struct {
		name string
		wdl  WDL
		want Estimate
	}{
		{
			// N = 100, score = (60 + 20/2)/100 = 0.7, Elo = -400·log10(1/0.7-1) = 147.1907.
			// Per-game variance: 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.054+0.008+0.098 = 0.16,
			// σ = 0.4, standard error 0.4/√100 = 0.04, half-width 1.959964·0.04 = 0.0783986:
			// score [0.6216014, 0.7783986], Elo [-400·log10(0.608746), -400·log10(0.284687)]
			// = [86.2250, 218.2518].
			// LOS = Φ((60-20)/√80) = Φ(4.472136) = 0.9999961.
			// t = (0.7-0.5)/0.4 = 0.5, NElo = 0.5·800/ln 10 = 173.7178. Central moments
			// m3 = 0.6·0.3³ - 0.2·0.2³ - 0.2·0.7³ = -0.054, m4 = 0.6·0.3⁴ + 0.2·0.2⁴ + 0.2·0.7⁴
			// = 0.0532: skewness -0.054/0.4³ = -0.84375, excess kurtosis 0.0532/0.4⁴-3 =
			// -0.921875; var(t) = 1 + 0.5·0.84375 + 0.25·0.25·1.078125 = 1.4892578,
			// t ± 1.959964·√(1.4892578/100) = 0.5 ± 0.2391835 → NElo [90.6166, 256.8190].
			// fishtest's stat_util.get_elo on [20, 20, 60] gives the same Elo 147.19071 and
			// half-width (218.2518-86.2250)/2 = 66.01338.
			name: "60/20/20",
			wdl:  WDL{60, 20, 20},
			want: Estimate{
				Games: 100, Score: 0.7, ScoreLow: 0.6216014406183978, ScoreHigh: 0.7783985593816021,
				Elo: 147.19071411783776, EloLow: 86.22501520030423, EloHigh: 218.2517776410748,
				NElo: 173.7177927613007, NEloLow: 90.61658554848731, NEloHigh: 256.81899997411404,
				LOS: 0.9999961278917845,
			},
		},
		{
			// Even: score 0.5, σ² = 0.4·0.25 + 0.4·0.25 = 0.2, half-width
			// 1.959964·√(0.2/50) = 0.1239590.
			name: "20/10/20",
			wdl:  WDL{20, 10, 20},
			want: Estimate{
				Games: 50, Score: 0.5, ScoreLow: 0.5 - 0.12395900646091, ScoreHigh: 0.5 + 0.12395900646091,
				Elo: 0, EloLow: EloFromScore(0.5 - 0.12395900646091), EloHigh: EloFromScore(0.5 + 0.12395900646091),
				// t = 0, skewness 0: var(t) = 1 and NElo = ±347.4356·1.959964·√(1/50) = ±96.3023.
				NElo: 0, NEloLow: -neloPerT * 1.959963984540054 * math.Sqrt(0.02), NEloHigh: neloPerT * 1.959963984540054 * math.Sqrt(0.02),
				LOS: 0.5,
			},
		},
		{
			// No games: nothing is known.
			name: "no games",
			wdl:  WDL{},
			want: Estimate{Score: 0.5, ScoreLow: 0, ScoreHigh: 1, Elo: 0, EloLow: -inf, EloHigh: inf,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.5},
		},
		{
			// All wins: score 1 with no spread, Elo +Inf, no normalized Elo;
			// LOS = Φ(10/√10) = Φ(3.162278) = 0.9992173.
			name: "all wins",
			wdl:  WDL{10, 0, 0},
			want: Estimate{Games: 10, Score: 1, ScoreLow: 1, ScoreHigh: 1, Elo: inf, EloLow: inf, EloHigh: inf,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.9992172988709987},
		},
		{
			// LOS = Φ(-7/√7) = Φ(-2.645751) = 0.0040755.
			name: "all losses",
			wdl:  WDL{0, 0, 7},
			want: Estimate{Games: 7, Score: 0, ScoreLow: 0, ScoreHigh: 0, Elo: -inf, EloLow: -inf, EloHigh: -inf,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.004075485796751377},
		},
		{
			// All draws: score 0.5 exactly, no decisive game: LOS 0.5.
			name: "all draws",
			wdl:  WDL{0, 12, 0},
			want: Estimate{Games: 12, Score: 0.5, ScoreLow: 0.5, ScoreHigh: 0.5, Elo: 0, EloLow: 0, EloHigh: 0,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.5},
		},
		{
			// One win in ten: score 0.1, σ = 0.3, half-width 1.959964·0.3/√10 = 0.1859348,
			// so the lower bound is clipped to 0 (Elo -Inf).
			name: "one win in ten",
			wdl:  WDL{1, 0, 9},
			want: Estimate{Games: 10, Score: 0.1, ScoreLow: 0, ScoreHigh: 0.28593850969136847,
				Elo: -400 * math.Log10(9), EloLow: -inf, EloHigh: EloFromScore(0.28593850969136847),
				// t = (0.1-0.5)/0.3 = -4/3; m3 = 0.1·0.9³ - 0.9·0.1³ = 0.072, skewness
				// 0.072/0.3³ = 8/3; m4 = 0.1·0.9⁴ + 0.9·0.1⁴ = 0.0657, excess kurtosis
				// 0.0657/0.3⁴ - 3 = 46/9; var(t) = 1 + 32/9 + (16/9)/4·(64/9) = 625/81,
				// t ± 1.959964·√(625/810) = -4/3 ± 1.7216455 → NElo -463.2474 [-1061.4109, 134.9160].
				NElo: -463.2474473634686, NEloLow: -1061.4109194543992, NEloHigh: 134.9160247274619,
				LOS: 0.005706018193000817}, // Φ((1-9)/√10) = Φ(-2.529822)
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkStatsEstimate(t, tt.wdl.Estimate(), tt.want, 1e-9)
		})
	}
	if got := (WDL{3, 2, 5}).Score(); got != 0.4 {
		t.Errorf("WDL{3,2,5}.Score() = %v, want 0.4", got)
	}
	if got := (WDL{}).Score(); got != 0.5 {
		t.Errorf("WDL{}.Score() = %v, want 0.5", got)
	}
}

func TestPentanomialEstimate(t *testing.T) {
	inf := math.Inf(1)
	nan := math.NaN()
	tests := []struct {
		name string
		p    Pentanomial
		want Estimate
		tol  float64
	}{
		{
			// 100 pairs, pair scores 0, 1/4, 1/2, 3/4, 1 with frequencies .05 .1 .2 .4 .25:
			// mean 0.025+0.1+0.3+0.25 = 0.675; variance .05·.675² + .1·.425² + .2·.175² +
			// .4·.075² + .25·.325² = .0227813+.0180625+.006125+.00225+.0264063 = 0.075625,
			// σ_pair = 0.275, standard error 0.0275, half-width 1.959964·0.0275 = 0.0538990:
			// score [0.6211010, 0.7288990], Elo 126.9682 [85.8555, 171.8145].
			// LOS = Φ(0.175/0.0275) = Φ(6.363636) = 1 - 9.85e-11.
			// t_pair = 0.175/0.275 = 0.6363636, per game t_pair/√2, NElo = 347.4356·0.45 =
			// 156.3380; m3 = -0.015375, m4 = 0.0166316: skewness -0.7392938, excess
			// kurtosis -0.0919336, var(t) = 1.6636317, t_pair ± 1.959964·√(1.6636317/100)
			// → NElo [94.2317, 218.4444].
			name: "hand example",
			p:    Pentanomial{5, 10, 20, 40, 25},
			want: Estimate{
				Games: 200, Score: 0.675, ScoreLow: 0.6211009904251485, ScoreHigh: 0.7288990095748515,
				Elo: 126.96816474086026, EloLow: 85.8555006937191, EloHigh: 171.81450236034098,
				NElo: 156.33803725816824, NEloLow: 94.23169071954194, NEloHigh: 218.44438379679457,
				LOS: 1 - 9.851608417932312e-11,
			},
			tol: 1e-9,
		},
		{
			// fishtest's example pentanomial from server/fishtest/stats/stat_util.py
			// (official-stockfish/fishtest, its __main__ tests): Elo, half-width and LOS as
			// stat_util.get_elo computes them (-0.7735773, ±1.2775799, 0.1176589), normalized
			// Elo as the raw statistics page (server/fishtest/templates/tests_stats.mak) does
			// (-0.9516290 [-2.5232517, 0.6199937]); values from running that code.
			name: "fishtest stat_util example",
			p:    Pentanomial{10789, 19328, 33806, 19402, 10543},
			want: Estimate{
				Games: 187736, Score: 0.4988867345634295, ScoreLow: 0.497048166700621, ScoreHigh: 0.500725302426238,
				// EloLow and EloHigh are fishtest's elo(mu_min) and elo(mu_max).
				Elo: -0.7735773359165423, EloLow: -2.051167691664677, EloHigh: 0.5039920997913666,
				NElo: -0.9516290044726476, NEloLow: -2.5232516812470083, NEloHigh: 0.6199936723017129,
				LOS: 0.11765885803277504,
			},
			tol: 1e-8,
		},
		{
			name: "no pairs",
			p:    Pentanomial{},
			want: Estimate{Score: 0.5, ScoreLow: 0, ScoreHigh: 1, Elo: 0, EloLow: -inf, EloHigh: inf,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.5},
		},
		{
			name: "all pairs won",
			p:    Pentanomial{0, 0, 0, 0, 4},
			want: Estimate{Games: 8, Score: 1, ScoreLow: 1, ScoreHigh: 1, Elo: inf, EloLow: inf, EloHigh: inf,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 1},
		},
		{
			name: "all pairs even",
			p:    Pentanomial{0, 0, 9, 0, 0},
			want: Estimate{Games: 18, Score: 0.5, ScoreLow: 0.5, ScoreHigh: 0.5, Elo: 0, EloLow: 0, EloHigh: 0,
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 0.5},
		},
		{
			name: "all pairs 1.5 points",
			p:    Pentanomial{0, 0, 0, 3, 0},
			want: Estimate{Games: 6, Score: 0.75, ScoreLow: 0.75, ScoreHigh: 0.75,
				Elo: 400 * math.Log10(3), EloLow: 400 * math.Log10(3), EloHigh: 400 * math.Log10(3),
				NElo: nan, NEloLow: nan, NEloHigh: nan, LOS: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tol := tt.tol
			if tol == 0 {
				tol = 1e-12
			}
			checkStatsEstimate(t, tt.p.Estimate(), tt.want, tol)
		})
	}
	// fishtest's half-width for its example: (EloHigh-EloLow)/2 = 1.2775798957280218.
	e := Pentanomial{10789, 19328, 33806, 19402, 10543}.Estimate()
	if half := (e.EloHigh - e.EloLow) / 2; !statsClose(half, 1.2775798957280218, 1e-8) {
		t.Errorf("fishtest example: half-width %v, want 1.2775798957280218", half)
	}
}
