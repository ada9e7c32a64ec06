package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/colony-ai/colony/game"
)

// nim is a toy game that shows the search code is not tied to The Colony: a pile of
// stones, and a turn takes 1 to 3 of them in up to three decisions (take one, then
// take another or stop). Whoever takes the last stone wins, by a margin of 1. The
// player to move loses exactly when the pile is a multiple of 4.
type nim struct{}

type nimState struct {
	pile   int
	toMove int
	taken  int // stones taken so far in this turn (0: the turn has not started)
}

const (
	nimTake game.Action = 0
	nimStop game.Action = 1
)

func (nim) LegalActions(s *nimState, dst *game.ActionBuffer) []game.Action {
	if s.pile == 0 {
		return dst[:0]
	}
	if s.taken == 0 {
		dst[0] = nimTake
		return dst[:1]
	}
	dst[0], dst[1] = nimTake, nimStop
	return dst[:2]
}

func (nim) Apply(s *nimState, a game.Action) {
	if a == nimTake {
		s.pile--
		s.taken++
	}
	if a == nimStop || s.taken == 3 || s.pile == 0 {
		s.taken = 0
		if s.pile > 0 {
			s.toMove ^= 1
		}
	}
}

func (nim) ToMove(s *nimState) int        { return s.toMove }
func (nim) TurnStart(s *nimState) bool    { return s.taken == 0 }
func (nim) Terminal(s *nimState) bool     { return s.pile == 0 }
func (nim) Result(s *nimState) (int, int) { return s.toMove, 1 } // the last taker is still "to move"
func (nim) Hash(s *nimState) uint64 {
	return uint64(s.pile)*0x9e3779b97f4a7c15 ^ uint64(s.toMove)<<1 ^ uint64(s.taken)<<2
}

// nimEval knows nothing: every position looks even.
type nimEval struct{}

func (nimEval) Evaluate(*nimState) int { return 0 }

func TestSearchPlaysAnotherGame(t *testing.T) {
	specs := []string{"minimax:depth=12", "ab:depth=12", "ab:depth=12,tt=0", "mcts:sims=4000"}
	for _, spec := range specs {
		for pile := 1; pile <= 11; pile++ {
			t.Run(fmt.Sprintf("%s/pile=%d", spec, pile), func(t *testing.T) {
				p, err := New[nimState](nim{}, nimEval{}, spec, Options{})
				if err != nil {
					t.Fatal(err)
				}
				s := nimState{pile: pile}
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				c := s
				for i, a := range d.Actions {
					nim{}.Apply(&c, a)
					if last := i == len(d.Actions)-1; (nim{}).TurnStart(&c) != last {
						t.Fatalf("decisions %v are not one whole turn", d.Actions)
					}
				}
				winning := pile%4 != 0
				if winning && c.pile%4 != 0 {
					t.Fatalf("from a winning pile of %d, %s left %d (not a multiple of 4)", pile, spec, c.pile)
				}
				if spec[0] != 'm' || spec[1] != 'c' { // exact searches also report the value
					wantWin := winning
					if got := d.Score > 0; got != wantWin || !IsWin(d.Score) {
						t.Fatalf("pile %d: %s scores %d, want a proven %v", pile, spec, d.Score, map[bool]string{true: "win", false: "loss"}[wantWin])
					}
				}
			})
		}
	}
}
