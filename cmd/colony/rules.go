package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newRulesCmd(opts *options) *cobra.Command {
	var board bool
	c := &cobra.Command{
		Use:     "rules [--board-file]",
		Short:   "Print the rules of the game, or The Colony's board file",
		Long:    helpText("rules"),
		Example: helpText("rules.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			g, err := opts.openGame()
			if err != nil {
				return err
			}
			if board {
				text, err := catalog.BoardFile(g)
				if err != nil {
					return fmt.Errorf("rules: --board-file: %w", err)
				}
				return writeOut(c, text)
			}
			doc, err := g.RulesDocument()
			if err != nil {
				return fmt.Errorf("rules: --game %s has no rules document", opts.game)
			}
			return writeOut(c, doc)
		},
	}
	c.Flags().BoolVar(&board, "board-file", false,
		"print The Colony's board file instead: the rule set's caps and its board, which --board FILE reads back")
	return c
}
