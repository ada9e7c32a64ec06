package kalah

import (
	"github.com/colony-ai/colony/game"
)

var _ game.SolveKeyer[State] = (*Game)(nil)

// SolveKey hashes the position without its stores: the pits, the side to move and
// the flags. The rest of the game depends on these alone (game.SolveKeyer), so the
// exact solver shares one table entry among positions that differ only in their
// stores.
func (g *Game) SolveKey(s *State) uint64 {
	c := *s
	m := c.size()
	c.set(m, 0)
	c.set(2*m+1, 0)
	return c.Hash()
}

// SolveOffset returns the seeds already in the stores, from the view of the player to
// move: own store minus the opponent's (game.SolveKeyer).
func (g *Game) SolveOffset(s *State) int {
	d := s.Store(0) - s.Store(1)
	if g.ToMove(s) == 1 {
		return -d
	}
	return d
}

var _ game.SolveBounder[State] = (*Game)(nil)

// SolveRemaining returns the seeds still in the pits: the final margin cannot move
// further than that from the stores' difference (game.SolveBounder).
func (g *Game) SolveRemaining(s *State) int {
	return 2*g.m*g.n - s.Store(0) - s.Store(1)
}
