package search

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
)

// hugeEval is an absurd evaluation: the egg lead times a billion, in either sign
// (what a weights file with a huge weight, or a network with a huge output scale,
// gives); zero when the lead is zero.
type hugeEval struct{}

func (hugeEval) Evaluate(s *colony.State) int { return colony.Score{}.Evaluate(s) * 1_000_000_000 }

// TestEvaluationsClamped checks that the searches that mix evaluations with the
// scores of finished games clamp the evaluations below them (EvalLimit): with an
// absurd evaluation, alpha-beta finishes its iterations (its aspiration windows open
// up to the values) rather than loop, no score passes for a proven result, and
// alpha-beta, minimax and greedy agree.
func TestEvaluationsClamped(t *testing.T) {
	var positions []colony.State
	for seed := range uint64(4) {
		positions = append(positions, atTurns(randomGame(colonyGame, seed, 30), 2, 8)...)
	}
	for i, s := range positions {
		for _, depth := range []int{1, 2} {
			// The context only bounds a search that loops (the test then fails).
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			ab, err := New[colony.State](colonyGame, hugeEval{}, "ab:depth="+strconv.Itoa(depth), Options{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := ab.Play(ctx, &s)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if d.Depth != depth {
				t.Fatalf("position %d (%v): alpha-beta to depth %d finished depth %d only", i, s, depth, d.Depth)
			}
			mm := NewMinimax[colony.State](colonyGame, hugeEval{}, depth).Value(context.Background(), &s)
			if d.Score != mm {
				t.Errorf("position %d depth %d: alpha-beta scores %d, minimax %d", i, depth, d.Score, mm)
			}
			// No game ends within two turns of these positions.
			if IsWin(mm) || mm > WinScore/2 || mm < -WinScore/2 {
				t.Errorf("position %d depth %d: minimax scores %d, not an evaluation clamped below the scores of results", i, depth, mm)
			}
			if depth == 1 {
				g, err := NewGreedy[colony.State](colonyGame, hugeEval{}, 1).Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				if g.Score != mm {
					t.Errorf("position %d: greedy scores %d, minimax at depth 1 %d", i, g.Score, mm)
				}
			}
		}
	}
}

// TestMinimaxStops checks that minimax and greedy end their search soon after ctx is
// done, with a whole legal turn: minimax at its largest depth, which would take ages,
// given a context cancelled after a while or one already done.
func TestMinimaxStops(t *testing.T) {
	s := colonyGame.Rules.Start()
	for _, spec := range []string{"minimax:depth=64", "greedy"} {
		for _, after := range []time.Duration{0, 200 * time.Millisecond} {
			p := newPlayer(t, colonyGame, spec, Options{})
			ctx, cancel := context.WithCancel(context.Background())
			if after == 0 {
				cancel()
			} else {
				time.AfterFunc(after, cancel)
			}
			type result struct {
				d   Decision
				err error
			}
			done := make(chan result, 1)
			go func() {
				d, err := p.Play(ctx, &s)
				done <- result{d, err}
			}()
			select {
			case r := <-done:
				if r.err != nil {
					t.Fatalf("%s: %v", spec, r.err)
				}
				checkTurn(t, colonyGame, s, r.d)
				if spec != "greedy" && r.d.Depth != 0 {
					t.Errorf("%s stopped: Depth %d, want 0 (no search finished)", spec, r.d.Depth)
				}
			case <-time.After(after + 10*time.Second):
				t.Fatalf("%s: the search goes on 10 s after its context is done", spec)
			}
			cancel()
		}
	}
}
