package search

import "math/rand/v2"

// Playouter is an optional fast path for MCTS's random playouts that a Game may
// implement: Playout plays uniformly random decisions (uniform over LegalActions at
// every decision) from s to the end of the game, drawing its randomness from rng
// only, and allocates nothing. MCTS uses it, when the game has it, for playouts
// without a cut-off; other playouts go decision by decision through LegalActions and
// Apply.
type Playouter[S any] interface {
	Playout(s *S, rng *rand.PCG)
}

// playouterOf returns g's fast playouts, or nil.
func playouterOf[S any](g Game[S]) Playouter[S] {
	p, _ := g.(Playouter[S])
	return p
}
