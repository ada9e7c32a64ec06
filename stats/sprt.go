package stats

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRTModel is the Elo model in which the hypotheses of an [SPRT] are stated.
type SPRTModel int

const (
	// ModelNormalized states the hypotheses in normalized Elo (fishtest's default
	// since 2021): the t-value (score-0.5)/σ of one game, times 800/ln 10. Its
	// bounds do not depend on the draw rate, and the expected length of a test
	// depends little on it.
	ModelNormalized SPRTModel = iota
	// ModelLogistic states the hypotheses in logistic Elo: the expected score
	// 1/(1+10^(-elo/400)).
	ModelLogistic
)

// String returns "normalized" or "logistic".
func (m SPRTModel) String() string {
	switch m {
	case ModelNormalized:
		return "normalized"
	case ModelLogistic:
		return "logistic"
	}
	return fmt.Sprintf("SPRTModel(%d)", int(m))
}

// SPRT is a generalised sequential probability ratio test of H0: the Elo difference
// is Elo0 against H1: it is Elo1, with a false positive rate (accepting H1 when H0
// holds) of at most Alpha and a false negative rate (accepting H0 when H1 holds) of
// at most Beta. The Elo values are in the test's Model. The log-likelihood ratio is
// computed as fishtest computes it (its LLRcalc.py): from the maximum likelihood
// distributions of the results under each hypothesis.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       SPRTModel
}

// maxSPRTElo bounds the Elo values that ParseSPRT accepts, far beyond any sensible
// test, where the expected scores are still well inside (0, 1).
const maxSPRTElo = 1000

// ParseSPRT parses a test written as comma-separated settings:
//
//	elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized
//
// elo0 and elo1 are required, elo0 below elo1, both from -1000 to 1000; alpha and
// beta default to 0.05 and must be in (0, 0.5]; model is normalized (the default) or
// logistic. Each setting may be given once, in any order. The error names the
// setting at fault.
func ParseSPRT(text string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
	if strings.TrimSpace(text) == "" {
		return SPRT{}, errors.New("sprt: empty test, want elo0=..,elo1=..[,alpha=..,beta=..,model=..]")
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(text, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || key == "" || val == "" {
			return SPRT{}, fmt.Errorf("sprt: setting %q is not key=value", kv)
		}
		if seen[key] {
			return SPRT{}, fmt.Errorf("sprt: setting %q given twice", key)
		}
		seen[key] = true
		switch key {
		case "elo0", "elo1", "alpha", "beta":
			x, err := strconv.ParseFloat(val, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return SPRT{}, fmt.Errorf("sprt: %s=%q is not a number", key, val)
			}
			switch key {
			case "elo0", "elo1":
				if math.Abs(x) > maxSPRTElo {
					return SPRT{}, fmt.Errorf("sprt: %s=%s: want a value from %d to %d", key, val, -maxSPRTElo, maxSPRTElo)
				}
				if key == "elo0" {
					t.Elo0 = x
				} else {
					t.Elo1 = x
				}
			case "alpha", "beta":
				if !(x > 0 && x <= 0.5) {
					return SPRT{}, fmt.Errorf("sprt: %s=%s: want a probability above 0 and at most 0.5", key, val)
				}
				if key == "alpha" {
					t.Alpha = x
				} else {
					t.Beta = x
				}
			}
		case "model":
			switch val {
			case "normalized":
				t.Model = ModelNormalized
			case "logistic":
				t.Model = ModelLogistic
			default:
				return SPRT{}, fmt.Errorf("sprt: model=%q, want normalized or logistic", val)
			}
		default:
			return SPRT{}, fmt.Errorf("sprt: unknown setting %q (known: elo0, elo1, alpha, beta, model)", key)
		}
	}
	for _, key := range []string{"elo0", "elo1"} {
		if !seen[key] {
			return SPRT{}, fmt.Errorf("sprt: %s is required", key)
		}
	}
	if t.Elo0 >= t.Elo1 {
		return SPRT{}, fmt.Errorf("sprt: elo0=%s must be below elo1=%s", formatFloat(t.Elo0), formatFloat(t.Elo1))
	}
	return t, nil
}

// String writes the test in the form ParseSPRT reads, with every setting:
// "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized".
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%s,elo1=%s,alpha=%s,beta=%s,model=%v",
		formatFloat(t.Elo0), formatFloat(t.Elo1), formatFloat(t.Alpha), formatFloat(t.Beta), t.Model)
}

