package picture

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"
)

// MarkKind is what one Mark of a turn shows.
type MarkKind uint8

// The kinds of Mark.
const (
	// MarkSow is a piece sown on Place: the sowing's line goes on to it and the drop
	// is numbered there.
	MarkSow MarkKind = iota
	// MarkLift is the pieces on Place taken up to be sown: a dashed ring, where the
	// line starts.
	MarkLift
	// MarkTake is the pieces on Place taken to To (a capture): a dashed arrow.
	MarkTake
	// MarkCatch is the piece in hand reaching Place and going to To instead of
	// being put down (The Colony's captured last egg): the line ends on Place with
	// a badge "+1", and To is outlined. No line runs to To.
	MarkCatch
	// MarkPut is a piece that is not counted (The Colony's ant) put on Place from
	// the hand: Place outlined with a dashed ring.
	MarkPut
	// MarkWalk is such a piece moved from Place to To (The Colony's ant move): an
	// arrow.
	MarkWalk
)

// Mark is one step of a turn drawn over the position it led to (Options.Turn):
// Place and To are ids of shapes of the picture ("log-B4", "store-red").
type Mark struct {
	Kind      MarkKind
	Place, To string
}

// TurnMarker is implemented by games that say more of a decision than their trace
// (game.Tracer) does: TurnMarks returns the marks of the legal decision a from s (s
// unchanged). Package catalog draws a turn with it, else with TraceMarks of the
// trace.
type TurnMarker[S any] interface {
	TurnMarks(s *S, a game.Action) []Mark
}

// TraceMarks returns the marks of a turn's trace (game.Tracer): a sow, a lift and a
// take each a mark of that kind.
func TraceMarks(steps []game.TraceStep) []Mark {
	marks := make([]Mark, 0, len(steps))
	for _, st := range steps {
		k := MarkSow
		switch st.Kind {
		case game.Lift:
			k = MarkLift
		case game.Take:
			k = MarkTake
		}
		marks = append(marks, Mark{Kind: k, Place: st.Place, To: st.To})
	}
	return marks
}

// The colours of a turn's marks: the sowing's (red), the captures' (blue) and the
// ants' moves (violet); the line is translucent so that the counts under it show.
var (
	PathColor = color.NRGBA{0xd6, 0x27, 0x28, 0xff}
	pathLine  = color.NRGBA{0xd6, 0x27, 0x28, 0xb3}
	TakeColor = color.NRGBA{0x1f, 0x5f, 0xbf, 0xff}
	WalkColor = color.NRGBA{0x6a, 0x1b, 0x9a, 0xff}
)

// maxDrawnMarks is the most marks DrawTurn draws: Ayo's relays may go on for
// thousands of laps, and a picture must stay readable and small.
const maxDrawnMarks = 300

// pathDrop is how far below a place's centre the sowing's line runs, clear of the
// counts drawn there.
const pathDrop = 13.0

