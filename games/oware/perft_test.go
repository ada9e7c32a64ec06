package oware

import (
	"testing"

	"github.com/colony-ai/colony/game"
)

// perft counts the sequences of exactly depth decisions from s (games that end sooner
// are not counted). A decision is a whole turn, so the counts are per decision and at
// turn boundaries alike.
func perft(g *Game, s *State, depth int) uint64 {
	stack := make([]State, depth+1) // the children's states, not one allocation each
	stack[0] = *s
	return perftStack(g, stack, depth)
}

// perftStack is perft from stack[0], with stack[1:] for the states below it.
func perftStack(g *Game, stack []State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf game.ActionBuffer
	legal := g.LegalActions(&stack[0], &buf)
	if depth == 1 {
		return uint64(len(legal))
	}
	var n uint64
	for _, a := range legal {
		stack[1] = stack[0]
		g.Apply(&stack[1], a)
		n += perftStack(g, stack[1:], depth-1)
	}
	return n
}

// refPerft is perft on the reference rules of ref_test.go.
func refPerft(g *Game, p refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves, _ := refLegal(g, p)
	var n uint64
	for _, k := range moves {
		n += refPerft(g, refApply(g, p, k), depth-1)
	}
	return n
}

// Perft from the start, depths 1..11. Oware's counts agree with those an independent
// public Awale implementation pins (through depth 12: 459,952,410); the options do
// not change them this shallow (grand slams and starved sides need longer games), and
// no Oware position repeats this early. In Ayo four positions at ply 10 repeat an
// earlier one (a1 e2 d1 b2 e1 b2 c1 e2 d1 d2 brings back the position of two plies
// before): those games are over, which takes 20 lines off depth 11 (24,070,879
// without the repetition rule).
var perftStart = map[string][]uint64{
	"oware": {6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964, 91558687},
	"ayo":   {6, 28, 130, 604, 2779, 12723, 58152, 264074, 1194747, 5375228, 24070859},
}

func TestPerft(t *testing.T) {
	for name, counts := range perftStart {
		g := mustParse(t, name)
		s := g.Start()
		for d, want := range counts {
			depth := d + 1
			if depth > 8 && testing.Short() || depth > 10 {
				break
			}
			if got := perft(g, &s, depth); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", name, depth, got, want)
			}
		}
	}
}

// TestPerftReference: perft of the fast rules equals perft of the reference, from the
// start and from a few midgame positions, for every rule set.
func TestPerftReference(t *testing.T) {
	positions := []string{
		StartPosition,
		"pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0",
		"pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=16,15 move=south quiet=0",
		"pits=3.0.4.0.1.1/0.0.0.0.0.0 stores=20,19 move=south quiet=0",
		"pits=2.3.0.1.9.2/0.1.2.2.1.12 stores=4,9 move=north quiet=3",
		"pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=13,13 move=south quiet=3",
	}
	depth := 6 // with the build tag long; 5 by default
	switch {
	case testing.Short():
		depth = 4
	case !longTests:
		depth = 5
	}
	for _, name := range ruleSets {
		g := mustParse(t, name)
		for _, pos := range positions {
			s, err := g.ParsePosition(pos)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := perft(g, &s, depth), refPerft(g, refFromState(&s), depth); got != want {
				t.Errorf("%s from %s: perft(%d) = %d, reference %d", name, pos, depth, got, want)
			}
		}
	}
}
