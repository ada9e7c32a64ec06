package colony

import (
	"math/bits"
)

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
// repeatedly with a generator that yields the same numbers, ending in the same State.
// It draws one number from rng to seed its own SplitMix64 generator for the game, so
// the game depends only on that number. It allocates nothing.
//
// It is Apply's rules in one loop, turn by turn: the phase is where the code is, not a
// field read back after every decision; the counts that change during a turn stay in
// registers; and the hash, which a playout never reads, is computed once at the end.
func (r *Rules) RandomPlayout(s *State, rng Source) int {
	b := r.board
	x0 := rng.Uint64()
	x := x0 // the generator's state; x-x0 counts the decisions (playoutDecisions)
	var (
		y         uint64
		own, opp  uint32 // the ants of the mover and of the opponent (s.ants at the end)
		filled    uint32 // s.filled, kept here during the game
		at        Log    // the log a lap starts from
		arc, hand uint8  // the arc of the next egg and the eggs in hand
		capLeft   int    // eggs the turn may still put down one by one (R6)
		cur       Log    // the log the last egg of a lap reaches
		lap       *run   // the next lap, when it fits under the sowing cap
	)
	filled = s.filled
	own, opp = s.ants[s.toMove], s.ants[s.toMove^1]
	capLeft = r.sowingCap - int(s.drops)
	switch s.phase {
	case PhaseSelect:
		goto selectLog
	case PhaseDirection:
		at, hand = s.pending, s.inHand
		s.phase, s.pending, s.inHand = PhaseSelect, 0, 0
		goto direction
	case PhaseAnt:
		s.phase = PhaseSelect
		goto antMove
	default:
		return 0
	}

selectLog: // R2: pick up the eggs of a log; a fork or centre needs a direction (R4).
	x += splitMixGamma
	y = splitMix(x)
	{
		m := filled &^ (own | opp)
		at = Log(selectBit(m, uniform(y, bits.OnesCount32(m))))
	}
	hand = s.eggs[at]
	s.eggs[at] = 0
	filled &^= 1 << at

direction: // R4: a lap from a fork or centre goes the way the player chooses.
	// Without a branch on the number of exits, which random play cannot predict: with
	// one exit no number is drawn (x stays), no decision is counted and the only
	// direction, dirArcs[at][0], is the log's first arc.
	{
		// The number is computed before the choice is known, off the path of the
		// loads that decide it.
		y = splitMix(x + splitMixGamma)
		w := b.dirWord[at]
		exits := w >> 56
		x += splitMixGamma & -((exits + 254) >> 8) // a draw with two exits or more
		// The lap from the log and the direction's index, without waiting for the arc
		// (byte i of w), which only the slow paths need.
		i := uniform(y, int(exits))
		arc = uint8(w >> (8 * uint(i) & 0x38))
		lap = &b.starts[int(hand-1)*b.startRow+int(w>>48&0xff)+i]
	}

	// R3, R5 and R6, as in Rules.sow.
	for {
		var e uint8 // the eggs on cur before the last egg
		if capLeft < int(hand) {
			_, filled, capLeft, arc, hand = r.sowSlowly(s, 0, filled, capLeft, arc, hand)
			if hand == 0 {
				break
			}
			cur = b.arcTo[arc]
			e = s.eggs[cur]
		} else {
			// A whole lap but its last egg, from the lap tables (one egg in hand: the
			// empty lap, rather than a branch random play cannot predict). The eggs
			// on cur are read before the lap's stores, not through them.
			arc, cur = lap.next, lap.last
			e = s.eggs[cur] + lap.onLast
			s.dropRun(lap)
			filled |= lap.filled
			capLeft -= int(hand - 1)
		}
		bit := uint32(1) << (cur & 31) // (a log is below 32: no check of the shift)
		if own&bit != 0 || (e == 3 && opp&bit == 0) {
			p := s.toMove // read here, not kept in a register all game
			s.store[p]++
			if own&bit == 0 && s.hand[p] > 0 {
				s.hand[p]--
				own |= bit
			}
			break
		}
		capLeft--
		if e == 0 {
			s.eggs[cur] = 1
			filled |= bit
			break
		}
		hand = e + 1
		s.eggs[cur] = 0
		filled &^= bit
		if r.selectedOnly && b.exitCount[cur] > 1 {
			arc = b.arcNext[arc] // no choice: on as a passing egg goes (R4 variant)
			lap = &b.runs[int(hand-1)*len(b.arcTo)+int(arc)]
			continue
		}
		at = cur
		goto direction
	}
	// R7: the ant step, skipped without ants or moves; R9 when a compulsory one is
	// impossible.
	if own == 0 {
		goto endTurn
	}

antMove:
	// Board.antMoves and Board.antMove written out: the compiler does not inline them,
	// and a call here makes the loop keep its state on the stack (about 6% more
	// instructions a game). TestRandomPlayoutMatchesRandomAction checks that both
	// pick the same moves.
	{
		// The running totals by target as three words in registers (no array, which
		// would live on the stack): logs 0-7, 8-15 and 16-18.
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		free := allLogs &^ (own | opp)
		a0, a1, a2 := &b.adjacent[0][own&127], &b.adjacent[1][own>>7&127], &b.adjacent[2][own>>14&127]
		run0 := ((a0[0] + a1[0] + a2[0]) & byteMask[free&255]) * ones
		run1 := ((a0[1] + a1[1] + a2[1]) & byteMask[free>>8&255]) * ones
		run2 := ((a0[2] + a1[2] + a2[2]) & byteMask[free>>16&255]) * ones
		n0, n1 := int(run0>>56), int(run1>>56)
		count := n0 + n1 + int(run2>>56)
		if count == 0 {
			if s.mandatory {
				s.drops = uint16(r.sowingCap - capLeft)
				s.finish(NoAntCanMove)
				goto over
			}
			goto endTurn
		}
		x += splitMixGamma
		y = splitMix(x)
		k := uniform(y, count)
		if !s.mandatory {
			if k = uniform(y, count+1) - 1; k < 0 {
				goto endTurn
			}
		}
		// The word of the k-th move, from k compared with both thresholds at once.
		n01 := n0 + n1
		past0 := int(uint(n0-k-1) >> 63)  // 1 when k >= n0
		past1 := int(uint(n01-k-1) >> 63) // 1 when k >= n0+n1
		k -= n0&-past0 + n1&-past1
		totals := run0 ^ (run0^run1)&uint64(-past0)
		totals ^= (totals ^ run2) & uint64(-past1)
		i := bits.OnesCount64(((0x80+uint64(k))*ones - totals) & highs)
		before := int((totals << 8) >> (8 * uint(i) & 63) & 0xff) // the total of the logs before (i < 8)
		t := 8*(past0+past1) + i
		f := selectBit(b.neighbours[t&31]&own, k-before)
		own ^= 1<<(f&31) | 1<<(t&31)
		s.mandatory = true
	}

endTurn: // R9 and R10, as in Rules.endTurn.
	own, opp = opp, own
	s.toMove ^= 1
	s.turn++
	s.drops = 0
	capLeft = r.sowingCap
	switch {
	case filled&^(own|opp) == 0:
		s.finish(NoLogToSelect)
	case int(s.turn) > r.turnCap:
		s.finish(TurnCapReached)
	default:
		goto selectLog
	}

over:
	s.ants[s.toMove], s.ants[s.toMove^1] = own, opp
	s.filled = filled
	s.hash = s.ComputeHash()
	return playoutDecisions(x0, x)
}

