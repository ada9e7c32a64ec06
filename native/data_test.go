package native_test

import (
	"math"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/native"
)

// TestNativeReadGames reads a games file of The Colony: every position with its turn
// leads to the next of its game, greedy's moves are scored and random's are not, and
// the last score of the first game (a proven win) is marked proven.
func TestNativeReadGames(t *testing.T) {
	d, err := native.ReadGames("../record/testdata/games-v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	n := len(d.Positions)
	if d.Game != "colony" || n == 0 || d.Forfeits != 0 {
		t.Fatalf("game %q, %d positions, %d forfeits", d.Game, n, d.Forfeits)
	}
	for _, l := range []int{len(d.Turns), len(d.Games), len(d.Movers), len(d.Results), len(d.Scores), len(d.Scored), len(d.Proven)} {
		if l != n {
			t.Fatalf("lengths %d and %d", l, n)
		}
	}
	rs, _ := catalog.Open("colony")
	for i := 0; i+1 < n; i++ {
		if d.Games[i+1] != d.Games[i] {
			continue
		}
		next, _, err := rs.Play(d.Positions[i], []string{d.Turns[i]})
		if err != nil || next != d.Positions[i+1] {
			t.Fatalf("position %d with %q: %q, %v; the file's next %q", i, d.Turns[i], next, err, d.Positions[i+1])
		}
	}
	// Game 1: greedy (scored, scale 100) against random (not scored); greedy's last
	// move proves the win.
	if !d.Scored[0] || d.Scores[0] != 5.92 || d.Scored[1] || d.Results[0] != 1 || d.Results[1] != 0 {
		t.Fatalf("the first positions: scored %v %v, scores %v %v, results %v %v", d.Scored[0], d.Scored[1], d.Scores[0], d.Scores[1], d.Results[0], d.Results[1])
	}
	if d.Proven[30] != 1 || d.Scores[30] != 0 || math.IsNaN(d.Scores[30]) {
		t.Fatalf("the last move of game 1: proven %d, score %v", d.Proven[30], d.Scores[30])
	}
	if _, err := native.ReadGames("no-such-file.jsonl"); native.CodeOf(err) != native.Failed {
		t.Fatalf("a missing file: %v", err)
	}
}
