// Package eval holds the linear evaluation of any game of the toolkit: numbers that
// say how good a position is for the player to move, used by search where it cannot
// see the end of the game. It declares what a game's package provides for its linear
// evaluation, a feature set with hand-set weights (TunableSet: The Colony's
// colony.Features, Kalah's kalah.Features, ...), which the package asserts with var _
// in its tests, so that the games compile without this package; the evaluations
// themselves (game.Evaluator) and the weights and networks a feature set ships
// (game.WeightsShipper, ...) are parts of package game. NamedWeights weight its
// features by name, in weights files of the set
// (ParseNamedWeights, LoadNamedWeights, NamedWeights.MarshalJSON); LinearOf is the
// evaluation over them and LoaderOf resolves the eval setting of player specs.
package eval
