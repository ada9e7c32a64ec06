package tuning

// The texts of the linear evaluation and of tuning runs: the features of a position,
// the weights before and after, the verdict of the verification match.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/report"
	"github.com/olekukonko/tablewriter/tw"
)

// FeatureTable writes the table of the features f (named names) with the weights w:
// each feature's value, weight and contribution, then the line "total: <points>
// (side to move: <side>)" of the evaluation from the view of the side to move.
func FeatureTable(names []string, f *eval.Vector, w []float64, side string) (string, error) {
	var sb strings.Builder
	t := report.NewTable(&sb, []string{"feature", "value", "weight", "contribution"}, []tw.Align{tw.AlignLeft})
	var padded [eval.MaxFeatures]float64
	copy(padded[:], w)
	for i, name := range names {
		t.Append([]string{name, strconv.Itoa(int(f[i])), strconv.FormatFloat(w[i], 'g', 4, 64), points(float64(f[i]) * w[i])})
	}
	if err := t.Render(); err != nil {
		return "", err
	}
	fmt.Fprintf(&sb, "total: %s (side to move: %s)\n", points(eval.DotVector(&padded, f)), side)
	return sb.String(), nil
}

// points formats a number of points with two decimals, never as -0.00.
func points(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

// WeightsTable writes the starting and tuned weights of the features names side by
// side.
func WeightsTable(names []string, start, tuned []float64) (string, error) {
	var sb strings.Builder
	t := report.NewTable(&sb, []string{"feature", "start", "tuned"}, nil)
	t.Header([]string{"feature", "start", "tuned"})
	for f, name := range names {
		_ = t.Append([]string{name, fmt.Sprintf("%.3f", start[f]), fmt.Sprintf("%.3f", tuned[f])})
	}
	if err := t.Render(); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// VerifyText writes the result of the verification match of a run (the report of
// its games, tuned weights first) with its player spec: the Elo difference with its
// 95% interval and the likelihood of superiority, then the verdict.
func VerifyText(rep *report.Report, games int, player string) string {
	e := rep.Pair.Estimate
	s := fmt.Sprintf("verify: tuned vs start over %d games (%d pairs, %s): elo %s [%s, %s], los %.1f%%\n",
		games, rep.Pair.Pentanomial.Pairs(), player,
		report.FormatElo(e.Elo, 1), report.FormatElo(e.EloLow, 1), report.FormatElo(e.EloHigh, 1), 100*e.LOS)
	switch {
	case e.EloLow > 0:
		return s + "verify: the tuned weights are stronger (the 95% interval is above 0)\n"
	case e.EloHigh < 0:
		return s + "verify: the tuned weights are weaker (the 95% interval is below 0)\n"
	}
	return s + "verify: no significant difference (the 95% interval contains 0)\n"
}
