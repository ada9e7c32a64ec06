package main

import (
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/games"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// playerFactory returns the factory of The Colony's players under r: search.New with
// the evaluation named by the spec's eval setting (score, linear, hand or a weights
// file), resolved by loader.
func playerFactory(r *colony.Rules, loader *eval.LoaderOf[colony.State]) tournament.PlayerFactory[colony.State] {
	return games.ColonyPlayers(r, loader)
}

// withDefaultEval returns spec with eval=def added when its kind takes an evaluation
// and it names none, so that records say which one was used.
func withDefaultEval(spec, def string) string {
	sp, err := search.ParseSpec(spec)
	if err != nil || !sp.Accepts("eval") || sp.Has("eval") {
		return spec
	}
	return sp.With("eval", def).String()
}
