package oware

import (
	"github.com/colony-ai/colony/game"
)

// The tree searches' fast paths.
var _ game.SiblingStepper[State] = (*Game)(nil)

// Step sets *dst to the state after the legal move a in *src and returns its
// game.Status: Apply, ToMove, TurnStart (always) and Terminal in one call
// (game.Stepper). It copies only the part of the history in use (see copyState).
func (g *Game) Step(dst, src *State, a game.Action) game.Status {
	copyState(dst, src)
	if g.variant == Oware { // apply, written out: one call less
		g.applyOware(dst, int(a))
	} else {
		g.applyAyo(dst, int(a))
	}
	return game.MakeStatus(dst.ToMove(), true, dst.Over())
}

// StepSibling is Step where *dst holds a sibling of the new state, the result of
// another move in *src (game.SiblingStepper). Unless that move captured (its quiet
// count is 0), the sibling's history is src's with at most one more position: its
// moves are src's and one more, which lies in the word of moves src's next move goes
// to, and its filter is src's with the bits of its position set, in one word. Those
// two words are copied from src, not the whole history.
func (g *Game) StepSibling(dst, src *State, a game.Action) game.Status {
	if dst.quiet == 0 {
		copyState(dst, src)
	} else {
		w, _ := bloomBits(digestTerm(dst.key, dst.toMove))
		dst.bloom[w] = src.bloom[w]
		m := src.nmoves >> 4
		dst.moves[m] = src.moves[m]
		copyFields(dst, src)
	}
	if g.variant == Oware { // apply, written out: one call less
		g.applyOware(dst, int(a))
	} else {
		g.applyAyo(dst, int(a))
	}
	return game.MakeStatus(dst.ToMove(), true, dst.Over())
}

// copyState sets *dst, a valid State, to *src. A State is 832 bytes, 640 of them the
// moves since the last capture, most of them unused (zero) in most positions:
// copyState copies the fields, the filter and the words of moves in use, and clears
// the words dst used beyond them, which keeps the invariant that unused moves are
// zero.
func copyState(dst, src *State) {
	n, old := (src.nmoves+15)/16, (dst.nmoves+15)/16
	moves := &dst.moves
	copy(moves[:n], src.moves[:n])
	if old > n {
		clear(moves[n:old])
	}
	dst.bloom = src.bloom
	copyFields(dst, src)
}

// copyFields sets every field of *dst but the history's moves and filter to *src's:
// the head, one 64-byte copy.
func copyFields(dst, src *State) { dst.head = src.head }
