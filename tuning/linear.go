package tuning

// The linear evaluation of a game over its feature set, with what 'colony eval',
// 'colony selfplay' and 'colony tune' need of it: Linear, for any game of the
// contract, and Tunable, its operations at the level of text that the tuning runs
// (tune.go) and the positions files (positions.go) use.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// Tunable is a game under one rule set whose players evaluate with a linear
// evaluation over a feature set (the eval setting "linear", "hand" or a weights file
// of the set), with the operations that show and tune it, positions and turns being
// text in the game's notations. A Linear is one; the registry of games (package
// catalog) gives every registered game's.
type Tunable interface {
	// Name returns the rule set's full name ("kalah:4x3").
	Name() string
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
	// NewTuningRunner returns a tournament runner for the game whose players'
	// eval setting also takes the names of weights (keys starting with '@').
	NewTuningRunner(cfg record.Config, concurrency int, weights map[string][]float64) (tournament.Runnable, error)
	// CheckTuningPlayers builds every player of cfg once, as NewTuningRunner's
	// runner would, and closes it (tournament.CheckPlayers).
	CheckTuningPlayers(cfg record.Config, weights map[string][]float64) error
	// PerturbationScales returns, per feature, the share of SPSA's perturbation size
	// to use for it: 1, or less for features whose values are large.
	PerturbationScales() []float64
	// NetworkTrainer: the game's value networks, trained by TrainNetwork.
	NetworkTrainer
}

// Linear is the linear evaluation of the game g over its feature set: the
// evaluations its players' eval setting names (score, linear, hand, a weights file of
// the set) and the tuning operations (Tunable).
type Linear[S any] struct {
	g     game.Game[S]
	fs    eval.TunableSet[S]
	evals *linearEvals[S]
	// loader resolves the eval setting of the players of Players, nets its
	// networks (eval=net, eval=net:FILE).
	loader *eval.LoaderOf[S]
	nets   *networks[S]
	// named holds the weights of "hand" and "default".
	named  map[string][]float64
	scales []float64
}

var _ Tunable = (*Linear[int])(nil)

// NewLinear returns the linear evaluation of g over fs, with score the evaluation of
// eval=score (the difference of the sides' points from the view of the player to
// move): its players evaluate with score, linear (the set's default weights: those it
// carries, else the weights file its package ships, else the hand-set ones) or hand,
// or with a weights file of fs (eval=FILE). SPSA perturbs the features whose values
// are large (largeCounts) by a tenth of its size.
func NewLinear[S any](g game.Game[S], fs eval.TunableSet[S], score search.Evaluator[S]) (*Linear[S], error) {
	e, err := newLinearEvals(fs, score)
	if err != nil {
		return nil, err
	}
	loader, err := e.loader(nil)
	if err != nil {
		return nil, err
	}
	scales := make([]float64, len(fs.Features()))
	for i, name := range fs.Features() {
		scales[i] = 1
		for _, prefix := range largeCounts {
			if strings.HasPrefix(name, prefix) {
				scales[i] = 0.1 // large counts
			}
		}
	}
	return &Linear[S]{g: g, fs: fs, evals: e, loader: loader, nets: newNetworks(g, fs),
		named: map[string][]float64{"hand": e.hand.W, "default": e.tuned.W}, scales: scales}, nil
}

// Name returns the rule set's name.
func (t *Linear[S]) Name() string { return t.g.Name() }

// Evaluations names the values the eval setting of player specs takes; the first is
// the default.
func (t *Linear[S]) Evaluations() []string {
	names := t.evals.names()
	if t.nets.enc != nil {
		if t.nets.shipped != nil {
			names = append(names, NetName)
		}
		names = append(names, NetName+":FILE")
	}
	return names
}

// Players returns the player factory of the game: search.New with the evaluation
// the spec's eval setting names.
func (t *Linear[S]) Players() match.PlayerFactory[S] {
	return playersOf(t.g, t.resolver(t.loader))
}

// resolver returns the function that resolves eval settings: networks by t.nets,
// the rest by loader.
func (t *Linear[S]) resolver(loader *eval.LoaderOf[S]) func(string) (search.Evaluator[S], error) {
	return func(value string) (search.Evaluator[S], error) {
		if isNetwork(value) {
			return t.nets.evaluator(value)
		}
		return loader.Evaluator(value)
	}
}

// Scale returns the scale of the evaluation of the player spec (game.Scaler): how
// many of its units make a point; 1 when the spec or its eval setting is bad or the
// evaluation has no scale.
func (t *Linear[S]) Scale(spec string) int {
	return scaleWith(t.resolver(t.loader), spec)
}

