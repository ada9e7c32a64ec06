package oware

import (
	"unsafe"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// MaxQuiet is the largest quiet cap (quiet=), and the number of positions a State can
// remember for the repetition rule: with the cap at most MaxQuiet, every position of
// a game since the last capture that is not its last fits.
const MaxQuiet = 100

// State is a position between turns with the positions played since the last capture,
// a plain 832-byte value copied to branch:
//
//	rows     16 bytes: row r holds side r's six pits, one byte each, in sowing order
//	                   (South: a1..f1 in bytes 0..5; North: f2..a2 in bytes 0..5);
//	                   bytes 6 and 7 are always zero
//	digest    8 bytes: the XOR of digestTerm over the positions in hist (for
//	                   the hash)
//	stores    2 bytes: the seeds each side has captured
//	toMove    1 byte:  0 South, 1 North
//	quiet     1 byte:  plies since the last capture (or since the start)
//	legal     1 byte:  bit k set when the mover's pit k is a legal move; 0 when over
//	end       1 byte:  why the game ended (0 while it goes on)
//	nhist     1 byte:  the keys in hist
//	                   (+1 byte of padding)
//	hist    800 bytes: the keys (keyOf) of the positions since the last capture, in
//	                   the order played, the current one last (when it fits); a parsed
//	                   position starts with itself alone. Entries from nhist on are
//	                   zero.
//
// legal and end are derived from the other fields by the rules (Game.finish), so two
// states with the same pits, stores, mover, quiet count and history under the same
// Game are equal. The zero State is not a position: get states from Game.Start,
// Game.ParsePosition and Game.Apply.
type State struct {
	rows   [2]uint64
	digest uint64
	stores [2]uint8
	toMove uint8
	quiet  uint8
	legal  uint8
	end    uint8
	nhist  uint8
	hist   [MaxQuiet]uint64
}

// The size in the comment above, checked at compile time.
var _ [832]byte = [unsafe.Sizeof(State{})]byte{}

// End reasons kept in State.end.
const (
	endNone       = iota
	endNoSeeds    // the mover has no seed on their side
	endCannotFeed // the opponent has no seeds and no move of the mover gives them one
	endQuiet      // the quiet cap: too many plies without a capture
	endRepeat     // the last move repeated a position seen since the last capture
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

// HistoryLen returns the number of positions s remembers for the repetition rule: the
// positions since the last capture, the current one included, or since the position
// was parsed if no capture came after it.
func (s *State) HistoryLen() int { return int(s.nhist) }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.legal == 0 }

// LegalMask returns the legal moves as a bit set: bit k for the mover's pit k.
func (s *State) LegalMask() uint8 { return s.legal }

// SideSeeds returns the seeds on side's row.
func (s *State) SideSeeds(side int) int { return rowSum(s.rows[side]) }

// Hash returns a 64-bit hash of everything that decides the future of s: the pits,
// the stores, the side to move, the quiet count, the set of positions since the last
// capture and whether the move to s repeated one of them (the repetition rule).
// SplitMix64's finaliser over the history's digest, then over each of the two 64-bit
// words that hold the other fields. States with the same hash have the same future
// (up to 64-bit collisions); the order in which the earlier positions came does not
// change the hash.
func (s *State) Hash() uint64 {
	w0 := s.rows[0] | uint64(s.stores[0])<<48 | uint64(s.stores[1])<<56
	w1 := s.rows[1] | uint64(s.toMove|s.end<<1)<<48 | uint64(s.quiet)<<56
	return splitmix.Mix(w0 ^ splitmix.Mix(w1^splitmix.Mix(s.digest^0x6f77617265)))
}

// keyWeight[i] is 49^i for pits 0..10 in sowing order and 0 for pit 11 (North's a2).
var keyWeight = func() (w [NumPits]uint64) {
	x := uint64(1)
	for i := 0; i < NumPits-1; i++ {
		w[i] = x
		x *= TotalSeeds + 1
	}
	return w
}()

// keyOf returns the key of the pits rows: the counts of pits 0..10 in sowing order as
// the digits of a number in base 49, Σ c_i·49^i < 49^11 < 2^63. Pit 11 is left out,
// so the key is exact between positions with the same number of seeds on the board:
// two of them have the same key exactly when they have the same pits. That is the
// case within the history (no capture, so no seed leaves the board). A move changes
// the key by its laps' lap.dk (Oware) or is keyed afresh (Ayo, and after a capture).
func keyOf(rows *[2]uint64) uint64 {
	return rowKey(rows[0]) + rowKey(rows[1]&0xff_ffff_ffff)*keyWeight[PitsPerSide]
}

// rowKey returns Σ c_k·49^k over the bytes c_k of row w.
func rowKey(w uint64) uint64 {
	x := w - (w>>8&0x00ff_00ff_00ff)*(256-49) // c0+49c1, c2+49c3, c4+49c5 in 16-bit lanes
	return x&0xffff + (x>>16&0xffff)*(49*49) + (x>>32)*(49*49*49*49)
}

// digestMul[m] multiplies the key plus one of a position with m to move for the
// history's digest (State.digest): odd, so that two sets that differ in one position
// always have different digests, and different for the two movers.
var digestMul = [2]uint64{0x9e3779b97f4a7c15, 0xd1b54a32d192ed03}

// digestTerm is what the position of key k with mover to move adds (XOR) to the
// digest: never 0, and different for different keys.
func digestTerm(k uint64, mover uint8) uint64 { return (k + 1) * digestMul[mover&1] }

// remember records the position of s, whose key (keyOf) is k, for the repetition
// rule. It reports whether the position occurred before since the last capture (the
// game then ends; the position is not recorded again). Only the positions with the
// same mover are compared: within the history the mover alternates (a capture, the
// only way to move twice, clears it). When the history is full (only at the quiet
// cap, which ends the game anyway) the position is not recorded.
func (s *State) remember(k uint64) bool {
	h := s.hist[:s.nhist]
	for i := len(h) - 2; i >= 0; i -= 2 {
		if h[i] == k {
			return true
		}
	}
	if n := int(s.nhist); n < len(s.hist) {
		s.hist[n] = k
		s.nhist++
		s.digest ^= digestTerm(k, s.toMove)
	}
	return false
}

// forget clears the history (after a capture).
func (s *State) forget() {
	clear(s.hist[:s.nhist])
	s.nhist, s.digest = 0, 0
}
