package games

// Tuning: the linear evaluation of every registered game, over the game's feature set,
// with what 'colony eval', 'colony selfplay' and 'colony tune' need of it.

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// Tunable is a Game whose players evaluate with a linear evaluation over a feature set
// (the eval setting "linear", "hand" or a weights file of the set), with the
// operations that show and tune it. Every registered game is one: get it from a Game
// with AsTunable.
type Tunable interface {
	Game
	// FeatureSet returns the name of the linear evaluation's feature set (which its
	// weights files carry) and the names of its features, in order.
	FeatureSet() (name string, features []string)
	// Weights returns the weights value names, in feature order: "hand" (the hand-set
	// weights), "default" (those of the eval setting "linear") or the path of a
	// weights file of the feature set.
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
	// NewTuningRunner returns a tournament runner like NewRunner's, whose players'
	// eval setting also takes the names of weights (keys starting with '@').
	NewTuningRunner(cfg tournament.Config, concurrency int, weights map[string][]float64) (tournament.Runnable, error)
	// PerturbationScales returns, per feature, the share of SPSA's perturbation size
	// to use for it: 1, or less for features whose values are large.
	PerturbationScales() []float64
}

// AsTunable returns g as a Tunable, or an error when g has no linear evaluation.
func AsTunable(g Game) (Tunable, error) {
	t, ok := g.(Tunable)
	if !ok {
		return nil, fmt.Errorf("%s has no linear evaluation to tune", g.Name())
	}
	return t, nil
}

// tunable is a Game with the tuning operations over its state type S.
type tunable[S any] struct {
	Game
	g  game.Game[S]
	fs eval.FeatureSet[S]
	// named holds the weights of "hand" and "default".
	named map[string][]float64
	// load reads a weights file.
	load func(path string) ([]float64, error)
	// players returns a player factory whose eval setting also resolves the names
	// of weights.
	players func(weights map[string][]float64) (tournament.PlayerFactory[S], error)
	scales  []float64
}

func (t *tunable[S]) FeatureSet() (string, []string) {
	return t.fs.Name(), slices.Clone(t.fs.Features())
}

func (t *tunable[S]) Weights(value string) ([]float64, error) {
	if w, ok := t.named[value]; ok {
		return slices.Clone(w), nil
	}
	return t.load(value)
}

func (t *tunable[S]) MarshalWeights(w []float64) ([]byte, error) {
	nw, err := eval.WeightsFor(t.fs, w)
	if err != nil {
		return nil, err
	}
	return nw.MarshalJSON()
}

func (t *tunable[S]) Features(position string) (eval.Vector, int, error) {
	s, err := t.g.ParsePosition(position)
	if err != nil {
		return eval.Vector{}, 0, err
	}
	return t.fs.Extract(&s), t.g.ToMove(&s), nil
}

func (t *tunable[S]) PerturbationScales() []float64 { return slices.Clone(t.scales) }

func (t *tunable[S]) NewTuningRunner(cfg tournament.Config, concurrency int, weights map[string][]float64) (tournament.Runnable, error) {
	factory, err := t.players(weights)
	if err != nil {
		return nil, err
	}
	return &tournament.Runner[S]{Game: t.g, Config: cfg, NewPlayer: factory, Concurrency: concurrency}, nil
}

