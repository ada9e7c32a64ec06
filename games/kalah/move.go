package kalah

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// Decisions: an action is the index of the pit sown, 0..M-1 on the mover's own side,
// pit a (0) being the farthest from the mover's store. A turn is one decision.

// ownMask returns the mover's non-empty pits as bits 0..M-1 (none when the game is
// over: a finished game's pits are all empty).
func (g *Game) ownMask(s *State) uint32 {
	if g.narrow {
		return g.narrowMask(s.w[0], s.w[1], s.w[3])
	}
	all := nonEmpty(s.w[0]) | nonEmpty(s.w[1])<<8 | nonEmpty(s.w[2])<<16 | nonEmpty(s.w[3])<<24
	return uint32(all>>uint(g.base[s.ToMove()])) & g.sideBits
}

// nonEmpty returns a byte whose bit k is set when byte k of x is not zero.
func nonEmpty(x uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	y := ((x & low7) + low7 | x) & high
	return (y >> 7) * 0x0102040810204080 >> 56
}

// LegalActions writes the mover's non-empty pits, in order from pit a, into dst. The
// list of each byte of the mask of non-empty pits is copied from a table, eight
// actions in one store (the bytes past the list are scratch).
func (g *Game) LegalActions(s *State, dst *game.ActionBuffer) []game.Action {
	var own uint32
	if g.narrow { // ownMask's first case, without the call
		own = g.narrowMask(s.w[0], s.w[1], s.w[3])
	} else {
		own = g.ownMask(s)
	}
	n := bits.OnesCount8(uint8(own))
	binary.LittleEndian.PutUint64(dst[:8], actionLists[own&0xff])
	if g.m > 8 {
		binary.LittleEndian.PutUint64(dst[n:n+8], actionLists[own>>8&0xff]+0x0808080808080808)
		n += bits.OnesCount8(uint8(own >> 8))
	}
	return dst[:n]
}

// actionLists[m] holds the positions of the set bits of m in its bytes, lowest first.
var actionLists = func() (t [256]uint64) {
	for m := range t {
		k := 0
		for b := 0; b < 8; b++ {
			if m&(1<<b) != 0 {
				t[m] |= uint64(b) << (8 * k)
				k++
			}
		}
	}
	return t
}()

// IsLegal reports whether sowing pit a is legal in s.
func (g *Game) IsLegal(s *State, a game.Action) bool {
	return int(a) < g.m && g.ownMask(s)>>a&1 != 0
}

// RandomAction returns LegalActions(s)[k] for k uniform from one rng.Uint64(), without
// listing the actions. s must not be finished.
func (g *Game) RandomAction(s *State, rng *rand.PCG) game.Action {
	own := g.ownMask(s)
	return game.Action(selectBit(own, splitmix.Uniform(rng.Uint64(), bits.OnesCount32(own))))
}

// Playout plays uniformly random moves from s to the end of the game. It draws one
// number from rng to seed its own SplitMix64 generator: the same game as applying
// LegalActions(s)[splitmix.Uniform(y, n)] with y the generator's successive outputs.
func (g *Game) Playout(s *State, rng *rand.PCG) {
	if g.narrow {
		g.playoutRelative(s, rng.Uint64())
	} else {
		g.playout(s, rng.Uint64())
	}
}

// playout plays the random game seeded with x and returns its number of moves.
func (g *Game) playout(s *State, x uint64) int {
	n := 0
	for s.w[3]&overBit == 0 {
		x += splitmix.Gamma
		own := g.ownMask(s)
		g.apply(s, selectBit(own, splitmix.Uniform(splitmix.Mix(x), bits.OnesCount32(own))))
		n++
	}
	return n
}

// Apply sows pit a of the player to move; a must be legal.
func (g *Game) Apply(s *State, a game.Action) {
	if !g.narrow {
		g.apply(s, int(a))
		return
	}
	g.Step(s, s, a)
}