// DrawTurn draws the marks of a turn over the picture, as shapes of classes
// starting with "path": the sowing as a line from place to place in the order the
// pieces were sown, an arrowhead on every leg and the number of every drop by its
// place ("3", or "3,16" for a place sown twice); a dashed ring on every place
// lifted; a dashed blue arrow for every take; a blue badge "+1" where a piece was
// caught (MarkCatch) and its store outlined; a dashed violet ring where an ant was
// put and a violet arrow for an ant's move. Only the first maxDrawnMarks marks are
// drawn. k scales the marks' lines, rings and badges (1: as they are; larger for a
// picture printed small). A mark naming a place the picture has no shape of is an
// error.
func (p *Picture) DrawTurn(marks []Mark, k float64) error {
	if len(marks) == 0 {
		return nil
	}
	k = max(k, 1)
	marks = marks[:min(len(marks), maxDrawnMarks)]
	boxes := map[string]Shape{}
	for _, s := range p.Shapes {
		if _, seen := boxes[s.ID]; s.ID != "" && !seen && (s.Kind == Rect || s.Kind == Circle) {
			boxes[s.ID] = s
		}
	}
	centre := func(id string) (Point, error) {
		s, ok := boxes[id]
		if !ok {
			return Point{}, fmt.Errorf("the turn names %q, which the picture has no place of", id)
		}
		if s.Kind == Rect {
			return Point{s.X + s.W/2, s.Y + s.H/2}, nil
		}
		return Point{s.X, s.Y}, nil
	}
	at := func(id string) (Point, error) {
		c, err := centre(id)
		return Point{c.X, c.Y + pathDrop}, err
	}
	var legs []Point // the sowing's line, lift to sow to sow
	drops := map[string][]int{}
	var order []string
	var after []Shape // drawn over the line
	n := 0
	flush := func() {
		for i := 1; i < len(legs); i++ {
			p.Add(Shape{Kind: Line, Class: "path-line", X: legs[i-1].X, Y: legs[i-1].Y, X2: legs[i].X, Y2: legs[i].Y, Stroke: pathLine, Width: 2.5 * k})
			p.arrowHead("path-arrow", legs[i-1], legs[i], 0.6, PathColor, k)
		}
		legs = legs[:0]
	}
	for _, m := range marks {
		c, err := at(m.Place)
		if err != nil {
			return err
		}
		switch m.Kind {
		case MarkLift:
			flush()
			legs = append(legs, c)
			p.Add(Shape{Kind: Circle, Class: "path-lift", X: c.X, Y: c.Y, R: 6 * k, Stroke: PathColor, Width: 2 * k, Dash: true})
		case MarkSow, MarkCatch:
			if len(legs) == 0 || legs[len(legs)-1] != c {
				legs = append(legs, c)
			}
			if m.Kind == MarkCatch {
				flush()
				p.catch(m, c, boxes, &after, k)
				continue
			}
			n++
			if len(drops[m.Place]) == 0 {
				order = append(order, m.Place)
			}
			drops[m.Place] = append(drops[m.Place], n)
		case MarkTake:
			flush()
			to, err := at(m.To)
			if err != nil {
				return err
			}
			p.Add(Shape{Kind: Line, Class: "path-take", X: c.X, Y: c.Y, X2: to.X, Y2: to.Y, Stroke: color.NRGBA{0x1f, 0x5f, 0xbf, 0xcc}, Width: 2 * k, Dash: true})
			p.arrowHead("path-take", c, to, 0.85, TakeColor, k)
		case MarkPut:
			s := boxes[m.Place]
			after = append(after, outline("path-put", s, 4, WalkColor, true, k))
		case MarkWalk:
			a, err := centre(m.Place)
			if err != nil {
				return err
			}
			b, err := centre(m.To)
			if err != nil {
				return err
			}
			// From the edge of the place left to the edge of the one reached.
			d := math.Hypot(b.X-a.X, b.Y-a.Y)
			if d == 0 {
				continue
			}
			ux, uy := (b.X-a.X)/d, (b.Y-a.Y)/d
			cut := min(d/3, 16.0)
			head := 11 * k
			after = append(after, Shape{Kind: Line, Class: "path-walk", X: a.X + ux*cut, Y: a.Y + uy*cut, X2: b.X - ux*(cut+head*0.7), Y2: b.Y - uy*(cut+head*0.7), Stroke: WalkColor, Width: 3 * k})
			bx, by := b.X-ux*cut, b.Y-uy*cut
			hx, hy := bx-ux*head, by-uy*head
			after = append(after, Shape{Kind: Polygon, Class: "path-walk", Points: []Point{{bx, by}, {hx - uy*head*0.55, hy + ux*head*0.55}, {hx + uy*head*0.55, hy - ux*head*0.55}}, Fill: WalkColor})
		}
	}
	flush()
	for _, id := range order {
		c, _ := centre(id)
		var nums []string
		for _, k := range drops[id] {
			nums = append(nums, strconv.Itoa(k))
		}
		text := strings.Join(nums, ",")
		if len(nums) > 3 {
			text = nums[0] + ",…," + nums[len(nums)-1]
		}
		w := (6.0 + 5.6*float64(len([]rune(text)))) * k
		x, y := c.X+10, c.Y-22
		p.Box("path-drop", "", x, y, w, 13*k, 6.5*k, color.NRGBA{0xd6, 0x27, 0x28, 0xe6}, nil, 0)
		p.Label("path-drop", text, x+w/2, y+6.5*k, 10*k, true, Middle, White)
	}
	p.Add(after...)
	return nil
}

// catch draws a MarkCatch: the badge "+1" on the bottom edge of the place (under
// its count, below c, the line's point) and the store To outlined, when the
// picture draws it.
func (p *Picture) catch(m Mark, c Point, boxes map[string]Shape, after *[]Shape, k float64) {
	s := boxes[m.Place]
	y := s.Y + s.R
	if s.Kind == Rect {
		y = s.Y + s.H
	}
	w, h := 26*k, 14*k
	*after = append(*after,
		Shape{Kind: Rect, Class: "path-catch", X: c.X - w/2, Y: y - h/2, W: w, H: h, R: h / 2, Fill: TakeColor},
		Shape{Kind: Text, Class: "path-catch", Text: "+1", X: c.X, Y: y, Size: 10 * k, Bold: true, Anchor: Middle, Fill: White})
	if store, ok := boxes[m.To]; ok { // a picture without its table has no stores
		*after = append(*after, outline("path-catch", store, 3, TakeColor, false, k))
	}
}

// outline returns a ring (a box or a circle) gap outside shape s.
func outline(class string, s Shape, gap float64, c color.Color, dash bool, k float64) Shape {
	if s.Kind == Circle {
		return Shape{Kind: Circle, Class: class, X: s.X, Y: s.Y, R: s.R + gap, Stroke: c, Width: 2.5 * k, Dash: dash}
	}
	return Shape{Kind: Rect, Class: class, X: s.X - gap, Y: s.Y - gap, W: s.W + 2*gap, H: s.H + 2*gap, R: s.R + gap, Stroke: c, Width: 2.5 * k, Dash: dash}
}

// arrowHead draws an arrowhead on the line from a to b, at the fraction t of its
// length, pointing from a to b.
func (p *Picture) arrowHead(class string, a, b Point, t float64, c color.Color, k float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	tip := Point{a.X + dx*t + ux*4, a.Y + dy*t + uy*4}
	base := Point{tip.X - ux*9*k, tip.Y - uy*9*k}
	hw := 4.5 * k
	p.Add(Shape{Kind: Polygon, Class: class, Points: []Point{tip, {base.X - uy*hw, base.Y + ux*hw}, {base.X + uy*hw, base.Y - ux*hw}}, Fill: c})
}
