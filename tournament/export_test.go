package tournament

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/search"
)

// What the package's tests need of it that its users do not.

// newFactory returns the PlayerFactory of search.New with evaluation ev (a program
// gets its factory from the registry of games, catalog).
func newFactory[S any](g game.Rules[S], ev search.Evaluator[S]) match.PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		return search.New(g, ev, spec, opts)
	}
}
