package oware

import "unsafe"

// State is a position between turns, a plain 24-byte value copied to branch:
//
//	rows    16 bytes: row r holds side r's six pits, one byte each, in sowing order
//	                  (South: a1..f1 in bytes 0..5; North: f2..a2 in bytes 0..5);
//	                  bytes 6 and 7 are always zero
//	stores   2 bytes: the seeds each side has captured
//	toMove   1 byte:  0 South, 1 North
//	quiet    1 byte:  plies since the last capture (or since the start)
//	legal    1 byte:  bit k set when the mover's pit k is a legal move; 0 when over
//	end      1 byte:  why the game ended (0 while it goes on)
//	                  (+2 bytes of padding)
//
// legal and end are derived from the other fields by the rules (Game.finish), so two
// states with the same pits, stores, mover and quiet count under the same Game are
// equal. The zero State is not a position: get states from Game.Start,
// Game.ParsePosition and Game.Apply.
type State struct {
	rows   [2]uint64
	stores [2]uint8
	toMove uint8
	quiet  uint8
	legal  uint8
	end    uint8
}

// The size in the comment above, checked at compile time.
var _ [24]byte = [unsafe.Sizeof(State{})]byte{}

// End reasons kept in State.end.
const (
	endNone       = iota
	endNoSeeds    // the mover has no seed on their side
	endCannotFeed // the opponent has no seeds and no move of the mover gives them one
	endQuiet      // the quiet cap: too many plies without a capture
)

// Seeds returns the seeds in pit i, in sowing order (0..5 South's a1..f1, 6..11
// North's f2..a2).
func (s *State) Seeds(i int) int { return int(s.rows[i/PitsPerSide] >> (8 * (i % PitsPerSide)) & 0xff) }

// Pit returns the seeds in the pit of side (0 South, 1 North) and column (0..5 for
// a..f).
func (s *State) Pit(side, column int) int {
	if side == 0 {
		return s.Seeds(column)
	}
	return s.Seeds(NumPits - 1 - column)
}

// Store returns the seeds side has captured.
func (s *State) Store(side int) int { return int(s.stores[side]) }

// ToMove returns the side to move: 0 South, 1 North.
func (s *State) ToMove() int { return int(s.toMove) }

// Quiet returns the number of plies since the last capture.
func (s *State) Quiet() int { return int(s.quiet) }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.legal == 0 }

// LegalMask returns the legal moves as a bit set: bit k for the mover's pit k.
func (s *State) LegalMask() uint8 { return s.legal }

// SideSeeds returns the seeds on side's row.
func (s *State) SideSeeds(side int) int { return rowSum(s.rows[side]) }

// Hash returns a 64-bit hash of everything that decides the future of s: the pits,
// the stores, the side to move and the quiet count. Two finalisers of SplitMix64 over
// the two 64-bit words that hold these 20 bytes.
func (s *State) Hash() uint64 {
	w0 := s.rows[0] | uint64(s.stores[0])<<48 | uint64(s.stores[1])<<56
	w1 := s.rows[1] | uint64(s.toMove)<<48 | uint64(s.quiet)<<56
	return splitMix(w0 ^ splitMix(w1^0x6f77617265))
}

const splitMixGamma = 0x9e3779b97f4a7c15

// splitMix is SplitMix64's output function (a bijection of 64-bit words).
func splitMix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
