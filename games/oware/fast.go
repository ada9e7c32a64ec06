package oware

import (
	"github.com/colony-ai/colony/games/game"
)

// The tree searches' fast paths.
var _ game.SiblingStepper[State] = (*Game)(nil)

// Step sets *dst to the state after the legal move a in *src and returns its
// game.Status: Apply, ToMove, TurnStart (always) and Terminal in one call
// (game.Stepper). It copies only the part of the history in use (see copyState).
func (g *Game) Step(dst, src *State, a game.Action) game.Status {
	copyState(dst, src)
	g.Apply(dst, a)
	return game.MakeStatus(dst.ToMove(), true, dst.Over())
}

// StepSibling is Step where *dst holds a sibling of the new state, the result of
// another move in *src (game.SiblingStepper). Unless that move captured (its quiet
// count is 0), the sibling's history is src's with at most one more key: the keys in
// common are kept, not copied, and the one more cleared.
func (g *Game) StepSibling(dst, src *State, a game.Action) game.Status {
	if dst.quiet == 0 {
		copyState(dst, src)
	} else {
		n := src.nhist
		clear(dst.hist[n:max(n, dst.nhist)])
		copyFields(dst, src)
	}
	g.Apply(dst, a)
	return game.MakeStatus(dst.ToMove(), true, dst.Over())
}

// copyState sets *dst, a valid State, to *src. A State is 832 bytes, 800 of them the
// history of positions since the last capture, most of it unused (zero) in most
// positions: copyState copies the fields and the keys in use, and clears the keys dst
// held beyond them, which keeps the invariant that unused keys are zero.
func copyState(dst, src *State) {
	n, old := src.nhist, dst.nhist
	hist := &dst.hist
	copy(hist[:n], src.hist[:n])
	if old > n {
		clear(hist[n:old])
	}
	copyFields(dst, src)
}

// copyFields sets every field of *dst but the history's keys to *src's.
func copyFields(dst, src *State) {
	dst.rows, dst.digest, dst.stores = src.rows, src.digest, src.stores
	dst.toMove, dst.quiet, dst.legal, dst.end, dst.nhist = src.toMove, src.quiet, src.legal, src.end, src.nhist
}
