//go:build !linux

package search

// newSolveTable returns a zeroed table of n buckets and the function that frees it.
func newSolveTable(n int) ([][solveBucket]solveEntry, func()) {
	return make([][solveBucket]solveEntry, n), func() {}
}
