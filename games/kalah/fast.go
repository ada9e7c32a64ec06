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
		// One table entry, found from the place and its seeds, holds the whole
		// sowing (nstep); the capture is made without branches. Apply and the
		// reference playout play their moves here too; TestStepAgainstApply compares
		// them with apply.
		lo, hi, fl := src.w[0], src.w[1], src.w[3]
		mv := fl >> flagShift & flagNorth
		p := uint(a) + uint(-mv)&g.northBase
		sel := -uint64(p >> 3)
		n := (lo ^ (lo^hi)&sel) >> (8 * p & 63) & 0xff
		e := &g.nstep[(p<<8|uint(n))&(16<<8-1)]
		lo += e.addLo
		hi += e.addHi
		fl ^= e.misc & moverBit
		// The capture is made when the last seed's place is one of the mover's pits
		// and holds that one seed (it was empty and there was no whole lap): t == 0.
		t := (lo^ones)&e.lastLo | (hi^ones)&e.lastHi | e.misc&stepNotOwn
		c := (lo&e.oppLo | hi&e.oppHi) >> (e.misc & stepOppS)
		m := -((t - 1) &^ t >> 63 & (g.capAll | (-c)>>63))
		lo &^= m & (e.lastLo | e.oppLo)
		hi &^= m & (e.lastHi | e.oppHi)
		st := &g.nstore[mv]
		lo += m & ((c + 1) * st[0])
		hi += m & ((c + 1) * st[1])
		dst.w = [4]uint64{lo, hi, src.w[2], fl}
		ps, pn := &g.pits[0], &g.pits[1]
		if min(lo&ps[0]|hi&ps[1], lo&pn[0]|hi&pn[1]) == 0 {
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
