package kalah

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/notation"
)

var _ game.TurnReader[State] = (*Game)(nil)

// ReadTurn plays the turn written text on s (game.TurnReader): a turn is one move, in
// any spelling ParseAction reads (notation.ReadTurn); s is unchanged on an error.
func (g *Game) ReadTurn(s *State, text string) error { return notation.ReadTurn[State](g, s, text) }
