package kalah

import (
	"math/bits"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/splitmix"
)

// The narrow boards (M <= 7 pits a side): the ring's 2M+2 <= 16 places fit in the
// State's words 0 and 1, so a move is played on two registers (lo, hi) and the flags
// word, without going through memory. Playout plays on the board seen from the mover
// instead (playout.go), and playoutNarrow is its reference. Boards of 8 to 12 pits use
// apply, which works on the State in memory. All play the same moves (the tests
// compare them).

// stepEntry is what sowing n seeds from ring place p does on a narrow board, the whole
// move but the capture's amount: nstep[p<<8|n].
type stepEntry struct {
	// addLo and addHi are the seeds every place receives (the whole laps and the last,
	// partial one), less the n seeds taken from place p (wrapping: it holds exactly n
	// before), as bytes of words 0 and 1.
	addLo, addHi uint64
	// lastLo and lastHi are 0xff in the byte of the last seed's place when it is one of
	// the mover's pits, else 0: a capture when it then holds one seed.
	lastLo, lastHi uint64
	// oppLo and oppHi are 0xff in the byte of the pit opposite (own pits only).
	oppLo, oppHi uint64
	// misc holds the pit opposite's bit shift in its word (bits 0..5), notOwn (bit 8:
	// 1 when the last seed is not in one of the mover's pits, so no capture) and, as in
	// the flags word, flagNorth<<flagShift unless the last seed lands in the mover's
	// store (the turn passes).
	misc uint64
	_    uint64 // to 64 bytes, a cache line
}

// The bits of stepEntry.misc.
const (
	stepOppS   = 0x3f
	stepNotOwn = 1 << 8
)

// ones is 1 in every byte.
const ones = 0x0101010101010101

// buildNarrow fills the narrow tables from the general ones.
func (g *Game) buildNarrow() {
	g.narrow = 2*g.m+2 <= 16
	if !g.narrow {
		return
	}
	g.buildRelative()
	// [p<<8|n]: fixed sizes, no bounds checks (256 KB, of which 2M*(2MN+1) entries are
	// filled and read: a pit holds at most every seed of the game).
	g.nstep = new([16 << 8]stepEntry)
	for _, p := range g.narrowPits() {
		for n := 1; n <= 2*g.m*g.n; n++ {
			qr := g.divmod[n]
			q := uint64(qr >> 8)
			mv := 0
			if p > g.m {
				mv = 1
			}
			e := g.sow[p*g.lapLen+int(qr&0xff)]
			lap := g.lap[mv]
			t := stepEntry{addLo: e.add[0] + q*lap[0], addHi: e.add[1] + q*lap[1]}
			if p < 8 {
				t.addLo -= uint64(n) << (8 * uint(p))
			} else {
				t.addHi -= uint64(n) << (8 * uint(p-8))
			}
			t.misc = uint64(e.flip) << flagShift
			if e.own != 0 {
				last, opp := uint64(0xff)<<e.lastS, uint64(0xff)<<e.oppS
				if e.lastW == 0 {
					t.lastLo = last
				} else {
					t.lastHi = last
				}
				if e.oppW == 0 {
					t.oppLo = opp
				} else {
					t.oppHi = opp
				}
				t.misc |= uint64(e.oppS)
			} else {
				t.misc |= stepNotOwn
			}
			g.nstep[p<<8|n] = t
		}
	}
	g.nShift = uint(8 * (g.m + 1))
	g.sideBytes = 1<<(8*uint(g.m)) - 1
	for p := 0; p < 2; p++ {
		st := g.store[p]
		if st < 8 {
			g.nstore[p][0] = 1 << (8 * uint(st))
		} else {
			g.nstore[p][1] = 1 << (8 * uint(st-8))
		}
	}
}

// narrowPits returns the ring places of both sides' pits.
func (g *Game) narrowPits() []int {
	var out []int
	for p := 0; p < 2; p++ {
		for i := 0; i < g.m; i++ {
			out = append(out, g.base[p]+i)
		}
	}
	return out
}

// narrowMask returns the mover's non-empty pits as bits 0..M-1: the mover's M bytes
// of the 128-bit hi:lo (South's from byte 0, North's from byte M+1, shifted down by
// nShift = 8(M+1) <= 64 bits in two steps) tested at once.
func (g *Game) narrowMask(lo, hi, fl uint64) uint32 {
	f := lo
	if fl&moverBit != 0 {
		f = lo>>((g.nShift-8)&63)>>8 | hi<<((64-g.nShift)&63)
	}
	return uint32(nonEmpty(f & g.sideBytes))
}

// playoutNarrow is playout on a narrow board, played move by move with Step on the
// ring: the reference of playoutRelative, which Playout uses.
func (g *Game) playoutNarrow(s *State, x uint64) int {
	n := 0
	for s.w[3]&overBit == 0 {
		x += splitmix.Gamma
		own := g.narrowMask(s.w[0], s.w[1], s.w[3]) // at most 7 bits
		a := kthBit8[own&0xff][splitmix.Uniform(splitmix.Mix(x), bits.OnesCount8(uint8(own)))&7]
		g.Step(s, s, game.Action(a))
		n++
	}
	return n
}
