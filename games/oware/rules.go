package oware

import (
	"math/bits"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// Rows are words with one byte a pit in bytes 0..5 (a count is at most 48, so a byte
// never overflows and sums of a row fit a byte). The helpers below work on all six
// pits of a row at once.
const (
	lows  = 0x0000_0101_0101_0101 // 1 in every pit byte
	highs = 0x0000_8080_8080_8080 // the high bit of every pit byte
	// feedAdd has 0x80-(6-k) in byte k: adding it sets byte k's high bit exactly when
	// pit k holds at least 6-k seeds, enough for a single lap to reach the other row.
	feedAdd = 0x0000_7f7e_7d7c_7b7a
)

// highBits gathers the high bits of bytes 0..5 of x (x has no other bits set) into a
// 6-bit mask: the multiplication moves bit 8i+7 to bit 56+i without carries.
func highBits(x uint64) uint8 { return uint8((x >> 7) * 0x0102040810204080 >> 56) }

// nonEmpty returns the mask of the pits of row w that hold seeds.
func nonEmpty(w uint64) uint8 { return highBits((w + 0x7f*lows) & highs) }

// rowSum returns the seeds in row w.
func rowSum(w uint64) int { return int(w * 0x0101_0101_0101_0101 >> 56) }

// twoThree returns the mask of the pits of row w that hold 2 or 3 seeds: v|1 == 3
// exactly then.
func twoThree(w uint64) uint8 {
	x := (w | lows) ^ (3 * lows)
	return highBits(^(x + 0x7f*lows) & highs)
}

// spread[m] has byte i set to 0xff where bit i of the 6-bit mask m is set.
var spread = func() (t [64]uint64) {
	for m := range t {
		for i := 0; i < PitsPerSide; i++ {
			if m&(1<<i) != 0 {
				t[m] |= 0xff << (8 * i)
			}
		}
	}
	return t
}()

// kth[m][k] is the position of the k-th set bit (from 0, lowest first) of m (sized
// 256x8 so that a byte mask and a masked k need no bounds checks).
var kth = func() (t [256][8]uint8) {
	for m := range t {
		k := 0
		for b := 0; b < PitsPerSide; b++ {
			if m&(1<<b) != 0 {
				t[m][k] = uint8(b)
				k++
			}
		}
	}
	return t
}()

// lap is one lap of sowing from a pit, relative to the row of that pit ("own") and the
// other row: the seeds it adds to each, where the last seed falls and which rows it
// reaches. The pit the lap starts from is skipped when the lap goes round (12 or more
// seeds), so 11 seeds fill every other pit once and the 12th lands after the start.
type lap struct {
	add [2]uint64 // seeds added to the own row and the other row
	// dk[r] is what the lap adds to the position key (keyOf) when the own row is
	// row r, the seeds picked up from the starting pit included (modulo 2^64).
	dk       [2]uint64
	lastRow  uint8 // 0 own row, 1 other row
	lastByte uint8 // the pit of the last seed within its row
	reached  uint8 // bit 0: a seed fell on the own row, bit 1: on the other row
	// lastShift is 8*lastByte when the last seed falls on the other row, 56 (the
	// byte of the other row that is always zero) when it does not: the other row
	// shifted right by it holds the count of the pit a capture would start from in
	// its low byte, 0 when there is none, so that one test asks both.
	lastShift uint8
}

// laps[j][n] is the lap of n seeds from byte j of a row (sized 8x64 so that masked
// indices need no bounds checks).
var laps = func() (t [8][64]lap) {
	for j := 0; j < PitsPerSide; j++ {
		for n := 1; n <= TotalSeeds; n++ {
			e := &t[j][n]
			for r := range e.dk {
				e.dk[r] = -uint64(n) * keyWeight[(j+PitsPerSide*r)%NumPits]
			}
			p := j // 0..11 relative to the own row
			for left := n; left > 0; {
				p = (p + 1) % NumPits
				if p == j {
					continue
				}
				e.add[p/PitsPerSide] += 1 << (8 * (p % PitsPerSide))
				e.reached |= 1 << (p / PitsPerSide)
				for r := range e.dk {
					e.dk[r] += keyWeight[(p+PitsPerSide*r)%NumPits]
				}
				left--
			}
			e.lastRow, e.lastByte = uint8(p/PitsPerSide), uint8(p%PitsPerSide)
			e.lastShift = 56
			if e.lastRow == 1 {
				e.lastShift = 8 * e.lastByte
			}
		}
	}
	return t
}()

// Apply plays the legal decision a (the mover's pit a) on s.
func (g *Game) apply(s *State, a int) {
	if g.variant == Oware {
		g.applyOware(s, a)
	} else {
		g.applyAyo(s, a)
	}
}

// applyOware plays pit a of the mover: one lap, then the capture of 2s and 3s.
func (g *Game) applyOware(s *State, a int) {
	m := int(s.toMove) & 1
	o := m ^ 1
	own, opp := s.rows[m], s.rows[o]
	sh := uint(8*a) & 63
	n := own >> sh & 0xff
	own &^= 0xff << sh
	e := &laps[a&7][n&63]
	own += e.add[0]
	opp += e.add[1]
	q := s.quiet + 1
	again := false
	// captureRun, written out (the compiler does not inline it).
	if opp>>(e.lastShift&63)&0xff|1 == 3 { // the last seed makes 2 or 3 there
		j := uint(e.lastByte)
		tt := uint(twoThree(opp))
		run := spread[((2<<j)-(1<<bits.Len(^tt&(1<<j-1))))&63]
		if c := rowSum(opp & run); c != 0 {
			if opp&^run == 0 { // a grand slam
				switch g.grandSlam {
				case GrandSlamNoCapture, GrandSlamIllegal:
					// Under illegal the move was legal only because every legal
					// move was a grand slam: it captures nothing.
					c, run = 0, 0
				case GrandSlamSowAgain:
					again = true
				}
			}
			if c != 0 {
				opp &^= run
				s.stores[m] += uint8(c)
				q = 0
			}
		}
	}
	s.rows[m], s.rows[o] = own, opp
	s.quiet = q
	if q == 0 || again {
		g.afterCapture(s, again)
		return
	}
	s.toMove = uint8(o)
	// record, written out (it is not inlined): the filter's test, then the history
	// grows, unless the filter lets the position through (recordSlow).
	k := s.key + e.dk[m]
	s.key = k
	t := digestTerm(k, uint8(o))
	w, b := bloomBits(t)
	f := s.bloom[w]
	if f&b == b {
		g.recordSlow(s, a, t, w, f|b)
		return
	}
	s.bloom[w] = f | b
	s.digest ^= t
	nm := uint(s.nmoves)
	s.moves[nm>>4] |= uint64(a) << (4 * (nm & 15))
	s.nmoves++
	// The common case of finish, inline: the position is new, no side has captured
	// more than half the seeds (only a capture changes that), the next mover has
	// seeds, so has the opponent (no feeding), the quiet cap is not reached, and no
	// grand slam is to be ruled out (a pit of 4 or more seeds on the mover's row
	// survives any capture). The rare cases are calls at the ends of their paths,
	// so that the common one keeps its values in registers.
	if mask := nonEmpty(opp); mask != 0 && own != 0 && int(q) < g.quiet &&
		(g.grandSlam != GrandSlamIllegal || (own+(0x80-4)*lows)&highs != 0) {
		s.legal, s.end = mask, endNone
		return
	}
	g.settle(s, false)
}

// afterCapture ends applyOware after a capture (q == 0), s holding the rows, the
// stores and the quiet count after the move: the history restarts (restart, written
// out; up to 64 moves cleared as one fixed-size block); under grandslam=sowagain
// after a grand slam (again) the same player moves again. Then finish's common case
// inline: no side has more than half the seeds, both rows have seeds (no feeding),
// and no grand slam is to be ruled out.
func (g *Game) afterCapture(s *State, again bool) {
	if !again {
		s.toMove ^= 1
	}
	if nw := (uint(s.nmoves) + 15) / 16; nw <= 4 {
		*(*[4]uint64)(s.moves[:4]) = [4]uint64{}
	} else {
		clear(s.moves[:nw])
	}
	s.bloom = [bloomWords]uint64{}
	s.nmoves = 0
	s.first = s.rows
	mv := s.toMove & 1
	k := rowKey(s.rows[0]) + rowKey(s.rows[1]&0xff_ffff_ffff)*keyWeight[PitsPerSide]
	s.key = k
	t := digestTerm(k, mv)
	w, b := bloomBits(t)
	s.bloom[w] = b
	s.digest = t
	other := s.rows[mv^1]
	if mask := nonEmpty(s.rows[mv]); !again && mask != 0 && other != 0 &&
		s.stores[0] <= g.half && s.stores[1] <= g.half && int(s.quiet) < g.quiet &&
		(g.grandSlam != GrandSlamIllegal || (other+(0x80-4)*lows)&highs != 0) {
		s.legal, s.end = mask, endNone
		return
	}
	g.settle(s, false)
}

// recordSlow ends applyOware when the history's filter does not rule out the new
// position of s (key and mover set), whose digestTerm is t: the history decides
// whether it repeats one (the game then ends); if not, it is recorded, the filter's
// word w becoming f, and the move a appended.
func (g *Game) recordSlow(s *State, a int, t uint64, w uint, f uint64) {
	if g.occurred(s, s.key) {
		g.settle(s, true)
		return
	}
	s.bloom[w] = f
	s.digest ^= t
	nm := uint(s.nmoves)
	s.moves[nm>>4] |= uint64(a) << (4 * (nm & 15))
	s.nmoves++
	g.settle(s, false)
}

// captureRun returns what the last seed landing in pit j of row w (the opponent's)
// captures under the rule of 2s and 3s: the seeds of the run of pits holding 2 or 3
// that ends at j (j and the pits before it in sowing order, without gaps), whether
// that is every seed of the row (a grand slam), and the byte mask of the run. Nothing
// when pit j holds neither 2 nor 3.
func captureRun(w uint64, j uint) (seeds int, slam bool, mask uint64) {
	m := uint(twoThree(w))
	if m>>j&1 == 0 {
		return 0, false, 0
	}
	below := ^m & (1<<j - 1) // pits before j that break the run
	start := uint(bits.Len(below))
	mask = spread[(2<<j)-(1<<start)]
	seeds = rowSum(w & mask)
	return seeds, w&^mask == 0, mask
}

// sowAyo plays the move from byte a of the mover's row m on rows: relay laps until the
// last seed falls in a pit that was empty (or the relay cap), then the capture from
// the pit opposite when that pit is the mover's. It returns the seeds captured
// (taken off the board) and whether any seed fell on the opponent's row.
func (g *Game) sowAyo(rows *[2]uint64, m, a int) (captured uint8, fed bool) {
	r, j := m, a
	n := rows[r] >> (8 * j) & 0xff
	rows[r] &^= 0xff << (8 * j)
	for lapNo := 1; ; lapNo++ {
		var lr, lj int
		if g.skipMove && lapNo > 1 {
			var reached uint8
			lr, lj, reached = lapSkipping(rows, r, j, int(n), m, a)
			fed = fed || reached>>(m^1)&1 != 0
		} else {
			e := &laps[j][n]
			rows[r] += e.add[0]
			rows[r^1] += e.add[1]
			// The opponent's row is the lap's own row when the lap starts there.
			fed = fed || e.reached>>(uint(r^m)^1)&1 != 0
			lr, lj = r^int(e.lastRow), int(e.lastByte)
		}
		v := rows[lr] >> (8 * lj) & 0xff
		if v > 1 { // the pit was not empty before the last seed: relay
			if lapNo >= g.relayCap {
				return 0, fed
			}
			n = v
			rows[lr] &^= 0xff << (8 * lj)
			r, j = lr, lj
			continue
		}
		if lr == m { // ended in an own empty pit: take the opposite pit
			op := (PitsPerSide - 1 - lj) * 8
			captured = uint8(rows[m^1] >> op)
			rows[m^1] &^= 0xff << op
		}
		return captured, fed
	}
}

// lapSkipping sows n seeds one by one from byte j of row r, skipping the pit at byte
// sj of row sr (the move's first pit, under skip=move), and returns where the last
// seed fell and the rows reached (bit r for row r).
func lapSkipping(rows *[2]uint64, r, j, n, sr, sj int) (lr, lj int, reached uint8) {
	for n > 0 {
		if j++; j == PitsPerSide {
			j, r = 0, r^1
		}
		if r == sr && j == sj {
			continue
		}
		rows[r] += 1 << (8 * j)
		reached |= 1 << r
		n--
	}
	return r, j, reached
}

// applyAyo plays pit a of the mover under Ayo's rules.
func (g *Game) applyAyo(s *State, a int) {
	m := int(s.toMove)
	c, _ := g.sowAyo(&s.rows, m, a)
	s.toMove ^= 1
	rep := false
	if c != 0 {
		s.stores[m] += c
		s.quiet = 0
		s.restart()
	} else {
		s.quiet++
		rep = g.record(s, a, keyOf(&s.rows))
	}
	g.settle(s, rep)
}

// finish sets the derived fields of s, whose pits, stores, mover, quiet count and
// history are set: the legal moves and, when there are none, why the game is over. It
// takes s as not reached by a repetition (see settle).
func (g *Game) finish(s *State) { g.settle(s, false) }

// settle is finish for a state reached by a move; repeated says that the move
// repeated a position (State.remember), which ends the game if nothing else does.
func (g *Game) settle(s *State, repeated bool) {
	m := s.toMove
	own := s.rows[m]
	mask := nonEmpty(own)
	var end uint8
	if s.stores[0] > g.half || s.stores[1] > g.half {
		mask, end = 0, endMajority
	} else if mask == 0 {
		end = endNoSeeds
	} else if g.feed && s.rows[m^1] == 0 {
		mask = g.feeding(s, mask)
		if mask == 0 {
			end = endCannotFeed
		}
	}
	if mask != 0 && g.grandSlam == GrandSlamIllegal {
		mask = withoutGrandSlams(s, mask)
	}
	if mask != 0 && repeated {
		mask, end = 0, endRepeat
	} else if mask != 0 && int(s.quiet) >= g.quiet {
		mask, end = 0, endQuiet
	}
	s.legal, s.end = mask, end
}

// feeding returns the moves of mask that put at least one seed on the opponent's
// row, which is empty.
func (g *Game) feeding(s *State, mask uint8) uint8 {
	m := int(s.toMove)
	if g.variant == Oware {
		return mask & highBits((s.rows[m]+feedAdd)&highs)
	}
	var out uint8
	for mm := mask; mm != 0; mm &= mm - 1 {
		a := bits.TrailingZeros8(mm)
		rows := s.rows
		if _, fed := g.sowAyo(&rows, m, a); fed {
			out |= 1 << a
		}
	}
	return out
}

// withoutGrandSlams returns the moves of mask that are not grand slams (Oware), or
// mask itself when all of them are.
func withoutGrandSlams(s *State, mask uint8) uint8 {
	m := int(s.toMove)
	if (s.rows[m^1]+(0x80-4)*lows)&highs != 0 {
		// A pit with 4 or more seeds survives any capture: no move is a grand slam.
		return mask
	}
	out := mask
	for mm := mask; mm != 0; mm &= mm - 1 {
		a := bits.TrailingZeros8(mm)
		if isGrandSlam(s.rows[m], s.rows[m^1], a) {
			out &^= 1 << a
		}
	}
	if out == 0 {
		return mask
	}
	return out
}

// isGrandSlam reports whether sowing pit a of row own would capture every seed of
// row opp.
func isGrandSlam(own, opp uint64, a int) bool {
	n := own >> (8 * a) & 0xff
	e := &laps[a][n]
	if e.lastRow != 1 {
		return false
	}
	c, slam, _ := captureRun(opp+e.add[1], uint(e.lastByte))
	return c != 0 && slam
}

// pick returns the k-th legal move of mask for k = splitmix.Uniform(y, count).
func pick(mask uint8, y uint64) int {
	n := bits.OnesCount8(mask)
	return int(kth[mask][splitmix.Uniform(y, n)&7])
}
