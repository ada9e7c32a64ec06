package main

import (
	"fmt"
	"strings"
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
			nodes uint64
			err   error
		)
		if divide {
			turns, counts, err := g.PerftDivide(cmdContext(cmd), position, depth)
			if err != nil {
				return fail(fmt.Errorf("perft: %w", err))
			}
			var sb strings.Builder
			for i, turn := range turns {
				fmt.Fprintf(&sb, "%s %d\n", turn, counts[i])
				nodes += counts[i]
			}
			if err := writeOut(cmd, sb.String()); err != nil {
				return err
			}
		} else if nodes, err = g.Perft(cmdContext(cmd), position, depth); err != nil {
			return fail(fmt.Errorf("perft: %w", err))
		}
		elapsed := time.Since(start).Seconds()
		nps := 0.0
		if elapsed > 0 {
			nps = float64(nodes) / elapsed
		}
		return writeOut(cmd, fmt.Sprintf("perft depth=%d nodes=%d time=%.3fs nps=%.0f\n", depth, nodes, elapsed, nps))
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
