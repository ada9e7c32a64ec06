// Package eval holds the linear evaluation of any game of the toolkit: numbers that
// say how good a position is for the player to move, used by search where it cannot
// see the end of the game. A game's package provides its feature set (FeatureSet:
// The Colony's colony.Features, Kalah's kalah.Features, ...) without importing this
// one; NamedWeights weight its features by name, in weights files of the set
// (ParseNamedWeights, LoadNamedWeights, NamedWeights.MarshalJSON); LinearOf is the
// evaluation over them and LoaderOf resolves the eval setting of player specs. Texel
// fitting and SPSA tune the weights.
package eval
