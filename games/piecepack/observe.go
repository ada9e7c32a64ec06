package piecepack

import "github.com/colony-ai/colony/game"

// Observation describes the compact observation (game.Observer): the coins on the
// observing player's tiles, a first, then the opponent's, the two mancalas (the
// observer's first), 1 when the observer is to move, and the moves played (counted
// only under a move cap, 0 otherwise).
func (g *Game) Observation() game.Observation {
	return game.Observation{Size: 2*g.n + 4, Shape: []int{2*g.n + 4}, Parts: []game.ObservationPart{
		{Name: "own tiles", Size: g.n, Doc: "the coins on the observer's tiles, a first"},
		{Name: "opponent tiles", Size: g.n, Doc: "the coins on the opponent's tiles, a first"},
		{Name: "stores", Size: 2, Doc: "the coins in the observer's mancala, then the opponent's"},
		{Name: "to move", Size: 1, Doc: "1 when the observer is to move, 0 otherwise"},
		{Name: "ply", Size: 1, Doc: "the moves played (counted only under a move cap; 0 otherwise)"},
	}}
}

// Observe writes the observation of s seen by player p into dst.
func (g *Game) Observe(s *State, p int, dst []float32) {
	n := g.n
	for i := range n {
		dst[i] = float32(s.Tile(p, i))
		dst[n+i] = float32(s.Tile(1-p, i))
	}
	dst[2*n], dst[2*n+1] = float32(s.Store(p)), float32(s.Store(1-p))
	dst[2*n+2] = 0
	if g.ToMove(s) == p {
		dst[2*n+2] = 1
	}
	dst[2*n+3] = float32(s.Ply())
}
