package colony

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/colony-ai/colony/picture"
)

// Layout of the picture, in points: a log is a rounded bar logW wide and logH high,
// logPitch apart in its row, rows rowPitch apart, rows A and C shifted right by half
// a log pitch.
const (
	picMargin = 20.0
	logW      = 78.0
	logH      = 44.0
	logPitch  = 98.0
	rowPitch  = 84.0
	boardTop  = 44.0
)

// arrowColor is the colour of the sowing arrows, laneColor of the lanes through
// the centre.
var (
	arrowColor = color.RGBA{0x50, 0x50, 0x50, 0xff}
	laneColor  = color.RGBA{0x8a, 0x6a, 0x45, 0xff}
)

// logBox returns the top-left corner of log l's bar in the picture.
func logBox(l Log) (x, y float64) {
	row, col := 1, int(l)-6
	switch {
	case l < 6:
		row, col = 0, int(l)
	case l >= 13:
		row, col = 2, int(l)-13
	}
	x = picMargin + float64(col)*logPitch
	if row != 1 {
		x += logPitch / 2
	}
	return x, boardTop + float64(row)*rowPitch
}

// arrowEnds returns the ends of the arrow from log f to log t: where the line
// between their centres leaves f's bar and meets t's, each gap points outside the
// bar (inside it when gap is negative).
func arrowEnds(f, t Log, gap float64) (x1, y1, x2, y2 float64) {
	fx, fy := logBox(f)
	tx, ty := logBox(t)
	dx, dy := tx-fx, ty-fy
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	a, c := edge(ux, uy)+gap, n-edge(ux, uy)-gap
	cx, cy := fx+logW/2, fy+logH/2
	return cx + ux*a, cy + uy*a, cx + ux*c, cy + uy*c
}

// edge returns how far from a bar's centre the ray in direction (ux, uy) leaves it.
func edge(ux, uy float64) float64 {
	t := math.Inf(1)
	if ux != 0 {
		t = (logW / 2) / math.Abs(ux)
	}
	if uy != 0 {
		t = min(t, (logH/2)/math.Abs(uy))
	}
	return t
}

