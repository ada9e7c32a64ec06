package martian_test

import (
	"context"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/martian"
)

// TestPerft pins the turn sequences of exactly d turns from the start (a bonus move is
// a turn of its own; a line on which the game ends earlier adds nothing), computed
// with game.Perft and checked against a plain recursion over LegalActions and Apply.
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		params string
		want   []uint64 // depths 1, 2, ...
	}{
		{"", []uint64{6, 35, 174, 836, 4018, 19155, 90013}},
		{"8x3321", []uint64{8, 55, 358, 2376, 15869, 105503}},
		{"3x21", []uint64{3, 8, 18, 43, 83, 164, 281}},
	} {
		g, err := martian.New(tc.params)
		if err != nil {
			t.Fatal(err)
		}
		start := g.Start()
		for d := 1; d <= len(tc.want); d++ {
			got, err := game.Perft[martian.State](context.Background(), g, start, d)
			if err != nil {
				t.Fatal(err)
			}
			plain := perft(g, start, d)
			if got != tc.want[d-1] || plain != got {
				t.Errorf("%s: perft(%d) = %d (plain recursion %d), want %d", g.Name(), d, got, plain, tc.want[d-1])
			}
		}
	}
}

// perft counts by plain recursion.
func perft(g *martian.Game, s martian.State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf game.ActionBuffer
	var n uint64
	for _, a := range g.LegalActions(&s, &buf) {
		c := s
		g.Apply(&c, a)
		n += perft(g, c, depth-1)
	}
	return n
}
