package kalah

import (
	"fmt"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// positionFields are the fields of the position notation, in order.
var positionFields = [...]string{"pits", "stores", "move"}

// FormatPosition writes s in the position notation (see the package comment):
//
//	pits=<south a>.<south b>...<south M>/<north a>...<north M> stores=<south>,<north> move=<south|north>
func (g *Game) FormatPosition(s *State) string {
	pit := func(p, i int) int { return s.get(g.base[p] + i) }
	return string(notation.AppendPosition(nil, g.m, pit, [2]int{s.get(g.store[0]), s.get(g.store[1])}, s.ToMove()))
}

// ParsePosition reads a position in the notation of FormatPosition: exactly the three
// fields, in order, separated by single spaces; M counts a side, decimal without signs
// or leading zeros; the pits and stores holding 2*M*N seeds in all. If the end rule
// holds in the position read (with end=either a side's pits are empty, with end=mover
// the mover's are), the game is over: the remaining seeds are moved to their owners'
// stores, as after a move, and the state returned is finished. Errors name the field.
func (g *Game) ParsePosition(text string) (State, error) {
	var s State
	vals, err := notation.Fields(text, positionFields[:]...)
	if err != nil {
		return s, err
	}
	total := 2 * g.m * g.n
	sum := 0
	rows, err := notation.Rows(vals[0], g.m, "pits")
	if err != nil {
		return s, err
	}
	for p, counts := range rows {
		for i, c := range counts {
			v, err := parseCount(c, total)
			if err != nil {
				return s, fmt.Errorf("position: pits: %s pit %c: %v", notation.Sides[p], 'a'+i, err)
			}
			s.set(g.base[p]+i, v)
			sum += v
		}
	}
	stores, err := notation.Stores(vals[1])
	if err != nil {
		return s, err
	}
	for p, c := range stores {
		v, err := parseCount(c, total)
		if err != nil {
			return s, fmt.Errorf("position: stores: %s: %v", notation.Sides[p], err)
		}
		s.set(g.store[p], v)
		sum += v
	}
	if sum != total {
		return State{}, fmt.Errorf("position: pits and stores hold %d seeds, want %d (%dx%d)", sum, total, g.m, g.n)
	}
	mover, err := notation.Mover(vals[2])
	if err != nil {
		return State{}, err
	}
	if mover == 1 {
		s.w[3] |= moverBit
	}
	s.w[3] |= uint64(g.m) << sizeShift
	g.checkEnd(&s)
	return s, nil
}

// parseCount reads a decimal count from 0 to max, without signs or leading zeros.
func parseCount(s string, max int) (int, error) {
	v, ok := notation.Count(s)
	if !ok {
		return 0, fmt.Errorf("%s is not a count", game.Quote(s))
	}
	if v > max {
		return 0, fmt.Errorf("%d is more than the %d seeds of the game", v, max)
	}
	return v, nil
}

// AppendAction appends the notation of sowing pit a: its letter, 'a' for the mover's
// pit farthest from the mover's store up to the M-th letter next to it. A turn is one
// decision, so this is also the turn's notation.
func (g *Game) AppendAction(dst []byte, s *State, a game.Action) []byte {
	return append(dst, 'a'+a)
}

// ActionString returns the notation of sowing pit a.
func (g *Game) ActionString(a game.Action) string { return string(rune('a' + a)) }

// ParseAction reads a move of the player to move in s: a pit letter ('a' to the M-th
// letter, either case) or a pit number (1 to M), counted from the mover's pit farthest
// from the mover's store. Errors say what is wrong: an unknown pit, an empty pit, or a
// finished game.
func (g *Game) ParseAction(s *State, text string) (game.Action, error) {
	var a int
	switch {
	case len(text) == 1 && text[0] >= 'a' && text[0] <= 'z':
		a = int(text[0] - 'a')
	case len(text) == 1 && text[0] >= 'A' && text[0] <= 'Z':
		a = int(text[0] - 'A')
	default:
		v, err := parseNumber(text)
		if err != nil || v < 1 {
			return 0, fmt.Errorf("move %s: unknown pit (want a letter a-%c or a number 1-%d)", game.Quote(text), 'a'+g.m-1, g.m)
		}
		a = v - 1
	}
	if a >= g.m {
		return 0, fmt.Errorf("move %s: unknown pit (want a letter a-%c or a number 1-%d)", game.Quote(text), 'a'+g.m-1, g.m)
	}
	if s.Over() {
		return 0, fmt.Errorf("move %s: the game is over", game.Quote(text))
	}
	if !g.IsLegal(s, game.Action(a)) {
		return 0, fmt.Errorf("move %s: %s's pit %c is empty", game.Quote(text), g.Sides()[s.ToMove()], 'a'+a)
	}
	return game.Action(a), nil
}
