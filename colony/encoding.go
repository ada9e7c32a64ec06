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

// encEggBucket maps a log's eggs to its bucket.
var encEggBucket = func() (b [TotalEggs + 1]uint8) {
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
// (game.DeltaEncoder): those of the logs whose occupant, reach or egg bucket changed,
// and of the stores, hands, turns left and flags that changed. The logs' inputs of
// both positions are computed eight logs at a time (encKeys) and compared a word at
// a time, where encoding both positions takes one input a log and player and
// comparing the lists a step an input.
func (g Game) EncodeDelta(from, to *State, d *game.InputDelta) {
	a0, s0, a1, s1 := d.Add[0], d.Sub[0], d.Add[1], d.Sub[1]
	if cap(a0)-len(a0) < encMaxActive || cap(s0)-len(s0) < encMaxActive ||
		cap(a1)-len(a1) < encMaxActive || cap(s1)-len(s1) < encMaxActive {
		g.encodeDeltaAppend(from, to, d)
		return
	}
	// The memo holds the logs' inputs (encKeys), read and written in place.
	f0, f1 := (*[3]uint64)(d.From[0:3]), (*[3]uint64)(d.From[3:6])
	if !d.FromOK {
		var k0, k1 [3]uint64
		g.encKeysTo(from, &k0, &k1)
		f0, f1 = &k0, &k1
	}
	t0, t1 := (*[3]uint64)(d.To[0:3]), (*[3]uint64)(d.To[3:6])
	g.encKeysTo(to, t0, t1)
	// The inputs are written in place past the lists' ends (at most encMaxActive
	// for each list: a log, store, hand, the turns left and the two flags each
	// change one input off and one on, or a flag one of them). Those that change by
	// pairs (one goes off, another comes on), first: player 0's off and on, then
	// player 1's, each written whether it changes or not and kept when it does.
	off0 := (*[encMaxActive]uint16)(s0[len(s0) : len(s0)+encMaxActive])
	on0 := (*[encMaxActive]uint16)(a0[len(a0) : len(a0)+encMaxActive])
	off1 := (*[encMaxActive]uint16)(s1[len(s1) : len(s1)+encMaxActive])
	on1 := (*[encMaxActive]uint16)(a1[len(a1) : len(a1)+encMaxActive])
	n := 0
	// The logs whose keys differ: a key differs for one player iff it does for
	// the other.
	// First the mask of those logs (bit l for log l) and the keys as bytes (key of
	// log l: byte l), then one loop over the mask: one loop exit to predict, not
	// one for each word, and a byte load a key.
	var changed uint32
	var keys [4][eggBytes]byte // from and to for player 0, the same for player 1
	for w := range f0 {
		binary.LittleEndian.PutUint64(keys[0][8*w:], f0[w])
		binary.LittleEndian.PutUint64(keys[1][8*w:], t0[w])
		binary.LittleEndian.PutUint64(keys[2][8*w:], f1[w])
		binary.LittleEndian.PutUint64(keys[3][8*w:], t1[w])
		x := f0[w] ^ t0[w]
		x = (x&0x7f7f_7f7f_7f7f_7f7f + 0x7f7f_7f7f_7f7f_7f7f | x) & 0x8080_8080_8080_8080
		// Bit 7 of byte i to bit i of the top byte.
		changed |= uint32(x>>7*0x0102_0408_1020_4080>>56) << (8 * w)
	}
	for ; changed != 0; changed &= changed - 1 {
		l := bits.TrailingZeros32(changed)
		base := uint16(l * encLogInputs)
		off0[n], on0[n] = base+uint16(keys[0][l]), base+uint16(keys[1][l])
		off1[n], on1[n] = base+uint16(keys[2][l]), base+uint16(keys[3][l])
		n++
	}
	// Player c's store and hand are their own and the other's opp.
	put := func(x, y, own, opp uint16) {
		off0[n], on0[n], off1[n], on1[n] = own+x, own+y, opp+x, opp+y
		if x != y {
			n++
		}
	}
	const ownS, oppS = encStores, encStores + encStoreInputs
	const ownH, oppH = encHands, encHands + encHandInputs
	if from.store != to.store {
		put(uint16(from.store[Red]), uint16(to.store[Red]), ownS, oppS)
		put(uint16(from.store[Black]), uint16(to.store[Black]), oppS, ownS)
	}
	if from.hand != to.hand {
		put(uint16(from.hand[Red]), uint16(to.hand[Red]), ownH, oppH)
		put(uint16(from.hand[Black]), uint16(to.hand[Black]), oppH, ownH)
	}
	if from.turn != to.turn { // (nearly always the same in a search's leaves)
		put(g.encTurnsLeft(from), g.encTurnsLeft(to), 0, 0)
	}
	// The flags: an input on or off for both players.
	na, ns := n, n
	flag := func(was, is bool, input uint16) {
		switch {
		case is && !was:
			on0[na], on1[na] = input, input
			na++
		case was && !is:
			off0[ns], off1[ns] = input, input
			ns++
		}
	}
	flag(from.mandatory, to.mandatory, encMandatory)
	flag(midTurn(from), midTurn(to), encMidTurn)
	// Only the lengths change (a slice resliced into itself keeps its pointer).
	d.Add[0] = d.Add[0][:len(a0)+na]
	d.Sub[0] = d.Sub[0][:len(s0)+ns]
	d.Add[1] = d.Add[1][:len(a1)+na]
	d.Sub[1] = d.Sub[1][:len(s1)+ns]
}

// encodeDeltaAppend is EncodeDelta for lists without room for encMaxActive more
// inputs: the changes gathered in arrays, then appended.
func (g Game) encodeDeltaAppend(from, to *State, d *game.InputDelta) {
	a0, s0, a1, s1 := d.Add[0], d.Sub[0], d.Add[1], d.Sub[1]
	// The memo holds the logs' inputs (encKeys).
	var f0, f1 [eggBytes / 8]uint64
	if d.FromOK {
		f0, f1 = [3]uint64(d.From[0:3]), [3]uint64(d.From[3:6])
	} else {
		f0, f1 = g.encKeys(from)
	}
	t0, t1 := g.encKeys(to)
	copy(d.To[0:3], t0[:])
	copy(d.To[3:6], t1[:])
	// The inputs that change by pairs (one goes off, another comes on), each
	// written whether it changes or not and kept when it does: player 0's off and
	// on, then player 1's.
	var ch [4][32]uint16
	n := 0
	put := func(off0, on0, off1, on1 int) {
		n &= 31
		ch[0][n], ch[1][n], ch[2][n], ch[3][n] = uint16(off0), uint16(on0), uint16(off1), uint16(on1)
		if off0 != on0 {
			n++
		}
	}
	// The logs whose keys differ: a key differs for one player iff it does for
	// the other.
	for w := range f0 {
		x := f0[w] ^ t0[w]
		x = (x&0x7f7f_7f7f_7f7f_7f7f + 0x7f7f_7f7f_7f7f_7f7f | x) & 0x8080_8080_8080_8080
		for ; x != 0; x &= x - 1 {
			sh := bits.TrailingZeros64(x) &^ 7 // the byte's shift
			base := (8*w + sh/8) * encLogInputs
			put(base+int(f0[w]>>sh&0xff), base+int(t0[w]>>sh&0xff), base+int(f1[w]>>sh&0xff), base+int(t1[w]>>sh&0xff))
		}
	}
	// Player c's store and hand are their own and the other's opp.
	const ownS, oppS = encStores, encStores + encStoreInputs
	const ownH, oppH = encHands, encHands + encHandInputs
	x0, y0, x1, y1 := int(from.store[Red]), int(to.store[Red]), int(from.store[Black]), int(to.store[Black])
	put(ownS+x0, ownS+y0, oppS+x0, oppS+y0)
	put(oppS+x1, oppS+y1, ownS+x1, ownS+y1)
	x0, y0, x1, y1 = int(from.hand[Red]), int(to.hand[Red]), int(from.hand[Black]), int(to.hand[Black])
	put(ownH+x0, ownH+y0, oppH+x0, oppH+y0)
	put(oppH+x1, oppH+y1, ownH+x1, ownH+y1)
	x, y := int(g.encTurnsLeft(from)), int(g.encTurnsLeft(to))
	put(x, y, x, y)
	n &= 31
	s0, a0 = append(s0, ch[0][:n]...), append(a0, ch[1][:n]...)
	s1, a1 = append(s1, ch[2][:n]...), append(a1, ch[3][:n]...)
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
	d.Add[0], d.Sub[0], d.Add[1], d.Sub[1] = a0, s0, a1, s1
}

// encKeys returns the inputs of the logs of s, less l*encLogInputs for log l, seen
// by player 0 (k0) and player 1 (k1), a byte a log in three words as the eggs are
// (0 to 129: encLog's occupant, reach and egg bucket), computed for eight logs at
// once.
func (g Game) encKeys(s *State) (k0, k1 [eggBytes / 8]uint64) {
	g.encKeysTo(s, &k0, &k1)
	return k0, k1
}

// encKeysTo is encKeys writing to k0 and k1.
func (g Game) encKeysTo(s *State, k0, k1 *[eggBytes / 8]uint64) {
	reach, movable := g.encReach(s)
	const ones = 0x0101_0101_0101_0101
	blocked := (s.ants[Red] | s.ants[Black]) &^ movable
	for w := range k0 {
		sh := 8 * w
		n := binary.LittleEndian.Uint64(s.eggs[sh:])
		// Whether each count is at least k (below 128: no carry between bytes).
		ge := func(k uint64) uint64 { return (n + (0x80-k)*ones) >> 7 & ones }
		ge10 := ge(10)
		bucket := n&^(ge10*0xff) | ge10*9 + ge10 + ge(13) + ge(17)
		r := byteMasks[s.ants[Red]>>sh&0xff] & ones
		b := byteMasks[s.ants[Black]>>sh&0xff] & ones
		k := byteMasks[blocked>>sh&0xff] & ones
		rest := (byteMasks[reach>>sh&0xff]&ones)*encEggBuckets + bucket + k*(2*encEggBuckets)
		k0[w] = rest + (r+3*b)*(2*encEggBuckets)
		k1[w] = rest + (b+3*r)*(2*encEggBuckets)
	}
}

// midTurn reports whether s is inside a turn (the encoding's input encMidTurn).
func midTurn(s *State) bool { return s.phase == PhaseDirection || s.phase == PhaseAnt }
