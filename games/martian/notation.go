package martian

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// FormatPosition writes s in the position notation, on one line:
//
//	pits=321.321.321.321.321.321/321.321.321.321.321.321 stores=-,- move=south ply=0
//
// pits: South's spaces a..N separated by '.', '/', North's spaces a..N, each space's
// pieces as their pips from the top piece down, "-" for an empty space. stores:
// South's and North's mancalas, each its pieces' pips from the largest down, "-" when
// empty. move: the player to move (in a finished game, the opponent of the player who
// moved last). ply: the turns played.
func (g *Game) FormatPosition(s *State) string {
	var b board
	g.unpack(s, &b)
	out := make([]byte, 0, 128)
	out = append(out, "pits="...)
	for j := 0; j < 2*g.n; j++ {
		switch {
		case j == g.n:
			out = append(out, '/')
		case j > 0:
			out = append(out, '.')
		}
		x := b.st[j]
		if x.zero() {
			out = append(out, '-')
		}
		for !x.zero() {
			var pip uint8
			pip, x = x.pop()
			out = append(out, '0'+pip)
		}
	}
	out = append(out, " stores="...)
	for p := 0; p < 2; p++ {
		if p == 1 {
			out = append(out, ',')
		}
		if s.store[p] == [3]uint8{} {
			out = append(out, '-')
		}
		for pip := 3; pip >= 1; pip-- {
			for k := 0; k < int(s.store[p][pip-1]); k++ {
				out = append(out, byte('0'+pip))
			}
		}
	}
	out = append(out, " move="...)
	out = append(out, notation.Sides[s.ToMove()]...)
	out = append(out, " ply="...)
	out = strconv.AppendInt(out, int64(s.ply), 10)
	return string(out)
}

// ParsePosition reads a position in the notation of FormatPosition (a mancala's
// digits may come in any order). It checks the fields (names, order, single spaces),
// N spaces a side, that every piece is 1, 2 or 3 pips, that the pieces of each size
// on the spaces and in the mancalas are those of the game, the side to move, and the
// ply (at most the move cap). Errors name the field. A position where a side's spaces
// are all empty, or whose ply is the cap, is a finished game, won by the player who
// moved last (the opponent of move=) with the pieces left on the board.
func (g *Game) ParsePosition(text string) (State, error) {
	var s State
	vals, err := notation.Fields(text, "pits", "stores", "move", "ply")
	if err != nil {
		return s, err
	}
	rows, err := notation.Rows(vals[0], g.n, "spaces")
	if err != nil {
		return s, err
	}
	var b board
	var count [4]int
	for p, row := range rows {
		for i, text := range row {
			if text == "-" {
				continue
			}
			if text == "" {
				return s, fmt.Errorf("position: pits: %s space %c is empty text, want pips or '-'", notation.Sides[p], 'a'+i)
			}
			for k := len(text) - 1; k >= 0; k-- {
				c := text[k]
				if c < '1' || c > '3' {
					return s, fmt.Errorf("position: pits: %s space %c: %q is not a stack of pieces of 1, 2 or 3 pips (top first) or '-'", notation.Sides[p], 'a'+i, text)
				}
				if count[c-'0']++; count[c-'0'] > MaxPieces {
					return s, fmt.Errorf("position: more than %d pieces", MaxPieces)
				}
				b.st[p*g.n+i] = b.st[p*g.n+i].push(c - '0')
			}
		}
	}
	stores, err := notation.Stores(vals[1])
	if err != nil {
		return s, err
	}
	for p, text := range stores {
		if text == "-" {
			continue
		}
		if text == "" || len(text) > MaxPieces {
			return s, fmt.Errorf("position: stores: %s: %q is not the pips of its pieces or '-'", notation.Sides[p], text)
		}
		for k := 0; k < len(text); k++ {
			c := text[k]
			if c < '1' || c > '3' {
				return s, fmt.Errorf("position: stores: %s: %q is not the pips of its pieces (1, 2 or 3 each) or '-'", notation.Sides[p], text)
			}
			b.store[p][c-'0']++
			count[c-'0']++
		}
	}
	for pip := 1; pip <= 3; pip++ {
		if count[pip] != g.count[pip] {
			return s, fmt.Errorf("position: %d pieces of %d pips on the spaces and in the mancalas, want %d", count[pip], pip, g.count[pip])
		}
	}
	mover, err := notation.Mover(vals[2])
	if err != nil {
		return s, err
	}
	ply, ok := notation.Count(vals[3])
	if !ok || ply > g.capK {
		return s, fmt.Errorf("position: ply=%q, want the turns played, from 0 to the move cap %d", vals[3], g.capK)
	}
	g.pack(&b, &s)
	s.ply = uint16(ply)
	s.flags = uint8(mover)
	g.settle(&b, &s, 1-mover)
	return s, nil
}

// AppendAction appends the notation of decision a to dst: the letter of the mover's
// space, "c".
func (g *Game) AppendAction(dst []byte, s *State, a game.Action) []byte {
	return append(dst, byte('a'+int(a)))
}

// ParseAction reads the notation of a decision in s: the letter of one of the mover's
// spaces ("c", or "C"). Errors say what is wrong: an unknown or empty space, a
// finished game.
func (g *Game) ParseAction(s *State, text string) (game.Action, error) {
	if s.Over() {
		return 0, fmt.Errorf("move %s: the game is over (%s)", game.Quote(text), g.EndReason(s))
	}
	t := strings.ToLower(text)
	if len(t) != 1 || t[0] < 'a' || int(t[0]-'a') >= g.n {
		return 0, fmt.Errorf("move %s: not a space letter a to %c", game.Quote(text), 'a'+g.n-1)
	}
	a := game.Action(t[0] - 'a')
	if !g.IsLegal(s, a) {
		return 0, fmt.Errorf("move %s: %s's space %c is empty", game.Quote(text), g.Sides()[s.ToMove()], t[0])
	}
	return a, nil
}
