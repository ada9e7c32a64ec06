package martian

// The input encoding of Martian Mancala positions for value networks (game.Encoder).

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/inputs"
)

// The inputs of the encoding "martian-v1", seen by one player ("own" is that player,
// "opp" the other), for N small spaces a side, T pieces and W pips in all, in this
// order:
//
//   - each own space, a to the N-th (the own sowing order), then each opp space, a
//     to the N-th, each a block of P + H + 9 inputs, of which two to five are on:
//     the pips of its stack in P buckets (0 to 11 one by one, then 12–14, 15–19,
//     20–29, 30–49, 50–99 and 100 or more, up to W: P is 17 on martian:6x321); the
//     pieces of its stack in H buckets of the same bounds, up to T (16 on the
//     default board); and for each of its top three pieces, top first, that
//     piece's pips, 1, 2 or 3 (nothing for a depth the stack does not reach). The
//     pips are how far a sowing goes (where its last piece lands), the top pieces
//     its first steps;
//   - own mancala and opp mancala, their pips (the score), 0 to W each, one input on
//     each: a mancala's pieces never move again;
//   - the turns left before the move cap (cap=K), in 10 buckets: 1, 2, 3, 4, 5, 6–8,
//     9–12, 13–20, 21–40, more.
//
// That is 2·N·(P+H+9) + 2·(W+1) + 10 inputs (660 on martian:6x321), at most
// 2·N·5 + 3 of them on (63). The side to move is the player whose encoding comes
// first; a finished game has a side empty or is at the cap, and the pieces left go
// to the player who moved last, the opponent of the one to move. Left out: the
// pieces of a stack under its top three, but for their number and pips. A turn
// changes the blocks of the spaces its laps lift from and land on, the mancalas it
// drops pieces in and now and then the turns-left bucket. The layout is the same on
// every board, its size given by N, T and W.

// encSizes returns the buckets of a stack's pips (P) and pieces (H) under g, and the
// size of a space's block.
func (g *Game) encSizes() (pips, height, block int) {
	pips, height = inputs.CountBuckets(g.pips), inputs.CountBuckets(g.total)
	return pips, height, pips + height + 9
}

// Encoding describes the encoding "martian-v1" under g's board.
func (g *Game) Encoding() game.Encoding {
	_, _, block := g.encSizes()
	return game.Encoding{
		Name:      "martian-v1",
		Inputs:    2*g.n*block + 2*(g.pips+1) + inputs.TurnsLeftBuckets,
		MaxActive: 2*g.n*5 + 3,
	}
}

// Encode appends the inputs of s that are on, seen by player p, in increasing order.
func (g *Game) Encode(s *State, p int, dst []uint16) []uint16 {
	pb, hb, block := g.encSizes()
	// The stacks in the order of State.lens, each packed as in State.pcs.
	var st [2 * MaxSpaces]u128
	acc := u128{s.pcs[0], s.pcs[1]}
	for j := 0; j < 2*g.n && j < len(st); j++ {
		w := 2 * uint(s.lens[j])
		st[j] = acc.low(w)
		acc = acc.shr(w)
	}
	for k := range 2 * g.n {
		j := (k + (p&1)*g.n) % (2 * g.n) // the own spaces first
		base := k * block
		x := st[j&(2*MaxSpaces-1)]
		dst = append(dst,
			uint16(base+inputs.Count(x.pips())),
			uint16(base+pb+inputs.Count(int(s.lens[j&(2*MaxSpaces-1)]))))
		for d := range 3 {
			pip := int(x.lo >> (2 * d) & 3)
			if pip == 0 {
				break
			}
			dst = append(dst, uint16(base+pb+hb+3*d+pip-1))
		}
	}
	stores := 2 * g.n * block
	return append(dst,
		uint16(stores+s.Store(p)),
		uint16(stores+g.pips+1+s.Store(p^1)),
		uint16(stores+2*(g.pips+1)+inputs.TurnsLeft(g.capK-int(s.ply))))
}

var _ game.Encoder[State] = (*Game)(nil)