func (t *tunable[S]) Replay(opening string, turns []string, visit func(position string, toMove int)) error {
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

// defaultWeighter is a feature set that carries its default (tuned) weights by name,
// as The Colony's does (colony.Features); the classic games' ship in weights/.
type defaultWeighter interface {
	DefaultWeights() map[string]float64
}

// tunedWeights holds the weights files shipped for the classic games' feature sets,
// weights/<set>.json, each made by 'colony selfplay' and 'colony tune' (Texel) from
// the hand-set weights and kept only where the tuned weights beat the store
// difference in a verification match (README.md, Tuning).
//
//go:embed weights/*.json
var tunedWeights embed.FS

// linearEvals are the evaluations of a game's players over its feature set fs: the
// fixed ones (score, linear, hand) and the default among them.
type linearEvals[S any] struct {
	fs FeatureSet[S]
	// hand are the hand-set weights, tuned those of linear (hand when the set has
	// no tuned weights).
	hand, tuned eval.NamedWeights
	fixed       map[string]eval.EvaluatorOf[S]
	// def is the evaluation of a spec without an eval setting.
	def string
}

// newLinearEvals returns the evaluations over fs: score (the evaluation score),
// linear (the linear evaluation with the set's default weights when it carries them
// (defaultWeighter), else with weights/<set>.json when that ships, else with its
// hand-set weights) and hand (the hand-set weights). The default is linear for a set
// with tuned weights, score for the others.
func newLinearEvals[S any](fs FeatureSet[S], score search.Evaluator[S]) (*linearEvals[S], error) {
	hand, err := eval.NewNamedWeights(fs.Name(), fs.Features(), fs.HandWeights())
	if err != nil {
		return nil, err
	}
	handEval, err := eval.NewLinearOf[S](fs, hand)
	if err != nil {
		return nil, err
	}
	tuned, tunedEval, def := hand, handEval, eval.ScoreName
	haveTuned := false
	if d, ok := fs.(defaultWeighter); ok {
		if tuned, err = eval.NewNamedWeights(fs.Name(), fs.Features(), d.DefaultWeights()); err != nil {
			return nil, fmt.Errorf("the default weights of %s: %w", fs.Name(), err)
		}
		haveTuned = true
	} else if data, err := tunedWeights.ReadFile("weights/" + fs.Name() + ".json"); err == nil {
		if tuned, err = eval.ParseNamedWeights(data, fs.Name(), fs.Features()); err != nil {
			return nil, fmt.Errorf("the shipped weights of %s: %w", fs.Name(), err)
		}
		haveTuned = true
	}
	if haveTuned {
		if tunedEval, err = eval.NewLinearOf[S](fs, tuned); err != nil {
			return nil, err
		}
		def = eval.LinearName
	}
	return &linearEvals[S]{fs: fs, hand: hand, tuned: tuned, def: def,
		fixed: map[string]eval.EvaluatorOf[S]{eval.ScoreName: score, eval.LinearName: tunedEval, eval.HandName: handEval}}, nil
}

// names returns the values the eval setting takes, the default first.
func (e *linearEvals[S]) names() []string {
	evals := []string{e.def}
	for _, name := range []string{eval.LinearName, eval.ScoreName, eval.HandName, "FILE"} {
		if name != e.def {
			evals = append(evals, name)
		}
	}
	return evals
}

// loader returns a new loader of the evaluations, which also resolves the names of
// weights (keys starting with '@', each the weights of the set in feature order).
func (e *linearEvals[S]) loader(weights map[string][]float64) (*eval.LoaderOf[S], error) {
	loader := eval.NewLoaderOf(e.fs, e.fixed, e.def)
	for name, w := range weights {
		nw, err := eval.WeightsFor[S](e.fs, w)
		if err != nil {
			return nil, err
		}
		if err := loader.Register(name, nw); err != nil {
			return nil, err
		}
	}
	return loader, nil
}

// playersOf returns the player factory of g: search.New with the evaluation the
// spec's eval setting names, resolved by loader.
func playersOf[S any](g game.Game[S], loader *eval.LoaderOf[S]) tournament.PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		ev, err := loader.Evaluator(sp.Settings["eval"])
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return search.New[S](g, ev, spec, opts)
	}
}

// largeCounts are the prefixes of the names of features whose values are large:
// counts of seeds (seeds_), of coins (coins_) and The Colony's selectable logs and
// eggs (selectable_).
var largeCounts = []string{"seeds_", "coins_", "selectable_"}

// newTunable returns the Game of g with feature set fs and its tuning operations:
// its players evaluate with the evaluations of newLinearEvals (score, linear, hand)
// or a weights file of fs (eval=FILE). SPSA perturbs the features whose values are
// large (largeCounts) by a tenth of its size.
func newTunable[S any](g game.Game[S], fs FeatureSet[S], score search.Evaluator[S], rules string) (*tunable[S], error) {
	e, err := newLinearEvals(fs, score)
	if err != nil {
		return nil, err
	}
	loader, err := e.loader(nil)
	if err != nil {
		return nil, err
	}
	scale := specScale(func(name string) (any, error) { return loader.Evaluator(name) })
	base := &generic[S]{g: g, factory: playersOf(g, loader), scale: scale, evals: e.names(), rules: rules}
	scales := make([]float64, len(fs.Features()))
	for i, name := range fs.Features() {
		scales[i] = 1
		for _, prefix := range largeCounts {
			if strings.HasPrefix(name, prefix) {
				scales[i] = 0.1 // large counts
			}
		}
	}
	return &tunable[S]{
		Game:  base,
		g:     g,
		fs:    fs,
		named: map[string][]float64{"hand": e.hand.W, "default": e.tuned.W},
		load: func(path string) ([]float64, error) {
			w, err := eval.LoadNamedWeights(path, fs.Name(), fs.Features())
			return w.W, err
		},
		players: func(weights map[string][]float64) (tournament.PlayerFactory[S], error) {
			loader, err := e.loader(weights)
			if err != nil {
				return nil, err
			}
			return playersOf(g, loader), nil
		},
		scales: scales,
	}, nil
}
