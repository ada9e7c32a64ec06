package colony

import "math/bits"

// Source is a source of random numbers, such as *rand.PCG from math/rand/v2.
type Source interface {
	Uint64() uint64
}

// RandomAction returns an action chosen uniformly among the legal actions of s, which
// must not be finished: the same action as LegalActions(s)[k] for a uniform k, found
// with bit operations instead of a list.
func (r *Rules) RandomAction(s *State, rng Source) Action {
	y := rng.Uint64()
	switch s.phase {
	case PhaseSelect:
		return SelectBase + Action(r.pickLog(s, y))
	case PhaseDirection:
		return r.board.dirActions[s.pending][uniform(y, int(r.board.exitCount[s.pending]))]
	}
	f, t := r.pickAntMove(s, y)
	if f == NoLog {
		return Pass
	}
	return AntBase + Action(r.board.edgeIndex[f][t])
}

// RandomPlayout plays uniformly random decisions from s to the end of the game and
// returns the number of decisions played: the same game as applying RandomAction
// repeatedly with a generator that yields the same numbers. It draws one number from
// rng to seed its own SplitMix64 generator for the game, so the game depends only on
// that number. It allocates nothing.
func (r *Rules) RandomPlayout(s *State, rng Source) int {
	b := r.board
	x := rng.Uint64()
	for n := 0; ; n++ {
		x += splitMixGamma
		y := splitMix(x)
		switch s.phase {
		case PhaseSelect:
			r.selectLog(s, r.pickLog(s, y))
		case PhaseDirection:
			r.sowPending(s, b.dirArcs[s.pending][uniform(y, int(b.exitCount[s.pending]))])
		case PhaseAnt:
			if f, t := r.pickAntMove(s, y); f == NoLog {
				r.endTurn(s)
			} else {
				r.moveAnt(s, f, t)
			}
		default:
			return n
		}
	}
}

// pickLog returns the k-th selectable log for k = uniform(y, count).
func (r *Rules) pickLog(s *State, y uint64) Log {
	m := s.Selectable()
	return Log(selectBit(m, uniform(y, bits.OnesCount32(m))))
}

// pickAntMove returns the k-th legal ant move for k = uniform(y, count), counting the
// pass first while ant moves are optional, in the order of LegalActions (ants by log,
// then targets by log); a pass is (NoLog, NoLog).
func (r *Rules) pickAntMove(s *State, y uint64) (from, to Log) {
	free := allLogs &^ (s.ants[Red] | s.ants[Black])
	own := s.ants[s.toMove]
	n := 0
	if !s.mandatory {
		n = 1
	}
	for m := own; m != 0; m &= m - 1 {
		n += bits.OnesCount32(r.board.neighbours[bits.TrailingZeros32(m)] & free)
	}
	k := uniform(y, n)
	if !s.mandatory {
		if k == 0 {
			return NoLog, NoLog
		}
		k--
	}
	for m := own; ; m &= m - 1 {
		f := bits.TrailingZeros32(m)
		t := r.board.neighbours[f] & free
		if c := bits.OnesCount32(t); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		return Log(f), Log(bits.TrailingZeros32(t))
	}
}

const splitMixGamma = 0x9e3779b97f4a7c15

// splitMix is SplitMix64's output function.
func splitMix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// uniform maps 64 random bits to [0, n) (multiply-shift on the high 32 bits; the bias
// is below 2^-25 for the n of game decisions, n <= 37).
func uniform(x uint64, n int) int {
	return int((x >> 32) * uint64(n) >> 32)
}

// selectBit returns the position of the k-th set bit of m (from 0, lowest first);
// k must be below the number of set bits.
func selectBit(m uint32, k int) int {
	pos := 0
	c := bits.OnesCount32(m & 0x3ff)
	above := int(uint(c-k-1) >> 63) // 1 when the k-th bit is above the low 10 bits
	k -= c & -above
	step := 10 & -above
	m >>= uint(step)
	pos += step
	c = bits.OnesCount32(m & 0x1f)
	above = int(uint(c-k-1) >> 63)
	k -= c & -above
	step = 5 & -above
	m >>= uint(step)
	pos += step
	return pos + int(kthBit5[m&31][k&7])
}

// kthBit5[m][k] is the position of the k-th set bit of the 5-bit value m.
var kthBit5 = func() (t [32][8]uint8) {
	for m := range t {
		k := 0
		for b := 0; b < 5; b++ {
			if m&(1<<b) != 0 {
				t[m][k] = uint8(b)
				k++
			}
		}
	}
	return t
}()
