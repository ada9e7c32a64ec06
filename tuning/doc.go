// Package tuning fits and proves the weights of the toolkit's linear evaluations, for
// any game of the contract (package game) with a feature set (package eval): Texel
// (logistic) tuning on the positions of self-play games and SPSA over match results,
// with checkpoints that resume a run, charts, and a verification match of the tuned
// weights against the old ones ('colony selfplay', 'colony tune', 'colony eval').
//
// Linear is a game's linear evaluation over its feature set: the evaluations its
// players' eval setting names (score, linear, hand, a weights file) and the
// operations a tuning run needs, at the level of text (Tunable). The registry of
// games (package catalog) builds one for every registered game; this package knows
// no game by name.
//
// The files: linear.go, Linear and Tunable; tune.go, the Texel and SPSA runs, their
// checkpoints and the verification match; check.go, the checks of a run's settings
// and of the checkpoint it resumes; positions.go, the positions files of self-play
// games; report.go, the tables and texts of the commands.
package tuning
