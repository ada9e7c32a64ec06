package colony

// The input encoding of Colony positions for value networks (game.Encoder).

import (
	"encoding/binary"
	"math/bits"

	"github.com/colony-ai/colony/game"
)

// The inputs of the encoding "colony-v1", seen by one player ("own" is that player,
// "opp" the other), in this order:
//
//   - each log's state: one input on per log, of 5 occupants (no ant, an own ant
//     that can move, an own ant blocked (no neighbouring log free of ants), an opp
//     ant that can move, a blocked opp ant) times 2 (whether the last egg of the
//     first lap of some legal selection lands there, Rules.LastEggReach) times 13
//     egg buckets (0 to 9 eggs one by one, then 10–12, 13–16 and 17 or more). The
//     eggs a log scores are those under an ant, a reachable log of 3 eggs without
//     an ant is where the next sowing places an ant, a reachable log under an ant is
//     one the next sowing can relay away: each is one input;
//   - own store and opp store, 0 to 57 eggs each, one input on each;
//   - own ants in hand and opp ants in hand, 0 to 6 each;
//   - ant moves mandatory (R7);
//   - the turn in progress is in its direction or ant phase (a state evaluated inside
//     a turn);
//   - the full turns left before the turn cap (R10), in 10 buckets: 1, 2, 3, 4, 5,
//     6–8, 9–12, 13–20, 21–40, more.
//
// A turn changes the inputs of the logs it sows, captures from or moves an ant on
// or whose reach or blocking it changes, a store or a hand where it captures or
// places, and now and then the turns-left bucket: about 15 of the 2,612, of which 24
// to 26 are on.
const (
	encEggBuckets  = 13
	encOccupants   = 5
	encLogInputs   = encOccupants * 2 * encEggBuckets
	encStores      = NumLogs * encLogInputs
	encStoreInputs = TotalEggs + 1
	encHands       = encStores + 2*encStoreInputs
	encHandInputs  = AntsPerSide + 1
	encMandatory   = encHands + 2*encHandInputs
	encMidTurn     = encMandatory + 1
	encTurnsLeft   = encMidTurn + 1
	encTurnBuckets = 10
	// EncodingInputs is the number of inputs of the encoding, seen by one player.
	EncodingInputs = encTurnsLeft + encTurnBuckets
	encMaxActive   = NumLogs + 2 + 2 + 1 + 1 + 1
)

// encEggBucket maps a log's eggs to its bucket (64 entries, so that an index masked
// by 63 needs no bounds check).
var encEggBucket = func() (b [64]uint8) {
	for n := range b {
		switch {
		case n <= 9:
			b[n] = uint8(n)
		case n <= 12:
			b[n] = 10
		case n <= 16:
			b[n] = 11
		default:
			b[n] = 12
		}
	}
	return b
}()

// encTurnsLeftBucket maps the full turns left before the cap (from 1) to a bucket.
func encTurnsLeftBucket(left int) int {
	switch {
	case left <= 5:
		return max(left, 1) - 1
	case left <= 8:
		return 5
	case left <= 12:
		return 6
	case left <= 20:
		return 7
	case left <= 40:
		return 8
	}
	return 9
}

// Encoding describes the encoding "colony-v1" (see EncodingInputs).
func (g Game) Encoding() game.Encoding {
	return game.Encoding{Name: "colony-v1", Inputs: EncodingInputs, MaxActive: encMaxActive}
}

// Encode appends the inputs of s that are on, seen by player p, in increasing order.
func (g Game) Encode(s *State, p int, dst []uint16) []uint16 {
	own, opp := Color(p&1), Color(p&1)^1
	reach, movable := g.encReach(s)
	for l := range NumLogs {
		occ := encOccupant(s, l, movable)
		if own == Black {
			occ = encSwap[occ]
		}
		dst = append(dst, encLog(s, l, occ, reach))
	}
	dst = append(dst,
		uint16(encStores+int(s.store[own])),
		uint16(encStores+encStoreInputs+int(s.store[opp])),
		uint16(encHands+int(s.hand[own])),
		uint16(encHands+encHandInputs+int(s.hand[opp])))
	if s.mandatory {
		dst = append(dst, encMandatory)
	}
	if s.phase == PhaseDirection || s.phase == PhaseAnt {
		dst = append(dst, encMidTurn)
	}
	return append(dst, g.encTurnsLeft(s))
}

