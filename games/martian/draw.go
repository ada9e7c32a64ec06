package martian

import (
	"fmt"
	"strings"

	boardpkg "github.com/colony-ai/colony/games/internal/board"
	"github.com/colony-ai/colony/games/picture"
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
	stack := func(p, i int) string { return stackText(b.st[p*g.n+i]) }
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

// Illustrate draws s as a picture (game.Illustrator), laid out as Draw lays out the
// text: North's row on top, the mancalas at the ends, each space with its letter and
// pips; the notes under the board give every space's stack, top piece first.
func (g *Game) Illustrate(s *State) *picture.Picture {
	toMove := s.ToMove()
	if s.Over() {
		toMove = -1
	}
	var b board
	g.unpack(s, &b)
	pips := func(p, i int) int { return b.st[p*g.n+i].pips() }
	var rows [2]string
	for p := 0; p < 2; p++ {
		var parts []string
		for i := 0; i < g.n; i++ {
			parts = append(parts, fmt.Sprintf("%c %s", 'a'+i, stackText(b.st[p*g.n+i])))
		}
		rows[p] = fmt.Sprintf("%s's stacks, top piece first: %s", g.Sides()[p], strings.Join(parts, ", "))
	}
	return boardpkg.Picture("Martian Mancala", g.n, pips, s.Store, g.Sides(), toMove,
		"numbers: pips (pieces of 3, 2 and 1 pips); N: north's mancala, S: south's mancala",
		rows[1], rows[0],
		"pieces move their pips counter-clockwise, through both mancalas")
}

// stackText returns the pips of x's pieces, top first, or "-" for an empty stack.
func stackText(x u128) string {
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
