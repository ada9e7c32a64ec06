package piecepack

// The input encoding of the piecepack mancalas' positions for value networks
// (game.Encoder).

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/inputs"
)

// The inputs of the encodings "egyptian-v1", "ethiopian-v1" and "nigerian-v1" (one
// layout; a network of one variant is no network of another), seen by one player
// ("own" is that player, "opp" the other), for N tiles a side and T = 2·N·C coins,
// in this order:
//
//   - each own tile, a to the N-th (the own sowing order), then each opp tile, a to
//     the N-th: one input on per tile, of B coin buckets (0 to 11 coins one by one,
//     then 12–14, 15–19, 20–29, 30–49, 50–99 and 100 or more; B counts the buckets
//     up to T: 16 on the 6x4 board);
//   - own mancala and opp mancala, 0 to T coins each, one input on each;
//   - under a move cap (cap=K) only: the moves left before it, in 10 buckets: 1, 2,
//     3, 4, 5, 6–8, 9–12, 13–20, 21–40, more.
//
// That is 2·N·B + 2·(T+1) inputs, and 10 more under a cap (290 for egyptian and
// nigerian, 300 for ethiopian, whose cap is 200 by default), 2·N+2 of them on, or
// 2·N+3 under a cap. Nothing else decides the future: the side to move is the player
// whose encoding comes first, and whether and why the game ended follows from the
// coins, the mover and the moves played. A move changes the inputs of the tiles it
// sows and takes from, of the mancalas it fills and now and then the moves-left
// bucket. The layout is the same on every board, its size given by N and T.

// Encoding describes the encoding of g's variant under its board and cap.
func (g *Game) Encoding() game.Encoding {
	total := 2 * g.n * g.c
	e := game.Encoding{
		Name:      g.variant.String() + "-v1",
		Inputs:    2*g.n*inputs.CountBuckets(total) + 2*(total+1),
		MaxActive: 2*g.n + 2,
	}
	if g.capK > 0 {
		e.Inputs += inputs.TurnsLeftBuckets
		e.MaxActive++
	}
	return e
}

// Encode appends the inputs of s that are on, seen by player p, in increasing order.
func (g *Game) Encode(s *State, p int, dst []uint16) []uint16 {
	n, total := g.n, 2*g.n*g.c
	b := inputs.CountBuckets(total)
	own, opp := MaxTiles*(p&1), MaxTiles*((p&1)^1)
	for i := range n {
		dst = append(dst, uint16(i*b+inputs.Count(int(s.cells[own+i]))))
	}
	for i := range n {
		dst = append(dst, uint16((n+i)*b+inputs.Count(int(s.cells[opp+i]))))
	}
	stores := 2 * n * b
	dst = append(dst,
		uint16(stores+int(s.cells[southStore+(p&1)])),
		uint16(stores+total+1+int(s.cells[southStore+((p&1)^1)])))
	if g.capK > 0 {
		dst = append(dst, uint16(stores+2*(total+1)+inputs.TurnsLeft(g.capK-int(s.ply))))
	}
	return dst
}

var _ game.Encoder[State] = (*Game)(nil)
