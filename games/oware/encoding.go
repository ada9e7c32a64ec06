package oware

// The input encoding of Oware and Ayo positions for value networks (game.Encoder).

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/inputs"
)

// The inputs of the encodings "oware-v1" and "ayo-v1" (the same layout; a network
// of one game is no network of the other), seen by one player ("own" is that
// player, "opp" the other), in this order:
//
//   - each own pit in the own sowing order (a1..f1 for South, f2..a2 for North),
//     then each opp pit in the opp's (where the own sowing goes on): one input on per
//     pit, of 16 seed buckets (0 to 11 seeds one by one, then 12–14, 15–19, 20–29
//     and 30–48);
//   - own store and opp store, 0 to 48 seeds each, one input on each;
//   - the plies left before the quiet cap (quiet=N, or MaxHistory under quiet=off),
//     in 10 buckets: 1, 2, 3, 4, 5, 6–8, 9–12, 13–20, 21–40, more;
//   - the game ended by a repetition (the one end the other inputs do not show).
//
// That is 301 inputs, 15 or 16 of them on. The side to move is the player whose
// encoding comes first; a grand slam's second sowing (grandslam=sowagain) is the
// same player to move against an empty row, which the pits show. Left out: the
// positions played since the last capture, which the repetition rule looks back on
// (up to MaxHistory of them); the plies since the capture stand for them. A move
// changes the inputs of the pits it sows and captures from, of the mover's store
// after a capture, and now and then the plies-left bucket: about a dozen.
const (
	encSeedBuckets = 16 // inputs.CountBuckets(TotalSeeds), checked by TestEncode
	encPits        = 0
	encStores      = encPits + NumPits*encSeedBuckets
	encStoreInputs = TotalSeeds + 1
	encQuiet       = encStores + 2*encStoreInputs
	encRepeat      = encQuiet + inputs.TurnsLeftBuckets
	// EncodingInputs is the number of inputs of the encodings, seen by one player.
	EncodingInputs = encRepeat + 1
	encMaxActive   = NumPits + 2 + 1 + 1
)

// Encoding describes the encoding "oware-v1" or "ayo-v1" (see EncodingInputs).
func (g *Game) Encoding() game.Encoding {
	name := "oware-v1"
	if g.variant == Ayo {
		name = "ayo-v1"
	}
	return game.Encoding{Name: name, Inputs: EncodingInputs, MaxActive: encMaxActive}
}

// Encode appends the inputs of s that are on, seen by player p, in increasing order.
func (g *Game) Encode(s *State, p int, dst []uint16) []uint16 {
	own, opp := s.rows[p&1], s.rows[(p&1)^1]
	for k := range PitsPerSide {
		dst = append(dst, uint16(encPits+k*encSeedBuckets+inputs.Count(int(own>>(8*k)&0xff))))
	}
	for k := range PitsPerSide {
		dst = append(dst, uint16(encPits+(PitsPerSide+k)*encSeedBuckets+inputs.Count(int(opp>>(8*k)&0xff))))
	}
	dst = append(dst,
		uint16(encStores+int(s.stores[p&1])),
		uint16(encStores+encStoreInputs+int(s.stores[(p&1)^1])),
		uint16(encQuiet+inputs.TurnsLeft(g.quiet-int(s.quiet))))
	if s.end == endRepeat {
		dst = append(dst, encRepeat)
	}
	return dst
}

var _ game.Encoder[State] = (*Game)(nil)