// gammaInverse is the inverse of splitMixGamma modulo 2^64 (the gamma is odd).
const gammaInverse = 0xf1de83e19937733d

// playoutDecisions returns the number of decisions of a playout whose generator went
// from x0 to x: every decision draws one number, which adds splitMixGamma to the state.
func playoutDecisions(x0, x uint64) int {
	return int((x - x0) * gammaInverse)
}

// pickLog returns the k-th selectable log for k = uniform(y, count).
func (r *Rules) pickLog(s *State, y uint64) Log {
	m := s.Selectable()
	return Log(selectBit(m, uniform(y, bits.OnesCount32(m))))
}

// pickAntMove returns the k-th legal ant move for k = uniform(y, count), counting the
// pass first while ant moves are optional, in the order of LegalActions (by target
// log, then by the log the ant leaves); a pass is (NoLog, NoLog).
func (r *Rules) pickAntMove(s *State, y uint64) (from, to Log) {
	own := s.ants[s.toMove]
	moves := r.board.antMoves(own, s.ants[s.toMove^1])
	k := uniform(y, moves.count)
	if !s.mandatory {
		if k = uniform(y, moves.count+1) - 1; k < 0 {
			return NoLog, NoLog
		}
	}
	return r.board.antMove(&moves, own, k)
}

// antMoveTotals counts the ant moves of the player with the ants own against the ants
// opp, by target, without loops: Board.adjacent gives, in one byte a log, how many of
// the mover's ants touch each log; masked to the free logs, these are the moves by
// target. A multiplication turns the bytes into running totals (one word for logs 0-7,
// 8-15 and 16-18), and comparing all eight bytes of a word with k at once finds the
// target of the k-th move (Board.antMove).
type antMoveTotals struct {
	run    [3]uint64 // running totals by target; every total is at most 8*6 = 48
	n0, n1 int       // the moves to logs 0-7 and to logs 8-15
	count  int       // all the moves
}

// antMoves counts the ant moves of own against opp (antMoveTotals).
func (b *Board) antMoves(own, opp uint32) (m antMoveTotals) {
	const ones = 0x0101010101010101
	free := allLogs &^ (own | opp)
	a0, a1, a2 := &b.adjacent[0][own&127], &b.adjacent[1][own>>7&127], &b.adjacent[2][own>>14&127]
	m.run[0] = ((a0[0] + a1[0] + a2[0]) & byteMask[free&255]) * ones
	m.run[1] = ((a0[1] + a1[1] + a2[1]) & byteMask[free>>8&255]) * ones
	m.run[2] = ((a0[2] + a1[2] + a2[2]) & byteMask[free>>16&255]) * ones
	m.n0, m.n1 = int(m.run[0]>>56), int(m.run[1]>>56)
	m.count = m.n0 + m.n1 + int(m.run[2]>>56)
	return m
}

// antMove returns the k-th of the ant moves m of the ants own (k < m.count).
func (b *Board) antMove(m *antMoveTotals, own uint32, k int) (from, to Log) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// The word holding the k-th move, without branches.
	past0 := int(uint(m.n0-k-1) >> 63) // 1 when k >= n0
	k -= m.n0 & -past0
	past1 := past0 & int(uint(m.n1-k-1)>>63)
	k -= m.n1 & -past1
	w := past0 + past1
	totals := m.run[w&3]
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
	// Both halves are looked up as soon as k is known, and the count of the low half,
	// known before k, picks one: the choice is off the path of the loads.
	c := bits.OnesCount32(m & 0x3ff)
	lo := int(kthBit10[m&0x3ff][k&15])
	hi := int(kthBit10[m>>10&0x3ff][(k-c)&15]) + 10
	above := -int(uint(c-k-1) >> 63) // all ones when the k-th bit is above the low 10 bits
	return lo ^ (lo^hi)&above
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
