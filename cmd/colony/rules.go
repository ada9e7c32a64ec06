package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newRulesCmd(opts *options) *cobra.Command {
	return &cobra.Command{
		Use:     "rules",
		Short:   "Print the rule set: its name, caps and board file, or another game's rules",
		Long:    helpText("rules"),
		Example: helpText("rules.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			g, err := opts.openGame()
			if err != nil {
				return err
			}
			doc, err := g.RulesDocument()
			if err != nil {
				return fmt.Errorf("rules: --game %s has no rules document", opts.game)
			}
			return writeOut(c, doc)
		},
	}
}
