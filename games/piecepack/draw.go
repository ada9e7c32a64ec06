package piecepack

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/games/internal/board"
)

// Draw draws s as text lines, each ending in a newline, as the board lies seen from
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
func (g *Game) Draw(s *State) string {
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
