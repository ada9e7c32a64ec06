package martian

import "github.com/colony-ai/colony/game"

// Observation describes the compact observation (game.Observer): for each of the
// observing player's small spaces, a first, then the opponent's, three values (the
// pieces on it, their pips, the pips of its top piece, 0 for an empty space); the
// pips in the two mancalas (the observer's first), 1 when the observer is to move,
// and the turns played.
func (g *Game) Observation() game.Observation {
	return game.Observation{Size: 6*g.n + 4, Shape: []int{6*g.n + 4}, Parts: []game.ObservationPart{
		{Name: "own spaces", Size: 3 * g.n, Doc: "for each of the observer's spaces, a first: its pieces, their pips, its top piece's pips (0: empty)"},
		{Name: "opponent spaces", Size: 3 * g.n, Doc: "the same for the opponent's spaces"},
		{Name: "stores", Size: 2, Doc: "the pips in the observer's mancala, then the opponent's"},
		{Name: "to move", Size: 1, Doc: "1 when the observer is to move, 0 otherwise"},
		{Name: "ply", Size: 1, Doc: "the turns played"},
	}}
}

// Observe writes the observation of s seen by player p into dst.
func (g *Game) Observe(s *State, p int, dst []float32) {
	var b board
	g.unpack(s, &b)
	n := g.n
	for side, q := range [2]int{p, 1 - p} {
		for i := range n {
			x := b.st[q*n+i]
			k := 3 * (side*n + i)
			dst[k], dst[k+1], dst[k+2] = float32(x.height()), float32(x.pips()), 0
			if !x.zero() {
				top, _ := x.pop()
				dst[k+2] = float32(top)
			}
		}
	}
	k := 6 * n
	dst[k], dst[k+1] = float32(s.Store(p)), float32(s.Store(1-p))
	dst[k+2] = 0
	if s.ToMove() == p {
		dst[k+2] = 1
	}
	dst[k+3] = float32(s.Ply())
}
