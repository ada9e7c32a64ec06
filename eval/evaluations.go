package eval

// The evaluations the eval setting of a game's player specs names: the points lead,
// the linear evaluation with the shipped or hand-set weights or a weights file, and
// the value networks.

import (
	"fmt"
	"slices"

	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/game"
)

// Evaluations resolves the eval setting of the player specs of one game
// (ab:depth=4,eval=linear) to its evaluations:
//
//   - score: the difference of the sides' points from the view of the player to move
//     (the evaluation given to NewEvaluations);
//   - linear: the linear evaluation over the game's feature set with its default
//     weights: those the set carries (game.DefaultWeighter), else the weights file
//     its package ships (game.WeightsShipper), else the hand-set ones;
//   - hand: the linear evaluation with the hand-set weights (game.HandWeighter);
//   - FILE: the linear evaluation with a weights file of the feature set;
//   - net: the value network the game's package ships (game.NetworkShipper), and
//     net:FILE a network file (package nnue), for a game with an input encoding
//     (game.Encoder);
//   - @NAME: weights held in memory, given to WithWeights (as tuning runs do).
//
// An empty setting is the default: linear for a feature set with default weights,
// score for the others. Each file is read once. An Evaluations is safe for
// concurrent use; a network's evaluator is forked for every player (search.Fork).
type Evaluations[S any] struct {
	g  game.Game[S]
	fs TunableSet[S]
	// hand are the hand-set weights, tuned those of linear (hand when the set has
	// no default weights).
	hand, tuned NamedWeights
	// def is the evaluation of a spec without an eval setting.
	def    string
	fixed  map[string]game.Evaluator[S]
	loader *LoaderOf[S]
	nets   *networks[S]
}

// NewEvaluations returns the evaluations of the players of g over its feature set
// fs, with score the evaluation of eval=score (see Evaluations). Default weights that
// do not fit fs are an error.
func NewEvaluations[S any](g game.Game[S], fs TunableSet[S], score game.Evaluator[S]) (*Evaluations[S], error) {
	hand, err := NewNamedWeights(fs.Name(), fs.Features(), fs.HandWeights())
	if err != nil {
		return nil, err
	}
	handEval, err := NewLinearOf[S](fs, hand)
	if err != nil {
		return nil, err
	}
	tuned, tunedEval, def := hand, handEval, ScoreName
	haveTuned := false
	if d, ok := fs.(game.DefaultWeighter); ok {
		if tuned, err = NewNamedWeights(fs.Name(), fs.Features(), d.DefaultWeights()); err != nil {
			return nil, fmt.Errorf("the default weights of %s: %w", fs.Name(), err)
		}
		haveTuned = true
	} else if data := shippedWeightsOf(fs); data != nil {
		if tuned, err = ParseNamedWeights(data, fs.Name(), fs.Features()); err != nil {
			return nil, fmt.Errorf("the shipped weights of %s: %w", fs.Name(), err)
		}
		haveTuned = true
	}
	if haveTuned {
		if tunedEval, err = NewLinearOf[S](fs, tuned); err != nil {
			return nil, err
		}
		def = LinearName
	}
	e := &Evaluations[S]{g: g, fs: fs, hand: hand, tuned: tuned, def: def,
		fixed: map[string]game.Evaluator[S]{ScoreName: score, LinearName: tunedEval, HandName: handEval},
		nets:  newNetworks(g, fs)}
	e.loader = NewLoaderOf(fs, e.fixed, def)
	return e, nil
}

// shippedWeightsOf returns the weights file fs's package ships (game.WeightsShipper),
// or nil.
func shippedWeightsOf[S any](fs TunableSet[S]) []byte {
	if w, ok := fs.(game.WeightsShipper); ok {
		return w.ShippedWeights()
	}
	return nil
}

// WithWeights returns the evaluations of e that also resolve the names of weights
// (keys starting with '@', each the weights of the feature set in feature order).
// The networks are e's, read once for both.
func (e *Evaluations[S]) WithWeights(weights map[string][]float64) (*Evaluations[S], error) {
	loader := NewLoaderOf(e.fs, e.fixed, e.def)
	for name, w := range weights {
		nw, err := WeightsFor[S](e.fs, w)
		if err != nil {
			return nil, err
		}
		if err := loader.Register(name, nw); err != nil {
			return nil, err
		}
	}
	with := *e
	with.loader = loader
	return &with, nil
}

// Names returns the values the eval setting takes, the default first: the fixed
// evaluations, FILE, and net (when the game's package ships a network) and net:FILE
// for a game with an input encoding.
func (e *Evaluations[S]) Names() []string {
	names := []string{e.def}
	for _, name := range []string{LinearName, ScoreName, HandName, "FILE"} {
		if name != e.def {
			names = append(names, name)
		}
	}
	if e.nets.enc != nil {
		if e.nets.shipped != nil {
			names = append(names, NetName)
		}
		names = append(names, NetName+":FILE")
	}
	return names
}

// Evaluator returns the evaluation that the eval setting value names ("" is the
// default). Its errors begin "eval=VALUE: ".
func (e *Evaluations[S]) Evaluator(value string) (game.Evaluator[S], error) {
	if isNetwork(value) {
		return e.nets.evaluator(value)
	}
	return e.loader.Evaluator(value)
}

// Scale returns the scale of the evaluation that the eval setting value names
// (game.Scaler): how many of its units make a point; 1 when value names no
// evaluation or one without a scale.
func (e *Evaluations[S]) Scale(value string) int {
	ev, err := e.Evaluator(value)
	if err != nil {
		return 1
	}
	if sc, ok := ev.(game.Scaler); ok && sc.Scale() > 0 {
		return sc.Scale()
	}
	return 1
}

// FeatureSet returns the feature set of the linear evaluations.
func (e *Evaluations[S]) FeatureSet() TunableSet[S] { return e.fs }

// Weights returns the weights that value names, in feature order: "hand" (the
// hand-set weights), "default" (those of eval=linear) or the path of a weights file
// of the feature set.
func (e *Evaluations[S]) Weights(value string) ([]float64, error) {
	switch value {
	case HandName:
		return slices.Clone(e.hand.W), nil
	case "default":
		return slices.Clone(e.tuned.W), nil
	}
	w, err := LoadNamedWeights(value, e.fs.Name(), e.fs.Features())
	return w.W, err
}

// Encoder returns the game's input encoding for networks (game.Encoder), nil when
// it has none.
func (e *Evaluations[S]) Encoder() game.Encoder[S] { return e.nets.enc }

// NetworkTarget returns what a network for the game must be trained for, and the
// most inputs its encoding turns on; an error when the game has no encoding.
func (e *Evaluations[S]) NetworkTarget() (nnue.Target, int, error) {
	if e.nets.enc == nil {
		return nnue.Target{}, 0, fmt.Errorf("%s has no input encoding for networks", e.g.Name())
	}
	return e.nets.target(), e.nets.enc.Encoding().MaxActive, nil
}
