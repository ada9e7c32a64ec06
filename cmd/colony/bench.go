package main

import (
	"errors"
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/spf13/cobra"
)

func newBenchCmd(opts *options) *cobra.Command {
	var spec string
	c := &cobra.Command{
		Use:     "bench [--player SPEC]",
		Short:   "Search a fixed set of positions and print the speed and a signature",
		Long:    fmt.Sprintf(helpText("bench"), len(colony.NewGame(nil).BenchPositions())),
		Example: helpText("bench.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runBench(c, opts, spec)
		},
	}
	playerFlag(c, &spec)
	return c
}

// runBench is the bench of the game of --game with the player of spec (catalog.Bench).
func runBench(c *cobra.Command, opts *options, spec string) error {
	g, err := opts.openGame()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if spec, err = opts.resolvePlayer(spec); err != nil {
		return fmt.Errorf("bench: --player: %w", err)
	}
	b, err := catalog.NewBench(g, spec)
	var se *match.SettingError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("bench: --player: %w", se.Err)
	case err != nil:
		return fmt.Errorf("bench: %w", err)
	}
	if err := b.WriteRun(cmdContext(c), c.OutOrStdout()); err != nil {
		return fail(fmt.Errorf("bench: %w", err))
	}
	return nil
}
