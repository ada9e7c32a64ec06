// Package eval holds the evaluations of any game of the toolkit: numbers that say how
// good a position is for the player to move, used by search where it cannot see the
// end of the game, and what the eval setting of a player spec (ab:depth=4,eval=linear)
// means for every game.
//
// A game's package provides a feature set with hand-set weights (TunableSet: The
// Colony's colony.Features, Kalah's kalah.Features, ...), which the package asserts
// with var _ in its tests, so that the games compile without this package; the
// evaluations themselves (game.Evaluator) and the weights and networks a feature set
// ships (game.DefaultWeighter, game.WeightsShipper, game.NetworkShipper) are parts of
// package game. NamedWeights weight the features by name, in the weights files of a
// set (ParseNamedWeights, LoadNamedWeights, NamedWeights.MarshalJSON); LinearOf is the
// linear evaluation over them.
//
// Evaluations resolves the eval setting for one game: its points lead (score), the
// linear evaluation with the default or hand-set weights or a weights file, a value
// network (net, net:FILE; package eval/nnue, over the game's input encoding) and
// weights held in memory by name, with the scale of each (how many of its units make
// a point). The registry of games (package catalog) builds one for every registered
// game; package tuning fits the weights and trains the networks.
package eval
