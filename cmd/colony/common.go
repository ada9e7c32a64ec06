package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

// ruleSet returns the rule set named by --rules, on the board of --board if given.
func (o *options) ruleSet() (*colony.Rules, error) {
	r, err := colony.ParseRules(o.rules)
	if err != nil {
		return nil, fmt.Errorf("--rules: %s", strings.TrimPrefix(err.Error(), "rules: "))
	}
	if o.board == "" {
		return r, nil
	}
	b, err := colony.LoadBoardFile(o.board)
	if err != nil {
		return nil, fmt.Errorf("--board: %w", err)
	}
	onBoard, err := colony.NewRules(b, r.SowingCap(), r.TurnCap())
	if err != nil {
		return nil, fmt.Errorf("--board: %s", strings.TrimPrefix(err.Error(), "rules: "))
	}
	return onBoard.WithChoiceOnSelectedOnly(r.ChoiceOnSelectedOnly()), nil
}

// positionFlag adds --position to c.
func positionFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "position", colony.StartPosition,
		"position `LINE`, as the last line of 'colony show' (quote it: it has spaces); default: the start position")
	c.Flags().Lookup("position").DefValue = ""
}

// setup reads the rule set and the position of a command.
func (o *options) setup(position string) (*colony.Rules, colony.State, error) {
	r, err := o.ruleSet()
	if err != nil {
		return nil, colony.State{}, err
	}
	s, err := r.ParsePosition(position)
	if err != nil {
		return nil, colony.State{}, err // "position: ..." names the field
	}
	return r, s, nil
}

// positionRun is the work of a command on one position: r is the rule set of --rules
// and --board, s the position of --position in it.
type positionRun func(c *cobra.Command, args []string, r *colony.Rules, s colony.State) error

// positionCmd completes c as a command on one position: it adds --position and sets
// RunE to read the rule set and the position, then to call run with them. Checks of
// the command's other flags belong in c.PreRunE, which cobra runs first.
func positionCmd(opts *options, c *cobra.Command, run positionRun) *cobra.Command {
	var position string
	c.RunE = func(cmd *cobra.Command, args []string) error {
		r, s, err := opts.setup(position)
		if err != nil {
			return err
		}
		return run(cmd, args, r, s)
	}
	positionFlag(c, &position)
	return c
}

// writeOut writes text to the standard output of c; an error writing is a failure.
func writeOut(c *cobra.Command, text string) error {
	_, err := io.WriteString(c.OutOrStdout(), text)
	return fail(err)
}

// legalMoves returns the legal turns of s with their notation, sorted by byte-wise
// order of the notation.
func legalMoves(r *colony.Rules, s *colony.State) ([]colony.Move, []string, error) {
	// Start with the library's MoveList size; a position with more turns (the tail is
	// long) gets a buffer eight times larger, up to a limit.
	const maxBuffer = 1 << 20
	buf := make([]colony.Move, colony.MaxMoves)
	n, err := r.LegalMoves(s, buf)
	for errors.Is(err, colony.ErrTooManyMoves) && len(buf) < maxBuffer {
		buf = make([]colony.Move, 8*len(buf))
		n, err = r.LegalMoves(s, buf)
	}
	switch {
	case errors.Is(err, colony.ErrTooManyMoves):
		return nil, nil, fail(fmt.Errorf("the position has more than %d legal turns", maxBuffer))
	case errors.Is(err, colony.ErrMoveTooLong):
		return nil, nil, fail(fmt.Errorf("a turn of the position needs more than %d direction choices, more than the move generator holds", colony.MaxDirections))
	case err != nil:
		return nil, nil, fail(err)
	}
	type entry struct {
		m    colony.Move
		text string
	}
	list := make([]entry, n)
	for i, m := range buf[:n] {
		list[i] = entry{m, m.String()}
	}
	slices.SortFunc(list, func(a, b entry) int { return strings.Compare(a.text, b.text) })
	moves := make([]colony.Move, n)
	texts := make([]string, n)
	for i, e := range list {
		moves[i], texts[i] = e.m, e.text
	}
	return moves, texts, nil
}

// resultLine returns the result line of a finished game:
// "result: <winner> wins <red>-<black> (<reason>)".
func resultLine(s *colony.State) string {
	return fmt.Sprintf("result: %v wins %d-%d (%v)", s.Winner(), s.Score(colony.Red), s.Score(colony.Black), s.EndReason())
}
