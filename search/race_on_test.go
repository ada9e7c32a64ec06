//go:build race

package search

// raceEnabled reports a build with the race detector, whose own memory and speed
// the memory measurements of TestMCTSResident are not made for: it is skipped.
const raceEnabled = true
