// Package picture is a small, neutral description of a drawing of a game position: a
// list of shapes (rounded boxes, circles, lines, polygons and text) with coordinates
// in points (1/72 inch), y growing downwards. The games build a Picture of a position
// (picture.Illustrator); package picture/render renders a Picture as SVG or PNG, so
// both formats come from one drawing. The package also builds the picture of a
// two-row mancala board (Mancala), which the mancala games share. It imports the
// standard library alone: the games that draw compile against no rendering stack.
package picture

import (
	"image/color"
	"math"
)

// Kind is the kind of a shape.
type Kind uint8

// The kinds of shapes.
const (
	// Rect is a box with its top-left corner at (X, Y), W wide and H high, its corners
	// rounded with radius R.
	Rect Kind = iota
	// Circle is a circle of radius R centred at (X, Y).
	Circle
	// Line is a line from (X, Y) to (X2, Y2).
	Line
	// Polygon is the closed polygon through Points.
	Polygon
	// Text is one line of text whose vertical middle is at Y, starting, centred or
	// ending at X as Anchor says.
	Text
)

// Anchor is where a text stands relative to its X.
type Anchor uint8

// The anchors of a text.
const (
	Start  Anchor = iota // the text starts at X
	Middle               // the text is centred on X
	End                  // the text ends at X
)

// Shape is one element of a Picture. Fill and Stroke are the colours of its inside
// and its outline; a nil colour draws nothing (text is drawn in Fill).
type Shape struct {
	Kind Kind
	// Class and ID name the shape in the SVG (class and id attributes), for readers
	// and tests: "log" for The Colony's logs, "pit" and "store" for mancala boards.
	Class, ID string

	X, Y, W, H, R, X2, Y2 float64
	Points                []Point

	Fill, Stroke color.Color
	// Width is the outline's width in points; Dash, when set, dashes the outline.
	Width float64
	Dash  bool

	// Text, its Size in points, Bold and Anchor, for a Text.
	Text   string
	Size   float64
	Bold   bool
	Anchor Anchor
}

// Point is a point of a Polygon.
type Point struct{ X, Y float64 }

// Picture is a drawing W points wide and H high on a white background.
type Picture struct {
	// Title is the picture's title (the SVG's title element).
	Title string
	W, H  float64
	// Width is the width it is rendered at, in points (0: W): the SVG's width and
	// the PNG's size scale, the drawing's units do not change.
	Width  float64
	Shapes []Shape
	// Complete reports a picture that already says who is to move and the points
	// (The Colony's); otherwise package catalog adds a caption that does.
	Complete bool
}

// Some colours of the drawings, chosen to stay distinct in black and white.
var (
	Black     = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	White     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Grey      = color.RGBA{0x70, 0x70, 0x70, 0xff}
	Red       = color.RGBA{0xc0, 0x1c, 0x1c, 0xff}
	Wood      = color.RGBA{0xee, 0xdc, 0xb8, 0xff}
	WoodDark  = color.RGBA{0x7a, 0x55, 0x2a, 0xff}
	PaleWood  = color.RGBA{0xf8, 0xf0, 0xe0, 0xff}
	SeedColor = color.RGBA{0x3a, 0x5a, 0x8a, 0xff}
)

// Add appends shapes.
func (p *Picture) Add(s ...Shape) { p.Shapes = append(p.Shapes, s...) }

// Box appends a rounded box.
func (p *Picture) Box(class, id string, x, y, w, h, r float64, fill, stroke color.Color, width float64) {
	p.Add(Shape{Kind: Rect, Class: class, ID: id, X: x, Y: y, W: w, H: h, R: r, Fill: fill, Stroke: stroke, Width: width})
}

// Disc appends a circle.
func (p *Picture) Disc(class string, x, y, r float64, fill, stroke color.Color, width float64) {
	p.Add(Shape{Kind: Circle, Class: class, X: x, Y: y, R: r, Fill: fill, Stroke: stroke, Width: width})
}

// Label appends a text of the given size and anchor in colour c.
func (p *Picture) Label(class, text string, x, y, size float64, bold bool, anchor Anchor, c color.Color) {
	p.Add(Shape{Kind: Text, Class: class, Text: text, X: x, Y: y, Size: size, Bold: bold, Anchor: anchor, Fill: c})
}

// Arrow appends an arrow from (x1, y1) to (x2, y2), its head at the end, dashed when
// dash is set.
func (p *Picture) Arrow(class string, x1, y1, x2, y2 float64, c color.Color, width float64, dash bool) {
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	const head, half = 7.0, 3.5
	bx, by := x2-ux*head, y2-uy*head
	p.Add(Shape{Kind: Line, Class: class, X: x1, Y: y1, X2: bx, Y2: by, Stroke: c, Width: width, Dash: dash},
		Shape{Kind: Polygon, Class: class, Points: []Point{{x2, y2}, {bx - uy*half, by + ux*half}, {bx + uy*half, by - ux*half}}, Fill: c})
}

// TextWidth estimates the width of a text of the given size in points: Liberation
// Sans's letters average about half the size (a bound for ordinary text).
func TextWidth(text string, size float64) float64 { return 0.52 * size * float64(len(text)) }

// Caption appends lines of text under the picture, making it taller (and wider
// when a line needs it).
func (p *Picture) Caption(lines ...string) {
	for _, l := range lines {
		p.W = max(p.W, 32+TextWidth(l, 12))
		p.Label("caption", l, 16, p.H+4, 12, false, Start, Black)
		p.H += 18
	}
	p.H += 6
}

// Illustrator is implemented by games that draw pictures of their positions:
// Illustrate returns a drawing of s (shapes with coordinates), which the show
// command renders as SVG or PNG. A picture that is not Complete gets a caption with
// the points and the side to move.
//
// It lives here, beside the drawing primitives, rather than in the game contract
// (package game), which imports nothing: a game that draws imports both.
//
// Used by the show command (the SVG and PNG of package catalog) and the
// conformance suite, which checks that every place a trace names is a shape of it.
type Illustrator[S any] interface {
	Illustrate(s *S) *Picture
}
