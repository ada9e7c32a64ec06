package kalah

import (
	"math/bits"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// The narrow boards (M <= 7 pits a side): the ring's 2M+2 <= 16 places fit in the
// State's words 0 and 1, so a move is played on two registers (lo, hi) and the flags
// word, without going through memory. Playout plays on the board seen from the mover
// instead (playout.go), and playoutNarrow is its reference. Boards of 8 to 12 pits use
// apply, which works on the State in memory. All play the same moves (the tests
// compare them).

// narrowEntry is a sowEntry for the narrow boards.
type narrowEntry struct {
	addLo, addHi uint64    // one seed in each place of the last lap reached
	clrLo, clrHi uint64    // 0xff in the bytes of the last seed's place and the pit opposite (own pits only)
	lastSel      uint64    // all ones when the last seed's place is in word 1
	oppSel       uint64    // the same for the pit opposite (the last seed's place when not an own pit)
	lastS, oppS  uint8     // their bit shifts in their words
	own          uint8     // 1 when the last seed lands in one of the mover's pits
	flip         uint8     // flagNorth unless the last seed lands in the mover's store
	_            [12]uint8 // to 64 bytes, a cache line
}

// buildNarrow fills the narrow tables from the general ones.
func (g *Game) buildNarrow() {
	g.narrow = 2*g.m+2 <= 16
	if !g.narrow {
		return
	}
	g.buildRelative()
	g.nsow = new([256]narrowEntry) // at most 15 places of 15 entries: fixed sizes, no bounds checks
	g.nidx = new([16 << 8]uint16)
	for p := 0; p < 2*g.m+1; p++ {
		for n := 1; n < 256; n++ {
			qr := g.divmod[n]
			g.nidx[p<<8|n] = qr&0xff00 | uint16(p*g.lapLen+int(qr&0xff))
		}
	}
	for i, e := range g.sow {
		n := narrowEntry{addLo: e.add[0], addHi: e.add[1], lastSel: -uint64(e.lastW), lastS: e.lastS,
			oppSel: -uint64(e.oppW), oppS: e.oppS, own: e.own, flip: e.flip}
		if e.own != 0 {
			for _, ws := range [][2]uint8{{e.lastW, e.lastS}, {e.oppW, e.oppS}} {
				if ws[0] == 0 {
					n.clrLo |= 0xff << ws[1]
				} else {
					n.clrHi |= 0xff << ws[1]
				}
			}
		}
		g.nsow[i] = n
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

// step plays pit a of the mover on a narrow board held as (lo, hi, fl), the State's
// words 0, 1 and 3, as apply does on the State, and reports whether a side is now
// empty (the caller then applies the end rule with checkEnd).
func (g *Game) step(lo, hi, fl uint64, a int) (uint64, uint64, uint64, bool) {
	mv := fl >> flagShift & flagNorth
	p := uint(a) + uint(-mv)&g.northBase
	// Without branches: sel is all ones when place p is in word 1 (p < 16).
	sel := -uint64(p >> 3)
	n := (lo ^ (lo^hi)&sel) >> (8 * p & 63) & 0xff
	clr := uint64(0xff) << (8 * p & 63)
	lo &^= clr &^ sel
	hi &^= clr & sel
	iq := g.nidx[(p<<8|uint(n))&(16<<8-1)]
	e := &g.nsow[iq&0xff]
	q := uint64(iq >> 8)
	lap := &g.lap[mv]
	// The capture is made when the last seed's place was empty before the sowing (the
	// sown pit reads empty) and there was no whole lap: it then holds that one seed.
	before := (lo ^ (lo^hi)&e.lastSel) >> (e.lastS & 63) & 0xff
	lo += e.addLo + q*lap[0]
	hi += e.addHi + q*lap[1]
	fl ^= uint64(e.flip) << flagShift
	c := (lo ^ (lo^hi)&e.oppSel) >> (e.oppS & 63) & 0xff
	m := -(uint64(e.own) & (((before | q) - 1) >> 63) & (g.capAll | (-c)>>63))
	lo &^= m & e.clrLo
	hi &^= m & e.clrHi
	st := &g.nstore[mv]
	lo += m & ((c + 1) * st[0])
	hi += m & ((c + 1) * st[1])

	ps, pn := &g.pits[0], &g.pits[1]
	return lo, hi, fl, min(lo&ps[0]|hi&ps[1], lo&pn[0]|hi&pn[1]) == 0
}

// playoutNarrow is playout on a narrow board, played by step on the ring: the reference
// of playoutRelative, which Playout uses.
func (g *Game) playoutNarrow(s *State, x uint64) int {
	lo, hi, fl := s.w[0], s.w[1], s.w[3]
	n := 0
	for fl&overBit == 0 {
		x += splitmix.Gamma
		own := g.narrowMask(lo, hi, fl) // at most 7 bits
		a := int(kthBit8[own&0xff][splitmix.Uniform(splitmix.Mix(x), bits.OnesCount8(uint8(own)))&7])
		var empty bool
		lo, hi, fl, empty = g.step(lo, hi, fl, a)
		n++
		if empty {
			s.w[0], s.w[1], s.w[3] = lo, hi, fl
			g.checkEnd(s)
			lo, hi, fl = s.w[0], s.w[1], s.w[3]
		}
	}
	s.w[0], s.w[1], s.w[3] = lo, hi, fl
	return n
}