// encReach returns the logs the last egg of a first lap reaches and the logs with a
// neighbour free of ants (a log has one iff it is a neighbour of a free log).
func (g Game) encReach(s *State) (reach, movable uint32) {
	return g.Rules.LastEggReach(s), g.Rules.board.Reach(allLogs &^ (s.ants[Red] | s.ants[Black]))
}

// encOccupant returns the occupant of log l seen by Red: 0 none, 1 a red ant that can
// move, 2 a blocked red ant, 3 and 4 the same for Black.
func encOccupant(s *State, l int, movable uint32) int {
	bit := uint32(1) << l
	occ := 0
	switch {
	case s.ants[Red]&bit != 0:
		occ = 1
	case s.ants[Black]&bit != 0:
		occ = 3
	}
	if occ != 0 && movable&bit == 0 {
		occ++
	}
	return occ
}

// encLog returns the input of log l with the occupant occ (in the view encoded).
func encLog(s *State, l, occ int, reach uint32) uint16 {
	return uint16(l*encLogInputs + (occ*2+int(reach>>l&1))*encEggBuckets + int(encEggBucket[s.eggs[l]]))
}

// encLogBase returns encLog(s, l, 0, reach): the input of log l were it free of ants
// (an occupant adds its number times 2*encEggBuckets).
func encLogBase(s *State, l int, reach uint32) int {
	return l*encLogInputs + int(reach>>l&1)*encEggBuckets + int(encEggBucket[s.eggs[l]&63])
}

// encTurnsLeft returns the input of the turns left before the cap.
func (g Game) encTurnsLeft(s *State) uint16 {
	return uint16(encTurnsLeft + encTurnsLeftBucket(g.Rules.turnCap-int(s.turn)+1))
}

// encSwap maps an occupant seen by one player to the same occupant seen by the other.
var encSwap = [encOccupants]int{0, 3, 4, 1, 2}

// EncodePair appends the inputs of s seen by Red to dst0 and those seen by Black to
// dst1 (game.PairEncoder), computing the reach and the blocked ants once.
func (g Game) EncodePair(s *State, dst0, dst1 []uint16) ([]uint16, []uint16) {
	reach, movable := g.encReach(s)
	for l := range NumLogs {
		occ := encOccupant(s, l, movable)
		dst0 = append(dst0, encLog(s, l, occ, reach))
		dst1 = append(dst1, encLog(s, l, encSwap[occ], reach))
	}
	dst0 = append(dst0,
		uint16(encStores+int(s.store[Red])),
		uint16(encStores+encStoreInputs+int(s.store[Black])),
		uint16(encHands+int(s.hand[Red])),
		uint16(encHands+encHandInputs+int(s.hand[Black])))
	dst1 = append(dst1,
		uint16(encStores+int(s.store[Black])),
		uint16(encStores+encStoreInputs+int(s.store[Red])),
		uint16(encHands+int(s.hand[Black])),
		uint16(encHands+encHandInputs+int(s.hand[Red])))
	if s.mandatory {
		dst0 = append(dst0, encMandatory)
		dst1 = append(dst1, encMandatory)
	}
	if midTurn(s) {
		dst0 = append(dst0, encMidTurn)
		dst1 = append(dst1, encMidTurn)
	}
	left := g.encTurnsLeft(s)
	return append(dst0, left), append(dst1, left)
}

