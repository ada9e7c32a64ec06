package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
)

var colonyGame = NewColony(nil)

func TestSimplePlayersPlayWholeTurns(t *testing.T) {
	for _, spec := range []string{"random", "random:seed=7", "greedy", "minimax:depth=1"} {
		t.Run(spec, func(t *testing.T) {
			p, err := New[colony.State](colonyGame, eval.Score{}, spec, Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := colonyGame.Rules.Start()
			for turn := 0; turn < 6 && !s.Over(); turn++ {
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				before := s
				for i, a := range d.Actions {
					if !colonyGame.Rules.IsLegal(&s, colony.Action(a)) {
						t.Fatalf("turn %d: decision %d (%s) is not legal", turn, i, colonyGame.Rules.ActionString(colony.Action(a)))
					}
					colonyGame.Apply(&s, a)
					if last := i == len(d.Actions)-1; colonyGame.TurnStart(&s) != last {
						t.Fatalf("turn %d: the decisions %v do not make exactly one turn from %v", turn, d.Actions, before)
					}
				}
			}
		})
	}
}

// randomPositions returns turn-boundary positions from seeded random games.
func randomPositions(t testing.TB, games, every int) []colony.State {
	t.Helper()
	var out []colony.State
	r := colonyGame.Rules
	for g := 0; g < games; g++ {
		rng := rand.NewPCG(uint64(g), 77)
		s := r.Start()
		for !s.Over() {
			if s.Phase() == colony.PhaseSelect && s.Turn()%every == 0 {
				out = append(out, s)
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	return out
}

// TestGreedyIsMinimaxOneTurn checks that the greedy player's turn scores what minimax
// at depth 1 says the position is worth, and that it is deterministic for a seed.
func TestGreedyIsMinimaxOneTurn(t *testing.T) {
	mm := NewMinimax[colony.State](colonyGame, eval.Score{}, 1)
	for i, s := range randomPositions(t, 10, 9) {
		g1 := NewGreedy[colony.State](colonyGame, eval.Score{}, 5)
		g2 := NewGreedy[colony.State](colonyGame, eval.Score{}, 5)
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
		d, err := NewMinimax[colony.State](colonyGame, eval.Score{}, depth).Play(context.Background(), &s)
		if err != nil {
			t.Fatal(err)
		}
		if want := -(WinScore + 17); d.Score != want || len(d.Actions) != 1 {
			t.Fatalf("depth %d: minimax plays %v scoring %d, want B6 scoring %d (a loss by 17)", depth, d.Actions, d.Score, want)
		}
	}
}
