package search

import (
	"math/rand/v2"

	"github.com/colony-ai/colony/colony"
)

// Colony is The Colony as a Game: the decisions of colony.Rules on colony.State.
type Colony struct {
	Rules *colony.Rules
}

// NewColony returns The Colony under rules r (colony.Default() when nil).
func NewColony(r *colony.Rules) Colony {
	if r == nil {
		r = colony.Default()
	}
	return Colony{Rules: r}
}

// LegalActions writes the legal decisions of s into dst.
func (g Colony) LegalActions(s *colony.State, dst *ActionBuffer) []Action {
	var list colony.ActionList
	legal := g.Rules.LegalActions(s, &list)
	for i, a := range legal {
		dst[i] = Action(a)
	}
	return dst[:len(legal)]
}

// Apply plays the decision a.
func (g Colony) Apply(s *colony.State, a Action) { g.Rules.Apply(s, colony.Action(a)) }

// ToMove returns 0 for Red and 1 for Black.
func (g Colony) ToMove(s *colony.State) int { return int(s.ToMove()) }

// TurnStart reports whether s is between turns or the game is over.
func (g Colony) TurnStart(s *colony.State) bool {
	return s.Phase() == colony.PhaseSelect || s.Over()
}

// Terminal reports whether the game is over.
func (g Colony) Terminal(s *colony.State) bool { return s.Over() }

// Result returns the winner and the egg margin (R8, R9): The Colony has no draws.
func (g Colony) Result(s *colony.State) (winner, margin int) {
	w := s.Winner()
	return int(w), s.Score(w) - s.Score(w.Other())
}

// Hash returns the state's hash with its turn number mixed in: colony.State.Hash
// leaves the turn out, but the turn cap (R10) makes the future depend on it, so a
// transposition table must not mix positions of different turns.
func (g Colony) Hash(s *colony.State) uint64 {
	return s.Hash() + uint64(s.Turn())*0x9e3779b97f4a7c15
}

// Playout plays uniformly random decisions from s to the end of the game with
// Rules.RandomPlayout (MCTS's fast path, Playouter): one number from rng seeds the game.
func (g Colony) Playout(s *colony.State, rng *rand.PCG) { g.Rules.RandomPlayout(s, rng) }
