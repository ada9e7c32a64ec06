package piecepack

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/board"
	"github.com/colony-ai/colony/picture"
)

// Draw draws s as the show command prints it (game.Drawer): the board (drawBoard)
// and where the game stands (game.DrawStanding).
func (g *Game) Draw(s *State) string {
	return g.drawBoard(s) + "\n" + game.DrawStanding[State](g, s)
}

// drawBoard draws s as text lines, each ending in a newline, as the board lies seen from
// above with south at the bottom: north's row on top, from its last tile on the left
// to its tile a on the right, south's row below, from a to its last tile, so that the
// tiles facing each other are drawn one above the other; north's mancala at the west
// (left) end between the rows, south's at the east end; each row's side after it;
// then a legend and, under a move cap, the moves played. A tile is drawn as its
// letter in the move notation and its coins, as in "(c  4)", a mancala as "[N  0]"
// (north's) or "[S  0]" (south's). The start of egyptian:3x4:
//
//	       (c  4) (b  4) (a  4)         north
//	[N  0]                      [S  0]
//	       (a  4) (b  4) (c  4)         south
//
//	(tile coins)  [N coins] north's mancala  [S coins] south's mancala
//	sowing runs counter-clockwise, through the mover's mancala only
func (g *Game) drawBoard(s *State) string {
	var sb strings.Builder
	sb.WriteString(board.Draw(g.n, 2*g.n*g.c, s.Tile, s.Store, g.Sides()))
	sb.WriteString("\n  (tile coins)  [N coins] north's mancala  [S coins] south's mancala\n")
	switch g.variant {
	case Ethiopian:
		sb.WriteString("  sowing runs either way (c counter-clockwise, c< clockwise), through the mover's mancala only\n")
	case Nigerian:
		sb.WriteString("  sowing runs counter-clockwise, through both mancalas\n")
	default:
		sb.WriteString("  sowing runs counter-clockwise, through the mover's mancala only\n")
	}
	if g.capK > 0 {
		fmt.Fprintf(&sb, "  moves played: %d (the game ends at %d)\n", s.Ply(), g.capK)
	}
	return sb.String()
}

// Illustrate draws s as a picture (picture.Illustrator), laid out as Draw lays out the
// text: north's row on top, the mancalas at the ends, each tile with its letter and
// coins.
func (g *Game) Illustrate(s *State) *picture.Picture {
	toMove := g.ToMove(s)
	if g.Terminal(s) {
		toMove = -1
	}
	name := g.variant.String()
	notes := []string{"N: north's mancala, S: south's mancala; numbers: coins"}
	switch g.variant {
	case Ethiopian:
		notes = append(notes, "sowing runs either way, through the mover's mancala only")
	case Nigerian:
		notes = append(notes, "sowing runs counter-clockwise, through both mancalas")
	default:
		notes = append(notes, "sowing runs counter-clockwise, through the mover's mancala only")
	}
	if g.capK > 0 {
		notes = append(notes, fmt.Sprintf("moves played: %d (the game ends at %d)", s.Ply(), g.capK))
	}
	return board.Picture("piecepack Mancala, "+strings.ToUpper(name[:1])+name[1:], g.n, s.Tile, s.Store, g.Sides(), toMove, notes...)
}
