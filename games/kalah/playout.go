package kalah

import (
	"github.com/colony-ai/colony/games/internal/splitmix"
)

// The playout of the narrow boards (M <= 7) works on the board seen from the player to
// move: two words, me (the mover's pits a.. in bytes 0..M-1, the mover's store in byte
// 7) and opp (the same for the opponent). The mover's non-empty pits are then the
// non-empty bytes of me, whoever moves, and a move is one entry of a table indexed by
// the pit and its seeds: the whole sowing (the emptied pit, the whole laps and the last,
// partial one) as two word additions, made after me and opp change places when the
// turn passes. This is the same game as Step plays (the tests compare them).

// relEntry is what sowing n seeds from the mover's pit a does, on (me, opp).
type relEntry struct {
	// pass is all ones when the turn passes (the last seed not in the mover's store):
	// me and opp then change places first.
	pass uint64
	// addMe and addOpp are the seeds every place receives, as bytes of the words that
	// become me and opp, less the n seeds taken from pit a (wrapping: pit a holds
	// exactly n before).
	addMe, addOpp uint64
	// When the last seed lands in one of the mover's pits (the turn then passes, so the
	// pit is in the new opp), lastMask is 0xff in its byte and lastOne 1: a capture when
	// it holds one seed after the sowing. Otherwise lastMask is 0 and lastOne 1, never
	// equal to a masked byte.
	lastMask, lastOne uint64
	// oppMask is 0xff in the byte of the pit opposite (in the new me), oppS its shift.
	oppMask uint64
	oppS    uint8
	_       [15]uint8 // to 64 bytes, a cache line
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
	g.rsow = new([8][256]relEntry) // [a][n]: fixed sizes, no bounds checks (128 KB)
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
		// Sow the pit's seeds one by one: after n of them, own and other hold the seeds
		// each place received, and at is the place of the last one.
		own, other, at := uint64(0), uint64(0), a
		for n := 1; n <= 2*m*g.n; n++ { // a pit holds at most every seed of the game
			at = (at + 1) % g.lapLen
			if o, sh := shift(at); o {
				other += 1 << sh
			} else {
				own += 1 << sh
			}
			e := relEntry{addMe: own - uint64(n)<<(8*uint(a)), addOpp: other, lastOne: 1}
			if at != m { // the turn passes
				e.pass, e.addMe, e.addOpp = ^uint64(0), other, e.addMe
			}
			if at < m {
				e.lastMask, e.lastOne = 0xff<<(8*uint(at)), 1<<(8*uint(at))
				e.oppS = uint8(8 * (m - 1 - at))
				e.oppMask = 0xff << e.oppS
			}
			g.rsow[a][n] = e
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
	me, opp, mv := g.relative(s)
	if me<<8 == 0 { // not a position of a game in progress: play it as Step does
		g.playoutNarrow(s, x)
		return
	}
	// Bytes M..6 of me are 0, so 0x7f in bytes 0..6 finds the non-empty pits. With fewer
	// than 128 seeds in all, no pit holds 128 or more: byte b + 0x7f then has its high
	// bit set when b is not 0, without a carry.
	const low, high = 0x007f7f7f7f7f7f7f, 0x0080808080808080
	small := 2*g.m*g.n < 128
	t := g.rsow
	for {
		x += splitmix.Gamma
		z := splitmix.Mix(x) >> 32
		// The mover's non-empty pits: 0x80 in their bytes, then as bits 0..M-1, and
		// their number.
		var y uint64
		if small {
			y = (me + low) & high
		} else {
			y = ((me & low) + low | me) & high
		}
		own := y * (0x0102040810204080 >> 7) >> 56
		cnt := y >> 7 * 0x0101010101010101 >> 56
		// The k-th of them, k = splitmix.Uniform(z, cnt) <= 6, as the bit shift of its
		// byte, and the entry of its seeds.
		sh := relLists[own&127] >> (z * cnt >> 29 & 0x38) & 0x38
		e := &t[sh>>3][me>>sh&0xff]
		d := (me ^ opp) & e.pass // me and opp change places when the turn passes
		me ^= d
		opp ^= d
		me += e.addMe
		opp += e.addOpp
		if opp&e.lastMask == e.lastOne {
			// The last seed alone in a pit of the player who moved: a capture.
			if c := me & e.oppMask >> (e.oppS & 63); c != 0 || g.capAll != 0 {
				opp = opp&^e.lastMask + (c+1)<<relStore
				me &^= e.oppMask
			}
		}
		mv ^= e.pass
		if me<<8 == 0 || opp<<8 == 0 { // a side is empty (the stores are bytes 7)
			mv &= flagNorth
			g.absolute(s, me, opp, mv)
			g.checkEnd(s)
			if s.Over() {
				return
			}
		}
	}
}
