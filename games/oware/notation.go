package oware

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/search"
)

// StartPosition is the start in the position notation.
const StartPosition = "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0"

var positionFields = [...]string{"pits", "stores", "move", "quiet"}

// FormatPosition writes s in the position notation (see the package comment).
func (g *Game) FormatPosition(s *State) string {
	b := make([]byte, 0, 64)
	b = append(b, "pits="...)
	for side := 0; side < 2; side++ {
		if side == 1 {
			b = append(b, '/')
		}
		for c := 0; c < PitsPerSide; c++ {
			if c > 0 {
				b = append(b, '.')
			}
			b = strconv.AppendInt(b, int64(s.Pit(side, c)), 10)
		}
	}
	b = append(b, " stores="...)
	b = strconv.AppendInt(b, int64(s.stores[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.stores[1]), 10)
	b = append(b, " move="...)
	b = append(b, sideNames[s.toMove]...)
	b = append(b, " quiet="...)
	b = strconv.AppendInt(b, int64(s.quiet), 10)
	return string(b)
}

// ParsePosition reads a position line (see the package comment). It checks the
// syntax, that every count is a number from 0 to 48 written without sign or leading
// zeros, that the pits and stores hold 48 seeds in all, and that quiet is at most the
// rule set's cap. A position whose mover has no legal move, or whose quiet count has
// reached the cap, is a finished game.
func (g *Game) ParsePosition(text string) (State, error) {
	var s State
	fields := strings.Split(text, " ")
	if len(fields) != len(positionFields) {
		return s, fmt.Errorf("position: want %d fields separated by single spaces (%s), got %d",
			len(positionFields), strings.Join(positionFields[:], " "), len(fields))
	}
	var vals [len(positionFields)]string
	for i, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || key != positionFields[i] {
			return s, fmt.Errorf("position: field %d is %q, want %s=...", i+1, f, positionFields[i])
		}
		vals[i] = val
	}
	rows := strings.Split(vals[0], "/")
	if len(rows) != 2 {
		return s, fmt.Errorf("position: pits: want two rows (south/north) separated by '/', got %d", len(rows))
	}
	total := 0
	for side, row := range rows {
		counts := strings.Split(row, ".")
		if len(counts) != PitsPerSide {
			return s, fmt.Errorf("position: pits: the %s row has %d counts, want %d", sideNames[side], len(counts), PitsPerSide)
		}
		for c, text := range counts {
			n, err := parseCount(text, TotalSeeds)
			if err != nil {
				return s, fmt.Errorf("position: pits: %s: %w", pitName(side, c), err)
			}
			i := c // sowing order: North's columns run backwards
			if side == 1 {
				i = NumPits - 1 - c
			}
			s.rows[i/PitsPerSide] |= uint64(n) << (8 * (i % PitsPerSide))
			total += n
		}
	}
	a, b, ok := strings.Cut(vals[1], ",")
	if !ok {
		return s, fmt.Errorf("position: stores=%q: want <south>,<north>", vals[1])
	}
	for side, text := range [2]string{a, b} {
		n, err := parseCount(text, TotalSeeds)
		if err != nil {
			return s, fmt.Errorf("position: stores: %s: %w", sideNames[side], err)
		}
		s.stores[side] = uint8(n)
		total += n
	}
	if total != TotalSeeds {
		return s, fmt.Errorf("position: pits and stores hold %d seeds; want %d", total, TotalSeeds)
	}
	switch vals[2] {
	case "south":
		s.toMove = 0
	case "north":
		s.toMove = 1
	default:
		return s, fmt.Errorf("position: move=%q, want south or north", vals[2])
	}
	q, err := parseCount(vals[3], g.quiet)
	if err != nil {
		return s, fmt.Errorf("position: quiet: %w", err)
	}
	s.quiet = uint8(q)
	g.finish(&s)
	return s, nil
}

// parseCount reads a decimal number from 0 to max, without signs or leading zeros.
func parseCount(s string, max int) (int, error) {
	if s == "" || len(s) > 3 || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("%q is not a count", s)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a count", s)
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > max {
		return 0, fmt.Errorf("%d is more than %d", n, max)
	}
	return n, nil
}

// pitName returns the name of the pit of side (0 South, 1 North) in column c (0..5).
func pitName(side, c int) string { return string([]byte{byte('a' + c), byte('1' + side)}) }

// column returns the column (0 for a .. 5 for f) of the mover's pit k in sowing order.
func column(side, k int) int {
	if side == 0 {
		return k
	}
	return PitsPerSide - 1 - k
}

// AppendAction appends the notation of decision a in s: the pit's name, a1..f1 for
// South, a2..f2 for North.
func (g *Game) AppendAction(dst []byte, s *State, a search.Action) []byte {
	side := int(s.toMove)
	return append(dst, byte('a'+column(side, int(a))), byte('1'+side))
}

// ActionString returns the notation of decision a in s.
func (g *Game) ActionString(s *State, a search.Action) string {
	return string(g.AppendAction(nil, s, a))
}

// ParseAction reads a decision of s: a pit of the mover's row, written a1..f1 (South)
// or a2..f2 (North), or the column letter alone. Errors name the problem: an unknown
// pit, a pit of the other side, an empty pit, a move the feeding or grand slam rule
// forbids, a finished game.
func (g *Game) ParseAction(s *State, text string) (search.Action, error) {
	side := int(s.toMove)
	if len(text) < 1 || len(text) > 2 || text[0] < 'a' || text[0] > 'f' ||
		(len(text) == 2 && text[1] != '1' && text[1] != '2') {
		return 0, fmt.Errorf("move %q: unknown pit (want a1..f1 or a2..f2)", text)
	}
	c := int(text[0] - 'a')
	if len(text) == 2 && int(text[1]-'1') != side {
		return 0, fmt.Errorf("move %q: the pit is %s's, and %s is to move", text, sideNames[side^1], sideNames[side])
	}
	if s.legal == 0 {
		return 0, fmt.Errorf("move %q: the game is over (%s)", text, g.EndReason(s))
	}
	k := column(side, c) // column() is its own inverse
	name := pitName(side, c)
	switch {
	case s.Seeds(side*PitsPerSide+k) == 0:
		return 0, fmt.Errorf("move %s: the pit is empty", name)
	case s.legal>>k&1 == 0 && g.feed && s.rows[side^1] == 0:
		return 0, fmt.Errorf("move %s: illegal: %s has no seeds and the move does not feed them", name, sideNames[side^1])
	case s.legal>>k&1 == 0:
		return 0, fmt.Errorf("move %s: illegal: it would capture all of %s's seeds (grandslam=illegal)", name, sideNames[side^1])
	}
	return search.Action(k), nil
}
