package martian

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// State is a Martian Mancala position between turns: 48 bytes, a plain value copied
// to branch.
//
// The pieces on the small spaces are one string of 2-bit pips (1, 2 or 3) in pcs, the
// spaces one after the other in the order South a..N, North a..N, each space's stack
// from its top piece (lowest bits) to its bottom piece; lens holds each space's number
// of pieces (spaces past 2N are 0). A mancala's pieces are never moved again, so only
// their number of each size is kept: store[p][pip-1]. flags holds the player to move
// and, for a finished game, flagOver. ply counts the turns played. Every bit not
// named here is 0, so equal positions are equal values.
type State struct {
	pcs   [2]uint64
	lens  [2 * MaxSpaces]uint8
	store [2][3]uint8
	flags uint8
	_     uint8
	ply   uint16
}

// The State is 48 bytes: this fails to compile if it is not.
var _ = [1]struct{}{}[unsafe.Sizeof(State{})-48]

// The bits of State.flags.
const (
	flagNorth = 1 << 0 // North to move
	flagOver  = 1 << 1 // the game is over
)

// ToMove returns the player to move: 0 for South, 1 for North. In a finished game it
// is the opponent of the player who moved last.
func (s *State) ToMove() int { return int(s.flags & flagNorth) }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.flags&flagOver != 0 }

// Ply returns the turns played since the start.
func (s *State) Ply() int { return int(s.ply) }

// Store returns the pips in player p's mancala (without the pieces a finished game
// leaves on the board: see Game.Points).
func (s *State) Store(p int) int {
	st := &s.store[p&1]
	return int(st[0]) + 2*int(st[1]) + 3*int(st[2])
}

// StorePieces returns the number of pieces of pip value pip (1, 2 or 3) in player p's
// mancala.
func (s *State) StorePieces(p, pip int) int { return int(s.store[p&1][(pip-1)%3]) }

// Height returns the number of pieces on space i (0 for a) of player p.
func (g *Game) Height(s *State, p, i int) int { return int(s.lens[p*g.n+i]) }

// SpaceStack returns the pips of the pieces on space i (0 for a) of player p, top
// piece first.
func (g *Game) SpaceStack(s *State, p, i int) []int {
	var b board
	g.unpack(s, &b)
	x := b.st[p*g.n+i]
	var out []int
	for !x.zero() {
		var pip uint8
		pip, x = x.pop()
		out = append(out, int(pip))
	}
	return out
}

// SpacePips returns the pips of the pieces on space i (0 for a) of player p.
func (g *Game) SpacePips(s *State, p, i int) int {
	var b board
	g.unpack(s, &b)
	return b.st[p*g.n+i].pips()
}

// Hash returns a 64-bit hash of the whole state: two rounds of 64x64->128-bit
// multiply-and-fold (the mixing of wyhash) over its words, keyed by fixed random
// constants. Equal states hash equal.
func (s *State) Hash() uint64 {
	l0 := binary.LittleEndian.Uint64(s.lens[0:8])
	l1 := binary.LittleEndian.Uint64(s.lens[8:16])
	m := uint64(s.store[0][0]) | uint64(s.store[0][1])<<8 | uint64(s.store[0][2])<<16 |
		uint64(s.store[1][0])<<24 | uint64(s.store[1][1])<<32 | uint64(s.store[1][2])<<40 |
		uint64(s.flags)<<48
	a := mum(s.pcs[0]^0x2d358dccaa6c78a5, s.pcs[1]^0x8bb84b93962eacc9)
	b := mum(l0^0x4b33a62ed433d4a3, l1^0x4d5a2da51de1aa47)
	c := mum(m^0xa0761d6478bd642f, uint64(s.ply)^0xe7037ed1a0b428db)
	return mum(a^c^0x8ebc6af09c88c6e3, b^0x589965cc75374cc3)
}

// mum multiplies to 128 bits and folds the halves.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// Hash returns s.Hash().
func (g *Game) Hash(s *State) uint64 { return s.Hash() }

// u128 is a stack of up to 64 pieces, 2 bits a piece, the top piece in the lowest
// bits; 0 is the empty stack (no piece has 0 pips).
type u128 struct{ lo, hi uint64 }

