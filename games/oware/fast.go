package oware

import "github.com/colony-ai/colony/search"

// The tree searches' fast path.
var _ search.Stepper[State] = (*Game)(nil)

// Step sets *dst to the state after the legal move a in *src and returns its
// search.Status: Apply, ToMove, TurnStart (always) and Terminal in one call
// (search.Stepper).
func (g *Game) Step(dst, src *State, a search.Action) search.Status {
	*dst = *src
	g.Apply(dst, a)
	return search.MakeStatus(dst.ToMove(), true, dst.Over())
}
