package oware

import "github.com/colony-ai/colony/search"

// The tree searches' fast path.
var _ search.Stepper[State] = (*Game)(nil)

// Step sets *dst to the state after the legal move a in *src and returns its
// search.Status: Apply, ToMove, TurnStart (always) and Terminal in one call
// (search.Stepper). It copies only the part of the history in use (see copyState).
func (g *Game) Step(dst, src *State, a search.Action) search.Status {
	copyState(dst, src)
	g.Apply(dst, a)
	return search.MakeStatus(dst.ToMove(), true, dst.Over())
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
	dst.rows, dst.digest, dst.stores = src.rows, src.digest, src.stores
	dst.toMove, dst.quiet, dst.legal, dst.end, dst.nhist = src.toMove, src.quiet, src.legal, src.end, n
}
