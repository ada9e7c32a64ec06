package main

import (
	"fmt"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newPerftCmd(opts *options) *cobra.Command {
	var (
		depth  int
		divide bool
	)
	c := gameCmd(opts, &cobra.Command{
		Use:     "perft --depth N [--position P] [--divide]",
		Short:   "Count the turn sequences of a given depth",
		Long:    helpText("perft"),
		Example: helpText("perft.example"),
		Args:    noArgs,
		PreRunE: func(c *cobra.Command, _ []string) error {
			if !c.Flags().Changed("depth") {
				return fmt.Errorf("perft: --depth is required (see 'colony perft --help')")
			}
			if depth < 1 {
				return fmt.Errorf("perft: --depth must be at least 1, got %d", depth)
			}
			return nil
		},
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, position string) error {
		start := time.Now()
		var (
			nodes  uint64
			turns  []string
			counts []uint64
			err    error
		)
		if divide {
			turns, counts, err = g.PerftDivide(cmdContext(cmd), position, depth)
		} else {
			nodes, err = g.Perft(cmdContext(cmd), position, depth)
		}
		if err != nil {
			return fail(fmt.Errorf("perft: %w", err))
		}
		return writeOut(cmd, catalog.PerftText(depth, nodes, turns, counts, time.Since(start)))
	})
	c.Flags().IntVar(&depth, "depth", 0, "number of turns `N` to count (at least 1)")
	c.Flags().BoolVar(&divide, "divide", false, "also print the count below each legal first turn")
	return c
}

// gamePosition returns the --position of cmd for game g, or g's start position when
// --position is not given.
func gamePosition(cmd *cobra.Command, g catalog.Ruleset) (string, error) {
	f := cmd.Flag("position")
	if f == nil || !f.Changed {
		return g.StartPosition(), nil
	}
	return g.Position(f.Value.String())
}
