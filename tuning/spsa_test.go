package tuning

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
)

// simulatedSPSAMatch simulates a match of games between θ+ and θ− under a logistic model
// of the quadratic strength f(θ) = −λ·Σ(θ−θ*)² (in log-odds): θ+ wins each game
// with probability σ(f(θ+) − f(θ−)), there are no draws, and the result is
// (wins − losses)/games.
func simulatedSPSAMatch(rng *rand.Rand, star []float64, lambda float64, plus, minus []float64, games int) float64 {
	f := func(th []float64) float64 {
		var s float64
		for i := range th {
			d := th[i] - star[i]
			s -= lambda * d * d
		}
		return s
	}
	p := texelSigmoid(f(plus) - f(minus))
	wins := 0
	for range games {
		if rng.Float64() < p {
			wins++
		}
	}
	return float64(2*wins-games) / float64(games)
}

func spsaDist(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(s)
}

// TestSPSAImproves runs SPSA with the default learning rate on the simulated
// match (10 games per iteration, 2000 iterations) for several seeds: θ must end
// much nearer the optimum than it started.
func TestSPSAImproves(t *testing.T) {
	star := []float64{3, -2, 1, 0.5}
	theta0 := []float64{0, 0, 0, 0}
	start := spsaDist(theta0, star)
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := NewSPSA(SPSAConfig{C: []float64{0.5, 0.5, 0.5, 0.5}, Iterations: 2000, Seed: seed}, theta0)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		for !s.Done() {
			plus, minus := s.Perturbation()
			s.Update(simulatedSPSAMatch(rng, star, 0.1, plus, minus, 10))
		}
		end := spsaDist(s.Theta(), star)
		t.Logf("seed %d: |θ−θ*| %.3f → %.3f, θ = %.3f", seed, start, end, s.Theta())
		if end > 0.2*start {
			t.Errorf("seed %d: |θ−θ*| went from %.3f to %.3f", seed, start, end)
		}
		if s.Iteration() != 2000 {
			t.Errorf("Iteration = %d", s.Iteration())
		}
	}
}

// TestSPSAStep checks one update against the formulas by hand.
func TestSPSAStep(t *testing.T) {
	// A = 9, R = 0.5, C = 2: a = R·C²·(A+1)^α, so a_0 = a/(A+1)^α = R·C² = 2,
	// c_0 = 2, and the step is a_0/c_0·result·Δ = result·Δ.
	s, err := NewSPSA(SPSAConfig{A: 9, R: 0.5, C: []float64{2, 4}, Iterations: 100, Seed: 3}, []float64{10, 20})
	if err != nil {
		t.Fatal(err)
	}
	plus, minus := s.Perturbation()
	plus2, minus2 := s.Perturbation()
	if !slices.Equal(plus, plus2) || !slices.Equal(minus, minus2) {
		t.Error("Perturbation advanced")
	}
	delta := []float64{(plus[0] - 10) / 2, (plus[1] - 20) / 4}
	for i, d := range delta {
		if d != 1 && d != -1 {
			t.Fatalf("Δ[%d] = %v", i, d)
		}
		if minus[i] != []float64{10, 20}[i]-d*[]float64{2, 4}[i] {
			t.Errorf("θ−[%d] = %v", i, minus[i])
		}
	}
	s.Update(0.25)
	th := s.Theta()
	// Parameter 1 has C = 4: a_0 = 0.5·16 = 8, step = 8/4·0.25 = 0.5.
	want := []float64{10 + 0.25*delta[0], 20 + 0.5*delta[1]}
	for i := range th {
		if math.Abs(th[i]-want[i]) > 1e-12 {
			t.Errorf("θ[%d] = %v, want %v", i, th[i], want[i])
		}
	}
	// Iteration 1: c_1 = C/2^γ.
	plus, _ = s.Perturbation()
	if got, want := math.Abs(plus[0]-th[0]), 2/math.Pow(2, SPSADefaultGamma); math.Abs(got-want) > 1e-12 {
		t.Errorf("c_1 = %v, want %v", got, want)
	}
	// A zero result leaves θ alone.
	s.Update(0)
	if !slices.Equal(s.Theta(), th) {
		t.Error("Update(0) moved θ")
	}
	// The defaults are filled in.
	cfg := s.Config()
	if cfg.Alpha != SPSADefaultAlpha || cfg.Gamma != SPSADefaultGamma || cfg.A != 9 || cfg.R != 0.5 {
		t.Errorf("config %+v", cfg)
	}
	d, _ := NewSPSA(SPSAConfig{C: []float64{1}, Iterations: 1000}, []float64{0})
	if cfg := d.Config(); cfg.A != 100 || math.Abs(cfg.R-0.2119) > 0.001 {
		t.Errorf("default A = %v, R = %v; want 100 and about 0.212", cfg.A, cfg.R)
	}
	// Δ is balanced over iterations and differs between parameters.
	big, _ := NewSPSA(SPSAConfig{C: slices.Repeat([]float64{1}, 100), Iterations: 10}, make([]float64, 100))
	var sum float64
	for range 50 {
		p, _ := big.Perturbation()
		for _, v := range p {
			sum += v
		}
		big.Update(0)
	}
	if math.Abs(sum) > 4*math.Sqrt(5000) {
		t.Errorf("Δ sums to %v over 5000 draws", sum)
	}
}

