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
		Use:   "playout [--games N] [--seed S] [--position P]",
		Short: "Play random games and report statistics of the game",
		Long: `playout plays N games from the position in which every decision (the log to
select, the exit at a fork or the centre, the ant move or the pass) is chosen
uniformly at random among the legal ones, and reports:

  - the speed: games and decisions per second (one core);
  - the game length in turns: mean, standard deviation, min, the 10/50/90/99%
    quantiles and max, and a histogram;
  - how the games ended, per reason ("no log to select", "no ant can move",
    "turn cap");
  - Red's win rate with a 95% Wilson score interval, the share of games decided
    by the tie rule (equal scores: the player who completed the last full turn
    wins), and the final scores.

Game length: the number of turns played from the position to the end, counting
each player's turn as one. A game that ends because the player to move cannot
select a log, or at the turn cap, ends at a turn boundary and its length is the
number of completed turns (Turn()-1 from the start position). A game that ends
because the player to move must move an ant and cannot ends after that player's
sowing: the unfinished last turn counts, so its length is the final Turn() from
the start position.

Game i (counting from 0) uses the random source PCG(S, i) of Go's math/rand/v2,
so the same seed gives the same games, and the same numbers, on every machine;
only the timing line changes.

Other games (--game) get the same report with their own sides, end reasons
(the most frequent first) and points: a decision there is the choice among the
legal moves, a turn ends at each change of turn or extra turn, each side's wins
and the draws are counted, and the final score is in the game's points (as
score counts them).`,
		Example: `  colony playout
  colony playout --games 10000 --seed 7
  colony --rules colony:turncap=200 playout --games 500
  colony --game kalah playout --games 10000 --seed 3`,
		Args: noArgs,
		PreRunE: func(*cobra.Command, []string) error {
			if numGames < 1 || numGames > maxGames {
				return fmt.Errorf("playout: --games must be from 1 to %d, got %d", maxGames, numGames)
			}
			return nil
		},
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		st, err := g.Standing(pos)
		if err != nil {
			return fmt.Errorf("playout: --position: %w", err)
		}
		if st.Outcome != nil {
			return fmt.Errorf("playout: the game in the position is already over (%s)", st.Outcome.Reason)
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
