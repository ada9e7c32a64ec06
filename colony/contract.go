package colony

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
	_ game.Game[State]                  = Game{}
	_ game.Playouter[State]             = Game{}
	_ game.CountingPlayouter[State]     = Game{}
	_ game.RandomActioner[State]        = Game{}
	_ game.LegalChecker[State]          = Game{}
	_ game.TurnApplier[State]           = Game{}
	_ game.Perfter[State]               = Game{}
	_ game.Drawer[State]                = Game{}
	_ game.Tracer[State]                = Game{}
	_ game.TurnReader[State]            = Game{}
	_ game.TurnCounter[State]           = Game{}
	_ game.Encoder[State]               = Game{}
	_ game.Observer[State]              = Game{}
	_ game.PairEncoder[State]           = Game{}
	_ game.DeltaEncoder[State]          = Game{}
	_ picture.Illustrator[State]        = Game{}
	_ picture.OptionsIllustrator[State] = Game{}
	_ picture.TurnMarker[State]         = Game{}
)

// The evaluation of the points difference, and the feature set's parts for
// learning (game).
var (
	_ game.Evaluator[State] = Score{}
	_ game.Scaler           = Score{}
	_ game.HandWeighter     = Features{}
	_ game.DefaultWeighter  = Features{}
	_ game.NetworkShipper   = Features{}
)
