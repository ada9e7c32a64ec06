package oware

import (
	"math/bits"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// gammaInverse is the inverse of splitmix.Gamma modulo 2^64: the numbers drawn from a
// counter that went from x0 to x are (x-x0)*gammaInverse.
const gammaInverse = 0xf1de83e19937733d

// playoutOware is PlayoutSeed's loop for Oware, drawing its numbers from the
// SplitMix64 counter x: the same game as applyOware move after move. Its common moves
// are played by quietMoves, the others by applyOware. It returns the moves played.
func (g *Game) playoutOware(s *State, x uint64) int {
	x0 := x
	if g.grandSlam == GrandSlamIllegal {
		for ; s.legal != 0; x += splitmix.Gamma {
			g.applyOware(s, pick(s.legal, splitmix.Mix(x+splitmix.Gamma)))
		}
		return int((x - x0) * gammaInverse)
	}
	for s.legal != 0 {
		var a int
		x, a = g.quietMoves(s, x)
		g.applyOware(s, a)
	}
	return int((x - x0) * gammaInverse)
}

// quietMoves plays the common moves of a playout on s, which goes on, drawing from
// the counter x, and returns the counter and the move it drew but did not play, s
// then being the state before that move. A common move ends nothing and, unless it
// captures (not all the seeds: no grand slam), reaches a position the history's
// filter rules out as a repetition; any other (a grand slam; an end; the quiet cap;
// a position the filter does not rule out) is left to applyOware. The rows, the key and the history's length
// are kept in registers (the quiet count grows with the length), the filter, digest
// and moves are written to s as they change. The two sides' moves are written out
// apart, so that the mover is where the code is, not a register; the function calls
// nothing, so that its values stay in registers (a value live across a call is kept
// on the stack). Not for grandslam=illegal, whose moves need another test.
func (g *Game) quietMoves(s *State, x uint64) (uint64, int) {
	// The legal moves as the high bits of their pits' bytes, from which both their
	// number (a popcount) and their mask come, side by side.
	legal := spread[s.legal&63] & highs
	south, north := s.rows[0], s.rows[1]
	key, nm := s.key, uint(s.nmoves)
	// The quiet count is nm plus a constant while no capture comes: the cap stops
	// the common moves at nm+1 == stop.
	qOff := uint(s.quiet) - nm
	stop := uint(g.quiet) - qOff
	// The k-th legal move for k = splitmix.Uniform(y, count) is taken as the high
	// word of (y with its low 32 bits cleared) times count, the same number: the
	// chain from one move's pits to the next move (the count, the product, the
	// table) is then without Uniform's shift and the mask, the playout's speed being
	// that chain's latency (a bounds check is a predicted branch beside it).
	var a int
	var m uint8
	if s.toMove != 0 {
		goto north
	}
south:
	{
		x += splitmix.Gamma
		i, _ := bits.Mul64(splitmix.Mix(x)&^0xffff_ffff, uint64(bits.OnesCount64(legal)))
		a = int(kth[highBits(legal)][i])
		sh := uint(8*a) & 63
		e := &laps[a&7][south>>sh&63]
		newOwn := south&^(0xff<<sh) + e.add[0]
		newOpp := north + e.add[1]
		if newOpp>>(e.lastShift&63)&0xff|1 == 3 {
			// The capture of the run of 2s and 3s ending at j, unless it takes
			// every seed (a grand slam) or the game ends.
			run := captureMask(newOpp, uint(e.lastByte))
			left := newOpp &^ run
			st := s.stores[0] + uint8(rowSum(newOpp&run))
			if left == 0 || newOwn == 0 || st > g.half {
				m = 0
				goto out
			}
			s.stores[0] = st
			south, north = newOwn, left
			// restart, written out (a call would keep the loop's values on
			// the stack).
			for i := uint(0); i < (nm+15)/16; i++ {
				s.moves[i] = 0
			}
			s.bloom = [bloomWords]uint64{}
			s.first = [2]uint64{south, north}
			key = rowKey(south) + rowKey(north&0xff_ffff_ffff)*keyWeight[PitsPerSide]
			t := digestTerm(key, 1)
			w, b := bloomBits(t)
			s.bloom[w] = b
			s.digest = t
			nm, qOff, stop = 0, 0, uint(g.quiet)
			legal = (left + 0x7f*lows) & highs
			goto north
		}
		next := (newOpp + 0x7f*lows) & highs
		if nm+1 >= stop || next == 0 || newOwn == 0 {
			m = 0 // the quiet cap, an end, or the feeding rule
			goto out
		}
		k := key + e.dk[0]
		t := digestTerm(k, 1)
		w, b := bloomBits(t)
		f := s.bloom[w]
		if f&b == b {
			m = 0 // perhaps a repetition: the history decides
			goto out
		}
		s.bloom[w] = f | b
		s.digest ^= t
		s.moves[nm>>4] |= uint64(a) << (4 * (nm & 15))
		nm++
		key = k
		south, north = newOwn, newOpp
		legal = next
	}
north:
	{
		x += splitmix.Gamma
		i, _ := bits.Mul64(splitmix.Mix(x)&^0xffff_ffff, uint64(bits.OnesCount64(legal)))
		a = int(kth[highBits(legal)][i])
		sh := uint(8*a) & 63
		e := &laps[a&7][north>>sh&63]
		newOwn := north&^(0xff<<sh) + e.add[0]
		newOpp := south + e.add[1]
		if newOpp>>(e.lastShift&63)&0xff|1 == 3 {
			// The capture of the run of 2s and 3s ending at j, unless it takes
			// every seed (a grand slam) or the game ends.
			run := captureMask(newOpp, uint(e.lastByte))
			left := newOpp &^ run
			st := s.stores[1] + uint8(rowSum(newOpp&run))
			if left == 0 || newOwn == 0 || st > g.half {
				m = 1
				goto out
			}
			s.stores[1] = st
			north, south = newOwn, left
			// restart, written out (a call would keep the loop's values on
			// the stack).
			for i := uint(0); i < (nm+15)/16; i++ {
				s.moves[i] = 0
			}
			s.bloom = [bloomWords]uint64{}
			s.first = [2]uint64{south, north}
			key = rowKey(south) + rowKey(north&0xff_ffff_ffff)*keyWeight[PitsPerSide]
			t := digestTerm(key, 0)
			w, b := bloomBits(t)
			s.bloom[w] = b
			s.digest = t
			nm, qOff, stop = 0, 0, uint(g.quiet)
			legal = (left + 0x7f*lows) & highs
			goto south
		}
		next := (newOpp + 0x7f*lows) & highs
		if nm+1 >= stop || next == 0 || newOwn == 0 {
			m = 1 // the quiet cap, an end, or the feeding rule
			goto out
		}
		k := key + e.dk[1]
		t := digestTerm(k, 0)
		w, b := bloomBits(t)
		f := s.bloom[w]
		if f&b == b {
			m = 1 // perhaps a repetition: the history decides
			goto out
		}
		s.bloom[w] = f | b
		s.digest ^= t
		s.moves[nm>>4] |= uint64(a) << (4 * (nm & 15))
		nm++
		key = k
		north, south = newOwn, newOpp
		legal = next
	}
	goto south
out:
	s.rows[0], s.rows[1] = south, north
	s.toMove = m
	s.key, s.quiet, s.nmoves, s.legal = key, uint16(nm+qOff), uint16(nm), highBits(legal)
	return x, a
}

// captureMask returns the byte mask of the run of pits of row w holding 2 or 3 seeds
// that ends at pit j, which holds 2 or 3: captureRun's mask.
func captureMask(w uint64, j uint) uint64 {
	tt := uint(twoThree(w))
	return spread[((2<<j)-(1<<bits.Len(^tt&(1<<j-1))))&63]
}
