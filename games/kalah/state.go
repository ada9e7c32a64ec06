package kalah

import "math/bits"

// State is a Kalah position: 32 bytes (four 64-bit words), copied to branch.
//
// The board is a ring of 2M+2 places, one byte each, in sowing (counter-clockwise)
// order: South's pits a..(M) at places 0..M-1, South's store at M, North's pits a..(M)
// at M+1..2M, North's store at 2M+1. Place i is byte i&7 of word i>>3. South's pit at
// place i faces North's pit at place 2M-i. Byte 30 holds M, so that a State describes
// its own board (StoreDiff reads the stores without the Game); byte 31 holds the flags:
// the player to move, whether the game is over and, for a finished game, which sides
// were empty when it ended. Every byte not named here is 0.
//
// All the seeds of a game (2*M*N <= 255) fit in one byte, so sowing adds whole words
// without carries between places.
type State struct {
	w [4]uint64
}

// Bits of the flags byte (byte 31), and where bytes 30 and 31 start.
const (
	sizeShift = 48 // byte 30 of the board, bits 48..55 of word 3
	flagShift = 56 // byte 31

	flagNorth      = 1 << 0 // North to move
	flagOver       = 1 << 1 // the game is over
	flagSouthEmpty = 1 << 2 // South's pits were empty when the game ended
	flagNorthEmpty = 1 << 3 // North's pits were empty when the game ended

	moverBit = flagNorth << flagShift
	overBit  = flagOver << flagShift
)

// get returns the seeds at ring place i.
func (s *State) get(i int) int { return int(s.w[i>>3] >> (8 * uint(i&7)) & 0xff) }

// set puts v seeds at ring place i.
func (s *State) set(i, v int) {
	sh := 8 * uint(i&7)
	s.w[i>>3] = s.w[i>>3]&^(0xff<<sh) | uint64(v)<<sh
}

// size returns M, the pits a side.
func (s *State) size() int { return int(s.w[3] >> sizeShift & 0xff) }

// ToMove returns the player to move: 0 for South, 1 for North.
func (s *State) ToMove() int { return int(s.w[3] >> flagShift & flagNorth) }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.w[3]&overBit != 0 }

// Pit returns the seeds in pit i (0 for pit a) of player p (0 South, 1 North).
func (s *State) Pit(p, i int) int { return s.get(p*(s.size()+1) + i) }

// Store returns the seeds in player p's store.
func (s *State) Store(p int) int { return s.get(p*(s.size()+1) + s.size()) }

// Hash returns a 64-bit hash of the whole state (board, player to move, flags): two
// rounds of 64x64->128-bit multiply-and-fold over the four words, keyed by fixed
// random constants (the mixing of wyhash). Equal states hash equal. No operand of the
// first round is ever zero (which would make the product ignore the other word): the
// bytes of a word hold at most 255 seeds in all, and every key's bytes sum to more, or
// (the last word) differ in the size byte, which is at most 12.
func (s *State) Hash() uint64 {
	a := mum(s.w[0]^0x2d358dccaa6c78a5, s.w[1]^0x8bb84b93962eacc9)
	b := mum(s.w[2]^0x4b33a62ed433d4a3, s.w[3]^0x4d5a2da51de1aa47)
	return mum(a^0xa0761d6478bd642f, b^0xe7037ed1a0b428db)
}

// mum multiplies to 128 bits and folds the halves.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// Hash returns s.Hash().
func (g *Game) Hash(s *State) uint64 { return s.Hash() }
