package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newScoreCmd(opts *options) *cobra.Command {
	return gameCmd(opts, &cobra.Command{
		Use:     "score [--position P]",
		Short:   "Print the players' scores and the winner",
		Long:    helpText("score"),
		Example: helpText("score.example"),
		Args:    noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		st, err := g.Situation(pos)
		if err != nil {
			return fmt.Errorf("score: --position: %w", err)
		}
		return writeOut(cmd, st.Text(g.Sides()))
	})
}
