package main

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

func newEvalCmd(opts *options) *cobra.Command {
	var weightsFile, position string
	c := &cobra.Command{
		Use:   "eval [--position P] [--weights FILE]",
		Short: "Show the linear evaluation of a position, feature by feature",
		Long: `eval shows how the linear evaluation (the "linear" evaluation of player specs)
scores a position of the game of --game. For each feature it prints the feature's
name, its value in the position, its weight in points per unit (eggs in The
Colony, seeds or coins in the mancala games) and its contribution (value times
weight); then the total in points, from the view of the player to move:

  total: <points> (side to move: <side>)

Features are counted from the view of the player to move: "own" is the player
to move, "opp" the other player. Every game has its own feature set; store_diff
(own store minus opp store) is in all of them. In The Colony, store_diff +
under_own_ants - under_opp_ants is the egg lead of ruling R8; the threats and
at_risk features look at the logs on which the last egg of the first lap of some
legal selection lands (relays are not followed). Search uses the total in
hundredths of a point, rounded.

The weights are the default ones (those of eval=linear: the tuned weights built
into colony for every game, each shown stronger than the store difference in a
match; see the README's Tuning section),
the hand-set ones (--weights hand) or those of a weights file (--weights): a JSON
object {"version": 1, "features": "<set>", "weights": {"store_diff": 1, ...}}
with a number for every feature, as the table names them; "features" names the
game's feature set (a file of another game's set is refused) and may be left out.`,
		Example: `  colony eval
  colony eval --position "$(colony apply C1)"
  colony eval --weights tuned.json
  colony --game oware eval --position "pits=4.4.4.4.0.5/5.5.5.4.4.4 stores=0,0 move=north quiet=1"`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			t, err := opts.tunable("eval")
			if err != nil {
				return err
			}
			if position == "" {
				position = t.StartPosition()
			}
			f, toMove, err := t.Features(position)
			if err != nil {
				return err // "position: ..." names the field
			}
			value := "default"
			if weightsFile != "" {
				value = weightsFile
			}
			w, err := t.Weights(value)
			if err != nil {
				return fmt.Errorf("eval: --weights: %w", err)
			}
			_, names := t.FeatureSet()
			text, err := tuning.FeatureTable(names, &f, w, t.Sides()[toMove])
			if err != nil {
				return fail(err)
			}
			return writeOut(c, text)
		},
	}
	c.Flags().StringVar(&position, "position", "",
		"position `LINE` in the game's notation, as the last line of 'colony show' (quote it: it has spaces); default: the start position")
	c.Flags().StringVar(&weightsFile, "weights", "", "weights: hand (the hand-set weights) or a weights `FILE` (JSON) to use instead of the default weights")
	return c
}

// tunable returns the game of --game (The Colony under --rules and --board) with its
// linear evaluation's operations, for command cmd.
func (o *options) tunable(cmd string) (catalog.Tunable, error) {
	g, err := o.openGame()
	if err != nil {
		return nil, err
	}
	t, err := catalog.AsTunable(g)
	if err != nil {
		return nil, fmt.Errorf("%s: --game %s: %w", cmd, o.game, err)
	}
	return t, nil
}
