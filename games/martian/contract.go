package martian

// The parts of the contract this package implements (package game's and the
// pictures' of package picture; the evaluation's of package eval are asserted in
// contract_test.go), asserted so that a method misspelt or of the wrong signature
// fails to compile instead of leaving the tools on their fall-backs.

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// The game and its optional parts (game, picture).
var (
	_ game.Game[State]           = (*Game)(nil)
	_ game.Stepper[State]        = (*Game)(nil)
	_ game.Playouter[State]      = (*Game)(nil)
	_ game.RandomActioner[State] = (*Game)(nil)
	_ game.LegalChecker[State]   = (*Game)(nil)
	_ game.Drawer[State]         = (*Game)(nil)
	_ game.Tracer[State]         = (*Game)(nil)
	_ game.Encoder[State]        = (*Game)(nil)
	_ game.Observer[State]       = (*Game)(nil)
	_ picture.Illustrator[State] = (*Game)(nil)
)

// The evaluation of the points difference, and the feature set's parts for
// learning (game).
var (
	_ game.Evaluator[State] = StoreDiff{}
	_ game.HandWeighter     = Features{}
	_ game.WeightsShipper   = Features{}
)
