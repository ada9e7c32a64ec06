package kalah

import (
	"testing"

	"github.com/colony-ai/colony/game"
)

// perft counts the move sequences of exactly depth moves from s (a move is a decision
// and a turn; an extra turn is a new move by the same player); a line on which the game
// ends before depth moves adds nothing. perft(s, 0) is 1.
func perft(g *Game, s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf game.ActionBuffer
	legal := g.LegalActions(&s, &buf)
	if depth == 1 {
		return uint64(len(legal))
	}
	var n uint64
	for _, a := range legal {
		c := s
		g.Apply(&c, a)
		n += perft(g, c, depth-1)
	}
	return n
}

// refPerft is perft on the reference implementation.
func refPerft(r *ref, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, a := range r.legal() {
		c := *r
		c.pits = [2][]int{append([]int(nil), r.pits[0]...), append([]int(nil), r.pits[1]...)}
		c.move(int(a))
		n += refPerft(&c, depth-1)
	}
	return n
}

// perftCounts are perft from the start for depths 1, 2, ...: the capture rule changes
// them from depth 5, the end rule from depth 10 (6x4) or 7 (4x3). Depths up to 7 are
// checked against the reference implementation too.
var perftCounts = map[string][]uint64{
	"":                 {6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126, 13394138},
	"capture=nonempty": {6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490, 13519607},
	"end=mover":        {6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126, 13394143},
	"4x3":              {4, 15, 50, 158, 488, 1507, 4621, 14011, 41335, 118427, 331638, 902040},
}

func TestPerft(t *testing.T) {
	for params, want := range perftCounts {
		g := mustNew(t, params)
		s := g.Start()
		for d := 1; d <= len(want); d++ {
			if testing.Short() && d > 8 {
				break
			}
			if got := perft(g, s, d); got != want[d-1] {
				t.Errorf("%s perft(%d) = %d, want %d", g.Name(), d, got, want[d-1])
			}
			if d <= 7 {
				if got := refPerft(newRef(g, &s), d); got != want[d-1] {
					t.Errorf("%s reference perft(%d) = %d, want %d", g.Name(), d, got, want[d-1])
				}
			}
		}
	}
}