// shl shifts x left by n bits (0 to 128).
func (x u128) shl(n uint) u128 {
	return u128{x.lo << n, x.hi<<n | x.lo>>(64-n) | x.lo<<(n-64)}
}

// shr shifts x right by n bits (0 to 128).
func (x u128) shr(n uint) u128 {
	return u128{x.lo>>n | x.hi<<(64-n) | x.hi>>(n-64), x.hi >> n}
}

// low returns the lowest n bits of x (0 to 128).
func (x u128) low(n uint) u128 {
	m := u128{^uint64(0), ^uint64(0)}.shr(128 - n)
	return u128{x.lo & m.lo, x.hi & m.hi}
}

// zero reports whether x is the empty stack.
func (x u128) zero() bool { return x.lo|x.hi == 0 }

// push puts a piece of pip pips on top of x.
func (x u128) push(pip uint8) u128 {
	return u128{x.lo<<2 | uint64(pip), x.hi<<2 | x.lo>>62}
}

// pop returns the top piece's pips and the stack under it.
func (x u128) pop() (uint8, u128) {
	return uint8(x.lo & 3), u128{x.lo>>2 | x.hi<<62, x.hi >> 2}
}

// height returns the number of pieces of x.
func (x u128) height() uint {
	n := uint(bits.Len64(x.lo))
	if x.hi != 0 {
		n = 64 + uint(bits.Len64(x.hi))
	}
	return (n + 1) / 2
}

// pips returns the pips of the pieces of x: the sum of its 2-bit fields.
func (x u128) pips() int {
	const odd = 0x5555555555555555
	return bits.OnesCount64(x.lo&odd) + 2*bits.OnesCount64(x.lo&^odd) +
		bits.OnesCount64(x.hi&odd) + 2*bits.OnesCount64(x.hi&^odd)
}

// board is the working form of a position during a turn: each small space's stack on
// its own (spaces in the order of State.lens) and the mancalas' pieces by size.
type board struct {
	st    [2 * MaxSpaces]u128
	store [2][4]uint8 // store[p][pip]
}

// unpack spreads the pieces of s over b's stacks and copies the mancalas. A stack of
// fewer than 32 pieces (all of them, but in rare positions) takes the 64-bit path.
func (g *Game) unpack(s *State, b *board) {
	lo, hi := s.pcs[0], s.pcs[1]
	for j := 0; j < 2*g.n && j < len(s.lens); j++ {
		w := 2 * uint(s.lens[j])
		if w < 64 {
			// The shifts are masked to 0..63 (no test for longer shifts), and
			// hi<<(64-w) is written (hi<<1)<<(63-w) so that w = 0 shifts hi out.
			b.st[j] = u128{lo & (1<<(w&63) - 1), 0}
			lo = lo>>(w&63) | (hi<<1)<<((63-w)&63)
			hi >>= w & 63
			continue
		}
		acc := u128{lo, hi}
		b.st[j] = acc.low(w)
		acc = acc.shr(w)
		lo, hi = acc.lo, acc.hi
	}
	for p := 0; p < 2; p++ {
		b.store[p] = [4]uint8{0, s.store[p][0], s.store[p][1], s.store[p][2]}
	}
}

// pack writes the pieces of b into s (the flags and ply are left alone), with the
// 64-bit path for stacks of fewer than 32 pieces.
func (g *Game) pack(b *board, s *State) {
	var lo, hi uint64
	for j := 2*g.n - 1; j >= 0; j-- {
		x := b.st[j]
		if x.hi == 0 {
			h := (uint(bits.Len64(x.lo)) + 1) / 2
			s.lens[j] = uint8(h)
			w := 2 * h
			if w < 64 {
				// Masked shifts, as in unpack.
				hi = hi<<(w&63) | (lo>>1)>>((63-w)&63)
				lo = lo<<(w&63) | x.lo
				continue
			}
		}
		h := x.height()
		s.lens[j] = uint8(h)
		acc := u128{lo, hi}.shl(2 * h)
		lo, hi = acc.lo|x.lo, acc.hi|x.hi
	}
	s.pcs = [2]uint64{lo, hi}
	for p := 0; p < 2; p++ {
		s.store[p] = [3]uint8{b.store[p][1], b.store[p][2], b.store[p][3]}
	}
}
