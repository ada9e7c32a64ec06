package tuning

// Simultaneous perturbation stochastic approximation (SPSA), as fishtest uses it
// to tune engine parameters from match results.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// SPSA defaults.
const (
	// SPSADefaultAlpha and SPSADefaultGamma are Spall's exponents of the
	// learning-rate and perturbation-size schedules.
	SPSADefaultAlpha = 0.602
	SPSADefaultGamma = 0.101
	// SPSADefaultAShare is the default stability constant A as a share of the
	// planned iterations (Spall suggests up to 10%).
	SPSADefaultAShare = 0.1
	// SPSADefaultReach sets the default learning rate R (see SPSAConfig.R): the
	// R for which, if θ+ won every game of every planned iteration, each
	// parameter would travel SPSADefaultReach perturbation sizes C in all
	// (Σ_k a_k/c_k = SPSADefaultReach·C). On a simulated quadratic strength
	// (spsa_test.go) this was within a factor of 2 of the best R over 1 to 100
	// games per iteration and 1,000 to 20,000 iterations, where the best fixed
	// R ranged from 0.01 to 0.3: the right R falls as the iterations grow.
	SPSADefaultReach = 150.0
)

// SPSAConfig configures an SPSA run that maximises a noisy match result.
//
// The schedules, with k = 0, 1, 2, ... the iteration, are those of Spall:
//
//	c_k,i = C_i / (k+1)^Gamma                     perturbation size
//	a_k,i = a_i / (A+k+1)^Alpha,  a_i = R·C_i²·(A+1)^Alpha
//
// and iteration k plays θ+ = θ + c_k∘Δ against θ− = θ − c_k∘Δ, with Δ a random ±1
// per parameter, and moves
//
//	θ_i ← θ_i + (a_k,i / c_k,i) · result · Δ_i
//
// where result is θ+'s score against θ−, (wins − losses)/games in [−1, 1]. This
// is fishtest's update (θ += r_k·c_k·result·Δ with r_k = a_k/c_k²), with fishtest's
// c_end and r_end = a_end/c_end² replaced by the values at the start: C is c_0 and
// R is r_0 = a_0/c_0², so that a = R·C²·(A+1)^Alpha.
//
// So R reads as: at the first iteration, a result of +1 moves each parameter by
// R perturbation sizes; the steps then shrink as (A+1)^Alpha·(k+1)^Gamma /
// (A+k+1)^Alpha (to about 0.24 after 1000 iterations with A = 100). One R serves
// all parameters because C already carries their units. By default R is set
// from the planned Iterations (see SPSADefaultReach): about 0.21 for 1,000
// iterations, 0.036 for 5,000 and 0.0079 for 20,000 (with the default A, Alpha
// and Gamma). Raise it when each iteration plays many games (less noise), lower
// it when one plays few. Fishtest's result is the raw wins − losses of a report
// of game pairs, not a mean, so a fishtest r corresponds to an R of about r × the
// games per iteration here.
type SPSAConfig struct {
	// A is the stability constant of the learning-rate schedule; 0 means the
	// default, SPSADefaultAShare × Iterations. (A literal 0 is rarely wanted;
	// use a tiny positive value to get it.)
	A float64 `json:"a"`
	// Alpha and Gamma are the exponents of the schedules; 0 means the defaults
	// SPSADefaultAlpha (0.602) and SPSADefaultGamma (0.101).
	Alpha float64 `json:"alpha"`
	Gamma float64 `json:"gamma"`
	// C is the perturbation size c_0 of each parameter at the first iteration,
	// in the parameter's units: the change that makes a small but measurable
	// difference in strength. Required, each finite and > 0.
	C []float64 `json:"c"`
	// R is the learning rate at the first iteration, a_0/c_0², shared by all
	// parameters; 0 means the default set by SPSADefaultReach. See the type's
	// documentation.
	R float64 `json:"r"`
	// Iterations is the planned number of iterations (> 0); it sets the default
	// A. Updates beyond it are allowed and follow the same schedules.
	Iterations int `json:"iterations"`
	// Min and Max are optional bounds per parameter (nil, or one per
	// parameter). θ, θ+ and θ− are clipped to them.
	Min []float64 `json:"min,omitempty"`
	Max []float64 `json:"max,omitempty"`
	// Seed seeds the perturbations: Δ of iteration k is a function of (Seed, k)
	// alone.
	Seed uint64 `json:"seed"`
}

