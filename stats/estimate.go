package stats

import (
	"encoding/json"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Pentanomial counts pairs of games (same opening, colours swapped) by player A's
// points in the pair:
//
//	index 0: 0 points (LL)
//	index 1: 0.5 points (LD or DL)
//	index 2: 1 point (WL, LW or DD)
//	index 3: 1.5 points (WD or DW)
//	index 4: 2 points (WW)
//
// Counts are expected to be non-negative.
type Pentanomial [5]int

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// Add counts one pair in which player A scored a in the first game and b in the
// second. Each score must be 0, 0.5 or 1; Add panics otherwise.
func (p *Pentanomial) Add(a, b float64) {
	p[halfPoints(a)+halfPoints(b)]++
}

// halfPoints returns 2*score for a game score of 0, 0.5 or 1, and panics for any
// other value.
func halfPoints(score float64) int {
	switch score {
	case 0:
		return 0
	case 0.5:
		return 1
	case 1:
		return 2
	}
	panic(fmt.Sprintf("stats: game score %v is not 0, 0.5 or 1", score))
}

// WDL counts games from player A's view: A's wins, draws and losses.
type WDL struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// Games returns the number of games counted.
func (w WDL) Games() int { return w.Wins + w.Draws + w.Losses }

// Score returns A's mean score per game, (W + D/2)/N. It is 0.5 when no game is
// counted.
func (w WDL) Score() float64 {
	n := w.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(w.Wins) + float64(w.Draws)/2) / float64(n)
}

// Estimate is an Elo difference with its 95% confidence interval, from player A's
// view, as computed by [WDL.Estimate] and [Pentanomial.Estimate].
//
// The score interval is the normal approximation on the mean score, clipped to
// [0, 1]; the Elo interval is that interval converted with [EloFromScore], so it is
// not symmetric about Elo. At a score (or score bound) of 0 or 1 the Elo value is
// -Inf or +Inf: a player who won every game is infinitely stronger as far as the
// logistic model can tell.
//
// With no games at all, the estimate says nothing: Score is 0.5 with the interval
// [0, 1], Elo is 0 with the interval [-Inf, +Inf], the normalized Elo values are NaN
// and LOS is 0.5.
type Estimate struct {
	Games int // games counted (twice the pairs for a pentanomial)

	Score               float64 // mean score per game, in [0, 1]
	ScoreLow, ScoreHigh float64 // 95% confidence interval of the mean score

	Elo, EloLow, EloHigh float64 // logistic Elo of Score, ScoreLow and ScoreHigh; ±Inf at a score of 0 or 1

	// NElo is the normalized Elo as fishtest defines it: (Score-0.5)/σ·800/ln 10,
	// where σ is the standard deviation of the score of one game (for a pentanomial,
	// √2 times that of the mean score of a pair). Its interval is fishtest's: the
	// delta-method interval of the t-value (Score-0.5)/σ, which accounts for the
	// skewness and kurtosis of the results. The three values are NaN when σ is 0
	// (no games, or every game or pair had the same result).
	NElo, NEloLow, NEloHigh float64

	// LOS is the likelihood of superiority: the probability, in [0, 1], that A is
	// the stronger player.
	LOS float64
}

// neloPerT converts a per-game t-value (score-0.5)/σ to normalized Elo: 800/ln 10
// (about 347.4), fishtest's nelo_divided_by_nt.
var neloPerT = 800 / math.Ln10

// z975 is the 97.5% quantile of the standard normal distribution (about 1.96), the
// half-width in standard errors of a two-sided 95% interval.
var z975 = distuv.UnitNormal.Quantile(0.975)

// MarshalJSON writes the estimate with snake_case names, an infinite value (the Elo of
// a perfect score, or an interval end reaching it) as the string "inf" or "-inf", so
// that its sign is kept, and a value that is not a number (no games) as null.
func (e Estimate) MarshalJSON() ([]byte, error) {
	num := func(x float64) any {
		switch {
		case math.IsNaN(x):
			return nil
		case math.IsInf(x, 1):
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		}
		return x
	}
	return json.Marshal(struct {
		Games     int `json:"games"`
		Score     any `json:"score"`
		ScoreLow  any `json:"score_low"`
		ScoreHigh any `json:"score_high"`
		Elo       any `json:"elo"`
		EloLow    any `json:"elo_low"`
		EloHigh   any `json:"elo_high"`
		NElo      any `json:"nelo"`
		NEloLow   any `json:"nelo_low"`
		NEloHigh  any `json:"nelo_high"`
		LOS       any `json:"los"`
	}{e.Games, num(e.Score), num(e.ScoreLow), num(e.ScoreHigh), num(e.Elo), num(e.EloLow), num(e.EloHigh),
		num(e.NElo), num(e.NEloLow), num(e.NEloHigh), num(e.LOS)})
}

// Estimate returns the Elo estimate of the games in the trinomial model, in which the
// games are independent: the standard error of the score is σ/√N with σ² the
// variance of the score of one game. LOS is cutechess's Φ((W-L)/√(W+L)), and 0.5
// when every game was drawn. See [Estimate] for the values returned in edge cases.
func (w WDL) Estimate() Estimate {
	e := estimateOf([]float64{1, 0.5, 0}, []float64{float64(w.Wins), float64(w.Draws), float64(w.Losses)}, 1)
	if decisive := w.Wins + w.Losses; decisive > 0 {
		e.LOS = distuv.UnitNormal.CDF(float64(w.Wins-w.Losses) / math.Sqrt(float64(decisive)))
	} else {
		e.LOS = 0.5
	}
	return e
}

