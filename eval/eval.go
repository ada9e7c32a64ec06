// Package eval holds evaluation functions: numbers that say how good a position is for
// the player to move, used by search where it cannot see the end of the game. The
// Colony's (Score, Linear over its Features) are here; FeatureSet, NamedWeights,
// LinearOf and LoaderOf are the same linear evaluation for any game, whose feature set
// its own package provides. Texel fitting and SPSA tune the weights of either.
package eval

import "github.com/colony-ai/colony/colony"

// Evaluator scores a Colony state from the view of the player to move: positive is
// good for that player. Implementations are safe for concurrent use and allocate
// nothing.
type Evaluator interface {
	Evaluate(s *colony.State) int
}

// Score is the evaluation of ruling R8: the eggs the player to move owns (captured
// eggs plus the eggs under their ants) minus the eggs the opponent owns.
type Score struct{}

// Evaluate returns the player to move's egg lead by R8.
func (Score) Evaluate(s *colony.State) int {
	me := s.ToMove()
	return s.Score(me) - s.Score(me.Other())
}

// Name returns "score", the name of this evaluation in player specs.
func (Score) Name() string { return "score" }

// Scale returns 1: Evaluate counts whole eggs.
func (Score) Scale() int { return 1 }
