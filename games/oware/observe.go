package oware

import "github.com/colony-ai/colony/game"

// Observation describes the compact observation (game.Observer): the seeds in the
// observing player's pits, a to f, then the opponent's, the two stores (the
// observer's first), 1 when the observer is to move, and the plies played since the
// last capture (the quiet count that ends the game).
func (g *Game) Observation() game.Observation {
	return game.Observation{Size: 2*PitsPerSide + 4, Shape: []int{2*PitsPerSide + 4}, Parts: []game.ObservationPart{
		{Name: "own pits", Size: PitsPerSide, Doc: "the seeds in the observer's pits, a first"},
		{Name: "opponent pits", Size: PitsPerSide, Doc: "the seeds in the opponent's pits, a first"},
		{Name: "stores", Size: 2, Doc: "the seeds in the observer's store, then the opponent's"},
		{Name: "to move", Size: 1, Doc: "1 when the observer is to move, 0 otherwise"},
		{Name: "quiet", Size: 1, Doc: "the plies played since the last capture"},
	}}
}

// Observe writes the observation of s seen by player p into dst.
func (g *Game) Observe(s *State, p int, dst []float32) {
	for i := range PitsPerSide {
		dst[i] = float32(s.Pit(p, i))
		dst[PitsPerSide+i] = float32(s.Pit(1-p, i))
	}
	k := 2 * PitsPerSide
	dst[k], dst[k+1] = float32(s.Store(p)), float32(s.Store(1-p))
	dst[k+2] = 0
	if s.ToMove() == p {
		dst[k+2] = 1
	}
	dst[k+3] = float32(s.Quiet())
}
