package main

import (
	"fmt"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

func newPlayoutCmd(opts *options) *cobra.Command {
	var (
		numGames int
		seed     uint64
	)
	c := gameCmd(opts, &cobra.Command{
		Use:     "playout [--games N] [--seed S] [--position P]",
		Short:   "Play random games and report statistics of the game",
		Long:    helpText("playout"),
		Example: helpText("playout.example"),
		Args:    noArgs,
		PreRunE: func(*cobra.Command, []string) error {
			if numGames < 1 || numGames > maxGames {
				return fmt.Errorf("playout: --games must be from 1 to %d, got %d", maxGames, numGames)
			}
			return nil
		},
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		st, err := g.Situation(pos)
		if err != nil {
			return fmt.Errorf("playout: --position: %w", err)
		}
		if st.End != nil {
			return fmt.Errorf("playout: the game in the position is already over (%s)", st.End.Reason)
		}
		start := time.Now()
		res, err := g.RandomGames(cmdContext(cmd), pos, numGames, seed)
		if err != nil {
			return fail(fmt.Errorf("playout: %w", err))
		}
		rep := catalog.NewPlayoutReport(g, res, startOrGiven(cmd), seed, time.Since(start))
		return fail(rep.Write(cmd.OutOrStdout()))
	})
	c.Flags().IntVar(&numGames, "games", 1000, "number of games `N` to play")
	c.Flags().Uint64Var(&seed, "seed", 1, "random seed `S`: game i uses PCG(S, i)")
	return c
}

// maxGames bounds --games, to keep the per-game results (and the run time) in reason.
const maxGames = 10_000_000

// startOrGiven says where the games of cmd start: "the given position" when
// --position has a text other than its default (The Colony's start position, which
// the other games' notations never read), else "the start position".
func startOrGiven(cmd *cobra.Command) string {
	if cmd.Flag("position").Value.String() != colony.StartPosition {
		return "the given position"
	}
	return "the start position"
}
