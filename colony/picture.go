package colony

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/colony-ai/colony/game"
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

// logBox returns the top-left corner of log l's bar in the picture; flip turns the
// board half round (the board seen from the other side).
func logBox(l Log, flip bool) (x, y float64) {
	row, col := 1, int(l)-6
	switch {
	case l < 6:
		row, col = 0, int(l)
	case l >= 13:
		row, col = 2, int(l)-13
	}
	if flip {
		n := 6
		if row == 1 {
			n = 7
		}
		row, col = 2-row, n-1-col
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
func arrowEnds(f, t Log, gap float64, flip bool) (x1, y1, x2, y2 float64) {
	fx, fy := logBox(f, flip)
	tx, ty := logBox(t, flip)
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
// "store-black") and ants in hand; the turn (the position's turn counter, the turn
// about to be played), the player to move and whether ant moves are mandatory (or
// the result); the rule set when it is not the default.
func (g Game) Illustrate(s *State) *picture.Picture { return g.IllustrateWith(s, picture.Options{}) }

// IllustrateWith draws s as Illustrate does, following the options
// (picture.OptionsIllustrator): Flip turns the board half round (C6 top left, A1
// bottom right), NoLegend leaves out the legend and the players' table (their
// stores then are the ants in hand's line under the board: a short line with the
// score, the store and the hand of each), and a small Width makes the names, the
// eggs and the ants larger in the drawing, so that they print at least
// picture.MinTextSize points high. The turn (Options.Turn) is not drawn here.
func (g Game) IllustrateWith(s *State, o picture.Options) *picture.Picture {
	b := g.Rules.Board()
	flip := o.Flip
	p := &picture.Picture{Title: "The Colony", W: 2*picMargin + 7*logPitch - (logPitch - logW), Complete: true}
	least := 0.0
	if o.Width > 0 {
		least = picture.MinTextSize * p.W / o.Width
	}
	sz := func(v float64) float64 { return max(v, least) }
	head := fmt.Sprintf("The Colony — turn %d: %v to move, ant moves %s", s.Turn(), s.ToMove(), map[bool]string{true: "mandatory", false: "optional"}[s.AntMovesMandatory()])
	if s.Over() {
		head = fmt.Sprintf("The Colony — game over at turn %d: %v wins %d-%d (%v)", s.Turn(), s.Winner(), s.Score(Red), s.Score(Black), s.EndReason())
	}
	if least > 14 {
		// A narrow figure: the title's short form, which fits.
		head = fmt.Sprintf("turn %d: %v to move", s.Turn(), s.ToMove())
		if s.Over() {
			head = fmt.Sprintf("turn %d: %v wins %d-%d", s.Turn(), s.Winner(), s.Score(Red), s.Score(Black))
		}
	}
	top := max(boardTop, 20+sz(14)/2+12) - boardTop
	p.Label("title", head, picMargin, 20+max(0, sz(14)-14)/2, sz(14), true, picture.Start, picture.Black)

	// The arrows first, under the logs.
	for l := range Log(NumLogs) {
		for i, t := range b.Exits(l) {
			x1, y1, x2, y2 := arrowEnds(l, t, 2, flip)
			y1, y2 = y1+top, y2+top
			p.Arrow("arrow", x1, y1, x2, y2, arrowColor, 1.4, i > 0 || b.IsCentre(l))
		}
	}
	for l := range Log(NumLogs) {
		x, y := logBox(l, flip)
		y += top
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
					_, _, x1, y1 := arrowEnds(f, l, -1, flip)
					x2, y2, _, _ := arrowEnds(l, b.Next(l, f), -1, flip)
					p.Add(picture.Shape{Kind: picture.Line, Class: "lane", X: x1, Y: y1 + top, X2: x2, Y2: y2 + top, Stroke: laneColor, Width: 1.2})
				}
			}
		}
		name := sz(9)
		p.Label("log-name", l.String(), x+9-min(name-9, 5), y+10+(name-9)/4, name, true, picture.Start, picture.WoodDark)
		eggsX, antX := x+31, x+logW-18
		if b.IsCentre(l) {
			eggsX, antX = x+15, x+logW-14 // clear of the lanes, which cross in the middle
		}
		antR := max(11, least*0.75)
		antX = min(antX, x+logW-antR-2)
		eggs := max(17, least*1.3)
		p.Label("eggs", strconv.Itoa(s.Eggs(l)), eggsX, y+logH/2+3+(eggs-17)/3, eggs, true, picture.Middle, picture.Black)
		if c, ok := s.AntAt(l); ok {
			ant(p, c, antX, y+logH/2, antR)
		}
	}
	boardBottom := top + boardTop + 2*rowPitch + logH
	if o.NoLegend {
		p.H = boardBottom + 12
		return p
	}

	// The legend.
	y := boardBottom + 24
	if least <= 10 {
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
	} else {
		y = narrowLegend(p, y, sz(10))
	}

	// The players' table.
	y += 28 + (sz(12)-12)/2
	cols := [3]float64{picMargin + 200, picMargin + 330, picMargin + 460}
	heads := [3]string{"score", "store (captured)", "ants in hand"}
	if least > 10 {
		// Columns as wide as their texts at their size.
		x := picMargin + 22 + picture.TextWidth("black (to move)", sz(12))
		for i, h := range heads {
			x += 16 + picture.TextWidth(h, sz(10))
			cols[i] = x
		}
	}
	for i, h := range heads {
		p.Label("table-head", h, cols[i], y, sz(10), true, picture.End, picture.Grey)
	}
	for _, c := range [2]Color{Red, Black} {
		y += max(22, sz(12)*1.7)
		ant(p, c, picMargin+8, y, max(8, sz(12)*0.6))
		name := c.String()
		bold := !s.Over() && s.ToMove() == c
		if bold {
			name += " (to move)"
		}
		p.Label("player", name, picMargin+22+max(0, sz(12)*0.6-8), y, sz(12), bold, picture.Start, picture.Black)
		bh := max(18, sz(12)+6)
		p.Box("store", storeID(c), cols[1]-46, y-bh/2-1, 52, bh, 5, picture.PaleWood, picture.WoodDark, 1)
		for i, v := range [3]int{s.Score(c), s.Store(c), s.Hand(c)} {
			p.Label("table", strconv.Itoa(v), cols[i], y, sz(12), true, picture.End, picture.Black)
		}
	}
	if s.Phase() == PhaseDirection || s.Phase() == PhaseAnt {
		y += 22
		text := "in the middle of a turn: the ant move is next"
		if l, n := s.Pending(); l != NoLog {
			text = fmt.Sprintf("in the middle of a turn: a lap of %d eggs starts on %v and chooses its way", n, l)
		}
		p.Label("status", text, picMargin, y, sz(11), false, picture.Start, picture.Black)
	}
	if g.Rules != Default() {
		y += max(22, sz(11)*1.6)
		p.Label("status", "rules "+g.Rules.Name(), picMargin, y, sz(11), false, picture.Start, picture.Black)
	}
	p.H = y + max(20, sz(12))
	return p
}