// scaleWith returns the scale of the evaluation of the player spec, its eval
// setting resolved by resolve (see Scale).
func scaleWith[S any](resolve func(string) (search.Evaluator[S], error), spec string) int {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return 1
	}
	ev, err := resolve(sp.Settings["eval"])
	if err != nil {
		return 1
	}
	if sc, ok := any(ev).(game.Scaler); ok && sc.Scale() > 0 {
		return sc.Scale()
	}
	return 1
}

// FeatureSet returns the feature set's name and its features' names.
func (t *Linear[S]) FeatureSet() (string, []string) {
	return t.fs.Name(), slices.Clone(t.fs.Features())
}

// Weights returns the weights value names (see Tunable).
func (t *Linear[S]) Weights(value string) ([]float64, error) {
	if w, ok := t.named[value]; ok {
		return slices.Clone(w), nil
	}
	w, err := eval.LoadNamedWeights(value, t.fs.Name(), t.fs.Features())
	return w.W, err
}

// MarshalWeights writes w as a weights file of the feature set.
func (t *Linear[S]) MarshalWeights(w []float64) ([]byte, error) {
	nw, err := eval.WeightsFor(t.fs, w)
	if err != nil {
		return nil, err
	}
	return nw.MarshalJSON()
}

// Features returns the feature values of a position and its side to move.
func (t *Linear[S]) Features(position string) (eval.Vector, int, error) {
	s, err := t.g.ParsePosition(position)
	if err != nil {
		return eval.Vector{}, 0, err
	}
	return t.fs.Extract(&s), t.g.ToMove(&s), nil
}

// PerturbationScales returns SPSA's share of its perturbation size per feature.
func (t *Linear[S]) PerturbationScales() []float64 { return slices.Clone(t.scales) }

// NewTuningRunner returns a tournament runner whose players' eval setting also takes
// the names of weights.
func (t *Linear[S]) NewTuningRunner(cfg record.Config, concurrency int, weights map[string][]float64) (tournament.Runnable, error) {
	loader, err := t.evals.loader(weights)
	if err != nil {
		return nil, err
	}
	resolve := t.resolver(loader)
	scale := func(spec string) int { return scaleWith(resolve, spec) }
	return &tournament.Runner{Games: match.Bind(t.g, playersOf(t.g, resolve), scale), Config: cfg, Concurrency: concurrency}, nil
}

// CheckTuningPlayers builds every player of cfg once, with weights, and closes it.
func (t *Linear[S]) CheckTuningPlayers(cfg record.Config, weights map[string][]float64) error {
	loader, err := t.evals.loader(weights)
	if err != nil {
		return err
	}
	return tournament.CheckPlayers(&cfg, match.Bind(t.g, playersOf(t.g, t.resolver(loader)), nil))
}

// Replay plays turns from opening, calling visit at every turn start (see Tunable).
func (t *Linear[S]) Replay(opening string, turns []string, visit func(position string, toMove int)) error {
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

// shippedWeightsOf returns the weights file fs's package ships (game.WeightsShipper),
// or nil.
func shippedWeightsOf[S any](fs eval.TunableSet[S]) []byte {
	if w, ok := fs.(game.WeightsShipper); ok {
		return w.ShippedWeights()
	}
	return nil
}

// linearEvals are the evaluations of a game's players over its feature set fs: the
// fixed ones (score, linear, hand) and the default among them.
type linearEvals[S any] struct {
	fs eval.TunableSet[S]
	// hand are the hand-set weights, tuned those of linear (hand when the set has
	// no tuned weights).
	hand, tuned eval.NamedWeights
	fixed       map[string]game.Evaluator[S]
	// def is the evaluation of a spec without an eval setting.
	def string
}

// newLinearEvals returns the evaluations over fs: score (the evaluation score),
// linear (the linear evaluation with the set's default weights when it carries them
// (game.DefaultWeighter), else with the weights file its package ships
// (game.WeightsShipper),
// else with its hand-set weights) and hand (the hand-set weights). The default is linear for a set
// with tuned weights, score for the others.
func newLinearEvals[S any](fs eval.TunableSet[S], score search.Evaluator[S]) (*linearEvals[S], error) {
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
	if d, ok := fs.(game.DefaultWeighter); ok {
		if tuned, err = eval.NewNamedWeights(fs.Name(), fs.Features(), d.DefaultWeights()); err != nil {
			return nil, fmt.Errorf("the default weights of %s: %w", fs.Name(), err)
		}
		haveTuned = true
	} else if data := shippedWeightsOf(fs); data != nil {
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
		fixed: map[string]game.Evaluator[S]{eval.ScoreName: score, eval.LinearName: tunedEval, eval.HandName: handEval}}, nil
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
// spec's eval setting names, resolved by resolve.
func playersOf[S any](g game.Game[S], resolve func(string) (search.Evaluator[S], error)) match.PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		ev, err := resolve(sp.Settings["eval"])
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
