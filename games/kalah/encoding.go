package kalah

// The input encoding of Kalah positions for value networks (game.Encoder).

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/inputs"
)

// The inputs of the encoding "kalah-v1", seen by one player ("own" is that player,
// "opp" the other), for M pits a side and T = 2·M·N seeds, in this order:
//
//   - each own pit, a to the M-th (the own sowing order), then each opp pit, a to
//     the M-th (the order the own sowing goes on in): one input on per pit, of B
//     seed buckets (0 to 11 seeds one by one, then 12–14, 15–19, 20–29, 30–49,
//     50–99 and 100 or more; B counts the buckets up to T: 16 on kalah:6x4);
//   - own store and opp store, 0 to T seeds each, one input on each.
//
// That is 2·M·B + 2·(T+1) inputs (290 on kalah:6x4, 114 on kalah:4x3), 2·M+2 of
// them on. Nothing else decides the future: the side to move is the player whose
// encoding comes first, a finished game has every pit empty (and a game that goes
// on has a seed in a pit), and the capture and end rules are the rule set's. A move
// changes the inputs of the pits it sows and captures from and of the mover's store:
// about a dozen on kalah:6x4. The layout is the same on every board, its size given
// by M and T, so every rule set has the one name (networks also record Inputs).
const encodingName = "kalah-v1"

// Encoding describes the encoding "kalah-v1" under g's board.
func (g *Game) Encoding() game.Encoding {
	total := 2 * g.m * g.n
	return game.Encoding{
		Name:      encodingName,
		Inputs:    2*g.m*inputs.CountBuckets(total) + 2*(total+1),
		MaxActive: 2*g.m + 2,
	}
}

// Encode appends the inputs of s that are on, seen by player p, in increasing order.
func (g *Game) Encode(s *State, p int, dst []uint16) []uint16 {
	m, total := g.m, 2*g.m*g.n
	b := inputs.CountBuckets(total)
	own, opp := g.base[p&1], g.base[(p&1)^1]
	for i := range m {
		dst = append(dst, uint16(i*b+inputs.Count(s.get(own+i))))
	}
	for i := range m {
		dst = append(dst, uint16((m+i)*b+inputs.Count(s.get(opp+i))))
	}
	stores := 2 * m * b
	return append(dst,
		uint16(stores+s.get(g.store[p&1])),
		uint16(stores+total+1+s.get(g.store[(p&1)^1])))
}

var _ game.Encoder[State] = (*Game)(nil)
