//go:build long

package stats

// The speed tests: a wall-clock bound on a computation is no unit test (the machine
// may be loaded), so they run with the build tag long alone (go test -tags long).

import (
	"testing"
	"time"
)

func TestBradleyTerrySpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	truth := []float64{-300, -200, -100, -50, 0, 50, 120, 250}
	games := synthetic(truth, 10000/28+1, 5)[:10000]
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	start := time.Now()
	if _, err := BradleyTerry(names, games, 200, 1); err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	t.Logf("8 players, %d games, 200 resamples: %v", len(games), el)
	if el > 10*time.Second {
		t.Errorf("took %v, want well under 2s", el)
	}
}
