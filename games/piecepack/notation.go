package piecepack

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/search"
)

// FormatPosition writes s in the position notation (see the package documentation):
// "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", with " ply=K" under a move cap.
func (g *Game) FormatPosition(s *State) string {
	b := make([]byte, 0, 96)
	b = append(b, "pits="...)
	for p := 0; p < 2; p++ {
		if p == 1 {
			b = append(b, '/')
		}
		for i := 0; i < g.n; i++ {
			if i > 0 {
				b = append(b, '.')
			}
			b = strconv.AppendUint(b, uint64(s.cells[MaxTiles*p+i]), 10)
		}
	}
	b = append(b, " stores="...)
	b = strconv.AppendUint(b, uint64(s.cells[southStore]), 10)
	b = append(b, ',')
	b = strconv.AppendUint(b, uint64(s.cells[northStore]), 10)
	b = append(b, " move="...)
	b = append(b, g.Sides()[s.toMove]...)
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
	fields := strings.Split(text, " ")
	if len(fields) != len(names) {
		return s, fmt.Errorf("position: want %d fields separated by single spaces (%s), got %d",
			len(names), strings.Join(names, " "), len(fields))
	}
	vals := make([]string, len(fields))
	for i, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || key != names[i] {
			return s, fmt.Errorf("position: field %d is %q, want %s=...", i+1, f, names[i])
		}
		vals[i] = val
	}
	total := 0
	sides := strings.Split(vals[0], "/")
	if len(sides) != 2 {
		return s, fmt.Errorf("position: pits: want two sides separated by '/', got %d", len(sides))
	}
	for p, side := range sides {
		counts := strings.Split(side, ".")
		if len(counts) != g.n {
			return s, fmt.Errorf("position: pits: %s has %d tiles, want %d", g.Sides()[p], len(counts), g.n)
		}
		for i, c := range counts {
			v, err := parseSmall(c)
			if err != nil || v > MaxCoins {
				return s, fmt.Errorf("position: pits: %s tile %c: %q is not a count from 0 to %d", g.Sides()[p], 'a'+i, c, MaxCoins)
			}
			s.cells[MaxTiles*p+i] = uint8(v)
			total += v
		}
	}
	stores := strings.Split(vals[1], ",")
	if len(stores) != 2 {
		return s, fmt.Errorf("position: stores: want two counts separated by ',', got %q", vals[1])
	}
	for p, c := range stores {
		v, err := parseSmall(c)
		if err != nil || v > MaxCoins {
			return s, fmt.Errorf("position: stores: %s: %q is not a count from 0 to %d", g.Sides()[p], c, MaxCoins)
		}
		s.cells[southStore+p] = uint8(v)
		total += v
	}
	if want := 2 * g.n * g.c; total != want {
		return s, fmt.Errorf("position: pits and stores hold %d coins, want %d", total, want)
	}
	switch vals[2] {
	case "south":
	case "north":
		s.toMove = 1
	default:
		return s, fmt.Errorf("position: move=%q, want south or north", vals[2])
	}
	if g.capK > 0 {
		v, err := parseSmall(vals[3])
		if err != nil || v > g.capK {
			return s, fmt.Errorf("position: ply=%q, want a number of moves from 0 to the cap %d", vals[3], g.capK)
		}
		s.ply = uint16(v)
	}
	g.settle(&s)
	return s, nil
}

// AppendAction appends the notation of decision a to dst: the mover's tile letter,
// "c", followed in Ethiopian by "<" when sowing to the left.
func (g *Game) AppendAction(dst []byte, s *State, a search.Action) []byte {
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
func (g *Game) ParseAction(s *State, text string) (search.Action, error) {
	if text == "" {
		return 0, fmt.Errorf("move: empty")
	}
	if s.end != inPlay {
		return 0, fmt.Errorf("move %q: the game is over (%s)", text, g.EndReason(s))
	}
	letter := text[0]
	if letter >= 'A' && letter <= 'Z' {
		letter += 'a' - 'A'
	}
	pit := int(letter) - 'a'
	if pit < 0 || pit >= g.n {
		return 0, fmt.Errorf("move %q: unknown tile %q (the tiles are a to %c)", text, text[:1], 'a'+g.n-1)
	}
	dir := 0
	switch rest := text[1:]; rest {
	case "", ">":
	case "<":
		if g.variant != Ethiopian {
			return 0, fmt.Errorf("move %q: only ethiopian sows to the left", text)
		}
		dir = 1
	default:
		return 0, fmt.Errorf("move %q: %q after the tile letter, want nothing, < or >", text, rest)
	}
	switch v := s.cells[MaxTiles*int(s.toMove)+pit]; {
	case v == 0:
		return 0, fmt.Errorf("move %q: %s's tile %c is empty", text, g.Sides()[s.toMove], 'a'+pit)
	case v < g.minStart:
		return 0, fmt.Errorf("move %q: %s's tile %c has only one coin", text, g.Sides()[s.toMove], 'a'+pit)
	}
	a := search.Action(pit + dir*g.n)
	if !g.IsLegal(s, a) {
		return 0, fmt.Errorf("move %q: illegal", text)
	}
	return a, nil
}
