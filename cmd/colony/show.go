package main

import (
	"fmt"
	"github.com/colony-ai/colony/games"
	"io"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

func newShowCmd(opts *options) *cobra.Command {
	c := positionCmd(opts, &cobra.Command{
		Use:   "show [--position P]",
		Short: "Draw a position",
		Long: `show draws a position: the 19 logs in their three rows, offset like the log ends
of a wood pile (row A of 6 on top, B of 7 in the middle, C of 6 at the bottom).
Each log shows its name, its eggs and the ant on it, if any: R for a red ant,
B for a black one. Below the board: each player's score (captured eggs plus the
eggs under their ants), store (captured eggs) and ants in hand; the player to
move, the turn and whether ant moves are mandatory; the result if the game is
over. The last line is the position line itself.`,
		Example: `  colony show
  colony show --position "$(colony apply C1 A3 | head -1)"`,
		Args: noArgs,
	}, func(c *cobra.Command, _ []string, r *colony.Rules, s colony.State) error {
		return fail(drawPosition(c.OutOrStdout(), r, &s))
	})
	// Other games: the position line in canonical form (no drawing yet).
	return otherGames(opts, c, func(cmd *cobra.Command, _ []string, g games.Game, pos string) error {
		return writeOut(cmd, pos+"\n")
	})
}

// Layout of the drawing: a log is a cell of cellWidth characters, cells of a row are
// cellGap apart, and rows A and C are shifted right by half a cell pitch.
const (
	cellWidth = 9
	cellGap   = 1
	rowIndent = 2
)

// logCell draws one log, as in "(A1  3  )"; a log protected by an ant has square
// brackets and the ant's colour, as in "[B4 12 R]".
func logCell(s *colony.State, l colony.Log) string {
	c, ok := s.AntAt(l)
	if !ok {
		return fmt.Sprintf("(%v %2d  )", l, s.Eggs(l))
	}
	ant := "R"
	if c == colony.Black {
		ant = "B"
	}
	return fmt.Sprintf("[%v %2d %s]", l, s.Eggs(l), ant)
}

// drawPosition writes the board, the players' counts and the position line.
func drawPosition(w io.Writer, r *colony.Rules, s *colony.State) error {
	var sb strings.Builder
	pitch := cellWidth + cellGap
	rows := [3][2]colony.Log{{0, 6}, {6, 13}, {13, colony.NumLogs}}
	for i, row := range rows {
		indent := rowIndent
		if i != 1 {
			indent += pitch / 2
		}
		sb.WriteString(strings.Repeat(" ", indent))
		for l := row[0]; l < row[1]; l++ {
			if l > row[0] {
				sb.WriteString(strings.Repeat(" ", cellGap))
			}
			sb.WriteString(logCell(s, l))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n  (log eggs)   [log eggs ant]: a log with a red (R) or black (B) ant\n\n")
	fmt.Fprintf(&sb, "  %-16s %6s %6s\n", "", "red", "black")
	for _, line := range []struct {
		name string
		f    func(colony.Color) int
	}{
		{"score", s.Score},
		{"store (captured)", s.Store},
		{"ants in hand", s.Hand},
	} {
		fmt.Fprintf(&sb, "  %-16s %6d %6d\n", line.name, line.f(colony.Red), line.f(colony.Black))
	}
	sb.WriteString("\n")
	ants := "optional"
	if s.AntMovesMandatory() {
		ants = "mandatory"
	}
	if s.Over() {
		fmt.Fprintf(&sb, "  game over at turn %d: %s\n", s.Turn(), strings.TrimPrefix(resultLine(s), "result: "))
	} else {
		fmt.Fprintf(&sb, "  turn %d: %v to move; ant moves are %s\n", s.Turn(), s.ToMove(), ants)
	}
	if r != colony.Default() {
		fmt.Fprintf(&sb, "  rules %s\n", r.Name())
	}
	sb.WriteString("\n")
	sb.WriteString(s.String())
	sb.WriteString("\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