// SPSA is the state of an SPSA run: the configuration (with defaults filled in),
// the iteration k and the parameters θ. The random perturbation of iteration k
// is derived from (Seed, k), so this state is all a checkpoint needs: a run
// resumed from MarshalJSON's output continues exactly as if never stopped.
//
// Use it as: plus, minus := s.Perturbation(); play plus against minus; then
// s.Update(result). An SPSA is not safe for concurrent use.
type SPSA struct {
	cfg   SPSAConfig
	theta []float64
	k     int
	a     []float64 // a_i = R·C_i²·(A+1)^Alpha
}

// NewSPSA starts an SPSA run from theta0 (which must lie within the bounds). It
// fills in the defaults and returns an error for an invalid configuration: no
// parameters, C of the wrong length or not finite and positive, negative or
// non-finite A, Alpha, Gamma or R, Iterations < 1, bounds of the wrong length,
// NaN, crossed or not containing theta0.
func NewSPSA(cfg SPSAConfig, theta0 []float64) (*SPSA, error) {
	cfg.C = slices.Clone(cfg.C)
	cfg.Min = slices.Clone(cfg.Min)
	cfg.Max = slices.Clone(cfg.Max)
	if cfg.Iterations < 1 {
		return nil, fmt.Errorf("eval: SPSA: Iterations = %d, want at least 1", cfg.Iterations)
	}
	if cfg.A == 0 {
		cfg.A = SPSADefaultAShare * float64(cfg.Iterations)
	}
	if cfg.Alpha == 0 {
		cfg.Alpha = SPSADefaultAlpha
	}
	if cfg.Gamma == 0 {
		cfg.Gamma = SPSADefaultGamma
	}
	if cfg.R == 0 && cfg.A >= 0 && cfg.Alpha >= 0 && cfg.Gamma >= 0 {
		cfg.R = SPSADefaultReach / spsaReach(cfg)
	}
	s := &SPSA{cfg: cfg, theta: slices.Clone(theta0)}
	if err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// validate checks the (defaulted) configuration and θ, and computes a.
func (s *SPSA) validate() error {
	cfg := &s.cfg
	d := len(s.theta)
	if d == 0 {
		return errors.New("eval: SPSA: no parameters")
	}
	if cfg.Iterations < 1 {
		return fmt.Errorf("eval: SPSA: Iterations = %d, want at least 1", cfg.Iterations)
	}
	if s.k < 0 {
		return fmt.Errorf("eval: SPSA: iteration %d", s.k)
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"A", cfg.A}, {"Alpha", cfg.Alpha}, {"Gamma", cfg.Gamma}, {"R", cfg.R}} {
		if !(p.v >= 0) || math.IsInf(p.v, 0) {
			return fmt.Errorf("eval: SPSA: %s = %v, want a finite value >= 0", p.name, p.v)
		}
	}
	if len(cfg.C) != d {
		return fmt.Errorf("eval: SPSA: %d perturbation sizes C for %d parameters", len(cfg.C), d)
	}
	for i, c := range cfg.C {
		if !(c > 0) || math.IsInf(c, 0) {
			return fmt.Errorf("eval: SPSA: C[%d] = %v, want a finite value > 0", i, c)
		}
	}
	if err := texelCheckVector("theta", s.theta); err != nil {
		return fmt.Errorf("eval: SPSA: %w", err)
	}
	for _, b := range []struct {
		name string
		v    []float64
	}{{"Min", cfg.Min}, {"Max", cfg.Max}} {
		if b.v == nil {
			continue
		}
		if len(b.v) != d {
			return fmt.Errorf("eval: SPSA: %d %s bounds for %d parameters", len(b.v), b.name, d)
		}
		for i, v := range b.v {
			if math.IsNaN(v) {
				return fmt.Errorf("eval: SPSA: %s[%d] is NaN", b.name, i)
			}
		}
	}
	for i, t := range s.theta {
		if cfg.Min != nil && cfg.Max != nil && cfg.Min[i] > cfg.Max[i] {
			return fmt.Errorf("eval: SPSA: Min[%d] = %v > Max[%d] = %v", i, cfg.Min[i], i, cfg.Max[i])
		}
		if (cfg.Min != nil && t < cfg.Min[i]) || (cfg.Max != nil && t > cfg.Max[i]) {
			return fmt.Errorf("eval: SPSA: theta[%d] = %v is outside the bounds", i, t)
		}
	}
	s.a = make([]float64, d)
	for i, c := range cfg.C {
		s.a[i] = cfg.R * c * c * math.Pow(cfg.A+1, cfg.Alpha)
	}
	return nil
}

// spsaReach returns Σ_{k<Iterations} (a_k/c_k)/(R·c_0): the total distance, in
// perturbation sizes per unit of R, that the planned iterations would move a
// parameter if every result were +1.
func spsaReach(cfg SPSAConfig) float64 {
	var sum float64
	for k := range cfg.Iterations {
		sum += math.Pow((cfg.A+1)/(cfg.A+float64(k+1)), cfg.Alpha) * math.Pow(float64(k+1), cfg.Gamma)
	}
	return sum
}