// formatFloat writes x in the shortest form that reads back as x.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Bounds returns Wald's stopping bounds of the log-likelihood ratio:
// ln(β/(1-α)) and ln((1-β)/α), about -2.944 and +2.944 for α = β = 0.05.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the generalised log-likelihood ratio of H1 against H0 on pair
// results, as fishtest's LLR_logistic and LLR_normalized compute it on a
// pentanomial: zero counts are replaced by 0.001; the results are a distribution
// on the pair scores 0, 1/4, ..., 1 (points/2); under each hypothesis the
// distribution of greatest likelihood whose expected score is the hypothesis's
// score (logistic model) or whose t-value (score-0.5)/σ_pair is √2 times the
// hypothesis's normalized t-value (normalized model) is found; and the LLR is the
// number of pairs times the mean log ratio of the two. It is 0 with no pairs.
func (t SPRT) LLR(p Pentanomial) float64 {
	return t.llr(p[:])
}

// LLRTrinomial returns the generalised log-likelihood ratio of H1 against H0 on
// game results, which treats the games as independent (fishtest's LLR on a
// trinomial). It is computed as [SPRT.LLR], on the game scores 0, 1/2 and 1. It is
// 0 with no games.
func (t SPRT) LLRTrinomial(w WDL) float64 {
	return t.llr([]int{w.Losses, w.Draws, w.Wins})
}

// llr computes the LLR of counts of results, from worst to best, with scores evenly
// spread on [0, 1].
func (t SPRT) llr(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return 0
	}
	// fishtest's regularisation: a zero count becomes 0.001, so that every result
	// has a positive probability; the number of observations includes it.
	const epsilon = 1e-3
	k := len(counts)
	scores := make([]float64, k)
	phat := make([]float64, k)
	n := 0.0
	for i, c := range counts {
		scores[i] = float64(i) / float64(k-1)
		phat[i] = float64(c)
		if c == 0 {
			phat[i] = epsilon
		}
		n += phat[i]
	}
	for i := range phat {
		phat[i] /= n
	}

	var q0, q1 []float64
	switch t.Model {
	case ModelLogistic:
		q0 = mleWithMean(scores, phat, ScoreFromElo(t.Elo0))
		q1 = mleWithMean(scores, phat, ScoreFromElo(t.Elo1))
	default:
		// A pair's t-value is √2 times the per-game one: σ_pair = σ_game/√2.
		scale := 1.0
		if k == 5 {
			scale = math.Sqrt2
		}
		t0, t1 := t.Elo0/neloPerT*scale, t.Elo1/neloPerT*scale
		q0 = mleWithTValue(scores, phat, 0.5, t0)
		q1 = mleWithTValue(scores, phat, 0.5, t1)
		if q0 == nil || q1 == nil {
			return normalizedLLRApprox(scores, phat, n, t0, t1)
		}
	}
	if q0 == nil || q1 == nil {
		return math.NaN() // an expected score of 0 or 1: not reachable from ParseSPRT
	}
	sum := 0.0
	for i, p := range phat {
		sum += p * (math.Log(q1[i]) - math.Log(q0[i]))
	}
	return n * sum
}

// mleWithMean returns the distribution on scores of greatest likelihood for the
// observed distribution phat among those with expected score s (fishtest's
// MLE_expected): q_i = phat_i/(1 + x(a_i - s)), with x the root of the secular
// equation. It returns nil when s is not strictly between the smallest and largest
// score.
func mleWithMean(scores, phat []float64, s float64) []float64 {
	a := make([]float64, len(scores))
	for i, v := range scores {
		a[i] = v - s
	}
	x, ok := secularRoot(a, phat)
	if !ok {
		return nil
	}
	q := make([]float64, len(phat))
	for i, p := range phat {
		q[i] = p / (1 + x*a[i])
	}
	return q
}

// mleWithTValue returns the distribution on scores of greatest likelihood for the
// observed distribution phat among those with t-value (mean-ref)/σ equal to target
// (fishtest's MLE_t_value): the fixed point of q_i = phat_i/(1 + x·a_i(q)) with
// a_i(q) = score_i - ref - target·σ(1 + ((mean-score_i)/σ)²)/2, started as fishtest
// does from the uniform distribution and iterated at most 10 times or until no
// probability moves by 1e-9. If that fails (the secular equation has no root, or
// the t-value is off by more than 1e-5, which happens only for extreme targets),
// it retries from phat with up to 100 iterations, and returns nil if that fails too.
func mleWithTValue(scores, phat []float64, ref, target float64) []float64 {
	uniform := make([]float64, len(phat))
	for i := range uniform {
		uniform[i] = 1 / float64(len(phat))
	}
	if q := tValueFixedPoint(scores, phat, ref, target, uniform, 10); q != nil {
		return q
	}
	return tValueFixedPoint(scores, phat, ref, target, phat, 100)
}

