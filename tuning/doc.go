// Package tuning fits and proves the weights of the toolkit's linear evaluations and
// trains its value networks, for any registered game (package catalog), at the level
// of text ('colony selfplay', 'colony tune', 'colony train', 'colony eval').
//
// Texel tuning fits the weights that best predict the results of self-play games
// through a logistic function of the evaluation (Fit: L-BFGS with a line search
// meeting the strong Wolfe conditions, over Samples read from positions files); SPSA
// tunes them over match results, each step playing pairs of games between two
// perturbed weight sets. A run (Run) writes a checkpoint after every step, which
// holds the optimiser's whole state, so that a resumed run ends with the weights of an
// uninterrupted one, bit for bit; its inputs are named by their content hashes, so a
// file changed since the run began is refused. A verification match then plays the
// tuned weights against the starting ones. The charts of the runs (PlotSeries) show
// the loss or the weights over the iterations.
//
// TrainNetwork trains a value network (package eval/nnue) on the positions of games
// files, with their search scores and results (NetworkSamples), resumably.
//
// The package works on a game's text-level face (catalog.Tunable): positions, turns,
// feature values and weights as text and numbers, the evaluations that the eval
// setting names being package eval's; it knows no game by name.
package tuning