// spsaMix is the splitmix64 finaliser, used to turn (seed, k) into a PCG seed.
func spsaMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// delta returns Δ for iteration k: ±1 per parameter, a function of (Seed, k).
func (s *SPSA) delta(k int) []float64 {
	rng := rand.NewPCG(spsaMix(s.cfg.Seed), spsaMix(uint64(k)^0x5b5a5b5a5b5a5b5a))
	d := make([]float64, len(s.theta))
	var bits uint64
	for i := range d {
		if i%64 == 0 {
			bits = rng.Uint64()
		}
		d[i] = 1
		if bits&1 == 0 {
			d[i] = -1
		}
		bits >>= 1
	}
	return d
}

// ck returns the perturbation size of parameter i at iteration k.
func (s *SPSA) ck(i, k int) float64 {
	return s.cfg.C[i] / math.Pow(float64(k+1), s.cfg.Gamma)
}

// ak returns the learning rate of parameter i at iteration k.
func (s *SPSA) ak(i, k int) float64 {
	return s.a[i] / math.Pow(s.cfg.A+float64(k+1), s.cfg.Alpha)
}

// clip clamps v[i] to the bounds.
func (s *SPSA) clip(i int, v float64) float64 {
	if s.cfg.Min != nil {
		v = math.Max(v, s.cfg.Min[i])
	}
	if s.cfg.Max != nil {
		v = math.Min(v, s.cfg.Max[i])
	}
	return v
}

// Perturbation returns the current iteration's two points θ+ = θ + c_k∘Δ and
// θ− = θ − c_k∘Δ (each clipped to the bounds), without advancing: calling it
// again before Update returns the same points. The slices are new.
func (s *SPSA) Perturbation() (plus, minus []float64) {
	delta := s.delta(s.k)
	plus = make([]float64, len(s.theta))
	minus = make([]float64, len(s.theta))
	for i, t := range s.theta {
		c := s.ck(i, s.k) * delta[i]
		plus[i] = s.clip(i, t+c)
		minus[i] = s.clip(i, t-c)
	}
	return plus, minus
}

// Update takes the measured result of θ+ against θ− for the current iteration,
// for example (wins − losses)/games of θ+, in [−1, 1] (positive when θ+ did
// better), moves θ by (a_k/c_k)·result·Δ, clipped to the bounds, and advances to
// the next iteration. It panics on a NaN or infinite result.
func (s *SPSA) Update(result float64) {
	if math.IsNaN(result) || math.IsInf(result, 0) {
		panic(fmt.Sprintf("eval: SPSA.Update(%v)", result))
	}
	delta := s.delta(s.k)
	for i, t := range s.theta {
		s.theta[i] = s.clip(i, t+s.ak(i, s.k)/s.ck(i, s.k)*result*delta[i])
	}
	s.k++
}

// Theta returns a copy of the current parameters θ.
func (s *SPSA) Theta() []float64 { return slices.Clone(s.theta) }

// Iteration returns the current iteration k: the number of Updates so far.
func (s *SPSA) Iteration() int { return s.k }

// Done reports whether the planned Iterations have been made.
func (s *SPSA) Done() bool { return s.k >= s.cfg.Iterations }

// Config returns the configuration with its defaults filled in.
func (s *SPSA) Config() SPSAConfig {
	cfg := s.cfg
	cfg.C = slices.Clone(cfg.C)
	cfg.Min = slices.Clone(cfg.Min)
	cfg.Max = slices.Clone(cfg.Max)
	return cfg
}

// spsaJSON is the checkpoint form of an SPSA.
type spsaJSON struct {
	Config    SPSAConfig `json:"config"`
	Iteration int        `json:"iteration"`
	Theta     []float64  `json:"theta"`
}

// MarshalJSON writes the state (configuration with defaults, iteration, θ) as
// JSON. Numbers are written in Go's shortest round-tripping form, so
// UnmarshalJSON restores them bit for bit.
func (s *SPSA) MarshalJSON() ([]byte, error) {
	return json.Marshal(spsaJSON{Config: s.cfg, Iteration: s.k, Theta: s.theta})
}

// UnmarshalJSON restores a state written by MarshalJSON, validating it like
// NewSPSA (the defaults were filled in when it was written, so none apply).
func (s *SPSA) UnmarshalJSON(data []byte) error {
	var j spsaJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("eval: SPSA: %w", err)
	}
	n := &SPSA{cfg: j.Config, theta: j.Theta, k: j.Iteration}
	if err := n.validate(); err != nil {
		return err
	}
	*s = *n
	return nil
}