// TestSPSACheckpoint runs 50 iterations straight, and 20, a JSON round trip,
// then 30: θ must be the same bit for bit.
func TestSPSACheckpoint(t *testing.T) {
	star := []float64{1.5, -0.5, 2}
	cfg := SPSAConfig{C: []float64{0.3, 0.2, 0.1}, Iterations: 50, Seed: 77,
		Min: []float64{-5, -5, -5}, Max: []float64{5, 5, 5}}
	theta0 := []float64{0.1, 0.2, 0.3}
	run := func(s *SPSA, rng *rand.Rand, n int) {
		for range n {
			plus, minus := s.Perturbation()
			s.Update(simulatedSPSAMatch(rng, star, 0.3, plus, minus, 7))
		}
	}
	straight, err := NewSPSA(cfg, theta0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	run(straight, rng, 50)

	first, _ := NewSPSA(cfg, theta0)
	rng = rand.New(rand.NewPCG(1, 1))
	run(first, rng, 20)
	data, err := json.Marshal(first)
	if err != nil {
		t.Fatal(err)
	}
	var resumed SPSA
	if err := json.Unmarshal(data, &resumed); err != nil {
		t.Fatal(err)
	}
	if resumed.Iteration() != 20 || !slices.Equal(resumed.Theta(), first.Theta()) {
		t.Fatalf("restored iteration %d θ %v, want 20 %v", resumed.Iteration(), resumed.Theta(), first.Theta())
	}
	run(&resumed, rng, 30)
	a, b := straight.Theta(), resumed.Theta()
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Errorf("θ[%d]: straight %v, resumed %v", i, a[i], b[i])
		}
	}
	if resumed.Iteration() != 50 {
		t.Errorf("iteration %d", resumed.Iteration())
	}
	t.Logf("checkpoint: %s", data)
	// Invalid checkpoints are refused and leave the state alone.
	for _, bad := range []string{`{`, `{"config":{"c":[1]},"iteration":0,"theta":[0]}`,
		`{"config":{"c":[1],"iterations":5},"iteration":-1,"theta":[0]}`} {
		if err := resumed.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s): no error", bad)
		}
	}
	if !slices.Equal(resumed.Theta(), b) {
		t.Error("a failed UnmarshalJSON changed the state")
	}
}

