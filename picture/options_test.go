package picture_test

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/picture"
)

// board returns a picture of two places, "pit-a" (a circle) and "store-S" (a box),
// a legend line and a title.
func board() *picture.Picture {
	p := &picture.Picture{W: 200, H: 100}
	p.Label("title", "T", 10, 10, 14, true, picture.Start, picture.Black)
	p.Add(picture.Shape{Kind: picture.Circle, Class: "pit", ID: "pit-a", X: 50, Y: 50, R: 20})
	p.Box("store", "store-S", 140, 30, 40, 40, 5, picture.Wood, picture.WoodDark, 1)
	p.Label("legend", "a legend", 10, 90, 9, false, picture.Start, picture.Black)
	return p
}

// TestOptions checks Legible, WithoutLegend and Flip (package render checks the
// rendered size).
func TestOptions(t *testing.T) {
	p := board()
	p.WithoutLegend()
	if len(p.Shapes) != 3 || p.H != 82 {
		t.Errorf("without the legend: %d shapes, height %g; want 3 and 82", len(p.Shapes), p.H)
	}
	p.Flip(30, 82)
	if s := p.Shapes[1]; s.X != 150 || s.Y != 62 {
		t.Errorf("flipped, the pit is at %g,%g; want 150,62", s.X, s.Y)
	}
	if s := p.Shapes[2]; s.X != 20 || s.Y != 42 || p.Shapes[0].X != 10 {
		t.Errorf("flipped, the store is at %g,%g and the title at x %g; want 20,42 and 10", s.X, s.Y, p.Shapes[0].X)
	}
	p.Legible(100) // half size: texts at least 12
	if s := p.Shapes[0]; s.Size != 14 {
		t.Errorf("a 14-point title became %g", s.Size)
	}
	q := board()
	q.Legible(100)
	if s := q.Shapes[3]; s.Size != 12 {
		t.Errorf("a 9-point legend drawn at half size became %g, want 12", s.Size)
	}
	if q.Width != 100 {
		t.Errorf("Legible(100) set the width to %g", q.Width)
	}
}

// TestDrawTurn checks the shapes of a turn's marks, and a place the picture lacks.
func TestDrawTurn(t *testing.T) {
	p := board()
	marks := []picture.Mark{{Kind: picture.MarkLift, Place: "pit-a"}, {Kind: picture.MarkSow, Place: "store-S"},
		{Kind: picture.MarkCatch, Place: "pit-a", To: "store-S"}, {Kind: picture.MarkPut, Place: "pit-a"},
		{Kind: picture.MarkWalk, Place: "pit-a", To: "store-S"}}
	if err := p.DrawTurn(marks, 1); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, s := range p.Shapes {
		count[s.Class]++
	}
	want := map[string]int{"path-lift": 1, "path-line": 2, "path-arrow": 2, "path-drop": 2, "path-catch": 3, "path-put": 1, "path-walk": 2}
	for c, n := range want {
		if count[c] != n {
			t.Errorf("%d shapes of class %s, want %d (all: %v)", count[c], c, n, count)
		}
	}
	if err := p.DrawTurn([]picture.Mark{{Kind: picture.MarkSow, Place: "pit-z"}}, 1); err == nil || !strings.Contains(err.Error(), "pit-z") {
		t.Errorf("a mark on no place: %v", err)
	}
}
