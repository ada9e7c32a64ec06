package piecepack

import (
	"testing"

	"github.com/colony-ai/colony/game"
)

// perft counts the sequences of exactly depth moves from s (every decision is a
// turn, so counting at turn boundaries and per decision agree); a line on which the
// game ends before depth moves adds nothing, as in the registry's perft.
func perft(g *Game, s *State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if g.Terminal(s) {
		return 0
	}
	var buf game.ActionBuffer
	var n uint64
	for _, a := range g.LegalActions(s, &buf) {
		c := *s
		g.Apply(&c, a)
		n += perft(g, &c, depth-1)
	}
	return n
}

// perftPins are perft counts from the start of each default rule set, depths 1 up
// (the last ones are run only with the build tag long and without -short).
var perftPins = []struct {
	variant string
	counts  []uint64
	short   int // depths run by default and under -short
	ref     int // depths checked against the reference implementation
}{
	{"egyptian", []uint64{6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126}, 7, 6},
	{"ethiopian", []uint64{12, 142, 1440, 13966, 121210, 1023808, 8377422}, 5, 4},
	{"nigerian", []uint64{6, 30, 154, 756, 3618, 16610, 74413, 320706, 1345268}, 7, 6},
}

func TestPerft(t *testing.T) {
	for _, pin := range perftPins {
		g := mustGame(t, pin.variant, "")
		s := g.Start()
		for d, want := range pin.counts {
			if (testing.Short() || !longTests) && d+1 > pin.short {
				break
			}
			if got := perft(g, &s, d+1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", pin.variant, d+1, got, want)
			}
			if d+1 <= pin.ref {
				if got := refPerft(g, refStart(g), d+1); got != want {
					t.Errorf("%s reference perft(%d) = %d, want %d", pin.variant, d+1, got, want)
				}
			}
		}
	}
}
