package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/catalog/terminal"
	"github.com/colony-ai/colony/record"
	"github.com/spf13/cobra"
)

func newReplayCmd(opts *options) *cobra.Command {
	var index string
	c := &cobra.Command{
		Use:     "replay GAMES.jsonl [--game N]",
		Short:   "Step through a recorded tournament game",
		Long:    helpText("replay"),
		Example: helpText("replay.example"),
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("replay needs one games file, got %d arguments (see 'colony replay --help')", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(index)
			if err != nil && index != "" {
				return fmt.Errorf("replay: --game: %q is not an integer", index)
			}
			return runReplay(cmd, args[0], n, index != "")
		},
	}
	c.Flags().StringVar(&index, "game", "", "the `INDEX` of the game to replay (default: the only game, or ask)")
	return c
}

func runReplay(cmd *cobra.Command, file string, index int, chosen bool) error {
	err := terminal.ReplayFile(file, index, chosen, cmd.InOrStdin(), cmd.OutOrStdout())
	var fe *terminal.FileError
	var ng *session.NoGameError
	var re *terminal.RecordError
	switch {
	case errors.As(err, &ng):
		return fmt.Errorf("replay: --game %d: %w", index, err)
	case errors.As(err, &fe):
		return fmt.Errorf("replay: %w", err)
	case errors.As(err, &re):
		return fmt.Errorf("replay: %s, %w", file, err)
	}
	return fail(err)
}

// openGame reads the game of that index (the first game when first is set) of a
// games file one line at a time, keeping that game only, and opens its game (for the
// command cmd's errors, flag naming the index).
func openGame(cmd, flag, file string, index int, first bool) (*record.GamesFile, *record.Record, catalog.Ruleset, error) {
	gf, rec, g, err := session.OpenGame(file, index, first)
	if ng := (*session.NoGameError)(nil); errors.As(err, &ng) {
		return nil, nil, nil, fmt.Errorf("%s: %s %d: %w", cmd, flag, index, err)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", cmd, err)
	}
	return gf, rec, g, nil
}
