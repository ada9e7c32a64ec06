package match

import (
	"testing"

	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// kalahGame is kalah 6x4, the default rules.
var kalahGame = mustKalah()

func mustKalah() *kalah.Game {
	g, err := kalah.New("")
	if err != nil {
		panic(err)
	}
	return g
}

// TestUnsearchedTurnsHaveNoScore: turns reported without a search (no depth, no
// nodes: the random player, an engine that sends no info) neither count for the
// resign and draw streaks nor break them. Counted as scores of 0, turns 1 and 2
// would make a draw (within 0 of 0 for a turn each), and turns 5 and 6 too.
func TestUnsearchedTurnsHaveNoScore(t *testing.T) {
	a := newAdjudicator[kalah.State](kalahGame, &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 100}, Draw: &record.DrawRule{Turns: 1, Score: 0}}, nil, nil)
	a.newGame([2]string{"a", "b"})
	type turn struct {
		seat     int
		score    int64
		searched bool
	}
	turns := []turn{{0, 0, false}, {1, 0, false}, {0, 200, true}, {1, -200, true}, {0, 0, false}, {1, 0, false}, {0, 200, true}, {1, -200, true}}
	for i, tc := range turns {
		v, ok := a.after(tc.seat, tc.score, tc.searched, i+1)
		if i < len(turns)-1 {
			if ok {
				t.Fatalf("turn %d: adjudicated %+v", i+1, v)
			}
			continue
		}
		want := verdict{0, record.ReasonResign, "a (south)'s score at least 1 point and b (north)'s at most -1 point for 2 turns each"}
		if !ok || v != want {
			t.Fatalf("turn %d: %+v, %v; want %+v", i+1, v, ok, want)
		}
	}
}

// TestAdjudicationReadsScoresInPoints: the resign and draw rules read each player's
// score in points by the scale of its evaluation (Bind's scale), so that one
// threshold means the same lead for a player scoring in points (a, scale 1) and one
// scoring in hundredths (b, scale 100); proven results are beyond every threshold.
func TestAdjudicationReadsScoresInPoints(t *testing.T) {
	const win = search.WinScore
	type turn struct {
		seat  int
		score int64
	}
	for _, tc := range []struct {
		name  string
		adj   record.Adjudication
		turns []turn
		want  verdict // the verdict after the last turn; none before
	}{
		{"resign at 1.5 points", record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 150}},
			[]turn{{0, 2}, {1, -150}, {0, 2}, {1, -150}},
			verdict{0, record.ReasonResign, "a (south)'s score at least 1.5 points and b (north)'s at most -1.5 points for 2 turns each"}},
		{"resign, a's 1 point is below 1.5", record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 150}},
			[]turn{{0, 2}, {1, -150}, {0, 1}, {1, -150}, {0, 2}, {1, -150}, {0, 2}},
			verdict{0, record.ReasonResign, "a (south)'s score at least 1.5 points and b (north)'s at most -1.5 points for 2 turns each"}},
		{"resign, b's -1.49 points is above -1.5", record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 150}},
			[]turn{{0, 2}, {1, -149}, {0, 2}, {1, -150}, {0, 2}, {1, -150}},
			verdict{0, record.ReasonResign, "a (south)'s score at least 1.5 points and b (north)'s at most -1.5 points for 2 turns each"}},
		{"resign, b leads by 15 points", record.Adjudication{Resign: &record.ResignRule{Turns: 1, Score: 1500}},
			[]turn{{0, -14}, {1, 1500}, {0, -15}},
			verdict{1, record.ReasonResign, "b (north)'s score at least 15 points and a (south)'s at most -15 points for 1 turns each"}},
		{"resign, proven results", record.Adjudication{Resign: &record.ResignRule{Turns: 1, Score: 100_000_000}},
			[]turn{{0, win + 3}, {1, -win}},
			verdict{0, record.ReasonResign, "a (south)'s score at least 1000000 points and b (north)'s at most -1000000 points for 1 turns each"}},
		{"draw within half a point", record.Adjudication{Draw: &record.DrawRule{Turns: 2, Score: 50}},
			[]turn{{0, 0}, {1, 50}, {0, 1}, {1, -50}, {0, 0}, {1, 50}, {0, 0}},
			verdict{-1, record.ReasonDraw, "both scores within 0.5 points of 0 for 2 turns each after turn 0"}},
		{"draw, b's 0.51 points breaks it", record.Adjudication{Draw: &record.DrawRule{Turns: 2, Score: 50}},
			[]turn{{0, 0}, {1, 51}, {0, 0}, {1, -50}, {0, 0}, {1, 50}},
			verdict{-1, record.ReasonDraw, "both scores within 0.5 points of 0 for 2 turns each after turn 0"}},
		{"draw, a proven draw of b's is no score of 0 beyond it", record.Adjudication{Draw: &record.DrawRule{Turns: 1, Score: 100_000_000}},
			[]turn{{0, 0}, {1, win}, {0, 0}, {1, -win - 2}, {0, 0}, {1, 0}},
			verdict{-1, record.ReasonDraw, "both scores within 1000000 points of 0 for 1 turns each after turn 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAdjudicator[kalah.State](kalahGame, &tc.adj, nil, map[string]int{"a": 1, "b": 100})
			a.newGame([2]string{"a", "b"})
			for i, tu := range tc.turns {
				v, ok := a.after(tu.seat, tu.score, true, i+1)
				if i < len(tc.turns)-1 {
					if ok {
						t.Fatalf("turn %d: adjudicated %+v", i+1, v)
					}
					continue
				}
				if !ok || v != tc.want {
					t.Fatalf("turn %d: %+v, %v; want %+v", i+1, v, ok, tc.want)
				}
			}
		})
	}
}
