package oware

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/notation"
)

// StartPosition is the start in the position notation.
const StartPosition = "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0"

var positionFields = [...]string{"pits", "stores", "move", "quiet"}

// FormatPosition writes s in the position notation (see the package comment): the
// position without its history (ParsePosition).
func (g *Game) FormatPosition(s *State) string {
	b := notation.AppendPosition(make([]byte, 0, 64), PitsPerSide, s.Pit, [2]int{s.Store(0), s.Store(1)}, int(s.toMove))
	b = append(b, " quiet="...)
	b = strconv.AppendInt(b, int64(s.quiet), 10)
	return string(b)
}

// ParsePosition reads a position line (see the package comment). It checks the
// syntax, that every count is a number from 0 to 48 written without sign or leading
// zeros, that the pits and stores hold 48 seeds in all, and that quiet is at most the
// rule set's cap. A position whose mover has no legal move, or whose quiet count has
// reached the cap, is a finished game. The position has no history: for the
// repetition rule it remembers only itself (as if the last capture had just been
// made), while the quiet cap counts on from its quiet count.
func (g *Game) ParsePosition(text string) (State, error) {
	var s State
	vals, err := notation.Fields(text, positionFields[:]...)
	if err != nil {
		return s, err
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
	stores, err := notation.Stores(vals[1])
	if err != nil {
		return s, err
	}
	for side, text := range stores {
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
	mover, err := notation.Mover(vals[2])
	if err != nil {
		return s, err
	}
	s.toMove = uint8(mover)
	q, err := parseCount(vals[3], g.quiet)
	if err != nil {
		return s, fmt.Errorf("position: quiet: %w", err)
	}
	s.quiet = uint16(q)
	s.restart()
	g.finish(&s)
	return s, nil
}

// parseCount reads a decimal number from 0 to max, without signs or leading zeros.
func parseCount(s string, max int) (int, error) {
	n, ok := notation.Count(s)
	if !ok {
		return 0, fmt.Errorf("%s is not a count", game.Quote(s))
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
func (g *Game) AppendAction(dst []byte, s *State, a game.Action) []byte {
	side := int(s.toMove)
	return append(dst, byte('a'+column(side, int(a))), byte('1'+side))
}

// ActionString returns the notation of decision a in s.
func (g *Game) ActionString(s *State, a game.Action) string {
	return string(g.AppendAction(nil, s, a))
}

// ParseAction reads a decision of s: a pit of the mover's row, written a1..f1 (South)
// or a2..f2 (North), or the column letter alone. Errors name the problem: an unknown
// pit, a pit of the other side, an empty pit, a move the feeding or grand slam rule
// forbids, a finished game.
func (g *Game) ParseAction(s *State, text string) (game.Action, error) {
	side := int(s.toMove)
	if len(text) < 1 || len(text) > 2 || text[0] < 'a' || text[0] > 'f' ||
		(len(text) == 2 && text[1] != '1' && text[1] != '2') {
		return 0, fmt.Errorf("move %s: unknown pit (want a1..f1 or a2..f2)", game.Quote(text))
	}
	c := int(text[0] - 'a')
	if len(text) == 2 && int(text[1]-'1') != side {
		return 0, fmt.Errorf("move %s: the pit is %s's, and %s is to move", game.Quote(text), sideNames[side^1], sideNames[side])
	}
	if s.legal == 0 {
		return 0, fmt.Errorf("move %s: the game is over (%s)", game.Quote(text), g.EndReason(s))
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
	return game.Action(k), nil
}
