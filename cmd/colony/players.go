package main

import (
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// playerFactory returns the factory of the players of every command: search.New for
// The Colony under r, the evaluation named by the spec's eval setting (eval.Loader:
// score, linear or a weights file) resolved by loader.
func playerFactory(r *colony.Rules, loader *eval.Loader) tournament.PlayerFactory[colony.State] {
	g := search.NewColony(r)
	return func(spec string, opts search.Options) (search.Player[colony.State], error) {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		ev, err := loader.Evaluator(sp.Settings["eval"])
		if err != nil {
			return nil, err
		}
		return search.New[colony.State](g, ev, spec, opts)
	}
}

// withDefaultEval returns spec with eval=linear (eval.DefaultName) added when its kind
// takes an evaluation and it names none, so that records say which one was used.
func withDefaultEval(spec string) string {
	sp, err := search.ParseSpec(spec)
	if err != nil || !sp.Accepts("eval") || sp.Has("eval") {
		return spec
	}
	return sp.With("eval", eval.DefaultName).String()
}
