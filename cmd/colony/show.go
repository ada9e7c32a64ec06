package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/games"
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
over. The last line is the position line itself.

Other games (--game) are drawn as their two rows of pits facing each other,
each pit with its name in the game's move notation and its seeds, and the
stores: Kalah and the piecepack games with north's row on top (its pit a on
the right) and the stores at the ends, Oware and Ayo with a2 above a1 and the
captured seeds after each row. Below come each side's points (as score counts
them), the side to move or the result, the rule set if it is not the game's
default, and the position line last.`,
		Example: `  colony show
  colony show --position "$(colony apply C1 A3 | head -1)"
  colony --game kalah show --position "$(colony --game kalah apply c d)"
  colony --game oware show`,
		Args: noArgs,
	}, func(c *cobra.Command, _ []string, r *colony.Rules, s colony.State) error {
		return fail(drawPosition(c.OutOrStdout(), r, &s))
	})
	return otherGames(opts, c, func(cmd *cobra.Command, _ []string, g games.Game, pos string) error {
		text, err := drawGame(g, pos)
		if err != nil {
			return fmt.Errorf("show: --position: %w", err)
		}
		return writeOut(cmd, text)
	})
}

// drawGame draws a position of a game other than The Colony: the game's drawing of
// the board (none if it has none), each side's points, the side to move or the
// result, the rule set when it is not the game's default, and the position line.
func drawGame(g games.Game, pos string) (string, error) {
	board, err := g.Draw(pos)
	if err != nil && !errors.Is(err, games.ErrNoDrawing) {
		return "", err
	}
	st, err := g.Status(pos)
	if err != nil {
		return "", err
	}
	sides := g.Sides()
	var sb strings.Builder
	if board != "" {
		sb.WriteString(board + "\n")
	}
	fmt.Fprintf(&sb, "  %-16s %6s %6s\n", "", sides[0], sides[1])
	fmt.Fprintf(&sb, "  %-16s %6d %6d\n", "points", st.Points[0], st.Points[1])
	sb.WriteString("\n")
	if st.Outcome != nil {
		fmt.Fprintf(&sb, "  game over: %s\n", strings.TrimPrefix(outcomeLine(sides, st.Outcome), "result: "))
	} else {
		fmt.Fprintf(&sb, "  %s to move\n", sides[st.ToMove])
	}
	if strings.Contains(g.Name(), ":") {
		fmt.Fprintf(&sb, "  rules %s\n", g.Name())
	}
	sb.WriteString("\n" + pos + "\n")
	return sb.String(), nil
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
