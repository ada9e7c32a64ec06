package catalog

import (
	"github.com/colony-ai/colony/game"
)

// Show draws the position as the show command prints it, the position line last:
// the game's drawing (game.Drawer) or, for a game without one, where it stands
// (game.DrawStanding).
func (x *generic[S]) Show(position string) (string, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return "", err
	}
	var drawing string
	if d := game.PartOf[game.Drawer[S]](x.g); d != nil {
		drawing = d.Draw(&s)
	} else {
		drawing = game.DrawStanding(x.g, &s)
	}
	return drawing + "\n" + x.g.FormatPosition(&s) + "\n", nil
}

// Text says how the game ended, with the sides' names: "<side> wins <a>-<b>
// (<reason>)", or for a draw "draw <a>-<b> (<reason>)", a and b the points of the
// first and second side. The result line of the command line is "result: " and this.
func (o *GameEnd) Text(sides [2]string) string {
	return game.ResultText(sides, o.Winner, o.Points, o.Reason)
}

// ResultLine is the result line of the command line and the terminal,
// "result: " and Text, without a newline.
func (o *GameEnd) ResultLine(sides [2]string) string { return "result: " + o.Text(sides) }

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
