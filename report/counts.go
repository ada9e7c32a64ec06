package report

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/stats"
)

// CountsReport is what the results of a match between players A and B, given as
// counts, say of A: the estimate of its strength and, with a test, the SPRT's
// log-likelihood ratio and verdict.
type CountsReport struct {
	// Pentanomial holds the pair counts (nil when the results are games: WDL).
	Pentanomial *stats.Pentanomial
	// WDL holds the game counts (nil when the results are pairs: Pentanomial).
	WDL      *stats.WDL
	Estimate stats.Estimate
	// Test is the SPRT, or nil; LLR its log-likelihood ratio (on the pairs, or on the
	// games as independent) and Verdict its decision.
	Test    *stats.SPRT
	LLR     float64
	Verdict stats.Verdict
}

// PentanomialReport returns the report of pair counts p, with the test when it is
// not nil. There must be a pair.
func PentanomialReport(p stats.Pentanomial, test *stats.SPRT) (*CountsReport, error) {
	if p.Pairs() == 0 {
		return nil, errors.New("no pairs (every count is 0)")
	}
	r := &CountsReport{Pentanomial: &p, Estimate: p.Estimate(), Test: test}
	if test != nil {
		r.LLR = test.LLR(p)
		r.Verdict = test.Decide(r.LLR)
	}
	return r, nil
}

// WDLReport returns the report of game counts w, with the test when it is not nil.
// There must be a game.
func WDLReport(w stats.WDL, test *stats.SPRT) (*CountsReport, error) {
	if w.Games() == 0 {
		return nil, errors.New("no games (every count is 0)")
	}
	r := &CountsReport{WDL: &w, Estimate: w.Estimate(), Test: test}
	if test != nil {
		r.LLR = test.LLRTrinomial(w)
		r.Verdict = test.Decide(r.LLR)
	}
	return r, nil
}

// WriteText writes the report as lines of text:
//
//	games: <games> (<pairs> pairs | <W> wins, <D> draws, <L> losses)
//	score: <mean score> [<95% interval>]
//	elo: <logistic Elo> [<95% interval>]
//	nelo: <normalized Elo> [<95% interval>]
//	los: <likelihood of superiority>
//
// and with a test
//
//	llr: <llr> [<lower>, <upper>] (model <model>, elo0=<e0> elo1=<e1> alpha=<a> beta=<b>)
//	sprt: <verdict>
func (r *CountsReport) WriteText(w io.Writer) error {
	var sb strings.Builder
	e := r.Estimate
	if r.Pentanomial != nil {
		fmt.Fprintf(&sb, "games: %d (%d pairs)\n", e.Games, r.Pentanomial.Pairs())
	} else {
		fmt.Fprintf(&sb, "games: %d (%d wins, %d draws, %d losses)\n", e.Games, r.WDL.Wins, r.WDL.Draws, r.WDL.Losses)
	}
	fmt.Fprintf(&sb, "score: %.1f%% [%.1f%%, %.1f%%]\n", 100*e.Score, 100*e.ScoreLow, 100*e.ScoreHigh)
	fmt.Fprintf(&sb, "elo: %s [%s, %s]\n", signedFixed(e.Elo, 1), signedFixed(e.EloLow, 1), signedFixed(e.EloHigh, 1))
	if math.IsNaN(e.NElo) {
		sb.WriteString("nelo: undefined (every result is the same)\n")
	} else {
		fmt.Fprintf(&sb, "nelo: %s [%s, %s]\n", signedFixed(e.NElo, 1), signedFixed(e.NEloLow, 1), signedFixed(e.NEloHigh, 1))
	}
	fmt.Fprintf(&sb, "los: %.1f%%\n", 100*e.LOS)
	if t := r.Test; t != nil {
		lower, upper := t.Bounds()
		fmt.Fprintf(&sb, "llr: %.2f [%.2f, %s] (model %v, elo0=%s elo1=%s alpha=%s beta=%s)\n",
			r.LLR, lower, signedFixed(upper, 2), t.Model, formatFloat(t.Elo0), formatFloat(t.Elo1), formatFloat(t.Alpha), formatFloat(t.Beta))
		fmt.Fprintf(&sb, "sprt: %v\n", r.Verdict)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// signedFixed writes x with a sign and the given decimals: "+34.9", "-2.0", "+Inf".
func signedFixed(x float64, decimals int) string {
	return fmt.Sprintf("%+.*f", decimals, x)
}

// formatFloat writes x in the shortest form that reads back as x, as the test's
// text does.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
