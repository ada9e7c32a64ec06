package game

import "context"

// The parts of a game for the exact solver (package search's Solve, colony solve) and
// the tournament's exact adjudication.

// SolveKeyer is an optional interface of games whose positions' values differ only
// by the points already banked (the stores of mancala games): SolveKey hashes what
// decides the rest of the game (not the banked points), and SolveOffset returns the
// banked points from the view of the player to move, so that the value of s is
// SolveOffset(s) plus a value that depends on SolveKey(s) alone.
//
// Used by the exact solver, whose table then shares one entry among positions that
// differ only in their stores, which shrinks the search by orders of magnitude.
type SolveKeyer[S any] interface {
	SolveKey(s *S) uint64
	SolveOffset(s *S) int
}

// SolveBounder is an optional interface of SolveKeyer games that know how many points
// are still to be won: SolveRemaining(s) bounds how far the final margin can move
// from SolveOffset(s), so the value of s from its mover's view lies in
// [SolveOffset(s)-SolveRemaining(s), SolveOffset(s)+SolveRemaining(s)] (for Kalah, the
// seeds left in the pits).
//
// Used by the exact solver, which cuts off a position whose window lies outside that
// range without searching it.
type SolveBounder[S any] interface {
	SolveKeyer[S]
	SolveRemaining(s *S) int
}

// Endgamer is implemented by mancala games with endgame databases for the exact
// solver: Endgames returns the table of the exact values of every position with at
// most pieces pieces left in play (not banked), built by retrograde analysis or read
// from dir, where it is cached (dir "": not cached). A game whose pieces only ever
// leave play (Kalah: seeds go into the stores and never come out) can build such a
// table from the fewest pieces up.
//
// Used by the exact solver (SolveOptions.Endgames, colony solve --endgames).
type Endgamer[S any] interface {
	Endgames(ctx context.Context, pieces int, dir string) (EndgameTable[S], error)
}

// EndgameTable is an endgame database (see Endgamer).
type EndgameTable[S any] interface {
	// Pieces returns the most pieces left in play of the positions it holds.
	Pieces() int
	// Value returns the value of s, a position of the game not over with at most
	// Pieces pieces left in play, relative to the points banked: the final margin
	// under perfect play from the view of the player to move, minus SolveOffset.
	Value(s *S) int
	// Source says where the table came from, for reports: built (in how long) or
	// read, and its file.
	Source() string
}