// apply sows pit a of the mover: the seeds go one a place round the ring from the next
// place on, skipping the opponent's store, whole laps first (q seeds in every place of
// the lap, the emptied pit included) and then the r+1 places of the last, partial lap,
// both as whole-word additions from the tables. Then the last seed decides: in the
// mover's store, the mover moves again (the table's flip is 0); in an own pit that was
// empty (it now holds one seed), a capture. Both without branches: the capture is
// made under a mask. Then the end of the game is checked.
func (g *Game) apply(s *State, a int) {
	mv := s.ToMove()
	p := g.base[mv] + a
	wi, sh := p>>3, 8*uint(p&7)
	n := s.w[wi] >> sh & 0xff
	s.w[wi] &^= 0xff << sh
	qr := g.divmod[n]
	e := &g.sow[p*g.lapLen+int(qr&0xff)]
	q := uint64(qr >> 8)
	lap := &g.lap[mv]
	s.w[0] += e.add[0] + q*lap[0]
	s.w[1] += e.add[1] + q*lap[1]
	s.w[2] += e.add[2] + q*lap[2]
	s.w[3] = (s.w[3] + e.add[3] + q*lap[3]) ^ uint64(e.flip)<<flagShift

	// The capture: the last seed alone in an own pit, and (capture=nonempty) seeds
	// opposite. For other entries own is 0 and lastW/oppW point anywhere.
	cnt := s.w[e.lastW] >> e.lastS & 0xff
	c := s.w[e.oppW] >> e.oppS & 0xff
	take := uint64(e.own) & (((cnt ^ 1) - 1) >> 63) & (g.capAll | (-c)>>63)
	m := -take
	s.w[e.lastW] &^= m & (0xff << e.lastS)
	s.w[e.oppW] &^= m & (0xff << e.oppS)
	s.w[e.storeW] += m & ((c + 1) << e.storeS)
	g.checkEnd(s)
}

// sideSeeds returns the seeds in player p's pits.
func (g *Game) sideSeeds(s *State, p int) int {
	m := &g.pits[p]
	// Every place holds at most 255 seeds in all, so the byte-wise sums never carry.
	sum := s.w[0]&m[0] + s.w[1]&m[1] + s.w[2]&m[2] + s.w[3]&m[3]
	return int(sum * 0x0101010101010101 >> 56)
}

// checkEnd ends the game when the end rule says so: with end=either when a side's pits
// are all empty, with end=mover when the pits of the player to move are. The seeds left
// in each side's pits go to that side's store.
func (g *Game) checkEnd(s *State) {
	ps, pn := &g.pits[0], &g.pits[1]
	south := s.w[0]&ps[0] | s.w[1]&ps[1] | s.w[2]&ps[2] | s.w[3]&ps[3]
	north := s.w[0]&pn[0] | s.w[1]&pn[1] | s.w[2]&pn[2] | s.w[3]&pn[3]
	var flags uint64
	if south == 0 {
		flags |= flagSouthEmpty
	}
	if north == 0 {
		flags |= flagNorthEmpty
	}
	if flags == 0 {
		return
	}
	if !g.endEither && flags&(flagSouthEmpty<<uint(s.ToMove())) == 0 {
		return
	}
	g.finish(s, flags)
}

// finish moves every side's remaining seeds to its store and marks the game over.
func (g *Game) finish(s *State, flags uint64) {
	for p := 0; p < 2; p++ {
		left := g.sideSeeds(s, p)
		for k := range s.w {
			s.w[k] &^= g.pits[p][k]
		}
		st := g.store[p]
		s.w[st>>3] += uint64(left) << (8 * uint(st&7))
	}
	s.w[3] |= (flagOver | flags) << flagShift
}

// selectBit returns the position of the k-th set bit (from 0, lowest first) of m, a
// mask of at most 16 bits; k must be below the number of set bits. A popcount picks
// the byte without a branch, a table finds the bit in it.
func selectBit(m uint32, k int) int {
	c := bits.OnesCount8(uint8(m))
	above := int(uint(c-k-1) >> 63) // 1 when the k-th bit is in the high byte
	b := m >> uint(8&-above) & 0xff
	return 8&-above + int(kthBit8[b][(k-c&-above)&7])
}

// kthBit8[m][k] is the position of the k-th set bit of the byte m.
var kthBit8 = func() (t [256][8]uint8) {
	for m := range t {
		k := 0
		for b := 0; b < 8; b++ {
			if m&(1<<b) != 0 {
				t[m][k] = uint8(b)
				k++
			}
		}
	}
	return t
}()
