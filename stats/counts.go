package stats

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCount bounds each count that ParsePentanomial and ParseWDL read, so that their
// sums cannot overflow.
const MaxCount = 1_000_000_000_000

// ParsePentanomial reads pair counts written N0,N1,N2,N3,N4 (see Pentanomial), each a
// whole number from 0 to MaxCount.
func ParsePentanomial(text string) (Pentanomial, error) {
	var p Pentanomial
	return p, parseCounts(text, "N0,N1,N2,N3,N4", p[:])
}

// ParseWDL reads game counts written W,D,L: wins, draws and losses, each a whole
// number from 0 to MaxCount.
func ParseWDL(text string) (WDL, error) {
	var c [3]int
	if err := parseCounts(text, "W,D,L", c[:]); err != nil {
		return WDL{}, err
	}
	return WDL{Wins: c[0], Draws: c[1], Losses: c[2]}, nil
}

// parseCounts reads the comma-separated counts of text into counts, which has as
// many as form ("W,D,L") has fields.
func parseCounts(text, form string, counts []int) error {
	fields := strings.Split(text, ",")
	if len(fields) != len(counts) {
		return fmt.Errorf("want %d counts %s, got %q", len(counts), form, text)
	}
	for i, s := range fields {
		s = strings.TrimSpace(s)
		n, err := strconv.ParseInt(s, 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange):
			return fmt.Errorf("count %q is too large (at most %d)", s, MaxCount)
		case err != nil:
			return fmt.Errorf("count %q is not an integer", s)
		case n < 0:
			return fmt.Errorf("count %d is negative", n)
		case n > MaxCount:
			return fmt.Errorf("count %d is too large (at most %d)", n, MaxCount)
		}
		counts[i] = int(n)
	}
	return nil
}