// Estimate returns the Elo estimate of the pairs in the pentanomial model: the
// pairs are independent, the games of a pair need not be. The score of a pair is
// the mean of its two games (its points divided by 2), the standard error of the
// score is σ_pair/√pairs, and LOS is Φ((score-0.5)/standard error) (1 or 0 when
// the standard error is 0 and the score is above or below 0.5, 0.5 at 0.5). See
// [Estimate] for the values returned in edge cases.
func (p Pentanomial) Estimate() Estimate {
	counts := make([]float64, len(p))
	for i, c := range p {
		counts[i] = float64(c)
	}
	values := []float64{0, 0.25, 0.5, 0.75, 1}
	e := estimateOf(values, counts, 2)
	if e.Games > 0 {
		_, variance := stat.PopMeanVariance(values, counts)
		se := math.Sqrt(math.Max(variance, 0) / float64(p.Pairs()))
		switch {
		case se > 0:
			e.LOS = distuv.UnitNormal.CDF((e.Score - 0.5) / se)
		case e.Score > 0.5:
			e.LOS = 1
		case e.Score < 0.5:
			e.LOS = 0
		default:
			e.LOS = 0.5
		}
	}
	return e
}

// estimateOf computes the estimate of results with the given values (the score of a
// unit: a game or the mean of a pair, in [0, 1]) and counts, each unit being
// gamesPerUnit games. LOS is left to the caller, except with no units (0.5).
func estimateOf(values, counts []float64, gamesPerUnit int) Estimate {
	n := 0.0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		nan := math.NaN()
		return Estimate{
			Score: 0.5, ScoreLow: 0, ScoreHigh: 1,
			Elo: 0, EloLow: math.Inf(-1), EloHigh: math.Inf(1),
			NElo: nan, NEloLow: nan, NEloHigh: nan,
			LOS: 0.5,
		}
	}
	mu, variance := stat.PopMeanVariance(values, counts)
	variance = math.Max(variance, 0)
	half := z975 * math.Sqrt(variance/n)
	e := Estimate{
		Games:     int(n) * gamesPerUnit,
		Score:     mu,
		ScoreLow:  math.Max(0, mu-half),
		ScoreHigh: math.Min(1, mu+half),
	}
	e.Elo, e.EloLow, e.EloHigh = EloFromScore(e.Score), EloFromScore(e.ScoreLow), EloFromScore(e.ScoreHigh)

	if variance == 0 {
		e.NElo, e.NEloLow, e.NEloHigh = math.NaN(), math.NaN(), math.NaN()
		return e
	}
	// fishtest's t-value interval: t = (mu-0.5)/σ_unit has asymptotic variance
	// (1 - t·skewness + t²/4·(excess kurtosis + 2))/n; a pentanomial's t-value is
	// √2 times the per-game one.
	sigma := math.Sqrt(variance)
	t := (mu - 0.5) / sigma
	skew := stat.MomentAbout(3, values, mu, counts) / (variance * sigma)
	exKurt := stat.MomentAbout(4, values, mu, counts)/(variance*variance) - 3
	varT := math.Max(1-t*skew+0.25*t*t*(exKurt+2), 0)
	halfT := z975 * math.Sqrt(varT/n)
	k := neloPerT / math.Sqrt(float64(gamesPerUnit))
	e.NElo, e.NEloLow, e.NEloHigh = k*t, k*(t-halfT), k*(t+halfT)
	return e
}

// EloFromScore returns the logistic Elo difference of an expected score:
// -400·log10(1/score - 1), computed as 400·log10(score/(1-score)) so that a score of
// 0.5 gives +0, not -0. It is -Inf at 0, +Inf at 1 and NaN outside [0, 1].
func EloFromScore(score float64) float64 {
	return 400 * math.Log10(score/(1-score))
}

// ScoreFromElo returns the expected score of a logistic Elo difference:
// 1/(1 + 10^(-elo/400)). It is the inverse of [EloFromScore].
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Wilson returns the Wilson score interval of a proportion with k successes in n
// trials at the given confidence level (0.95 for a 95% interval). It returns
// [0, 1] when n is 0 or less, and NaN bounds when level is not in (0, 1); k is
// clipped to [0, n].
func Wilson(k, n int, level float64) (low, high float64) {
	if !(level > 0 && level < 1) {
		return math.NaN(), math.NaN()
	}
	if n <= 0 {
		return 0, 1
	}
	k = min(max(k, 0), n)
	return WilsonScore(float64(k)/float64(n), n, level)
}

// WilsonScore returns the Wilson score interval of a mean score p in [0, 1] over n
// games, as Wilson does for p = k/n. With draws (p not a multiple of 1/n) it treats
// each game as a Bernoulli trial of mean p, whose variance p(1-p) is at least that
// of the games' scores: the interval is conservative, and continuous in the draws.
func WilsonScore(p float64, n int, level float64) (low, high float64) {
	if !(level > 0 && level < 1) {
		return math.NaN(), math.NaN()
	}
	if n <= 0 {
		return 0, 1
	}
	p = min(max(p, 0), 1)
	z := distuv.UnitNormal.Quantile(1 - (1-level)/2)
	nf := float64(n)
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}