// Illustrate draws s (picture.Illustrator): the 19 logs in their three rows as wooden
// bars (shapes of class "log", with ids "log-A1" to "log-C6"), each with its name,
// its eggs and its ant (a red ant is a disc marked R, a black ant a square marked B,
// so that print in black and white keeps them apart); the sowing arrows of the board
// between the logs (dashed: an exit a lap starting on a fork or the centre may
// choose, other than the way passing eggs go); the centre's lanes (thin lines
// inside it from each arrow in to the arrow passing eggs leave by); a legend; each
// player's score, store (a box of class "store", ids "store-red" and
// "store-black") and ants in hand; the turn, the player to move and whether ant moves are mandatory
// (or the result); the rule set when it is not the default.
func (g Game) Illustrate(s *State) *picture.Picture {
	b := g.Rules.Board()
	p := &picture.Picture{Title: "The Colony", W: 2*picMargin + 7*logPitch - (logPitch - logW), Complete: true}
	head := fmt.Sprintf("The Colony — turn %d: %v to move, ant moves %s", s.Turn(), s.ToMove(), map[bool]string{true: "mandatory", false: "optional"}[s.AntMovesMandatory()])
	if s.Over() {
		head = fmt.Sprintf("The Colony — game over at turn %d: %v wins %d-%d (%v)", s.Turn(), s.Winner(), s.Score(Red), s.Score(Black), s.EndReason())
	}
	p.Label("title", head, picMargin, 20, 14, true, picture.Start, picture.Black)

	// The arrows first, under the logs.
	for l := range Log(NumLogs) {
		for i, t := range b.Exits(l) {
			x1, y1, x2, y2 := arrowEnds(l, t, 2)
			p.Arrow("arrow", x1, y1, x2, y2, arrowColor, 1.4, i > 0 || b.IsCentre(l))
		}
	}
	for l := range Log(NumLogs) {
		x, y := logBox(l)
		fill := picture.Wood
		if s.Eggs(l) == 0 {
			fill = picture.PaleWood
		}
		width := 1.5
		if b.IsCentre(l) {
			width = 3
		}
		p.Box("log", logID(l), x, y, logW, logH, 12, fill, picture.WoodDark, width)
		if b.IsCentre(l) {
			// The lanes of eggs passing through (R4): from where each arrow in
			// meets the log to where the arrow they go on by leaves it.
			for f := range Log(NumLogs) {
				if !b.IsCentre(f) && slices.Contains(b.Exits(f), l) {
					_, _, x1, y1 := arrowEnds(f, l, -1)
					x2, y2, _, _ := arrowEnds(l, b.Next(l, f), -1)
					p.Add(picture.Shape{Kind: picture.Line, Class: "lane", X: x1, Y: y1, X2: x2, Y2: y2, Stroke: laneColor, Width: 1.2})
				}
			}
		}
		p.Label("log-name", l.String(), x+9, y+10, 9, true, picture.Start, picture.WoodDark)
		eggsX, antX := x+31, x+logW-18
		if b.IsCentre(l) {
			eggsX, antX = x+15, x+logW-14 // clear of the lanes, which cross in the middle
		}
		p.Label("eggs", strconv.Itoa(s.Eggs(l)), eggsX, y+logH/2+3, 17, true, picture.Middle, picture.Black)
		if c, ok := s.AntAt(l); ok {
			ant(p, c, antX, y+logH/2, 11)
		}
	}

	// The legend.
	y := boardTop + 2*rowPitch + logH + 24
	x := picMargin
	ant(p, Red, x+8, y, 8)
	p.Label("legend", "red ant", x+20, y, 10, false, picture.Start, picture.Black)
	x += 80
	ant(p, Black, x+8, y, 8)
	p.Label("legend", "black ant", x+20, y, 10, false, picture.Start, picture.Black)
	x += 90
	p.Arrow("legend", x, y, x+28, y, arrowColor, 1.4, false)
	p.Label("legend", "sowing", x+34, y, 10, false, picture.Start, picture.Black)
	x += 90
	p.Arrow("legend", x, y, x+28, y, arrowColor, 1.4, true)
	p.Label("legend", "a lap starting here may go this way", x+34, y, 10, false, picture.Start, picture.Black)
	p.Label("legend", "numbers: eggs", p.W-picMargin, y, 10, false, picture.End, picture.Black)
	y += 18
	p.Label("legend", "thick border: the centre, which eggs passing through cross on the thin lanes, each going straight on", picMargin, y, 10, false, picture.Start, picture.Black)

	// The players' table.
	y += 28
	cols := [3]float64{picMargin + 200, picMargin + 330, picMargin + 460}
	for i, h := range [3]string{"score", "store (captured)", "ants in hand"} {
		p.Label("table-head", h, cols[i], y, 10, true, picture.End, picture.Grey)
	}
	for _, c := range [2]Color{Red, Black} {
		y += 22
		ant(p, c, picMargin+8, y, 8)
		name := c.String()
		bold := !s.Over() && s.ToMove() == c
		if bold {
			name += " (to move)"
		}
		p.Label("player", name, picMargin+22, y, 12, bold, picture.Start, picture.Black)
		p.Box("store", storeID(c), cols[1]-46, y-10, 52, 18, 5, picture.PaleWood, picture.WoodDark, 1)
		for i, v := range [3]int{s.Score(c), s.Store(c), s.Hand(c)} {
			p.Label("table", strconv.Itoa(v), cols[i], y, 12, true, picture.End, picture.Black)
		}
	}
	if s.Phase() == PhaseDirection || s.Phase() == PhaseAnt {
		y += 22
		text := "in the middle of a turn: the ant move is next"
		if l, n := s.Pending(); l != NoLog {
			text = fmt.Sprintf("in the middle of a turn: a lap of %d eggs starts on %v and chooses its way", n, l)
		}
		p.Label("status", text, picMargin, y, 11, false, picture.Start, picture.Black)
	}
	if g.Rules != Default() {
		y += 22
		p.Label("status", "rules "+g.Rules.Name(), picMargin, y, 11, false, picture.Start, picture.Black)
	}
	p.H = y + 20
	return p
}

// ant draws an ant of colour c centred at (x, y), of radius r: a red disc marked R for
// red, a black square marked B for black.
func ant(p *picture.Picture, c Color, x, y, r float64) {
	if c == Red {
		p.Add(picture.Shape{Kind: picture.Circle, Class: "ant ant-red", X: x, Y: y, R: r, Fill: picture.Red, Stroke: picture.Black, Width: 1})
		p.Label("ant-letter", "R", x, y, r, true, picture.Middle, picture.White)
		return
	}
	p.Box("ant ant-black", "", x-r*0.9, y-r*0.9, 1.8*r, 1.8*r, 2, picture.Black, picture.Black, 1)
	p.Label("ant-letter", "B", x, y, r, true, picture.Middle, picture.White)
}
