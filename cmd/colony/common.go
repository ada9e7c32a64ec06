package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/internal/interrupt"
	"github.com/colony-ai/colony/match"
	"github.com/spf13/cobra"
)

// openGame returns the game of --game: The Colony under --rules and --board, or a
// registered game.
func (o *options) openGame() (catalog.Ruleset, error) {
	g, err := catalog.OpenWith(o.game, catalog.Options{Rules: o.rules, Board: o.board})
	var (
		se *match.SettingError
		ce *catalog.ConflictError
	)
	switch {
	case errors.As(err, &ce) && ce.NotColony:
		name, _, _ := strings.Cut(o.game, ":")
		return nil, fmt.Errorf("--rules and --board are The Colony's; --game %s takes its settings as %s:PARAMS", name, name)
	case errors.As(err, &ce):
		return nil, fmt.Errorf("--game %s and --rules %s: give the rule set once", o.game, o.rules)
	case errors.As(err, &se):
		return nil, fmt.Errorf("--%s: %s", se.Setting, strings.TrimPrefix(se.Err.Error(), "rules: "))
	case err != nil:
		return nil, fmt.Errorf("--game: %w", err)
	}
	return g, nil
}

// positionFlag adds --position to c.
func positionFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "position", colony.StartPosition,
		"position `LINE`, as the last line of 'colony show' (quote it: it has spaces); default: the start position")
	c.Flags().Lookup("position").DefValue = ""
}

// gameRun is the work of a command on one position of any game: g is the game of
// --game (with --rules and --board for The Colony), position the canonical text of
// --position, or the game's start position when it is not given.
type gameRun func(c *cobra.Command, args []string, g catalog.Ruleset, position string) error

// gameCmd completes c as a command on one position of any game: it adds --position
// and sets RunE to open the game and read the position, then to call run with them.
// Checks of the command's other flags belong in c.PreRunE, which cobra runs first.
func gameCmd(opts *options, c *cobra.Command, run gameRun) *cobra.Command {
	var position string
	c.RunE = func(cmd *cobra.Command, args []string) error {
		g, err := opts.openGame()
		if err != nil {
			return fmt.Errorf("%s: %w", cmd.Name(), err)
		}
		pos, err := gamePosition(cmd, g)
		if err != nil {
			return fmt.Errorf("%s: --position: %w", cmd.Name(), err)
		}
		return run(cmd, args, g, pos)
	}
	positionFlag(c, &position)
	return c
}

// writeOut writes text to the standard output of c; an error writing is a failure.
func writeOut(c *cobra.Command, text string) error {
	_, err := io.WriteString(c.OutOrStdout(), text)
	return fail(err)
}

// interruptContext returns the context of c cancelled by Ctrl-C, SIGTERM or SIGHUP
// (an SSH logout), recorded for the exit status (interrupt.Context), and the function
// that stops listening.
func interruptContext(c *cobra.Command) (context.Context, context.CancelFunc) {
	return interrupt.Context(cmdContext(c))
}
