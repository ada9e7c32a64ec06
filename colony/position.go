package colony

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// StartPosition is the start position in the position notation.
const StartPosition = "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1"

// rowEnds are the first logs of rows B and C and the end of row C.
var rowEnds = [3]int{6, 13, NumLogs}

// String writes the position in the project's one-line notation:
//
//	eggs=<A1>.<A2>...<A6>/<B1>...<B7>/<C1>...<C6> red=<logs|-> black=<logs|-> hand=<red>,<black> store=<red>,<black> move=<red|black> ants=<optional|mandatory> turn=<n>
//
// The notation describes positions between turns; a state in the middle of a turn is
// written the same way, which loses the turn in progress.
func (s State) String() string {
	var sb strings.Builder
	sb.Grow(100)
	sb.WriteString("eggs=")
	for l := 0; l < NumLogs; l++ {
		if l > 0 {
			if l == rowEnds[0] || l == rowEnds[1] {
				sb.WriteByte('/')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteString(strconv.Itoa(int(s.eggs[l])))
	}
	for c := Red; c <= Black; c++ {
		sb.WriteString(" " + c.String() + "=")
		if s.ants[c] == 0 {
			sb.WriteByte('-')
		}
		for m, first := s.ants[c], true; m != 0; m &= m - 1 {
			if !first {
				sb.WriteByte(',')
			}
			first = false
			sb.WriteString(Log(bits.TrailingZeros32(m)).String())
		}
	}
	fmt.Fprintf(&sb, " hand=%d,%d store=%d,%d move=%v ants=", s.hand[Red], s.hand[Black], s.store[Red], s.store[Black], s.toMove)
	if s.mandatory {
		sb.WriteString("mandatory")
	} else {
		sb.WriteString("optional")
	}
	fmt.Fprintf(&sb, " turn=%d", s.turn)
	return sb.String()
}

var positionFields = [...]string{"eggs", "red", "black", "hand", "store", "move", "ants", "turn"}

// ParsePosition reads a position line (see State.String). It checks the syntax, that
// there are 19 egg counts, that ant logs are known and no log holds two ants, that each
// colour has 6 ants on the board and in hand, and that the eggs on the board and in the
// stores add up to 57. The position is between turns; if the player to move cannot
// select a log, or the turn is past the turn cap, the returned state is a finished game.
func (r *Rules) ParsePosition(text string) (State, error) {
	var s State
	fields := strings.Split(text, " ")
	if len(fields) != len(positionFields) {
		return s, fmt.Errorf("position: want %d fields separated by single spaces (%s), got %d",
			len(positionFields), strings.Join(positionFields[:], " "), len(fields))
	}
	vals := make([]string, len(fields))
	for i, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || key != positionFields[i] {
			return s, fmt.Errorf("position: field %d is %q, want %s=...", i+1, f, positionFields[i])
		}
		vals[i] = val
	}
	if err := parseEggs(vals[0], &s); err != nil {
		return s, fmt.Errorf("position: eggs: %w", err)
	}
	for c := Red; c <= Black; c++ {
		m, err := parseLogList(vals[1+c])
		if err != nil {
			return s, fmt.Errorf("position: %v: %w", c, err)
		}
		s.ants[c] = m
	}
	if both := s.ants[Red] & s.ants[Black]; both != 0 {
		return s, fmt.Errorf("position: log %v holds a red and a black ant", Log(bits.TrailingZeros32(both)))
	}
	hand, err := parsePair(vals[3], AntsPerSide)
	if err != nil {
		return s, fmt.Errorf("position: hand: %w", err)
	}
	store, err := parsePair(vals[4], TotalEggs)
	if err != nil {
		return s, fmt.Errorf("position: store: %w", err)
	}
	for c := Red; c <= Black; c++ {
		s.hand[c], s.store[c] = uint8(hand[c]), uint8(store[c])
		if on := bits.OnesCount32(s.ants[c]); on+hand[c] != AntsPerSide {
			return s, fmt.Errorf("position: %v has %d ants on the board and %d in hand; want %d in all", c, on, hand[c], AntsPerSide)
		}
	}
	total := store[0] + store[1]
	for _, e := range s.eggs {
		total += int(e)
	}
	if total != TotalEggs {
		return s, fmt.Errorf("position: %d eggs on the board and in the stores; want %d", total, TotalEggs)
	}
	switch vals[5] {
	case "red":
		s.toMove = Red
	case "black":
		s.toMove = Black
	default:
		return s, fmt.Errorf("position: move=%q, want red or black", vals[5])
	}
	switch vals[6] {
	case "optional":
	case "mandatory":
		s.mandatory = true
	default:
		return s, fmt.Errorf("position: ants=%q, want optional or mandatory", vals[6])
	}
	turn, err := parseCount(vals[7], 60000)
	if err != nil || turn < 1 {
		return s, fmt.Errorf("position: turn=%q, want a number from 1 to 60000", vals[7])
	}
	s.turn = uint16(turn)
	for l := range s.eggs {
		if s.eggs[l] > 0 {
			s.filled |= 1 << l
		}
	}
	s.hash = s.ComputeHash()
	r.checkEnd(&s)
	return s, nil
}

// parseCount reads a decimal number from 0 to max, without signs or leading zeros.
func parseCount(s string, max int) (int, error) {
	if s == "" || len(s) > 5 || (len(s) > 1 && s[0] == '0') {
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

func parseEggs(v string, s *State) error {
	rows := strings.Split(v, "/")
	if len(rows) != 3 {
		return fmt.Errorf("want three rows separated by '/', got %d", len(rows))
	}
	l := 0
	for i, row := range rows {
		counts := strings.Split(row, ".")
		want := rowEnds[i] - l
		if len(counts) != want {
			return fmt.Errorf("row %c has %d counts, want %d", 'A'+i, len(counts), want)
		}
		for _, c := range counts {
			n, err := parseCount(c, TotalEggs)
			if err != nil {
				return fmt.Errorf("log %v: %w", Log(l), err)
			}
			s.eggs[l] = uint8(n)
			l++
		}
	}
	return nil
}

// parseLogList reads "-" or a comma-separated list of logs in canonical order.
func parseLogList(v string) (uint32, error) {
	if v == "-" {
		return 0, nil
	}
	var m uint32
	last := -1
	for _, name := range strings.Split(v, ",") {
		l, err := ParseLog(name)
		if err != nil {
			return 0, err
		}
		if int(l) <= last {
			if int(l) == last {
				return 0, fmt.Errorf("log %v listed twice", l)
			}
			return 0, fmt.Errorf("logs not in canonical order (%v after %v)", l, Log(last))
		}
		last = int(l)
		m |= 1 << l
	}
	return m, nil
}

func parsePair(v string, max int) ([2]int, error) {
	a, b, ok := strings.Cut(v, ",")
	if !ok {
		return [2]int{}, fmt.Errorf("%q: want <red>,<black>", v)
	}
	x, err := parseCount(a, max)
	if err != nil {
		return [2]int{}, err
	}
	y, err := parseCount(b, max)
	if err != nil {
		return [2]int{}, err
	}
	return [2]int{x, y}, nil
}
