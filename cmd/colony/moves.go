package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

func newMovesCmd(opts *options) *cobra.Command {
	return gameCmd(opts, &cobra.Command{
		Use:   "moves [--position P]",
		Short: "List the legal turns of a position",
		Long: `moves prints every legal turn of the position, one a line, in turn notation
(<log>{><log>}[/<from>-<to>]), sorted in byte-wise order of the notation. Each
distinct way of playing the turn is listed once: the log selected, the exit
chosen at every lap that starts on a fork or the centre, and the ant move (or
none, while ant moves are optional). A finished game has no moves: nothing is
printed.`,
		Example: `  colony moves
  colony moves | wc -l
  colony moves --position "$(colony apply C1)"`,
		Args: noArgs,
	}, func(cmd *cobra.Command, args []string, g catalog.Ruleset, pos string) error {
		texts, err := g.Moves(pos)
		if err != nil {
			return fail(fmt.Errorf("moves: %w", err))
		}
		var sb strings.Builder
		for _, t := range texts {
			sb.WriteString(t + "\n")
		}
		return writeOut(cmd, sb.String())
	})
}

func newApplyCmd(opts *options) *cobra.Command {
	return gameCmd(opts, &cobra.Command{
		Use:   "apply [--position P] MOVE...",
		Short: "Play turns and print the resulting position",
		Long: `apply plays the given turns in order, each checked against the position it is
played in, and prints the resulting position line. If the game is over after
the last turn, a second line gives the result:

  result: <red|black> wins <red eggs>-<black eggs> (<reason>)

where the eggs are each player's score and the reason is "no log to select",
"no ant can move" or "turn cap". On equal scores the player who completed the
last full turn wins.

A malformed or illegal turn, or a turn after the game has ended, is an error
(exit status 2): stderr names the turn and what is wrong with it, and nothing
is printed on stdout.`,
		Example: `  colony apply C1
  colony apply C1 A3 'A2>B2'
  colony apply --position "$(colony apply C1)" A3`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("apply needs at least one move (see 'colony apply --help')")
			}
			return nil
		},
	}, func(cmd *cobra.Command, args []string, g catalog.Ruleset, pos string) error {
		after, end, err := g.Play(pos, args)
		var turnErr *catalog.TurnError
		if errors.As(err, &turnErr) && len(args) > 1 {
			return fmt.Errorf("argument %d: %w", turnErr.Index+1, turnErr.Err)
		}
		if err != nil {
			return err
		}
		out := after + "\n"
		if end != nil {
			out += outcomeLine(g.Sides(), end) + "\n"
		}
		return writeOut(cmd, out)
	})
}
