package oware

import (
	"unsafe"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// MaxQuiet is the largest quiet cap (quiet=N).
const MaxQuiet = 100

// MaxHistory is the number of moves since the last capture a State can remember for
// the repetition rule (MaxHistory+1 positions). It bounds the quiet count under
// quiet=off: a game that plays MaxHistory moves without a capture ends there (see
// RULES.md); under a cap (at most MaxQuiet) it is never reached.
const MaxHistory = 1280

// bloomWords is the size in words of the history's filter (State.bloom).
const bloomWords = 16

// State is a position between turns with the positions played since the last capture,
// a plain 832-byte value copied to branch:
//
//	rows     16 bytes: row r holds side r's six pits, one byte each, in sowing order
//	                   (South: a1..f1 in bytes 0..5; North: f2..a2 in bytes 0..5);
//	                   bytes 6 and 7 are always zero
//	digest    8 bytes: the XOR of digestTerm over the positions of the history (for
//	                   the hash)
//	key       8 bytes: the key (keyOf) of the position
//	first    16 bytes: the rows of the history's first position: the position after
//	                   the last capture, at the start, or as parsed
//	stores    2 bytes: the seeds each side has captured
//	toMove    1 byte:  0 South, 1 North
//	legal     1 byte:  bit k set when the mover's pit k is a legal move; 0 when over
//	end       1 byte:  why the game ended (0 while it goes on)
//	                   (+1 byte of padding)
//	quiet     2 bytes: plies since the last capture (or since the start)
//	nmoves    2 bytes: the moves in moves: the history holds nmoves+1 positions, the
//	                   first one and one after each move (the last is the current
//	                   position, unless the game ended by a repetition)
//	                   (+6 bytes of padding: the fields so far are the first 64
//	                   bytes, one cache line, copied in one piece)
//	bloom   128 bytes: a filter of the history's positions: for each, the bits
//	                   bloomBits of its digestTerm set
//	moves   640 bytes: the moves played since the first position, one 4-bit pit
//	                   number (0..5) each, in the order played; unused ones are zero
//
// The history is thus its first position and the moves since, which replay it
// exactly; the filter and the digest are functions of the set of its positions.
// legal and end are derived from the other fields by the rules (Game.finish), so two
// states with the same pits, stores, mover, quiet count and history under the same
// Game are equal. The zero State is not a position: get states from Game.Start,
// Game.ParsePosition and Game.Apply.
type State struct {
	head
	bloom [bloomWords]uint64
	moves [MaxHistory / 16]uint64
}

// head is every field of a State but the history's filter and moves: its first 64
// bytes (one cache line), copied in one piece (copyFields).
type head struct {
	rows   [2]uint64
	digest uint64
	key    uint64
	first  [2]uint64
	stores [2]uint8
	toMove uint8
	legal  uint8
	end    uint8
	quiet  uint16
	nmoves uint16
}

// The size in the comment above, checked at compile time.
var _ [832]byte = [unsafe.Sizeof(State{})]byte{}
var _ [64]byte = [unsafe.Sizeof(head{})]byte{}

// End reasons kept in State.end.
const (
	endNone       = iota
	endNoSeeds    // the mover has no seed on their side
	endCannotFeed // the opponent has no seeds and no move of the mover gives them one
	endQuiet      // the quiet cap (or, under quiet=off, MaxHistory): plies without a capture
	endRepeat     // the last move repeated a position seen since the last capture
	endMajority   // a side has captured more than half the seeds (majority=on)
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
func (s *State) HistoryLen() int { return int(s.nmoves) + 1 }

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
// words that hold the other fields (the quiet count's bits above the eighth, never
// set under a cap, in bits 52..55 of the second). States with the same hash have the
// same future (up to 64-bit collisions); the order in which the earlier positions came
// does not change the hash.
func (s *State) Hash() uint64 {
	w0 := s.rows[0] | uint64(s.stores[0])<<48 | uint64(s.stores[1])<<56
	w1 := s.rows[1] | uint64(s.toMove|s.end<<1)<<48 | uint64(s.quiet>>8)<<52 | uint64(s.quiet&0xff)<<56
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

// bloomBits returns the word of the history's filter and the bits in it (one or two)
// that the position whose digestTerm is t sets: the word of bits 60..63 of t, the bits
// of bits 54..59 and 48..53 (t is the key plus one times an odd constant: its high
// bits mix all of the key's).
func bloomBits(t uint64) (w uint, bits uint64) {
	return uint(t>>60) & (bloomWords - 1), 1<<(t>>54&63) | 1<<(t>>48&63)
}

// restart makes the position of s, whose rows and mover are set, the history's first
// and only position (at the start, after a capture, for a parsed position).
func (s *State) restart() {
	clear(s.moves[:(s.nmoves+15)/16])
	s.bloom = [bloomWords]uint64{}
	s.nmoves = 0
	s.first = s.rows
	s.key = keyOf(&s.rows)
	t := digestTerm(s.key, s.toMove)
	w, b := bloomBits(t)
	s.bloom[w] |= b
	s.digest = t
}

// record adds to the history the position of s reached by the mover's pit a, without
// a capture: s holds its rows and its mover, and k is its key. It reports whether the
// position occurred before since the last capture (the game then ends; the position
// is not recorded again). The filter rules most positions out at once; a position
// that passes it is looked for by replaying the history (Game.occurred). The history
// holds at most MaxHistory moves; the quiet count, which is at least the number of
// moves in it, ends the game before (Game.quiet <= MaxHistory).
func (g *Game) record(s *State, a int, k uint64) bool {
	s.key = k
	t := digestTerm(k, s.toMove)
	w, b := bloomBits(t)
	f := s.bloom[w]
	if f&b == b && g.occurred(s, k) {
		return true
	}
	s.bloom[w] = f | b
	s.digest ^= t
	n := uint(s.nmoves)
	s.moves[n>>4] |= uint64(a) << (4 * (n & 15))
	s.nmoves++
	return false
}

// occurred reports whether the position of key k with s.toMove to move is among the
// positions of the history of s: it replays the moves from the first position and
// compares the key of every position with the same mover (every other one; within
// the history the mover alternates). Keys are exact between positions with the same
// seeds on the board, as in the history, so the answer is exact.
func (g *Game) occurred(s *State, k uint64) bool {
	n := int(s.nmoves) // positions 0..n are remembered; k is position n+1's
	rows := s.first
	key := keyOf(&rows)
	mover := int(s.toMove) ^ (n+1)&1 // the mover of position 0
	for j := 0; j < n; j++ {         // position n has the other mover
		if (j^(n+1))&1 == 0 && key == k {
			return true
		}
		a := int(s.moves[j>>4] >> (4 * (j & 15)) & 15)
		if g.variant == Oware {
			sh := uint(8*a) & 63
			own := rows[mover]
			e := &laps[a&7][own>>sh&63]
			rows[mover] = own&^(0xff<<sh) + e.add[0]
			rows[mover^1] += e.add[1]
			key += e.dk[mover]
		} else {
			g.sowAyo(&rows, mover, a)
			key = keyOf(&rows)
		}
		mover ^= 1
	}
	return false
}
