package martian

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestRandomGameMetrics counts, over 10,000 seeded random games of the default rules,
// the turns, bonus moves and laps, and how much the pieces left at the end weigh:
// the figures of RULES.md ("Metrics"), pinned (go test ./games/martian -run
// TestRandomGameMetrics -v prints them).
func TestRandomGameMetrics(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	var buf game.ActionBuffer
	const games = 10000
	var turns, bonus, laps, lapTurns, leftPips, leftGames, changed int
	for i := 0; i < games; i++ {
		rng := rand.New(rand.NewPCG(1, uint64(i)))
		s := g.Start()
		for !s.Over() {
			legal := g.LegalActions(&s, &buf)
			a := legal[rng.IntN(len(legal))]
			var b board
			g.unpack(&s, &b)
			gets, n := g.sow(&b, s.ToMove(), int(a))
			if gets {
				bonus++
			}
			if laps += n; n > 0 {
				lapTurns++
			}
			turns++
			g.Apply(&s, a)
		}
		if left := g.pips - s.Store(0) - s.Store(1); left > 0 {
			leftGames++
			leftPips += left
		}
		// Would the mancalas alone have given another result?
		pts, d := g.Points(&s), s.Store(0)-s.Store(1)
		sign := func(x int) int { return min(max(x, -1), 1) }
		if sign(pts[0]-pts[1]) != sign(d) {
			changed++
		}
	}
	t.Logf("%d games: %.1f turns a game, %.1f%% of turns bonus moves (%.2f a game), %.3f laps a turn, %.1f%% of turns with a lap",
		games, float64(turns)/games, 100*float64(bonus)/float64(turns), float64(bonus)/games, float64(laps)/float64(turns), 100*float64(lapTurns)/float64(turns))
	t.Logf("pieces left at the end in %.1f%% of games, %.2f pips on average; they change the result in %.1f%% of games",
		100*float64(leftGames)/games, float64(leftPips)/float64(max(leftGames, 1)), 100*float64(changed)/games)
	got := [7]int{turns, bonus, laps, lapTurns, leftGames, leftPips, changed}
	want := [7]int{391491, 79822, 356790, 182660, 10000, 78695, 2625}
	if got != want {
		t.Errorf("turns, bonus moves, laps, turns with laps, games with pieces left, pips left, results changed = %v, want %v", got, want)
	}
}
