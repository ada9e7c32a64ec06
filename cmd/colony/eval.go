package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/tournament"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"
)

func newEvalCmd(opts *options) *cobra.Command {
	var weightsFile string
	c := positionCmd(opts, &cobra.Command{
		Use:   "eval [--position P] [--weights FILE]",
		Short: "Show the linear evaluation of a position, feature by feature",
		Long: `eval shows how the linear evaluation (the "linear" evaluation of player specs)
scores a position. For each feature it prints the feature's name, its value in
the position, its weight in eggs per unit and its contribution (value times
weight, in eggs); then the total in eggs, from the view of the player to move:

  total: <eggs> (side to move: red|black)

Features are counted from the view of the player to move: "own" is the player
to move, "opp" the other player. store_diff + under_own_ants - under_opp_ants is
the egg lead of ruling R8. The threats and at_risk features look at the logs on
which the last egg of the first lap of some legal selection lands (relays are
not followed). Search uses the total in hundredths of an egg, rounded.

The weights are the default ones built into colony, or those of a weights file
(--weights): a JSON object {"version": 1, "weights": {"store_diff": 1, ...}}
with a number for every feature, as the table names them.`,
		Example: `  colony eval
  colony eval --position "$(colony apply C1)"
  colony eval --weights tuned.json`,
		Args: noArgs,
	}, func(c *cobra.Command, _ []string, r *colony.Rules, s colony.State) error {
		w := eval.Default()
		if weightsFile != "" {
			var err error
			if w, err = eval.LoadWeights(weightsFile); err != nil {
				return fmt.Errorf("eval: --weights: %w", err)
			}
		}
		text, err := evalReport(r, &s, &w)
		if err != nil {
			return fail(err)
		}
		return writeOut(c, text)
	})
	c.Flags().StringVar(&weightsFile, "weights", "", "weights `FILE` (JSON) to use instead of the default weights")
	return c
}

// evalReport writes the table of the features of s and the total.
func evalReport(r *colony.Rules, s *colony.State, w *eval.Weights) (string, error) {
	var f eval.Features
	eval.Extract(r, s, &f)
	var sb strings.Builder
	t := tournament.NewTable(&sb, []string{"feature", "value", "weight", "contribution"}, []tw.Align{tw.AlignLeft})
	for i := eval.Feature(0); i < eval.NumFeatures; i++ {
		t.Append([]string{i.String(), strconv.Itoa(int(f[i])), strconv.FormatFloat(w[i], 'g', 4, 64), eggs(float64(f[i]) * w[i])})
	}
	if err := t.Render(); err != nil {
		return "", err
	}
	fmt.Fprintf(&sb, "total: %s (side to move: %v)\n", eggs(w.Dot(&f)), s.ToMove())
	return sb.String(), nil
}

// eggs formats a number of eggs with two decimals, never as -0.00.
func eggs(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}
