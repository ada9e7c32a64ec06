package kalah

import "github.com/colony-ai/colony/game"

// Observation describes the compact observation (game.Observer): the seeds in the
// observing player's pits, a to the last, then the opponent's, the two stores (the
// observer's first) and 1 when the observer is to move.
func (g *Game) Observation() game.Observation {
	return game.Observation{Size: 2*g.m + 3, Shape: []int{2*g.m + 3}, Parts: []game.ObservationPart{
		{Name: "own pits", Size: g.m, Doc: "the seeds in the observer's pits, a first"},
		{Name: "opponent pits", Size: g.m, Doc: "the seeds in the opponent's pits, a first"},
		{Name: "stores", Size: 2, Doc: "the seeds in the observer's store, then the opponent's"},
		{Name: "to move", Size: 1, Doc: "1 when the observer is to move, 0 otherwise"},
	}}
}

// Observe writes the observation of s seen by player p into dst.
func (g *Game) Observe(s *State, p int, dst []float32) {
	m := g.m
	for i := range m {
		dst[i] = float32(s.Pit(p, i))
		dst[m+i] = float32(s.Pit(1-p, i))
	}
	dst[2*m], dst[2*m+1] = float32(s.Store(p)), float32(s.Store(1-p))
	dst[2*m+2] = 0
	if s.ToMove() == p {
		dst[2*m+2] = 1
	}
}
