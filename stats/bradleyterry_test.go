package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// repeat returns count copies of the game a–b with A scoring score.
func repeat(a, b int, score float64, count int) []GameScore {
	out := make([]GameScore, count)
	for i := range out {
		out[i] = GameScore{A: a, B: b, Score: score}
	}
	return out
}

// fitWithPrior fits with the given number of virtual draws per pair.
func fitWithPrior(t *testing.T, n int, games []GameScore, prior float64) []float64 {
	t.Helper()
	if err := validate(n, games, playerIndex); err != nil {
		t.Fatal(err)
	}
	s := newBTSolver(n, games, prior)
	s.addGames(games)
	if err := s.fit(); err != nil {
		t.Fatal(err)
	}
	elo := make([]float64, n)
	s.elo(elo)
	return elo
}

// gradient returns ∇L in natural-log units at the given Elo ratings, computed
// directly from the games plus prior virtual draws per pair that met.
func gradient(n int, games []GameScore, prior float64, elo []float64) []float64 {
	met := make(map[[2]int]bool)
	g := make([]float64, n)
	p := func(i, j int) float64 { return 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400)) }
	for _, o := range games {
		g[o.A] += o.Score - p(o.A, o.B)
		g[o.B] += (1 - o.Score) - p(o.B, o.A)
		a, b := min(o.A, o.B), max(o.A, o.B)
		met[[2]int{a, b}] = true
	}
	for k := range met {
		g[k[0]] += prior * (0.5 - p(k[0], k[1]))
		g[k[1]] += prior * (0.5 - p(k[1], k[0]))
	}
	return g
}

func concat(parts ...[]GameScore) []GameScore {
	var out []GameScore
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestFitBradleyTerryTwoPlayers(t *testing.T) {
	// A scores 75% over 100 games: 70 wins, 10 draws, 20 losses.
	games := concat(repeat(0, 1, 1, 70), repeat(1, 0, 0.5, 10), repeat(1, 0, 1, 20))
	want := 400 * math.Log10(3) // 190.849
	exact := fitWithPrior(t, 2, games, 0)
	if d := exact[0] - exact[1]; math.Abs(d-want) > 1e-6 {
		t.Errorf("unregularised difference = %.6f, want %.6f", d, want)
	}
	if math.Abs(exact[0]+exact[1]) > 1e-9 {
		t.Errorf("ratings %v not centred", exact)
	}
	elo, err := FitBradleyTerry(2, games)
	if err != nil {
		t.Fatal(err)
	}
	// One virtual draw: 75.5 of 101.
	wantReg := 400 * math.Log10(75.5/25.5)
	d := elo[0] - elo[1]
	if math.Abs(d-wantReg) > 1e-6 {
		t.Errorf("regularised difference = %.6f, want %.6f", d, wantReg)
	}
	if math.Abs(d-want) > 3 {
		t.Errorf("regularisation moved the difference by %.3f Elo, want < 3", d-want)
	}
	t.Logf("difference: exact %.3f, regularised %.3f (%+.3f)", want, d, d-want)
}

func TestFitBradleyTerryThreePlayers(t *testing.T) {
	// Odds 3:1 for A over B and B over C, 9:1 for A over C fit the model exactly,
	// so the MLE reproduces them: A = +190.85, B = 0, C = −190.85.
	games := concat(
		repeat(0, 1, 1, 75), repeat(0, 1, 0, 25),
		repeat(1, 2, 1, 60), repeat(1, 2, 0.5, 15), repeat(2, 1, 0.5, 15), repeat(2, 1, 1, 10), // B scores 75/100
		repeat(2, 0, 0, 90), repeat(2, 0, 1, 10),
	)
	d := 400 * math.Log10(3)
	want := []float64{d, 0, -d}
	got := fitWithPrior(t, 3, games, 0)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-6 {
			t.Errorf("player %d: Elo %.6f, want %.6f", i, got[i], want[i])
		}
	}
}

