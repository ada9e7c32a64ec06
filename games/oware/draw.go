package oware

import (
	"fmt"
	"strings"
)

// Draw draws s as text lines, each ending in a newline: North's row on top and
// South's below, both from column a on the left to f on the right, so that a2 is
// drawn above a1 as the pits face each other; after each row the seeds its side has
// captured and the side's name; then a legend and the moves since the last capture.
// A pit is drawn as its name in the move notation and its seeds, as in "(c1  4)", the
// captured seeds as "[ 0]". The start:
//
//	(a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north
//	(a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south
//
//	(pit seeds)  [captured seeds]
//	sowing runs counter-clockwise: a1 to f1, then f2 to a2
//	moves since the last capture: 0 (the game ends at 100)
//
// Under quiet=off the last line ends in "(no cap)".
func (g *Game) Draw(s *State) string {
	var sb strings.Builder
	for _, side := range [2]int{1, 0} {
		sb.WriteString(" ")
		for c := range PitsPerSide {
			fmt.Fprintf(&sb, " (%s %2d)", pitName(side, c), s.Pit(side, c))
		}
		fmt.Fprintf(&sb, "  [%2d]  %s\n", s.Store(side), sideNames[side])
	}
	sb.WriteString("\n  (pit seeds)  [captured seeds]\n")
	sb.WriteString("  sowing runs counter-clockwise: a1 to f1, then f2 to a2\n")
	if g.QuietOff() {
		fmt.Fprintf(&sb, "  moves since the last capture: %d (no cap)\n", s.Quiet())
	} else {
		fmt.Fprintf(&sb, "  moves since the last capture: %d (the game ends at %d)\n", s.Quiet(), g.QuietCap())
	}
	return sb.String()
}
