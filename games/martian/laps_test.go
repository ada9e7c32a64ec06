package martian

import (
	"math/rand/v2"
	"testing"
)

// TestLapsInRandomPositions: every move of 20,000 random positions (the pieces
// scattered over the spaces and mancalas) of a few boards, with no lap bound: the
// most laps a turn takes, pinned. No turn comes near MaxLaps.
func TestLapsInRandomPositions(t *testing.T) {
	for _, tc := range []struct {
		params string
		worst  int
	}{{"", 19}, {"2x33", 2}, {"3x32", 9}, {"4x23", 14}, {"8x3321", 28}} {
		g, err := New(tc.params)
		if err != nil {
			t.Fatal(err)
		}
		g.maxLaps = 1 << 20
		rng := rand.New(rand.NewPCG(3, 4))
		worst := 0
		for trial := 0; trial < 20000; trial++ {
			var b board
			// scatter the pieces randomly over the small spaces, some into mancalas
			for pip := 1; pip <= 3; pip++ {
				for k := 0; k < g.count[pip]; k++ {
					r := rng.IntN(2*g.n + 2)
					if r >= 2*g.n {
						b.store[r-2*g.n][pip]++
					} else {
						b.st[r] = b.st[r].push(uint8(pip))
					}
				}
			}
			p := rng.IntN(2)
			for a := 0; a < g.n; a++ {
				if b.st[p*g.n+a].zero() {
					continue
				}
				c := b
				_, laps := g.sow(&c, p, a)
				if laps > worst {
					worst = laps
				}
			}
		}
		if worst != tc.worst {
			t.Errorf("%s: at most %d laps a turn, want %d", g.Name(), worst, tc.worst)
		}
	}
}
