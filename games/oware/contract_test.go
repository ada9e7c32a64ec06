package oware

import "github.com/colony-ai/colony/eval"

// The evaluation's part this package implements (package eval): its feature set. It
// is asserted here, in the tests, so that the package compiles without package eval
// (and what eval's tuning imports), as every game does.
var _ eval.TunableSet[State] = Features{}
