package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

func newEvalCmd(opts *options) *cobra.Command {
	var weightsFile, position string
	c := &cobra.Command{
		Use:     "eval [--position P] [--weights FILE]",
		Short:   "Show the linear evaluation of a position, feature by feature",
		Long:    helpText("eval"),
		Example: helpText("eval.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			t, err := opts.tunable("eval")
			if err != nil {
				return err
			}
			if position == "" {
				position = t.StartPosition()
			}
			f, toMove, err := t.Features(position)
			if err != nil {
				return err // "position: ..." names the field
			}
			value := "default"
			if weightsFile != "" {
				value = weightsFile
			}
			w, err := t.Weights(value)
			if err != nil {
				return fmt.Errorf("eval: --weights: %w", err)
			}
			_, names := t.FeatureSet()
			text, err := tuning.FeatureTable(names, &f, w, t.Sides()[toMove])
			if err != nil {
				return fail(err)
			}
			return writeOut(c, text)
		},
	}
	c.Flags().StringVar(&position, "position", "",
		"position `LINE` in the game's notation, as the last line of 'colony show' (quote it: it has spaces); default: the start position")
	c.Flags().StringVar(&weightsFile, "weights", "", "weights: hand (the hand-set weights) or a weights `FILE` (JSON) to use instead of the default weights")
	return c
}

// tunable returns the game of --game (The Colony under --rules and --board) with its
// linear evaluation's operations, for command cmd.
func (o *options) tunable(cmd string) (catalog.Tunable, error) {
	g, err := o.openGame()
	if err != nil {
		return nil, err
	}
	t, err := catalog.AsTunable(g)
	if err != nil {
		return nil, fmt.Errorf("%s: --game %s: %w", cmd, o.game, err)
	}
	return t, nil
}