func TestFitBradleyTerryLikelihoodEquations(t *testing.T) {
	// An irregular tournament: unequal numbers of games, one pair never meets.
	rng := rand.New(rand.NewPCG(1, 2))
	var games []GameScore
	counts := [][3]int{{0, 1, 40}, {0, 2, 7}, {1, 2, 23}, {2, 3, 60}, {3, 4, 5}, {1, 4, 17}, {0, 3, 3}}
	for _, c := range counts {
		for range c[2] {
			games = append(games, GameScore{A: c[0], B: c[1], Score: float64(rng.IntN(3)) / 2})
		}
	}
	elo, err := FitBradleyTerry(5, games)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range gradient(5, games, priorDraws, elo) {
		if math.Abs(g) > 1e-7 {
			t.Errorf("player %d: gradient of the log-likelihood %.3g, want ~0", i, g)
		}
	}
	sum := 0.0
	for _, e := range elo {
		sum += e
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("ratings sum to %g, want 0", sum)
	}
	// The unregularised MLE solves the likelihood equations too.
	exact := fitWithPrior(t, 5, games, 0)
	for i, g := range gradient(5, games, 0, exact) {
		if math.Abs(g) > 1e-7 {
			t.Errorf("unregularised: player %d: gradient %.3g, want ~0", i, g)
		}
	}
}

func TestFitBradleyTerryPerfectScore(t *testing.T) {
	// Player 0 wins 10–0 against each of 1 and 2; player 3 loses every game.
	games := concat(
		repeat(0, 1, 1, 10), repeat(2, 0, 0, 10),
		repeat(1, 2, 1, 6), repeat(1, 2, 0, 4),
		repeat(1, 3, 1, 10), repeat(3, 2, 0, 10),
	)
	elo, err := FitBradleyTerry(4, games)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range elo {
		if math.IsNaN(e) || math.IsInf(e, 0) {
			t.Fatalf("player %d: rating %v", i, e)
		}
	}
	if !(elo[0] > elo[1] && elo[1] > elo[2] && elo[2] > elo[3]) {
		t.Errorf("ratings %v not in order 0 > 1 > 2 > 3", elo)
	}
	if elo[0]-elo[1] < 300 || elo[2]-elo[3] < 300 {
		t.Errorf("ratings %v: perfect scores should give gaps of over 300 Elo", elo)
	}
	t.Logf("ratings %.1f", elo)
}

// synthetic plays games pairs times between every two players whose true
// ratings are elo, with draws, so that A's expected score follows the model.
func synthetic(elo []float64, pairs int, seed uint64) []GameScore {
	rng := rand.New(rand.NewPCG(seed, 7))
	var games []GameScore
	for i := range elo {
		for j := i + 1; j < len(elo); j++ {
			p := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
			draw := 0.2 * math.Min(p, 1-p) * 2 // keeps E[score] = p
			for range pairs {
				u := rng.Float64()
				var s float64
				switch {
				case u < draw:
					s = 0.5
				case u < draw+p-draw/2:
					s = 1
				}
				if rng.IntN(2) == 0 {
					games = append(games, GameScore{A: i, B: j, Score: s})
				} else {
					games = append(games, GameScore{A: j, B: i, Score: 1 - s})
				}
			}
		}
	}
	return games
}

func TestBradleyTerryRecovery(t *testing.T) {
	truth := []float64{-200, 0, 150, 300}
	mean := (truth[0] + truth[1] + truth[2] + truth[3]) / 4
	names := []string{"w", "x", "y", "z"}
	games := synthetic(truth, 2000, 42)
	rs, err := BradleyTerry(names, games, 200, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		want := truth[i] - mean
		if r.Name != names[i] || r.Games != 6000 {
			t.Errorf("rating %d: name %q games %d, want %q 6000", i, r.Name, r.Games, names[i])
		}
		if math.Abs(r.Elo-want) > 30 {
			t.Errorf("%s: Elo %.1f, want %.1f ± 30", r.Name, r.Elo, want)
		}
		if !(r.Low < want && want < r.High) {
			t.Errorf("%s: true %.1f outside 95%% interval [%.1f, %.1f]", r.Name, want, r.Low, r.High)
		}
		if !(r.Low <= r.Elo && r.Elo <= r.High) || r.High-r.Low > 60 || r.High-r.Low < 5 {
			t.Errorf("%s: implausible interval [%.1f, %.1f] around %.1f", r.Name, r.Low, r.High, r.Elo)
		}
		t.Logf("%s: true %.1f fitted %.1f [%.1f, %.1f]", r.Name, want, r.Elo, r.Low, r.High)
	}
}

