package martian

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/colony-ai/colony/game"
	boardpkg "github.com/colony-ai/colony/games/internal/board"
	"github.com/colony-ai/colony/picture"
)

// Draw draws s as the show command prints it (game.Drawer): the board (drawBoard)
// and where the game stands (game.DrawStanding).
func (g *Game) Draw(s *State) string {
	return g.drawBoard(s) + "\n" + game.DrawStanding[State](g, s)
}

// drawBoard draws s as text lines, each ending in a newline: North's row on top, from its
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
func (g *Game) drawBoard(s *State) string {
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

// Layout of the picture, in points: the spaces are boxes tall enough to draw their
// stacks, the mancalas span both rows.
const (
	margin    = 16.0  // round the picture
	spaceW    = 52.0  // a space's box
	spaceH    = 150.0 // its height: room for 10 pieces at full size
	pitch     = 58.0  // from a space to the next
	rowGap    = 8.0   // between the rows
	storeW    = 62.0  // a mancala's box
	storeGap  = 10.0  // between a mancala and the spaces
	headH     = 18.0  // a space's letter and pieces, above its stack
	footH     = 20.0  // a space's pips, under its stack
	fullPitch = 11.0  // a piece's height and the gap above it, at full size
	minPitch  = 4.0   // the least: a taller stack is drawn in more columns
	digitH    = 6.0   // the least height of a piece that shows its pips
)

// pieceW is the width of a piece of 1, 2 and 3 pips at full size.
var pieceW = [4]float64{0, 14, 27, 40}

// The colours of the pieces of 1, 2 and 3 pips (light to dark, distinct in black and
// white), their outline, and the colour of the pips written on them.
var (
	pieceFill = [4]color.Color{nil,
		color.RGBA{0xc6, 0xdb, 0xef, 0xff},
		color.RGBA{0x6b, 0xae, 0xd6, 0xff},
		color.RGBA{0x21, 0x57, 0x9b, 0xff}}
	pieceInk  = [4]color.Color{nil, picture.Black, picture.Black, picture.White}
	pieceEdge = color.RGBA{0x0b, 0x2e, 0x5c, 0xff}
)

// Illustrate draws s as a picture (picture.Illustrator), laid out as Draw lays out the
// text: North's row on top from its last space on the left to its space a on the
// right, South's row below from a, North's mancala at the left end and South's at the
// right. Each space is a box (class "pit", id "pit-south-a" ...) with its letter and
// number of pieces at the top, its pips at the bottom, and its stack drawn between,
// top piece on top: each piece a box (class "piece") whose width and shade say its
// pips, written on it while the stack is short enough. A stack too tall for one
// column at the least piece height (minPitch) is drawn in columns, from the bottom of
// the left one to the top of the right one. Each mancala (class "store", id
// "store-S" or "store-N") shows its pips and its pieces of each size.
func (g *Game) Illustrate(s *State) *picture.Picture {
	var b board
	g.unpack(s, &b)
	sides := g.Sides()
	x0 := margin + storeW + storeGap
	right := x0 + float64(g.n-1)*pitch + spaceW
	title := "Martian Mancala"
	p := &picture.Picture{Title: title}
	p.Label("title", title, margin, 20, 14, true, picture.Start, picture.Black)
	rowY := [2]float64{62, 62 + spaceH + rowGap} // the tops of North's and South's rows
	sideY := [2]float64{rowY[0] - 14, rowY[1] + spaceH + 14}
	for r, side := range [2]int{1, 0} {
		text, toMove := sides[side], !s.Over() && s.ToMove() == side
		if toMove {
			text += "  (to move)"
		}
		p.Label("side", text, x0, sideY[r], 12, toMove, picture.Start, picture.Black)
	}
	var tall []string
	for i := range g.n {
		for r, side := range [2]int{1, 0} {
			k := i // South's row from a
			if side == 1 {
				k = g.n - 1 - i // North's from its last space
			}
			stack := stackPips(b.st[side*g.n+k])
			if !g.drawSpace(p, x0+float64(i)*pitch, rowY[r], side, k, stack) {
				tall = append(tall, fmt.Sprintf("%s %c %s", sides[side], 'a'+k, stackText(b.st[side*g.n+k])))
			}
		}
	}
	top, h := rowY[0], rowY[1]+spaceH-rowY[0]
	drawStore(p, margin, top, h, "N", boardpkg.StoreID(1), b.store[1])
	drawStore(p, right+storeGap, top, h, "S", boardpkg.StoreID(0), b.store[0])
	p.W = right + storeGap + storeW + margin
	notes := []string{
		"a space: its letter and ×pieces (top), its stack, top piece on top, and its pips (bottom)",
		"a piece: 1, 2 or 3 pips (narrow and light to wide and dark)",
		"N, S: north's and south's mancalas, their pips and their pieces of each size",
		"pieces move their pips counter-clockwise, through both mancalas",
	}
	if len(tall) > 0 {
		notes = append(notes, "stacks too tall to number, top piece first: "+strings.Join(tall, ", "))
	}
	y := sideY[1] + 24
	for _, note := range notes {
		p.W = max(p.W, 2*margin+picture.TextWidth(note, 11))
		p.Label("note", note, margin, y, 11, false, picture.Start, picture.Grey)
		y += 16
	}
	p.H = y + 2
	return p
}

// drawSpace draws player side's space k, its box's top-left corner at (x, y), with
// its stack (pips from the top piece down), and reports whether the pieces are tall
// enough to show their pips.
func (g *Game) drawSpace(p *picture.Picture, x, y float64, side, k int, stack []int) bool {
	fill := picture.Wood
	if len(stack) == 0 {
		fill = picture.PaleWood
	}
	p.Box("pit", boardpkg.PitID(g.Sides(), side, k), x, y, spaceW, spaceH, 8, fill, picture.WoodDark, 1.5)
	p.Label("pit-name", boardpkg.PitName(k), x+7, y+10, 9, false, picture.Start, picture.WoodDark)
	pips := 0
	for _, pip := range stack {
		pips += pip
	}
	if len(stack) > 0 {
		p.Label("pieces", fmt.Sprintf("×%d", len(stack)), x+spaceW-7, y+10, 9, false, picture.End, picture.WoodDark)
	}
	p.Label("seeds", fmt.Sprint(pips), x+spaceW/2, y+spaceH-10, 12, true, picture.Middle, picture.Black)
	// The stack: bottom piece at the bottom of the area, in columns of at most
	// perCol pieces when it is too tall for one.
	area := spaceH - headH - footH
	perCol := int(area / minPitch)
	cols := max(1, (len(stack)+perCol-1)/perCol)
	rows := (len(stack) + cols - 1) / cols
	pch := fullPitch
	if rows > 0 {
		pch = min(fullPitch, area/float64(rows))
	}
	gap := max(0.6, min(1.5, pch*0.1))
	ph := pch - gap
	colW := spaceW / float64(cols)
	scale := min(1, (colW-4)/pieceW[3])
	digits := ph >= digitH
	bottom := y + spaceH - footH
	for j := range stack {
		pip := stack[len(stack)-1-j] // from the bottom piece up
		col, row := j/rows, j%rows
		cx := x + colW*(float64(col)+0.5)
		w := pieceW[pip] * scale
		top := bottom - float64(row+1)*pch + gap
		p.Box("piece", "", cx-w/2, top, w, ph, min(2, ph/3), pieceFill[pip], pieceEdge, 0.6)
		if digits && w >= 7 {
			p.Label("pips", fmt.Sprint(pip), cx, top+ph/2, min(8, ph+0.5), true, picture.Middle, pieceInk[pip])
		}
	}
	return digits || len(stack) == 0
}

// drawStore draws a mancala's box at (x, y), h high, with its label, its pips in the
// middle, and below them its pieces of each size (n[pip]) as a piece and a count.
func drawStore(p *picture.Picture, x, y, h float64, label, id string, n [4]uint8) {
	p.Box("store", id, x, y, storeW, h, 10, picture.Wood, picture.WoodDark, 1.5)
	p.Label("store-label", label, x+storeW/2, y+12, 10, false, picture.Middle, picture.WoodDark)
	pips := int(n[1]) + 2*int(n[2]) + 3*int(n[3])
	p.Label("seeds", fmt.Sprint(pips), x+storeW/2, y+h/2+3, 16, true, picture.Middle, picture.Black)
	const ph, scale = 9.0, 0.6
	for pip := 3; pip >= 1; pip-- {
		cy := y + h - 16 - float64(pip-1)*16
		w := pieceW[pip] * scale
		cx := x + 6 + pieceW[3]*scale/2
		p.Box("piece", "", cx-w/2, cy-ph/2, w, ph, 2, pieceFill[pip], pieceEdge, 0.6)
		p.Label("pips", fmt.Sprint(pip), cx, cy, 7, true, picture.Middle, pieceInk[pip])
		p.Label("store-pieces", fmt.Sprintf("×%d", n[pip]), x+storeW-6, cy, 10, false, picture.End, picture.Black)
	}
}

// stackPips returns the pips of x's pieces, top first.
func stackPips(x u128) []int {
	var out []int
	for !x.zero() {
		var pip uint8
		pip, x = x.pop()
		out = append(out, int(pip))
	}
	return out
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