// tValueFixedPoint runs the fixed-point iteration of mleWithTValue from start.
func tValueFixedPoint(scores, phat []float64, ref, target float64, start []float64, iterations int) []float64 {
	k := len(scores)
	q := append([]float64(nil), start...)
	a := make([]float64, k)
	next := make([]float64, k)
	for range iterations {
		mu, sigma := meanStd(scores, q)
		if !(sigma > 0) {
			return nil
		}
		for i, v := range scores {
			d := (mu - v) / sigma
			a[i] = v - ref - target*sigma*(1+d*d)/2
		}
		x, ok := secularRoot(a, phat)
		if !ok {
			return nil
		}
		change := 0.0
		for i, p := range phat {
			next[i] = p / (1 + x*a[i])
			change = math.Max(change, math.Abs(next[i]-q[i]))
		}
		q, next = next, q
		if change < 1e-9 {
			break
		}
	}
	mu, sigma := meanStd(scores, q)
	if !(math.Abs((mu-ref)/sigma-target) < 1e-5) {
		return nil
	}
	return q
}

// meanStd returns the mean and standard deviation of the distribution q on scores.
func meanStd(scores, q []float64) (mean, std float64) {
	for i, v := range scores {
		mean += q[i] * v
	}
	variance := 0.0
	for i, v := range scores {
		d := v - mean
		variance += q[i] * d * d
	}
	return mean, math.Sqrt(variance)
}

// secularRoot solves the secular equation Σ p_i·a_i/(1 + x·a_i) = 0 for x in the
// interval (-1/max a, -1/min a) on which every 1 + x·a_i is positive. The left
// side decreases strictly from +∞ to -∞ there, so the root is unique; it is found
// by Newton's method, kept inside a shrinking bracket by bisection, to full
// precision. ok is false when the a_i do not take both signs (there is no root).
// The probabilities p_i must be positive.
func secularRoot(a, p []float64) (x float64, ok bool) {
	minA, maxA := math.Inf(1), math.Inf(-1)
	for _, v := range a {
		minA, maxA = math.Min(minA, v), math.Max(maxA, v)
	}
	if !(minA < 0 && maxA > 0) {
		return 0, false
	}
	lo, hi := -1/maxA, -1/minA // poles: the root lies strictly between
	x = 0
	for range 200 {
		f, df := 0.0, 0.0
		for i, v := range a {
			d := 1 + x*v
			f += p[i] * v / d
			df -= p[i] * v * v / (d * d)
		}
		if f == 0 {
			return x, true
		}
		if f > 0 {
			lo = x
		} else {
			hi = x
		}
		next := x - f/df
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if next == x || math.Abs(next-x) <= 1e-15*math.Max(1, math.Abs(x)) {
			return next, true
		}
		x = next
	}
	return x, true
}

// normalizedLLRApprox is fishtest's approximation of the normalized LLR
// (LLR_normalized_alt, from "Normalized Elo: practical considerations", section
// 4.2): games/2 · ln((1+(t-t0)²)/(1+(t-t1)²)), with t the observed t-value of a
// unit (game or pair) and games the number of units. It stands in when the exact
// maximum likelihood distribution is not found (extreme hypotheses).
func normalizedLLRApprox(scores, phat []float64, n, t0, t1 float64) float64 {
	mu, sigma := meanStd(scores, phat)
	t := (mu - 0.5) / sigma
	return n / 2 * math.Log((1+(t-t0)*(t-t0))/(1+(t-t1)*(t-t1)))
}

// Verdict is the state of an SPRT.
type Verdict int

// The verdicts of an SPRT.
const (
	Continue Verdict = iota // the LLR is between the bounds: play on
	AcceptH0                // the LLR fell below the lower bound
	AcceptH1                // the LLR rose above the upper bound
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (v Verdict) String() string {
	switch v {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Decide returns the verdict for a log-likelihood ratio: AcceptH1 above the upper
// bound, AcceptH0 below the lower bound (strictly, as fishtest), Continue otherwise,
// including for NaN.
func (t SPRT) Decide(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr > upper:
		return AcceptH1
	case llr < lower:
		return AcceptH0
	}
	return Continue
}
