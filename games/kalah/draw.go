package kalah

import (
	"fmt"
	"strconv"
	"strings"
)

// Draw draws s as text lines, each ending in a newline: North's row on top, from its
// last pit on the left to its pit a on the right, South's row below, from a to the
// M-th pit, so that the pits facing each other are drawn one above the other; North's
// store at the left end between the rows, South's at the right end; each row's side
// after it; then a legend. A pit is drawn as its name in the move notation and its
// seeds, as in "(c  4)", a store as "[N  0]" (North's) or "[S  0]" (South's). For the
// start of kalah:3x3:
//
//	       (c  3) (b  3) (a  3)         north
//	[N  0]                      [S  0]
//	       (a  3) (b  3) (c  3)         south
//
//	(pit seeds)  [N seeds] north's store  [S seeds] south's store
//	sowing runs counter-clockwise, through the mover's store only
func (g *Game) Draw(s *State) string {
	w := len(strconv.Itoa(2 * g.m * g.n)) // digits of the largest count
	pit := func(p, i int) string { return fmt.Sprintf("(%c %*d)", 'a'+i, w, s.Pit(p, i)) }
	store := func(p int) string { return fmt.Sprintf("[%c %*d]", "SN"[p], w, s.Store(p)) }
	var north, south []string
	for i := range g.m {
		north = append(north, pit(1, g.m-1-i))
		south = append(south, pit(0, i))
	}
	rowWidth := len(strings.Join(south, " "))
	storeWidth := len(store(0))
	side := strings.Repeat(" ", 2+storeWidth+1) // before a row of pits
	after := strings.Repeat(" ", 1+storeWidth+2)
	var sb strings.Builder
	sb.WriteString(side + strings.Join(north, " ") + after + g.Sides()[1] + "\n")
	sb.WriteString("  " + store(1) + " " + strings.Repeat(" ", rowWidth) + " " + store(0) + "\n")
	sb.WriteString(side + strings.Join(south, " ") + after + g.Sides()[0] + "\n")
	sb.WriteString("\n  (pit seeds)  [N seeds] north's store  [S seeds] south's store\n")
	sb.WriteString("  sowing runs counter-clockwise, through the mover's store only\n")
	return sb.String()
}
