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
	nb := &r.board.neighbours
	free := allLogs &^ (s.ants[Red] | s.ants[Black])
	own := s.ants[s.toMove]
	n := 0
	for m := own; m != 0; m &= m - 1 {
		n += bits.OnesCount32(nb[bits.TrailingZeros32(m)] & free)
	}
	k := 0
	if s.mandatory {
		k = uniform(y, n)
	} else if k = uniform(y, n+1) - 1; k < 0 {
		return NoLog, NoLog
	}
	for m := own; ; m &= m - 1 {
		f := bits.TrailingZeros32(m)
		t := nb[f] & free
		c := bits.OnesCount32(t)
		if k < c {
			return Log(f), Log(selectBit(t, k))
		}
		k -= c
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

// selectBit returns the position of the k-th set bit (from 0, lowest first) of a log
// mask m; k must be below the number of set bits. One popcount picks the half (logs
// 0..9 or 10..18) without a branch, and a table finds the bit within it.
func selectBit(m uint32, k int) int {
	c := bits.OnesCount32(m & 0x3ff)
	above := int(uint(c-k-1) >> 63) // 1 when the k-th bit is above the low 10 bits
	half := (m >> uint(10&-above)) & 0x3ff
	return 10&-above + int(kthBit10[half][(k-c&-above)&15])
}

// kthBit10[m][k] is the position of the k-th set bit of the 10-bit value m.
var kthBit10 = func() (t [1 << 10][16]uint8) {
	for m := range t {
		k := 0
		for b := 0; b < 10; b++ {
			if m&(1<<b) != 0 {
				t[m][k] = uint8(b)
				k++
			}
		}
	}
	return t
}()
