package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
)

// Show draws the position as the show command prints it, the position line last:
// the game's own page when it has one (game.PageDrawer), otherwise its board (when
// it is a game.Drawer), each side's points, the side to move or the result, and the
// rule set when it is not the game's default.
func (x *generic[S]) Show(position string) (string, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return "", err
	}
	pos := x.g.FormatPosition(&s)
	if d, ok := x.g.(game.PageDrawer[S]); ok {
		return d.DrawPage(&s) + "\n" + pos + "\n", nil
	}
	board, err := x.Draw(pos)
	if err != nil && !errors.Is(err, ErrNoDrawing) {
		return "", err
	}
	st, err := x.Standing(pos)
	if err != nil {
		return "", err
	}
	sides := x.g.Sides()
	var sb strings.Builder
	if board != "" {
		sb.WriteString(board + "\n")
	}
	fmt.Fprintf(&sb, "  %-16s %6s %6s\n", "", sides[0], sides[1])
	fmt.Fprintf(&sb, "  %-16s %6d %6d\n", "points", st.Points[0], st.Points[1])
	sb.WriteString("\n")
	if st.Outcome != nil {
		fmt.Fprintf(&sb, "  game over: %s\n", st.Outcome.Text(sides))
	} else {
		fmt.Fprintf(&sb, "  %s to move\n", sides[st.ToMove])
	}
	if strings.Contains(x.g.Name(), ":") {
		fmt.Fprintf(&sb, "  rules %s\n", x.g.Name())
	}
	sb.WriteString("\n" + pos + "\n")
	return sb.String(), nil
}

// Text says how the game ended, with the sides' names: "<side> wins <a>-<b>
// (<reason>)", or for a draw "draw <a>-<b> (<reason>)", a and b the points of the
// first and second side. The result line of the command line is "result: " and this.
func (o *Outcome) Text(sides [2]string) string {
	if o.Winner < 0 || o.Winner > 1 {
		return fmt.Sprintf("draw %d-%d (%s)", o.Points[0], o.Points[1], o.Reason)
	}
	return fmt.Sprintf("%s wins %d-%d (%s)", sides[o.Winner], o.Points[0], o.Points[1], o.Reason)
}

// TurnError is the error of Ruleset.Play for a turn that cannot be played: Index is the
// turn's place in the list (from 0), Turn its text.
type TurnError struct {
	Index int
	Turn  string
	Err   error
}

func (e *TurnError) Error() string { return e.Err.Error() }

// Unwrap returns what is wrong with the turn.
func (e *TurnError) Unwrap() error { return e.Err }
