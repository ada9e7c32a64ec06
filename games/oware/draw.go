package oware

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// Draw draws s as the show command prints it (game.Drawer): the board (drawBoard)
// and where the game stands (game.DrawStanding).
func (g *Game) Draw(s *State) string {
	return g.drawBoard(s) + "\n" + game.DrawStanding[State](g, s)
}

// drawBoard draws s as text lines, each ending in a newline: North's row on top and
// South's below, both from column a on the left to f on the right, so that a2 is
// drawn above a1 as the pits face each other; after each row the seeds its side has
// captured and the side's name; then a legend and the moves since the last capture.
// A pit is drawn as its name in the move notation and its seeds, as in "(c1  4)", the
// captured seeds as "[ 0]". The start:
//
//	(a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north
//	(a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south
//
//	(pit seeds)  [captured seeds]
//	sowing runs counter-clockwise: a1 to f1, then f2 to a2
//	moves since the last capture: 0 (the game ends at 100)
//
// Under quiet=off the last line ends in "(no cap)".
func (g *Game) drawBoard(s *State) string {
	var sb strings.Builder
	for _, side := range [2]int{1, 0} {
		sb.WriteString(" ")
		for c := range PitsPerSide {
			fmt.Fprintf(&sb, " (%s %2d)", pitName(side, c), s.Pit(side, c))
		}
		fmt.Fprintf(&sb, "  [%2d]  %s\n", s.Store(side), sideNames[side])
	}
	sb.WriteString("\n  (pit seeds)  [captured seeds]\n")
	sb.WriteString("  sowing runs counter-clockwise: a1 to f1, then f2 to a2\n")
	if g.QuietOff() {
		fmt.Fprintf(&sb, "  moves since the last capture: %d (no cap)\n", s.Quiet())
	} else {
		fmt.Fprintf(&sb, "  moves since the last capture: %d (the game ends at %d)\n", s.Quiet(), g.QuietCap())
	}
	return sb.String()
}

// Illustrate draws s as a picture (picture.Illustrator), laid out as Draw lays out the
// text: North's row on top and South's below, both from column a on the left, each
// pit with its name and seeds, each side's captured seeds after its row.
func (g *Game) Illustrate(s *State) *picture.Picture {
	b := picture.Board{Title: "Oware", TopSide: sideNames[1], BottomSide: sideNames[0], ToMove: -1,
		Stores: []picture.Store{{Label: "N", Seeds: s.Store(1), Right: true, Row: 0}, {Label: "S", Seeds: s.Store(0), Right: true, Row: 1}},
		Notes:  []string{"N, S: the seeds north and south have captured", "sowing runs counter-clockwise: a1 to f1, then f2 to a2"}}
	if g.Variant() == Ayo {
		b.Title = "Ayo"
	}
	if !s.Over() {
		b.ToMove = 1 - s.ToMove()
	}
	for c := range PitsPerSide {
		b.Top = append(b.Top, picture.Pit{Name: pitName(1, c), Seeds: s.Pit(1, c)})
		b.Bottom = append(b.Bottom, picture.Pit{Name: pitName(0, c), Seeds: s.Pit(0, c)})
	}
	if g.QuietOff() {
		b.Notes = append(b.Notes, fmt.Sprintf("moves since the last capture: %d (no cap)", s.Quiet()))
	} else {
		b.Notes = append(b.Notes, fmt.Sprintf("moves since the last capture: %d (the game ends at %d)", s.Quiet(), g.QuietCap()))
	}
	return picture.Mancala(b)
}
