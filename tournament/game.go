package tournament

import "github.com/colony-ai/colony/search"

// PlayerFactory builds a fresh player from a spec string (the runner has already
// added its seed and limits to the spec). A game's two players are built for it
// alone, so players may keep state between the turns of one game.
type PlayerFactory[S any] func(spec string, opts search.Options) (search.Player[S], error)
