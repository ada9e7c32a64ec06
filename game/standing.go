package game

import (
	"fmt"
	"strings"
)

// DrawStanding returns the lines that say where the game in s stands, as the show
// command prints them under a board: each side's points, a blank line, the side to
// move or how the game ended (ResultText), and the rule set when it is not the
// game's default (a name with parameters). A Drawer's board is followed by them (the
// classic games' Draw); a game with no Drawer is drawn as these lines alone.
func DrawStanding[S any](g Game[S], s *S) string {
	sides, points := g.Sides(), g.Points(s)
	var sb strings.Builder
	fmt.Fprintf(&sb, "  %-16s %6s %6s\n", "", sides[0], sides[1])
	fmt.Fprintf(&sb, "  %-16s %6d %6d\n", "points", points[0], points[1])
	sb.WriteString("\n")
	if g.Terminal(s) {
		winner, _ := g.Result(s)
		fmt.Fprintf(&sb, "  game over: %s\n", ResultText(sides, winner, points, g.EndReason(s)))
	} else {
		fmt.Fprintf(&sb, "  %s to move\n", sides[g.ToMove(s)])
	}
	if strings.Contains(g.Name(), ":") {
		fmt.Fprintf(&sb, "  rules %s\n", g.Name())
	}
	return sb.String()
}

// ResultText says how a finished game ended, with the sides' names: "<side> wins
// <a>-<b> (<reason>)", or for a draw (winner -1) "draw <a>-<b> (<reason>)", a and b
// the points of the first and second side. The result line of the command line and
// of the Mancala Engine Protocol's runner is "result: " and this.
func ResultText(sides [2]string, winner int, points [2]int, reason string) string {
	if winner < 0 || winner > 1 {
		return fmt.Sprintf("draw %d-%d (%s)", points[0], points[1], reason)
	}
	return fmt.Sprintf("%s wins %d-%d (%s)", sides[winner], points[0], points[1], reason)
}
