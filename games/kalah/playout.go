package kalah

import (
	"github.com/colony-ai/colony/games/internal/splitmix"
)

// The playout of the narrow boards (M <= 7) works on the board seen from the player to
// move: two words, me (the mover's pits a.. in bytes 0..M-1, the mover's store in byte
// 7) and opp (the same for the opponent). The mover's non-empty pits are then the
// non-empty bytes of me, whoever moves, and a move is one entry of a table indexed by
// the pit and its seeds: the whole sowing (the emptied pit, the whole laps and the last,
// partial one) as two word additions. When the turn passes, me and opp change places.
// This is the same game as step plays (the tests compare them).

// relEntry is what sowing n seeds from the mover's pit a does, on (me, opp).
type relEntry struct {
	// addMe and addOpp are the seeds every place receives, as bytes of me and opp, less
	// the n seeds taken from pit a (wrapping: pit a holds exactly n before).
	addMe, addOpp uint64
	// pass is all ones when the turn passes (the last seed not in the mover's store).
	pass uint64
	// lastS is the bit shift in me of the pit the last seed lands in, when it is one of
	// the mover's pits, oppS that of the pit opposite in opp; one is then 1 (a capture
	// when that pit holds one seed after the sowing), and otherwise 0x100 (never a byte).
	lastS, oppS uint8
	one         uint16
	_           [4]uint8 // to 32 bytes
}

// relStore is the bit shift of the store in me and opp.
const relStore = 56

// relLists[m] holds 8 times the positions of the set bits of the 7-bit mask m in its
// bytes, lowest first: the bit shifts of the pits of a mask of non-empty pits.
var relLists = func() (t [128]uint64) {
	for m := range t {
		t[m] = actionLists[m] << 3
	}
	return t
}()

// buildRelative fills the table of playoutRelative (narrow boards only).
func (g *Game) buildRelative() {
	m := g.m
	g.rsow = new([8 << 8]relEntry) // [a<<8|n]: a fixed size, no bounds checks
	// Ring places seen from the mover, in sowing order: pits 0..m-1, the store (m),
	// the opponent's pits (m+1..2m); the opponent's store is skipped.
	shift := func(i int) (opp bool, sh uint) {
		switch {
		case i < m:
			return false, 8 * uint(i)
		case i == m:
			return false, relStore
		}
		return true, 8 * uint(i-m-1)
	}
	for a := 0; a < m; a++ {
		for n := 1; n <= MaxTotalSeeds; n++ {
			e := relEntry{addMe: -uint64(n) << (8 * uint(a)), one: 0x100}
			at := a
			for k := 0; k < n; k++ {
				at = (at + 1) % g.lapLen
				if o, sh := shift(at); o {
					e.addOpp += 1 << sh
				} else {
					e.addMe += 1 << sh
				}
			}
			switch {
			case at < m:
				e.pass, e.lastS, e.oppS, e.one = ^uint64(0), uint8(8*at), uint8(8*(m-1-at)), 1
			case at > m:
				e.pass = ^uint64(0)
			}
			g.rsow[a<<8|n] = e
		}
	}
}

// relative returns s (narrow, not finished) seen from the player to move.
func (g *Game) relative(s *State) (me, opp, mv uint64) {
	lo, hi := s.w[0], s.w[1]
	m8 := 8 * uint(g.m)
	south := lo&g.sideBytes | (lo>>m8&0xff)<<relStore
	nr := lo>>((g.nShift-8)&63)>>8 | hi<<((64-g.nShift)&63) // North's places from byte 0
	north := nr&g.sideBytes | (nr>>m8&0xff)<<relStore
	mv = s.w[3] >> flagShift & flagNorth
	if mv != 0 {
		return north, south, mv
	}
	return south, north, mv
}

// absolute writes (me, opp) back into s with mv to move.
func (g *Game) absolute(s *State, me, opp, mv uint64) {
	south, north := me, opp
	if mv != 0 {
		south, north = opp, me
	}
	m8 := 8 * uint(g.m)
	sr := south&g.sideBytes | (south>>relStore)<<m8
	nr := north&g.sideBytes | (north>>relStore)<<m8
	s.w[0] = sr | nr<<((g.nShift-8)&63)<<8
	s.w[1] = nr >> ((64 - g.nShift) & 63)
	s.w[3] = s.w[3]&^moverBit | mv<<flagShift
}

// playoutRelative is playout on a narrow board: the same random game, on (me, opp).
func (g *Game) playoutRelative(s *State, x uint64) {
	if s.Over() {
		return
	}
	side := g.sideBytes
	me, opp, mv := g.relative(s)
	if me&side == 0 { // not a position of a game in progress: play it as step does
		g.playoutNarrow(s, x)
		return
	}
	t := g.rsow
	for {
		x += splitmix.Gamma
		z := splitmix.Mix(x) >> 32
		// The mover's non-empty pits: 0x80 in their bytes, then as bits 0..M-1, and
		// their number.
		f := me & side
		y := ((f & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f | f) & 0x8080808080808080 >> 7
		own := y * 0x0102040810204080 >> 56
		cnt := y * 0x0101010101010101 >> 56
		// The k-th of them, k = splitmix.Uniform(z, cnt) <= 6, as the bit shift of its
		// byte, and its seeds.
		sh := relLists[own&127] >> (z * cnt >> 29 & 0x38) & 0xff
		n := me >> (sh & 63) & 0xff
		e := &t[(sh<<5|n)&(8<<8-1)]
		me += e.addMe
		opp += e.addOpp
		if me>>(e.lastS&63)&0xff == uint64(e.one) {
			// The last seed alone in an own pit: a capture.
			if c := opp >> (e.oppS & 63) & 0xff; c != 0 || g.capAll != 0 {
				me = me&^(0xff<<(e.lastS&63)) + (c+1)<<relStore
				opp &^= 0xff << (e.oppS & 63)
			}
		}
		d := (me ^ opp) & e.pass // the turn passes: me and opp change places
		me ^= d
		opp ^= d
		mv ^= e.pass
		if me&side == 0 || opp&side == 0 {
			mv &= flagNorth
			g.absolute(s, me, opp, mv)
			g.checkEnd(s)
			if s.Over() {
				return
			}
		}
	}
}