// narrowLegend draws the legend of a picture printed small, its texts of the given
// size (larger than the drawing's 10): the items one after the other, a new line
// when one does not fit, the centre's line short. It returns the y of its last
// line.
func narrowLegend(p *picture.Picture, y, size float64) float64 {
	x := picMargin
	r := size * 0.6
	item := func(w float64, text string, draw func(x float64)) {
		tw := picture.TextWidth(text, size)
		if x > picMargin && x+w+tw > p.W-picMargin {
			x, y = picMargin, y+size*1.6
		}
		draw(x)
		p.Label("legend", text, x+w, y, size, false, picture.Start, picture.Black)
		x += w + tw + size
	}
	item(2*r+6, "red ant", func(x float64) { ant(p, Red, x+r, y, r) })
	item(2*r+6, "black ant", func(x float64) { ant(p, Black, x+r, y, r) })
	item(34, "sowing", func(x float64) { p.Arrow("legend", x, y, x+28, y, arrowColor, 1.4, false) })
	item(34, "a lap may go this way", func(x float64) { p.Arrow("legend", x, y, x+28, y, arrowColor, 1.4, true) })
	item(0, "numbers: eggs", func(float64) {})
	item(0, "thick border: the centre (eggs pass straight on)", func(float64) {})
	return y
}

// TurnMarks returns the marks of decision a from s (picture.TurnMarker): its trace
// (Trace), with a captured last egg (R5) drawn on the log it reached
// (picture.MarkCatch to the mover's store) rather than as a sowing into the store,
// the ant placed there (picture.MarkPut), and an ant move as an arrow
// (picture.MarkWalk).
func (g Game) TurnMarks(s *State, a game.Action) []picture.Mark {
	if act := Action(a); act > Pass {
		from, to := g.Rules.board.AntStep(int(act - AntBase))
		return []picture.Mark{{Kind: picture.MarkWalk, Place: logID(from), To: logID(to)}}
	}
	steps, caught := g.trace(s, a)
	marks := picture.TraceMarks(steps)
	if caught == NoLog || len(marks) == 0 {
		return marks
	}
	last := &marks[len(marks)-1]
	last.Kind, last.Place, last.To = picture.MarkCatch, logID(caught), last.Place
	after := *s
	g.Apply(&after, a)
	if _, had := s.AntAt(caught); !had {
		if _, has := after.AntAt(caught); has {
			marks = append(marks, picture.Mark{Kind: picture.MarkPut, Place: logID(caught)})
		}
	}
	return marks
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

// TurnNumber returns the number of the turn about to be played in s (the turn
// counter of the position, game.TurnCounter): the numbering of the pictures'
// titles, the replay and the page of a game.
func (g Game) TurnNumber(s *State) int { return s.Turn() }
