package picture

import "strconv"

// Pit is a pit of a mancala board: its name in the move notation, its seeds, and
// the id of its shape ("pit-" and the name when empty; give one where two pits share
// a name, as both sides' pit a of Kalah do).
type Pit struct {
	Name  string
	Seeds int
	ID    string
}

// Store is a store of a mancala board (or the captured seeds of a side): Label names
// it ("N", "S"), Right puts it after the rows (else before them), and Row is the row
// it stands beside (0 the top row, 1 the bottom one) or -1 for one spanning both.
type Store struct {
	Label string
	Seeds int
	Right bool
	Row   int
}

// Board is a board of two rows of pits, as a mancala game sees it from above.
type Board struct {
	Title string
	// Top and Bottom are the rows' pits from left to right; TopSide and BottomSide
	// the sides they belong to.
	Top, Bottom         []Pit
	TopSide, BottomSide string
	// ToMove is the row whose side is to move: 0 the top row, 1 the bottom row, -1
	// neither (the game is over).
	ToMove int
	Stores []Store
	// Notes are lines of legend under the board.
	Notes []string
}

// Layout of a mancala board, in points.
const (
	margin    = 16.0
	pitR      = 24.0
	pitPitch  = 58.0
	storeW    = 50.0
	storeGap  = 10.0
	maxDots   = 10
	dotsInRow = 5
)

// Mancala draws b: the rows of pits with their names, seeds (a number, and dots for
// ten seeds or fewer), the stores, the sides' names with the side to move, and the
// notes. Every pit is a shape of class "pit" (with the pit's ID), every store one of
// class "store" (with the id "store-" and its label).
func Mancala(b Board) *Picture {
	n := max(len(b.Top), len(b.Bottom))
	left, right := false, false
	for _, s := range b.Stores {
		if s.Right {
			right = true
		} else {
			left = true
		}
	}
	x0 := margin
	if left {
		x0 += storeW + storeGap
	}
	w := x0 + float64(n)*pitPitch + margin
	if right {
		w += storeW + storeGap
	}
	for _, note := range b.Notes {
		w = max(w, 2*margin+TextWidth(note, 11))
	}
	p := &Picture{Title: b.Title, W: max(w, 360)}
	p.Label("title", b.Title, margin, 20, 14, true, Start, Black)
	rowY := [2]float64{84, 84 + pitPitch + 6}
	sideY := [2]float64{rowY[0] - pitR - 14, rowY[1] + pitR + 14}
	sides := [2]string{b.TopSide, b.BottomSide}
	for r, side := range sides {
		text := side
		if b.ToMove == r {
			text += "  (to move)"
		}
		p.Label("side", text, x0, sideY[r], 12, b.ToMove == r, Start, Black)
	}
	for r, row := range [2][]Pit{b.Top, b.Bottom} {
		for i, pit := range row {
			cx := x0 + pitPitch/2 + float64(i)*pitPitch
			p.pit(pit, cx, rowY[r])
		}
	}
	rowsRight := x0 + float64(n)*pitPitch
	for _, s := range b.Stores {
		x := margin
		if s.Right {
			x = rowsRight + storeGap
		}
		y, h := rowY[0]-pitR, rowY[1]-rowY[0]+2*pitR
		if s.Row >= 0 {
			y, h = rowY[s.Row]-pitR, 2*pitR
		}
		p.Box("store", "store-"+s.Label, x, y, storeW, h, 10, Wood, WoodDark, 1.5)
		p.Label("store-label", s.Label, x+storeW/2, y+10, 9, false, Middle, WoodDark)
		p.Label("seeds", strconv.Itoa(s.Seeds), x+storeW/2, y+h/2+3, 16, true, Middle, Black)
	}
	y := sideY[1] + 24
	for _, note := range b.Notes {
		p.Label("note", note, margin, y, 11, false, Start, Grey)
		y += 16
	}
	p.H = y + 2
	return p
}

// pit draws a pit centred at (cx, cy).
func (p *Picture) pit(pit Pit, cx, cy float64) {
	fill := Wood
	if pit.Seeds == 0 {
		fill = PaleWood
	}
	id := pit.ID
	if id == "" {
		id = "pit-" + pit.Name
	}
	p.Add(Shape{Kind: Circle, Class: "pit", ID: id, X: cx, Y: cy, R: pitR, Fill: fill, Stroke: WoodDark, Width: 1.5})
	p.Label("pit-name", pit.Name, cx, cy-14, 8, false, Middle, WoodDark)
	p.Label("seeds", strconv.Itoa(pit.Seeds), cx, cy, 14, true, Middle, Black)
	if pit.Seeds > maxDots {
		return
	}
	for k := range pit.Seeds {
		row, col := k/dotsInRow, k%dotsInRow
		inRow := min(dotsInRow, pit.Seeds-row*dotsInRow)
		x := cx + (float64(col)-float64(inRow-1)/2)*5.5
		p.Disc("seed", x, cy+11+float64(row)*5, 1.8, SeedColor, nil, 0)
	}
}
