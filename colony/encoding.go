package colony

// The input encoding of Colony positions for value networks (game.Encoder).

import "github.com/colony-ai/colony/game"

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
	own, opp := s.ants[p&1], s.ants[(p&1)^1]
	reach := g.Rules.LastEggReach(s)
	// A log has a free neighbour iff it is a neighbour of a free log.
	movable := g.Rules.board.Reach(allLogs &^ (own | opp))
	for l := range NumLogs {
		bit := uint32(1) << l
		occ := 0
		switch {
		case own&bit != 0:
			occ = 1
		case opp&bit != 0:
			occ = 3
		}
		if occ != 0 && movable&bit == 0 {
			occ++
		}
		state := (occ*2+int(reach>>l&1))*encEggBuckets + int(encEggBucket[s.eggs[l]])
		dst = append(dst, uint16(l*encLogInputs+state))
	}
	dst = append(dst,
		uint16(encStores+int(s.store[p&1])),
		uint16(encStores+encStoreInputs+int(s.store[(p&1)^1])),
		uint16(encHands+int(s.hand[p&1])),
		uint16(encHands+encHandInputs+int(s.hand[(p&1)^1])))
	if s.mandatory {
		dst = append(dst, encMandatory)
	}
	if s.phase == PhaseDirection || s.phase == PhaseAnt {
		dst = append(dst, encMidTurn)
	}
	left := g.Rules.turnCap - int(s.turn) + 1
	return append(dst, uint16(encTurnsLeft+encTurnsLeftBucket(left)))
}
