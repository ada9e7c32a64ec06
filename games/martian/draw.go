package martian

import (
	"fmt"
	"strings"
)

// Draw draws s as text lines, each ending in a newline: North's row on top, from its
// last space on the left to its space a on the right, South's row below, from a to
// its last space, so that the spaces facing each other are drawn one above the other;
// North's mancala at the left end between the rows, South's at the right end; then a
// legend and the turns played. A space is drawn as its letter in the move notation
// and its stack, top piece first, as in "(c 321)" ("-" when empty), a mancala as
// "[N  0]" with its pips. The start of martian:3x321:
//
//	         (c 321) (b 321) (a 321)         north
//	  [N  0]                         [S  0]
//	         (a 321) (b 321) (c 321)         south
//
//	(space stack, top piece first)  [N pips] north's mancala  [S pips] south's mancala
//	pieces move their pips counter-clockwise, through both mancalas
//	turns played: 0 (the game ends at 200)
func (g *Game) Draw(s *State) string {
	var b board
	g.unpack(s, &b)
	stack := func(p, i int) string {
		x := b.st[p*g.n+i]
		if x.zero() {
			return "-"
		}
		var sb strings.Builder
		for !x.zero() {
			var pip uint8
			pip, x = x.pop()
			sb.WriteByte('0' + pip)
		}
		return sb.String()
	}
	w := 1
	for p := 0; p < 2; p++ {
		for i := 0; i < g.n; i++ {
			w = max(w, len(stack(p, i)))
		}
	}
	dw := len(fmt.Sprint(g.pips))
	cell := func(p, i int) string { return fmt.Sprintf("(%c %-*s)", 'a'+i, w, stack(p, i)) }
	store := func(p int) string { return fmt.Sprintf("[%c %*d]", "SN"[p], dw, s.Store(p)) }
	var north, south []string
	for i := 0; i < g.n; i++ {
		north = append(north, cell(1, g.n-1-i))
		south = append(south, cell(0, i))
	}
	row := len(strings.Join(south, " "))
	before := strings.Repeat(" ", 2+len(store(0))+1)
	after := strings.Repeat(" ", 1+len(store(0))+2)
	var sb strings.Builder
	sb.WriteString(before + strings.Join(north, " ") + after + "north\n")
	sb.WriteString("  " + store(1) + " " + strings.Repeat(" ", row) + " " + store(0) + "\n")
	sb.WriteString(before + strings.Join(south, " ") + after + "south\n")
	sb.WriteString("\n  (space stack, top piece first)  [N pips] north's mancala  [S pips] south's mancala\n")
	sb.WriteString("  pieces move their pips counter-clockwise, through both mancalas\n")
	fmt.Fprintf(&sb, "  turns played: %d (the game ends at %d)\n", s.ply, g.capK)
	return sb.String()
}
