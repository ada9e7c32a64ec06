package picture

import "math"

// Options say how to draw a position: the same drawing, seen from the other side,
// without its legend, at a given width, with the last turn drawn over it. The zero
// Options draw the picture as it always is.
type Options struct {
	// Flip draws the board seen from the other side (turned half round; the texts
	// stay upright).
	Flip bool
	// NoLegend leaves out the legend, the notes and the table of the players under
	// the board (the title stays): for figures.
	NoLegend bool
	// Width is the width the picture is rendered at, in points (1/72 inch); 0 keeps
	// its natural width. The PNG has render.PNGDPI/72 pixels a point. Texts are made at
	// least MinTextSize points high at that width (see Legible).
	Width float64
	// Turn is the last turn, drawn over the position it led to (see DrawTurn).
	Turn []Mark
}

// OptionsIllustrator is implemented by games whose drawings follow Options.Flip and
// Options.NoLegend themselves: IllustrateWith(s, Options{}) is Illustrate(s). For
// the others, package catalog flips a picture with Flip and leaves out the shapes
// of the legend classes (LegendClasses).
type OptionsIllustrator[S any] interface {
	IllustrateWith(s *S, o Options) *Picture
}

// MinTextSize is the smallest text, in points as printed, of a picture drawn at a
// given Options.Width.
const MinTextSize = 6.0

// MarkScale returns how much larger DrawTurn draws the marks of a turn on a
// picture w points wide rendered width points wide: 1 at its natural width, more
// when it prints small.
func MarkScale(w, width float64) float64 {
	if width <= 0 || w <= 0 {
		return 1
	}
	return max(1, MinTextSize*w/width/10)
}

// LegendClasses are the classes of the shapes that Options.NoLegend leaves out of
// a picture whose game does not draw it without them: legends, notes, captions,
// the players' table.
var LegendClasses = []string{"legend", "note", "caption", "table", "table-head", "player", "status"}

// Legible enlarges every text of p that would print smaller than MinTextSize
// points at the width width (points), and sets p.Width to it: a picture drawn for
// a single column of a paper keeps its labels readable. A width of 0 changes
// nothing.
func (p *Picture) Legible(width float64) {
	if width <= 0 || p.W <= 0 {
		return
	}
	p.Width = width
	least := MinTextSize * p.W / width
	for i := range p.Shapes {
		s := &p.Shapes[i]
		if s.Kind == Text && s.Size < least {
			s.Size = least
		}
	}
}

// WithoutLegend leaves out the shapes of the classes LegendClasses and cuts the
// picture's height to the bottom of what is left (plus a margin).
func (p *Picture) WithoutLegend() {
	drop := map[string]bool{}
	for _, c := range LegendClasses {
		drop[c] = true
	}
	kept := p.Shapes[:0]
	bottom := 0.0
	for _, s := range p.Shapes {
		if drop[s.Class] {
			continue
		}
		kept = append(kept, s)
		bottom = max(bottom, s.bottom())
	}
	p.Shapes = kept
	if bottom > 0 {
		p.H = min(p.H, bottom+12)
	}
}

// bottom returns the lowest y a shape reaches.
func (s Shape) bottom() float64 {
	switch s.Kind {
	case Rect:
		return s.Y + s.H
	case Circle:
		return s.Y + s.R
	case Line:
		return max(s.Y, s.Y2)
	case Polygon:
		b := math.Inf(-1)
		for _, q := range s.Points {
			b = max(b, q.Y)
		}
		return b
	case Text:
		return s.Y + s.Size/2
	}
	return 0
}

// top returns the highest y a shape reaches (a text: its middle).
func (s Shape) top() float64 {
	switch s.Kind {
	case Rect:
		return s.Y
	case Circle:
		return s.Y - s.R
	case Line:
		return min(s.Y, s.Y2)
	case Polygon:
		t := math.Inf(1)
		for _, q := range s.Points {
			t = min(t, q.Y)
		}
		return t
	}
	return s.Y
}

// Flip turns the part of the picture between top and bottom half round about its
// middle, as the board seen from the other side: every shape's place is turned, a
// text stays upright (its anchor mirrored, Start for End). Shapes reaching above top
// (the title) or starting below bottom (notes under the board) stay where they are. Used for the pictures of games that do not flip their drawings
// themselves (OptionsIllustrator).
func (p *Picture) Flip(top, bottom float64) {
	fx := func(x float64) float64 { return p.W - x }
	fy := func(y float64) float64 { return top + bottom - y }
	for i := range p.Shapes {
		s := &p.Shapes[i]
		if s.top() < top || s.top() > bottom {
			continue
		}
		switch s.Kind {
		case Rect:
			s.X, s.Y = fx(s.X+s.W), fy(s.Y+s.H)
		case Circle:
			s.X, s.Y = fx(s.X), fy(s.Y)
		case Line:
			s.X, s.Y, s.X2, s.Y2 = fx(s.X), fy(s.Y), fx(s.X2), fy(s.Y2)
		case Polygon:
			for j := range s.Points {
				s.Points[j] = Point{fx(s.Points[j].X), fy(s.Points[j].Y)}
			}
		case Text:
			s.X, s.Y = fx(s.X), fy(s.Y)
			switch s.Anchor {
			case Start:
				s.Anchor = End
			case End:
				s.Anchor = Start
			}
		}
	}
}