// EncodeDelta appends the inputs that differ between from and to, for both players
// (game.DeltaEncoder): the inputs of the logs whose eggs, ant, reach or blocked ant
// changed, each compared with its old value, and the stores, hands and flags that
// changed. Finding the logs takes a few word operations, where encoding both
// positions takes one input a log and player.
func (g Game) EncodeDelta(from, to *State, d *game.InputDelta) {
	a0, s0, a1, s1 := d.Add[0], d.Sub[0], d.Add[1], d.Sub[1]
	// The memo holds the reach and the logs with a free neighbour.
	var rf, mf uint32
	if d.FromOK {
		rf, mf = uint32(d.From), uint32(d.From>>32)
	} else {
		rf, mf = g.encReach(from)
	}
	rt, mt := g.encReach(to)
	d.To = uint64(rt) | uint64(mt)<<32
	antsF := from.ants[Red] | from.ants[Black]
	antsT := to.ants[Red] | to.ants[Black]
	// A log's input depends on its occupant (and whether that ant can move, which
	// matters only where there is one), its reach and its egg bucket.
	logs := eggsDiffer(from, to) | (from.ants[Red] ^ to.ants[Red]) | (from.ants[Black] ^ to.ants[Black]) |
		(rf ^ rt) | (mf^mt)&(antsF|antsT)
	// The occupants by bits: an ant of player 0 (r), of player 1 (b), blocked (k);
	// the occupant seen by player 0 is r+3b+k, by player 1 b+3r+k (encOccupant).
	kf, kt := antsF&^mf, antsT&^mt
	for ; logs != 0; logs &= logs - 1 {
		l := bits.TrailingZeros32(logs) & 31
		bf, bt := encLogBase(from, l, rf), encLogBase(to, l, rt)
		rF, bF, rT, bT := int(from.ants[Red]>>l&1), int(from.ants[Black]>>l&1), int(to.ants[Red]>>l&1), int(to.ants[Black]>>l&1)
		kF, kT := int(kf>>l&1), int(kt>>l&1)
		x, y := bf+(rF+3*bF+kF)*(2*encEggBuckets), bt+(rT+3*bT+kT)*(2*encEggBuckets)
		if x != y {
			s0, a0 = append(s0, uint16(x)), append(a0, uint16(y))
			s1 = append(s1, uint16(bf+(bF+3*rF+kF)*(2*encEggBuckets)))
			a1 = append(a1, uint16(bt+(bT+3*rT+kT)*(2*encEggBuckets)))
		}
	}
	for c := range 2 {
		if x, y := from.store[c], to.store[c]; x != y {
			// Colour c's store is player c's own and the other's opp.
			own, opp := uint16(encStores+int(x)), uint16(encStores+encStoreInputs+int(x))
			nown, nopp := uint16(encStores+int(y)), uint16(encStores+encStoreInputs+int(y))
			if c == 0 {
				s0, a0, s1, a1 = append(s0, own), append(a0, nown), append(s1, opp), append(a1, nopp)
			} else {
				s1, a1, s0, a0 = append(s1, own), append(a1, nown), append(s0, opp), append(a0, nopp)
			}
		}
		if x, y := from.hand[c], to.hand[c]; x != y {
			own, opp := uint16(encHands+int(x)), uint16(encHands+encHandInputs+int(x))
			nown, nopp := uint16(encHands+int(y)), uint16(encHands+encHandInputs+int(y))
			if c == 0 {
				s0, a0, s1, a1 = append(s0, own), append(a0, nown), append(s1, opp), append(a1, nopp)
			} else {
				s1, a1, s0, a0 = append(s1, own), append(a1, nown), append(s0, opp), append(a0, nopp)
			}
		}
	}
	if from.mandatory != to.mandatory {
		if to.mandatory {
			a0, a1 = append(a0, encMandatory), append(a1, encMandatory)
		} else {
			s0, s1 = append(s0, encMandatory), append(s1, encMandatory)
		}
	}
	if mf, mt := midTurn(from), midTurn(to); mf != mt {
		if mt {
			a0, a1 = append(a0, encMidTurn), append(a1, encMidTurn)
		} else {
			s0, s1 = append(s0, encMidTurn), append(s1, encMidTurn)
		}
	}
	if x, y := g.encTurnsLeft(from), g.encTurnsLeft(to); x != y {
		s0, a0, s1, a1 = append(s0, x), append(a0, y), append(s1, x), append(a1, y)
	}
	d.Add[0], d.Sub[0], d.Add[1], d.Sub[1] = a0, s0, a1, s1
}

// midTurn reports whether s is inside a turn (the encoding's input encMidTurn).
func midTurn(s *State) bool { return s.phase == PhaseDirection || s.phase == PhaseAnt }

// eggsDiffer returns the mask of the logs whose eggs differ between a and b: the
// three words of egg counts compared a byte at a time.
func eggsDiffer(a, b *State) uint32 {
	var m uint32
	for w := range eggBytes / 8 {
		x := binary.LittleEndian.Uint64(a.eggs[8*w:]) ^ binary.LittleEndian.Uint64(b.eggs[8*w:])
		// The top bit of each byte that is not zero, then the eight top bits
		// gathered into one byte.
		x = ((x&0x7f7f_7f7f_7f7f_7f7f + 0x7f7f_7f7f_7f7f_7f7f) | x) & 0x8080_8080_8080_8080
		m |= uint32((x>>7)*0x0102_0408_1020_4080>>56) << (8 * w)
	}
	return m
}
