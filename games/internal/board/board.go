// Package board draws the boards of the mancala games with two rows of pits and a
// store at each end (Kalah, the piecepack mancalas) as text. The games add their own
// legends under the board.
package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Draw draws a board of two rows of n pits as three text lines, each ending in a
// newline: North's row on top, from its last pit on the left to its pit a on the
// right, South's row below, from a to its last pit, so that the pits facing each
// other are drawn one above the other; North's store at the left end between the
// rows, South's at the right end; each row's side (sides, South's first) after it.
// pit(p, i) is the count of side p's pit i (0 South, 1 North), store(p) that of side
// p's store. A pit is drawn as its letter ('a'+i) and its count, as in "(c  4)", a
// store as "[N  0]" (North's) or "[S  0]" (South's), the counts right-aligned to the
// digits of total, the largest count. For n = 3 and total 18:
//
//	       (c  3) (b  3) (a  3)         north
//	[N  0]                      [S  0]
//	       (a  3) (b  3) (c  3)         south
func Draw(n, total int, pit func(p, i int) int, store func(p int) int, sides [2]string) string {
	w := len(strconv.Itoa(total))
	cell := func(p, i int) string { return fmt.Sprintf("(%c %*d)", 'a'+i, w, pit(p, i)) }
	storeCell := func(p int) string { return fmt.Sprintf("[%c %*d]", "SN"[p], w, store(p)) }
	var north, south []string
	for i := range n {
		north = append(north, cell(1, n-1-i))
		south = append(south, cell(0, i))
	}
	rowWidth := len(strings.Join(south, " "))
	storeWidth := len(storeCell(0))
	before := strings.Repeat(" ", 2+storeWidth+1) // before a row of pits
	after := strings.Repeat(" ", 1+storeWidth+2)
	var sb strings.Builder
	sb.WriteString(before + strings.Join(north, " ") + after + sides[1] + "\n")
	sb.WriteString("  " + storeCell(1) + " " + strings.Repeat(" ", rowWidth) + " " + storeCell(0) + "\n")
	sb.WriteString(before + strings.Join(south, " ") + after + sides[0] + "\n")
	return sb.String()
}
