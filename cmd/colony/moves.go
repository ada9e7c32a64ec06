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
		Use:     "moves [--position P]",
		Short:   "List the legal turns of a position",
		Long:    helpText("moves"),
		Example: helpText("moves.example"),
		Args:    noArgs,
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
		Use:     "apply [--position P] MOVE...",
		Short:   "Play turns and print the resulting position",
		Long:    helpText("apply"),
		Example: helpText("apply.example"),
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
			out += end.ResultLine(g.Sides()) + "\n"
		}
		return writeOut(cmd, out)
	})
}
