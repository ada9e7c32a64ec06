package kalah

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/board"
	"github.com/colony-ai/colony/picture"
)

// Draw draws s as the show command prints it (game.Drawer): the board (drawBoard)
// and where the game stands (game.DrawStanding).
func (g *Game) Draw(s *State) string {
	return g.drawBoard(s) + "\n" + game.DrawStanding[State](g, s)
}

// drawBoard draws s as text lines, each ending in a newline: North's row on top, from its
// last pit on the left to its pit a on the right, South's row below, from a to the
// M-th pit, so that the pits facing each other are drawn one above the other; North's
// store at the left end between the rows, South's at the right end; each row's side
// after it; then a legend. A pit is drawn as its name in the move notation and its
// seeds, as in "(c  4)", a store as "[N  0]" (North's) or "[S  0]" (South's). For the
// start of kalah:3x3:
//
//	       (c  3) (b  3) (a  3)         north
//	[N  0]                      [S  0]
//	       (a  3) (b  3) (c  3)         south
//
//	(pit seeds)  [N seeds] north's store  [S seeds] south's store
//	sowing runs counter-clockwise, through the mover's store only
func (g *Game) drawBoard(s *State) string {
	return board.Draw(g.m, 2*g.m*g.n, s.Pit, s.Store, g.Sides()) +
		"\n  (pit seeds)  [N seeds] north's store  [S seeds] south's store\n" +
		"  sowing runs counter-clockwise, through the mover's store only\n"
}

// Illustrate draws s as a picture (picture.Illustrator), laid out as Draw lays out the
// text: North's row on top, the stores at the ends, each pit with its name and seeds.
func (g *Game) Illustrate(s *State) *picture.Picture {
	toMove := s.ToMove()
	if s.Over() {
		toMove = -1
	}
	return board.Picture("Kalah", g.m, s.Pit, s.Store, g.Sides(), toMove,
		"N: north's store, S: south's store", "sowing runs counter-clockwise, through the mover's store only")
}
