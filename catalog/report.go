package catalog

// Reports: what the command line's playout and bench reports need of a game beyond
// its operations, through the optional interfaces of package game
// (game.About, game.CountingPlayouter).

import (
	"fmt"
	"math/rand/v2"

	"github.com/colony-ai/colony/game"
)

// Description returns what the game says of itself for reports (game.About's
// Report); the zero Description when it says nothing.
func (x *generic[S]) Description() game.Description { return x.g.About().Report }

// BenchPositions returns the game's own benchmark positions (game.About's
// BenchPositions), or nil when it has none.
func (x *generic[S]) BenchPositions() []string { return x.g.About().BenchPositions }

// randomGame plays uniformly random decisions from *s to the end of the game,
// through fast when not nil (the game's game.CountingPlayouter) and otherwise
// uniformly over LegalActions with one number from rng a decision, and returns the
// turns (a turn the game ended in the middle of included) and the decisions played.
func (x *generic[S]) randomGame(s *S, rng *rand.PCG, buf *game.ActionBuffer, fast game.CountingPlayouter[S]) (turns, decisions int32, err error) {
	if fast != nil {
		d, t := fast.CountedPlayout(s, rng)
		return int32(t), int32(d), nil
	}
	for !x.g.Terminal(s) {
		legal := x.g.LegalActions(s, buf)
		switch {
		case len(legal) == 0:
			return turns, decisions, fmt.Errorf("no legal decision in a position that is not over: %s", x.g.FormatPosition(s))
		case decisions >= maxRandomDecisions:
			return turns, decisions, fmt.Errorf("not over after %d decisions", decisions)
		}
		x.g.Apply(s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		decisions++
		if x.g.TurnStart(s) || x.g.Terminal(s) {
			turns++
		}
	}
	return turns, decisions, nil
}
