package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/engine"
	"github.com/colony-ai/colony/protocol"
)

func newEngineCmd(opts *options) *cobra.Command {
	var spec string
	c := &cobra.Command{
		Use:     "engine [--player SPEC] [--game NAME]",
		Short:   "Run a player as an engine of the Mancala Engine Protocol (MEP)",
		Long:    helpText("engine"),
		Example: helpText("engine.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if c.Flags().Changed("rules") || c.Flags().Changed("board") {
				return errors.New("engine: --rules and --board do not apply: the runner names the game and its rule set (newgame colony:turncap=300); --game restricts the engine to one game")
			}
			game := ""
			if c.Flags().Changed("game") {
				game = opts.game
			}
			if game != "" {
				if _, err := catalog.Open(game); err != nil {
					return fmt.Errorf("engine: --game: %w", err)
				}
			}
			resolved, err := opts.resolvePlayer(spec)
			if err != nil {
				return fmt.Errorf("engine: --player: %w", err)
			}
			e, err := engine.New(resolved, game)
			if err != nil {
				return fmt.Errorf("engine: --player: %w", err)
			}
			e.Stderr = c.ErrOrStderr() // an external engine's (--player cmd:...)
			ctx, stop := interruptContext(c)
			defer stop()
			err = protocol.Serve(ctx, c.InOrStdin(), c.OutOrStdout(), e)
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				err = nil // Ctrl-C or SIGTERM: a clean end
			}
			return fail(errors.Join(err, e.Close()))
		},
	}
	playerFlag(c, &spec)
	return c
}
