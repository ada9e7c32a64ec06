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
// pass first while ant moves are optional, in the order of LegalActions (by target
// log, then by the log the ant leaves); a pass is (NoLog, NoLog).
//
// It counts without loops: Board.adjacent gives, in one byte a log, how many of the
// mover's ants touch each log; masked to the free logs, these are the moves by
// target. A multiplication turns the bytes into running totals, and comparing all
// eight bytes of a word with k at once finds the target of the k-th move.
func (r *Rules) pickAntMove(s *State, y uint64) (from, to Log) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	b := r.board
	own := s.ants[s.toMove]
	free := allLogs &^ (s.ants[Red] | s.ants[Black])
	a0, a1, a2 := &b.adjacent[0][own&127], &b.adjacent[1][own>>7&127], &b.adjacent[2][own>>14&127]
	// Running totals of the moves by target, one word for logs 0-7, 8-15 and 16-18;
	// every total is at most 8*6 = 48, so the bytes never carry.
	var run [3]uint64
	run[0] = ((a0[0] + a1[0] + a2[0]) & byteMask[free&255]) * ones
	run[1] = ((a0[1] + a1[1] + a2[1]) & byteMask[free>>8&255]) * ones
	run[2] = ((a0[2] + a1[2] + a2[2]) & byteMask[free>>16&255]) * ones
	n0, n1 := int(run[0]>>56), int(run[1]>>56)
	n := n0 + n1 + int(run[2]>>56)
	var k int
	if s.mandatory {
		k = uniform(y, n)
	} else if k = uniform(y, n+1) - 1; k < 0 {
		return NoLog, NoLog
	}
	// The word holding the k-th move, without branches.
	past0 := int(uint(n0-k-1) >> 63) // 1 when k >= n0
	k -= n0 & -past0
	past1 := past0 & int(uint(n1-k-1)>>63)
	k -= n1 & -past1
	w := past0 + past1
	totals := run[w]
	// The target is the first log whose running total exceeds k: count the bytes
	// with total <= k (0x80+k-total keeps its high bit exactly then; no borrows).
	i := bits.OnesCount64(((0x80+uint64(k))*ones - totals) & highs)
	before := int((totals << 8) >> (8 * uint(i)) & 0xff) // the total of the logs before
	t := 8*w + i
	return Log(selectBit(b.neighbours[t]&own, k-before)), Log(t)
}

// byteMask[m] has byte i set to 0xff where bit i of m is set.
var byteMask = func() (t [256]uint64) {
	for m := range t {
		for i := 0; i < 8; i++ {
			if m&(1<<i) != 0 {
				t[m] |= 0xff << (8 * i)
			}
		}
	}
	return t
}()

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
