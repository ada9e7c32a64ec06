// Package nnue is a learned evaluation for any game of the toolkit: an efficiently
// updatable neural network (NNUE, as in the chess engines Stockfish and others) over
// the game's input encoding (game.Encoder), trained by this package in pure Go from
// self-play games.
//
// # The network
//
// A position is read through two encodings of it, the player to move's and the
// other player's (game.Encoder: sparse, binary). The first layer, Hidden wide, is
// shared by both: its output for a perspective is its bias plus the sum of the weight
// columns of the inputs that are on, an accumulator. The two accumulators, clipped to
// [0, 1], the mover's first, feed two small dense layers (L2 and L3 wide, clipped
// likewise) and one linear output, which times the network's OutScale is the value of
// the position for the player to move in the game's points (eggs, seeds).
//
//	inputs ──(W1, shared)──▶ acc[mover] ┐
//	inputs ──(W1, shared)──▶ acc[other] ┴─ clip ─▶ L2 ─ clip ─▶ L3 ─ clip ─▶ 1 × OutScale
//
// # Two paths
//
// Network holds the weights as float64 numbers: the path that training uses and the
// reference of the other. Quantised is the integer path that search uses: first-layer
// weights and accumulators of 16 bits, dense layers in 32-bit integer arithmetic, the
// activations of a layer as integers from 0 to 255 (standing for 0 to 1). Its value
// stays within a small tolerance of the float path's (the tests measure it on random
// positions of every game).
//
// Evaluator[S] evaluates positions of a game with a Quantised network. It keeps the
// accumulators of the positions it evaluated last and brings the nearest up to date
// by the inputs that differ (subtracting the columns of the inputs that went off,
// adding those that came on): consecutive positions of a search differ by a turn or
// two, a few inputs of some 25 that are on. A game that reports the inputs that
// differ between two positions (game.DeltaEncoder) is updated by those instead of by
// encoding the position and comparing the input lists, with the same result. The
// searches copy states rather than make and unmake moves, so this is how the first
// layer follows the search path without a change to any search. An Evaluator is not safe for concurrent use: each
// player (each thread of one) has its own (Fork).
//
// # Training
//
// Train fits a network to samples of positions (Sample: the encodings, the score the
// search gave and the game's result) by Adam over minibatches, on all cores, the same
// network for the same seed and data whatever their number. The loss is Stockfish's:
// the squared difference, in win probability, between the network's value and a blend
// of the search's score and the game's result (Lambda). A checkpoint after every epoch
// lets a run continue exactly (Resume).
//
// # Files
//
// A network file ("NAME.nnue") holds a JSON header (format version, game, rule set,
// encoding and its number of inputs, sizes, output scale, how it was trained) and the
// float weights, with a SHA-256 checksum of everything before it. A file for another
// game, rule set or encoding, a damaged file and a file of another version are
// refused with an error that says which (Read, Network.CheckFor).
package nnue
