package piecepack

import (
	"fmt"
	"strconv"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// FormatPosition writes s in the position notation (see the package documentation):
// "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", with " ply=K" under a move cap.
func (g *Game) FormatPosition(s *State) string {
	pit := func(p, i int) int { return int(s.cells[MaxTiles*p+i]) }
	stores := [2]int{int(s.cells[southStore]), int(s.cells[northStore])}
	b := notation.AppendPosition(make([]byte, 0, 96), g.n, pit, stores, int(s.toMove))
	if g.capK > 0 {
		b = append(b, " ply="...)
		b = strconv.AppendUint(b, uint64(s.ply), 10)
	}
	return string(b)
}

// ParsePosition reads a position in the notation of FormatPosition. It checks the
// fields (names, order, single spaces), N counts a side, that the coins on the tiles
// and in the mancalas add up to 2*N*C, the side to move, and under a move cap the ply
// (at most the cap). Errors name the field. A position where the game is over (by the
// rule set's end rules) parses as a finished game; under stuck=pass a player to move
// who cannot move has passed, so the other player is to move.
func (g *Game) ParsePosition(text string) (State, error) {
	var s State
	names := []string{"pits", "stores", "move"}
	if g.capK > 0 {
		names = append(names, "ply")
	}
	vals, err := notation.Fields(text, names...)
	if err != nil {
		return s, err
	}
	total := 0
	rows, err := notation.Rows(vals[0], g.n, "tiles")
	if err != nil {
		return s, err
	}
	for p, counts := range rows {
		for i, c := range counts {
			v, ok := notation.Count(c)
			if !ok || v > MaxCoins {
				return s, fmt.Errorf("position: pits: %s tile %c: %q is not a count from 0 to %d", notation.Sides[p], 'a'+i, c, MaxCoins)
			}
			s.cells[MaxTiles*p+i] = uint8(v)
			total += v
		}
	}
	stores, err := notation.Stores(vals[1])
	if err != nil {
		return s, err
	}
	for p, c := range stores {
		v, ok := notation.Count(c)
		if !ok || v > MaxCoins {
			return s, fmt.Errorf("position: stores: %s: %q is not a count from 0 to %d", notation.Sides[p], c, MaxCoins)
		}
		s.cells[southStore+p] = uint8(v)
		total += v
	}
	if want := 2 * g.n * g.c; total != want {
		return s, fmt.Errorf("position: pits and stores hold %d coins, want %d", total, want)
	}
	mover, err := notation.Mover(vals[2])
	if err != nil {
		return s, err
	}
	s.toMove = uint8(mover)
	if g.capK > 0 {
		v, ok := notation.Count(vals[3])
		if !ok || v > g.capK {
			return s, fmt.Errorf("position: ply=%q, want a number of moves from 0 to the cap %d", vals[3], g.capK)
		}
		s.ply = uint16(v)
	}
	g.settle(&s)
	return s, nil
}

// AppendAction appends the notation of decision a to dst: the mover's tile letter,
// "c", followed in Ethiopian by "<" when sowing to the left.
func (g *Game) AppendAction(dst []byte, s *State, a game.Action) []byte {
	pit := int(a)
	if pit >= g.n {
		return append(dst, byte('a'+pit-g.n), '<')
	}
	return append(dst, byte('a'+pit))
}

// ParseAction reads the notation of a decision in s: a tile letter of the mover's
// side ("c"), in Ethiopian optionally followed by "<" (to the left) or ">" (to the
// right, the default). Errors say what is wrong: an unknown tile, an empty tile, a
// tile with one coin in Ethiopian, a direction outside Ethiopian, a finished game.
func (g *Game) ParseAction(s *State, text string) (game.Action, error) {
	if text == "" {
		return 0, fmt.Errorf("move: empty")
	}
	if s.end != inPlay {
		return 0, fmt.Errorf("move %s: the game is over (%s)", game.Quote(text), g.EndReason(s))
	}
	letter := text[0]
	if letter >= 'A' && letter <= 'Z' {
		letter += 'a' - 'A'
	}
	pit := int(letter) - 'a'
	if pit < 0 || pit >= g.n {
		return 0, fmt.Errorf("move %s: unknown tile %q (the tiles are a to %c)", game.Quote(text), text[:1], 'a'+g.n-1)
	}
	dir := 0
	switch rest := text[1:]; rest {
	case "", ">":
	case "<":
		if g.variant != Ethiopian {
			return 0, fmt.Errorf("move %s: only ethiopian sows to the left", game.Quote(text))
		}
		dir = 1
	default:
		return 0, fmt.Errorf("move %s: %q after the tile letter, want nothing, < or >", game.Quote(text), rest)
	}
	switch v := s.cells[MaxTiles*int(s.toMove)+pit]; {
	case v == 0:
		return 0, fmt.Errorf("move %s: %s's tile %c is empty", game.Quote(text), g.Sides()[s.toMove], 'a'+pit)
	case v < g.minStart:
		return 0, fmt.Errorf("move %s: %s's tile %c has only one coin", game.Quote(text), g.Sides()[s.toMove], 'a'+pit)
	}
	a := game.Action(pit + dir*g.n)
	if !g.IsLegal(s, a) {
		return 0, fmt.Errorf("move %s: illegal", game.Quote(text))
	}
	return a, nil
}
