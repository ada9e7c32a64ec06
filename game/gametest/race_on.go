//go:build race

package gametest

// raceEnabled reports a build with the race detector, which allocates on its own:
// the allocation checks are skipped.
const raceEnabled = true
