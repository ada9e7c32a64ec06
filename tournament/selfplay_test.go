package tournament

import (
	"context"
	"math"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
)

// TestMoverScore counts the side to move's results by opening: the interval is
// taken over the openings' mean scores.
func TestMoverScore(t *testing.T) {
	red := colony.StartPosition // red moves
	games := []record.Record{
		{Index: 0, Round: 0, Opening: red, Winner: 0},
		{Index: 1, Round: 0, Opening: red, Winner: 1},
		{Index: 2, Round: 1, Opening: red, Winner: 0},
		{Index: 3, Round: 1, Opening: red, Winner: 0},
		{Index: 4, Round: 2, Opening: red, Winner: -1},
		{Index: 5, Round: 2, Opening: red, Winner: 0},
	}
	m, err := moverScoreOf(len(games), func(i int) (round, winner, mover int, err error) {
		return games[i].Round, games[i].Winner, 0, nil // red moves in every opening
	})
	if err != nil {
		t.Fatal(err)
	}
	// Opening means 0.5, 1, 0.75: mean 0.75, sd 0.25, half width 1.96·0.25/√3.
	want := MoverScore{Openings: 3, Games: 6, Wins: 4, Draws: 1, Losses: 1, Score: 0.75, Low: 0.75 - 1.96*0.25/math.Sqrt(3), High: 1}
	if m.Openings != want.Openings || m.Games != want.Games || m.Wins != want.Wins || m.Draws != want.Draws || m.Losses != want.Losses ||
		m.Score != want.Score || math.Abs(m.Low-want.Low) > 1e-12 || m.High != want.High {
		t.Errorf("got %+v, want %+v", m, want)
	}
	if s := m.String(); s != "75.0% [46.7%, 100.0%] (4 wins, 1 draws, 1 losses in 6 games from 3 openings)" {
		t.Errorf("String %q", s)
	}
	// Round 1 went to the first player twice; round 0 to each side once, round 2
	// had a draw.
	if s := m.PairsText(); m.FirstBoth != 1 || m.SecondBoth != 0 || s != "1 of 3 pairs split one game each (the first player won both games of 1, the second of 0)" {
		t.Errorf("pairs %d, %d: %q", m.FirstBoth, m.SecondBoth, s)
	}
	lost, err := moverScoreOf(2, func(i int) (round, winner, mover int, err error) { return 0, 1, 0, nil })
	if err != nil || lost.SecondBoth != 1 || lost.FirstBoth != 0 {
		t.Errorf("a pair the second player won twice: %+v, %v", lost, err)
	}
}

// TestSelfPlayScore plays a tiny self-play run: every game counted once, by the
// side to move in its opening.
func TestSelfPlayScore(t *testing.T) {
	g := match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil)
	m, err := SelfPlay(context.Background(), g, "ab:depth=1", record.Openings{RandomTurns: 2}, 3, 9, 2)
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != 6 || m.Openings != 3 || m.Wins+m.Draws+m.Losses != 6 || m.Low > m.Score || m.High < m.Score {
		t.Errorf("got %+v", m)
	}
	again, err := SelfPlay(context.Background(), g, "ab:depth=1", record.Openings{RandomTurns: 2}, 3, 9, 1)
	if err != nil || again != m {
		t.Errorf("again with concurrency 1: %+v, %v; want %+v", again, err, m)
	}
}