func TestBradleyTerryDeterministic(t *testing.T) {
	names := []string{"a", "b", "c"}
	games := synthetic([]float64{0, 50, 100}, 30, 3)
	r1, err := BradleyTerry(names, games, 50, 11)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := BradleyTerry(names, games, 50, 11)
	if err != nil {
		t.Fatal(err)
	}
	r3, err := BradleyTerry(names, games, 50, 12)
	if err != nil {
		t.Fatal(err)
	}
	differ := false
	for i := range r1 {
		if r1[i] != r2[i] {
			t.Errorf("same seed: %+v vs %+v", r1[i], r2[i])
		}
		if r1[i].Elo != r3[i].Elo {
			t.Errorf("the point estimate depends on the seed: %v vs %v", r1[i].Elo, r3[i].Elo)
		}
		differ = differ || r1[i].Low != r3[i].Low || r1[i].High != r3[i].High
	}
	if !differ {
		t.Error("different seeds gave identical intervals")
	}
	r0, err := BradleyTerry(names, games, 0, 11)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range r0 {
		if r.Low != r.Elo || r.High != r.Elo || r.Elo != r1[i].Elo {
			t.Errorf("no resamples: %+v, want Low = High = Elo = %v", r, r1[i].Elo)
		}
	}
}

func TestBradleyTerrySparseBootstrap(t *testing.T) {
	// Few games: some resamples leave a player without games or with a perfect
	// score; the virtual draws keep every fit finite.
	names := []string{"a", "b", "c"}
	games := []GameScore{{0, 1, 1}, {1, 2, 1}, {0, 2, 0.5}}
	rs, err := BradleyTerry(names, games, 500, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if math.IsNaN(r.Low) || math.IsInf(r.Low, 0) || math.IsNaN(r.High) || math.IsInf(r.High, 0) || r.Low > r.High {
			t.Errorf("%+v: bad interval", r)
		}
	}
}

func TestBradleyTerryErrors(t *testing.T) {
	names := []string{"alpha", "beta", "gamma", "delta"}
	ok := []GameScore{{0, 1, 1}, {1, 2, 0.5}, {2, 3, 0}}
	tests := []struct {
		name  string
		names []string
		games []GameScore
		want  string
	}{
		{"one player", names[:1], nil, "at least 2 players"},
		{"index too big", names, append(ok, GameScore{0, 4, 1}), "out of range"},
		{"negative index", names, append(ok, GameScore{-1, 2, 1}), "out of range"},
		{"self play", names, append(ok, GameScore{2, 2, 1}), "plays itself"},
		{"bad score", names, append(ok, GameScore{0, 2, 0.7}), "score 0.7"},
		{"nan score", names, append(ok, GameScore{0, 2, math.NaN()}), "score NaN"},
		{"no games", names, ok[:2], `"delta" (3) played no games`},
		{"disconnected", names, []GameScore{{0, 1, 1}, {2, 3, 0.5}}, "not comparable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := BradleyTerry(tc.names, tc.games, 10, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("BradleyTerry error %v, want one containing %q", err, tc.want)
			}
			_, err = FitBradleyTerry(len(tc.names), tc.games)
			if err == nil {
				t.Errorf("FitBradleyTerry: no error, want one")
			}
		})
	}
	if _, err := BradleyTerry(names, ok, -1, 1); err == nil {
		t.Error("negative resamples: no error")
	}
	if _, err := FitBradleyTerry(4, ok[:2]); err == nil || !strings.Contains(err.Error(), "player 3 played no games") {
		t.Errorf("FitBradleyTerry error %v, want player 3 played no games", err)
	}
}

func BenchmarkBradleyTerry(b *testing.B) {
	truth := []float64{-300, -200, -100, -50, 0, 50, 120, 250}
	games := synthetic(truth, 10000/28+1, 5)[:10000]
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BradleyTerry(names, games, 200, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBradleyTerryManyTournaments(t *testing.T) {
	// Many random tournaments, from a few games to thousands and from close to
	// very spread ratings: every fit and every bootstrap resample must converge.
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 60 {
		n := 2 + rng.IntN(15)
		spread := []float64{50, 400, 1500}[k%3]
		truth := make([]float64, n)
		names := make([]string, n)
		for i := range truth {
			truth[i] = spread * (rng.Float64() - 0.5)
			names[i] = string(rune('a' + i))
		}
		pairs := []int{1, 3, 40, 200}[k%4]
		games := synthetic(truth, pairs, uint64(k))
		rs, err := BradleyTerry(names, games, 40, uint64(k))
		if err != nil {
			t.Fatalf("tournament %d (%d players, %d games per pairing, spread %v): %v", k, n, pairs, spread, err)
		}
		elo := make([]float64, n)
		for i, r := range rs {
			elo[i] = r.Elo
		}
		for i, g := range gradient(n, games, priorDraws, elo) {
			if math.Abs(g) > 1e-6 {
				t.Errorf("tournament %d: player %d: gradient %.3g", k, i, g)
			}
		}
	}
}
