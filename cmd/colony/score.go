package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newScoreCmd(opts *options) *cobra.Command {
	return gameCmd(opts, &cobra.Command{
		Use:   "score [--position P]",
		Short: "Print the players' scores and the winner",
		Long: `score prints one line:

  red=<n> black=<n> over=<yes|no> winner=<red|black|->

The scores are the eggs each player owns: captured eggs plus the eggs on every
log holding one of their ants. The winner is - while the game goes on; at the
end it is the player with more eggs, or on equal eggs the player who completed
the last full turn. When the game is over a second line gives the result, as
apply prints it:

  result: <red|black> wins <red eggs>-<black eggs> (<reason>)

Other games (--game) print the same lines with their own sides and points:

  south=<n> north=<n> over=<yes|no> winner=<south|north|draw|->
  result: <south|north> wins <south>-<north> (<reason>)

the result line, for a draw, being "result: draw <south>-<north> (<reason>)".
The points are the game's own count: the stores in Kalah and the piecepack
games (with, at the end of Egyptian and Ethiopian games, the coins left on each
side's tiles); the captured seeds plus the seeds on the side's own row in Oware
and Ayo, which go to that side when the game ends.`,
		Example: `  colony score
  colony score --position "$(colony apply C1)"
  colony --game kalah:1x1 score --position "$(colony --game kalah:1x1 apply a | head -1)"`,
		Args: noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		st, err := g.Standing(pos)
		if err != nil {
			return fmt.Errorf("score: --position: %w", err)
		}
		return writeOut(cmd, st.Text(g.Sides()))
	})
}
