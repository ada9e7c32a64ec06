package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/catalog/terminal"
	"github.com/spf13/cobra"
)

// playDefaultPlayer is the engine of 'colony play' when --player is not given: quick
// (well under a second a turn of The Colony) and decent.
const playDefaultPlayer = "ab:depth=4"

func newPlayCmd(opts *options) *cobra.Command {
	var spec, as string
	c := gameCmd(opts, &cobra.Command{
		Use:     "play [--player SPEC] [--as first|second] [--position P]",
		Short:   "Play a game against an engine in the terminal",
		Long:    helpText("play"),
		Example: helpText("play.example"),
		Args:    noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		you, asErr := session.ParseSide(as, g.Sides())
		resolved, err := opts.resolvePlayer(spec)
		if err != nil {
			return fmt.Errorf("play: --player: %w", err)
		}
		game, err := session.NewGame(g, resolved, you, pos)
		if err != nil {
			return fmt.Errorf("play: --player: %w", err)
		}
		if asErr != nil {
			return fmt.Errorf("play: --as: %w", asErr)
		}
		return fail(terminal.Play(cmdContext(cmd), game, cmd.InOrStdin(), cmd.OutOrStdout()))
	})
	c.Flags().StringVar(&spec, "player", playDefaultPlayer,
		"the engine's player `SPEC`, as in ab:depth=6 or mcts:sims=20000 ('colony players' lists them)")
	c.Flags().StringVar(&as, "as", "first", "your `SIDE`: first, second, or a side's name")
	return c
}