// TestSPSABounds puts the optimum outside the bounds: θ, θ+ and θ− stay within
// them, and θ ends at the bound nearest the optimum.
func TestSPSABounds(t *testing.T) {
	star := []float64{3, -3}
	minB, maxB := []float64{-1, -1}, []float64{1, 1}
	s, err := NewSPSA(SPSAConfig{C: []float64{0.5, 0.5}, Iterations: 1000, Min: minB, Max: maxB, Seed: 5}, []float64{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	in := func(v []float64) bool {
		for i := range v {
			if v[i] < minB[i] || v[i] > maxB[i] {
				return false
			}
		}
		return true
	}
	for !s.Done() {
		plus, minus := s.Perturbation()
		if !in(plus) || !in(minus) {
			t.Fatalf("perturbation %v %v outside the bounds", plus, minus)
		}
		s.Update(simulatedSPSAMatch(rng, star, 0.1, plus, minus, 10))
		if !in(s.Theta()) {
			t.Fatalf("θ = %v outside the bounds", s.Theta())
		}
	}
	if th := s.Theta(); th[0] < 0.9 || th[1] > -0.9 {
		t.Errorf("θ = %v, want near (1, −1)", th)
	}
	// Only one side bounded.
	if _, err := NewSPSA(SPSAConfig{C: []float64{1}, Iterations: 1, Max: []float64{3}}, []float64{0}); err != nil {
		t.Error(err)
	}
}

func TestSPSAConfigErrors(t *testing.T) {
	ok := SPSAConfig{C: []float64{1, 1}, Iterations: 10}
	if _, err := NewSPSA(ok, []float64{0, 0}); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		mod   func(*SPSAConfig)
		theta []float64
	}{
		"no parameters":  {func(c *SPSAConfig) { c.C = nil }, nil},
		"C length":       {func(c *SPSAConfig) { c.C = []float64{1} }, nil},
		"C zero":         {func(c *SPSAConfig) { c.C = []float64{1, 0} }, nil},
		"C NaN":          {func(c *SPSAConfig) { c.C = []float64{1, math.NaN()} }, nil},
		"C Inf":          {func(c *SPSAConfig) { c.C = []float64{1, math.Inf(1)} }, nil},
		"iterations":     {func(c *SPSAConfig) { c.Iterations = 0 }, nil},
		"A negative":     {func(c *SPSAConfig) { c.A = -1 }, nil},
		"Alpha negative": {func(c *SPSAConfig) { c.Alpha = -0.5 }, nil},
		"Gamma NaN":      {func(c *SPSAConfig) { c.Gamma = math.NaN() }, nil},
		"R negative":     {func(c *SPSAConfig) { c.R = -1 }, nil},
		"Min length":     {func(c *SPSAConfig) { c.Min = []float64{0} }, nil},
		"Max NaN":        {func(c *SPSAConfig) { c.Max = []float64{1, math.NaN()} }, nil},
		"crossed bounds": {func(c *SPSAConfig) { c.Min, c.Max = []float64{0, 2}, []float64{1, 1} }, []float64{0.5, 1}},
		"theta outside":  {func(c *SPSAConfig) { c.Min, c.Max = []float64{0, 0}, []float64{1, 1} }, []float64{0.5, 2}},
		"theta NaN":      {func(c *SPSAConfig) {}, []float64{0, math.NaN()}},
		"theta length":   {func(c *SPSAConfig) {}, []float64{0}},
	}
	for name, c := range cases {
		cfg := ok
		c.mod(&cfg)
		theta := c.theta
		if theta == nil {
			theta = []float64{0, 0}
			if cfg.C == nil {
				theta = []float64{}
			}
		}
		if _, err := NewSPSA(cfg, theta); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	s, _ := NewSPSA(ok, []float64{0, 0})
	defer func() {
		if recover() == nil {
			t.Error("Update(NaN) did not panic")
		}
	}()
	s.Update(math.NaN())
}

// TestPerturbationScales checks that SPSA perturbs the features with large values,
// The Colony's selectable logs and eggs and the classic games' seed counts, by a
// tenth of its size and the others by all of it.
func TestPerturbationScales(t *testing.T) {
	tests := []struct {
		names []string
		want  []float64
	}{
		{[]string{"store_diff", "seeds_own", "coins_own", "selectable_logs", "threats"}, []float64{1, 0.1, 0.1, 0.1, 1}},
		{colony.NewFeatures(colony.Default()).Features(), nil},
		{nil, []float64{}},
	}
	for _, tc := range tests {
		want := tc.want
		if want == nil {
			for _, name := range tc.names {
				want = append(want, map[bool]float64{true: 0.1, false: 1}[strings.HasPrefix(name, "selectable_")])
			}
		}
		if got := perturbationScales(tc.names); !slices.Equal(got, want) {
			t.Errorf("perturbationScales(%q) = %v, want %v", tc.names, got, want)
		}
	}
}
