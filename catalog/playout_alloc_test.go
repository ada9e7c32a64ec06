package catalog

import "testing"

// TestPlayoutsAllocations: the loop of random games behind Ruleset.Playouts (the
// benchmarks' GamesPlayouts) allocates nothing a game on every registered game: one
// allocation a call (the state, generator and buffer the games are played on), the
// same for 1 game as for 256.
func TestPlayoutsAllocations(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			g, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			one := testing.AllocsPerRun(5, func() { g.Playouts(1, 7) })
			many := testing.AllocsPerRun(5, func() { g.Playouts(256, 7) })
			if one > 1 || many != one {
				t.Errorf("Playouts: %v allocations for 1 game, %v for 256: want at most 1, the same for both", one, many)
			}
		})
	}
}
