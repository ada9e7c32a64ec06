package oware

import (
	"fmt"

	"github.com/colony-ai/colony/game"
)

var _ game.TurnReader[State] = (*Game)(nil)

// ReadTurn plays the turn written text on s (game.TurnReader): a turn is one move, in
// any spelling ParseAction reads, so that the commands and the engines' runner take
// what RULES.md promises. An error wraps game.ErrNotATurn (callers list the legal
// turns) and says ParseAction's reason; s is then unchanged.
func (g *Game) ReadTurn(s *State, text string) error {
	a, err := g.ParseAction(s, text)
	if err != nil {
		return fmt.Errorf("%w: %w", game.ErrNotATurn, err)
	}
	g.Apply(s, a)
	return nil
}
