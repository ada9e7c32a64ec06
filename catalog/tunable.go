package catalog

// The registered games' linear evaluations at the level of text: Tunable, what
// 'colony eval', 'colony selfplay', 'colony tune' and 'colony train' (package tuning)
// use of a game, over the evaluations its players' eval setting names (package eval).

import (
	"fmt"
	"slices"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/search"
)

// Tunable is a registered game whose players evaluate with a linear evaluation over
// a feature set (the eval setting "linear", "hand" or a weights file of the set; see
// eval.Evaluations), with the operations that show and tune it and train the game's
// value networks, positions and turns being text in the game's notations. Every
// registered game is one: get it from a Ruleset with AsTunable.
type Tunable interface {
	Ruleset
	// FeatureSet returns the name of the linear evaluation's feature set (which its
	// weights files carry) and the names of its features, in order.
	FeatureSet() (name string, features []string)
	// Weights returns the weights value names, in feature order: "hand" (the hand-set
	// weights), "default" (those of the eval setting "linear") or the path of a
	// weights file of the feature set (eval.Evaluations' Weights).
	Weights(value string) ([]float64, error)
	// MarshalWeights writes weights in the weights file format, naming the feature
	// set; Weights reads the file back.
	MarshalWeights(w []float64) ([]byte, error)
	// Features returns the feature values of a position and its side to move (0 or 1).
	Features(position string) (eval.Vector, int, error)
	// Replay plays turns (a game record's, in the game's move notation) from opening
	// and calls visit with every position at the start of a turn, before the turn is
	// played, and its side to move.
	Replay(opening string, turns []string, visit func(position string, toMove int)) error
	// TuningGames returns the game with its players (match.Games) whose eval
	// setting also takes the names of weights (keys starting with '@'): what a
	// tuning run's matches are played on.
	TuningGames(weights map[string][]float64) (match.Games, error)
	// NetworkTarget returns what a value network for the game must be trained for,
	// and the most inputs its encoding turns on; an error when the game has no input
	// encoding (game.Encoder).
	NetworkTarget() (nnue.Target, int, error)
	// Encode returns the input encodings of a position for networks, seen by the
	// player to move (mover) and by the other; an error when the game has no input
	// encoding.
	Encode(position string) (mover, other []uint16, err error)
}

// AsTunable returns g as a Tunable, or an error when g has no linear evaluation.
func AsTunable(g Ruleset) (Tunable, error) {
	t, ok := g.(Tunable)
	if !ok {
		return nil, fmt.Errorf("%s has no linear evaluation to tune", g.Name())
	}
	return t, nil
}

// tunable is the Ruleset of a game with state type S and its evaluations.
type tunable[S any] struct {
	*generic[S]
	evals *eval.Evaluations[S]
}

var _ Tunable = tunable[int]{}

// newTunable returns the Ruleset of g with feature set fs: its players evaluate with
// the evaluations eval=NAME names (eval.Evaluations: score, linear, hand, a weights
// file of fs, the networks).
func newTunable[S any](g game.Game[S], fs eval.TunableSet[S], score search.Evaluator[S]) (tunable[S], error) {
	evals, err := eval.NewEvaluations(g, fs, score)
	if err != nil {
		return tunable[S]{}, err
	}
	base := &generic[S]{g: g, factory: playersOf(g, evals), scale: scaleOf(evals), evals: evals.Names()}
	return tunable[S]{base, evals}, nil
}

// playersOf returns the player factory of g: search.New with the evaluation the
// spec's eval setting names in evals.
func playersOf[S any](g game.Game[S], evals *eval.Evaluations[S]) match.PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		ev, err := evals.Evaluator(sp.Settings["eval"])
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return search.New[S](g, ev, spec, opts)
	}
}

// scaleOf returns the function that gives the scale of the evaluation of a player
// spec (game.Scaler): how many of its units make a point; 1 when the spec or its
// eval setting is bad or the evaluation has no scale.
func scaleOf[S any](evals *eval.Evaluations[S]) func(spec string) int {
	return func(spec string) int {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return 1
		}
		return evals.Scale(sp.Settings["eval"])
	}
}

// FeatureSet returns the feature set's name and its features' names.
func (t tunable[S]) FeatureSet() (string, []string) {
	fs := t.evals.FeatureSet()
	return fs.Name(), slices.Clone(fs.Features())
}

// Weights returns the weights value names (see Tunable).
func (t tunable[S]) Weights(value string) ([]float64, error) { return t.evals.Weights(value) }

// MarshalWeights writes w as a weights file of the feature set.
func (t tunable[S]) MarshalWeights(w []float64) ([]byte, error) {
	nw, err := eval.WeightsFor(t.evals.FeatureSet(), w)
	if err != nil {
		return nil, err
	}
	return nw.MarshalJSON()
}

// Features returns the feature values of a position and its side to move.
func (t tunable[S]) Features(position string) (eval.Vector, int, error) {
	s, err := t.g.ParsePosition(position)
	if err != nil {
		return eval.Vector{}, 0, err
	}
	return t.evals.FeatureSet().Extract(&s), t.g.ToMove(&s), nil
}

// TuningGames returns the game with its players whose eval setting also takes the
// names of weights.
func (t tunable[S]) TuningGames(weights map[string][]float64) (match.Games, error) {
	evals, err := t.evals.WithWeights(weights)
	if err != nil {
		return nil, err
	}
	return match.Bind(t.g, playersOf(t.g, evals), scaleOf(evals)), nil
}

// Replay plays turns from opening, calling visit at every turn start (see Tunable).
func (t tunable[S]) Replay(opening string, turns []string, visit func(position string, toMove int)) error {
	s, err := t.g.ParsePosition(opening)
	if err != nil {
		return fmt.Errorf("opening: %w", err)
	}
	for i, text := range turns {
		if t.g.Terminal(&s) {
			return fmt.Errorf("move %d %q: the game is over", i+1, text)
		}
		visit(t.g.FormatPosition(&s), t.g.ToMove(&s))
		if err := game.ReadTurn(t.g, &s, text); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
	}
	return nil
}

// NetworkTarget returns what a network for the game must be trained for (see
// Tunable).
func (t tunable[S]) NetworkTarget() (nnue.Target, int, error) { return t.evals.NetworkTarget() }

// Encode returns the encodings of a position for networks (see Tunable).
func (t tunable[S]) Encode(position string) (mover, other []uint16, err error) {
	enc := t.evals.Encoder()
	if enc == nil {
		return nil, nil, fmt.Errorf("%s has no input encoding for networks", t.g.Name())
	}
	s, err := t.g.ParsePosition(position)
	if err != nil {
		return nil, nil, err
	}
	p := t.g.ToMove(&s)
	return enc.Encode(&s, p, nil), enc.Encode(&s, p^1, nil), nil
}
