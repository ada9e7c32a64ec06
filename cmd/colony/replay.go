package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/catalog/terminal"
	"github.com/colony-ai/colony/tournament"
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
	gf, g, err := openGamesFile("replay", file)
	if err != nil {
		return err
	}
	var rec *tournament.Record
	switch {
	case chosen:
		if rec, err = gameOfIndex("replay", file, gf, index); err != nil {
			return err
		}
	case len(gf.Games) == 1:
		rec = &gf.Games[0]
	}
	err = terminal.Replay(g, gf.Games, rec, cmd.InOrStdin(), cmd.OutOrStdout())
	if re := (*terminal.RecordError)(nil); errors.As(err, &re) {
		return fmt.Errorf("replay: %s, %w", file, err)
	}
	return fail(err)
}

// openGamesFile reads a games file of at least one game and opens its game (for the
// command cmd's errors).
func openGamesFile(cmd, file string) (*tournament.GamesFile, catalog.Ruleset, error) {
	gf, g, err := session.OpenGamesFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", cmd, err)
	}
	return gf, g, nil
}

// gameOfIndex returns the record of the file's game of that index.
func gameOfIndex(cmd, file string, gf *tournament.GamesFile, index int) (*tournament.Record, error) {
	if rec := session.FindGame(gf.Games, index); rec != nil {
		return rec, nil
	}
	return nil, fmt.Errorf("%s: --game %d: %s holds no game of that index (%s)", cmd, index, file, session.IndexRange(gf.Games))
}
