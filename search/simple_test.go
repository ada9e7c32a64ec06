package search

import (
	"context"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
)

func TestSimplePlayersPlayWholeTurns(t *testing.T) {
	for _, spec := range []string{"random", "random:seed=7", "greedy", "minimax:depth=1"} {
		t.Run(spec, func(t *testing.T) {
			p := newPlayer(t, colonyGame, spec, Options{})
			s := colonyGame.Rules.Start()
			for turn := 0; turn < 6 && !s.Over(); turn++ {
				_, s = checkedPlay(t, colonyGame, p, s)
			}
		})
	}
}

// TestGreedyIsMinimaxOneTurn checks that the greedy player's turn scores what minimax
// at depth 1 says the position is worth, and that it is deterministic for a seed.
func TestGreedyIsMinimaxOneTurn(t *testing.T) {
	mm := NewMinimax[colony.State](colonyGame, colony.Score{}, 1)
	var positions []colony.State // every ninth turn of ten random games
	for seed := range uint64(10) {
		positions = append(positions, atTurns(randomGame(colonyGame, seed, 77), 0, 9)...)
	}
	for i, s := range positions {
		g1 := NewGreedy[colony.State](colonyGame, colony.Score{}, 5)
		g2 := NewGreedy[colony.State](colonyGame, colony.Score{}, 5)
		d1, err := g1.Play(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		d2, _ := g2.Play(context.Background(), &s)
		if !slices.Equal(d1.Actions, d2.Actions) {
			t.Fatalf("position %d: greedy with one seed played %v and %v", i, d1.Actions, d2.Actions)
		}
		if want := mm.Value(context.Background(), &s); d1.Score != want {
			t.Fatalf("position %d (%v): greedy scores %d, minimax depth 1 %d", i, s, d1.Score, want)
		}
	}
}

// TestMinimaxScoresGameEnds checks that a line ending the game scores as an outcome
// (WinScore plus the margin), not as an evaluation: Black's only log is B6, whose egg
// lands on Red's ant at B5; Black has no ant to move, and Red is left with nothing to
// select, so Red wins 37-20.
func TestMinimaxScoresGameEnds(t *testing.T) {
	s, err := colonyGame.Rules.ParsePosition("eggs=10.0.0.0.0.0/0.0.0.0.0.1.0/0.0.0.0.7.0 red=A1,B5,C5 black=- hand=3,6 store=19,20 move=black ants=optional turn=9")
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 3; depth++ {
		d, err := NewMinimax[colony.State](colonyGame, colony.Score{}, depth).Play(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		if want := -(WinScore + 17); d.Score != want || len(d.Actions) != 1 {
			t.Fatalf("depth %d: minimax plays %v scoring %d, want B6 scoring %d (a loss by 17)", depth, d.Actions, d.Score, want)
		}
	}
}
