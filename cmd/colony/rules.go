package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newRulesCmd(opts *options) *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "Print the rule set: its name, caps and board file, or another game's rules",
		Long: `rules prints the rule set chosen by --rules and --board: comment lines with its
name, its sowing cap (the most eggs a turn puts down one by one, R6) and its turn
cap (the full turns after which the game ends, R10), then its board in the board
file format. The output is itself a valid board file: save it, edit the arrows
and play on it with --board.

With --game naming another game, it prints a comment line with the full name of
the rule set (its parameters filled in), then the game's rules document: the
rules as played, every reading chosen where the source text is silent, and the
options.`,
		Example: `  colony rules
  colony rules > my.board && colony --board my.board show
  colony --rules colony:turncap=300 rules
  colony --game oware:grandslam=illegal rules`,
		Args: noArgs,
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
