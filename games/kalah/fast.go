package kalah

import (
	"github.com/colony-ai/colony/game"
)

// The tree searches' fast path.
var _ game.Stepper[State] = (*Game)(nil)

// Step sets *dst to the state after the legal move a in *src and returns its
// game.Status (the player to move, a turn start always, whether the game is over):
// Apply, ToMove, TurnStart and Terminal in one call (game.Stepper). On the narrow
// boards the move is played on registers and written once.
func (g *Game) Step(dst, src *State, a game.Action) game.Status {
	if g.narrow {
		lo, hi, fl, empty := g.step(src.w[0], src.w[1], src.w[3], int(a))
		dst.w = [4]uint64{lo, hi, src.w[2], fl}
		if empty {
			g.checkEnd(dst)
			fl = dst.w[3]
		}
		return status(fl)
	}
	*dst = *src
	g.apply(dst, int(a))
	return status(dst.w[3])
}

// status returns the game.Status of a State whose word 3 is w3, without a branch
// (flagOver times a power of two is game.StatusTerminal).
func status(w3 uint64) game.Status {
	fl := w3 >> flagShift
	return game.Status(fl&flagNorth) | game.StatusTurnStart | game.Status(fl&flagOver)*(game.StatusTerminal/flagOver)
}
