package game

import (
	"fmt"
	"slices"
)

// Referee checks and plays the turns that players return, as the tournament runner
// and the registry's text operations do: exactly one whole legal turn, written in the
// game's notation. It uses the game's TurnApplier or LegalChecker when it has them
// and keeps its scratch space, so that a legal turn costs no allocation. A Referee is
// used by one goroutine at a time.
type Referee[S any] struct {
	g       Game[S]
	applier TurnApplier[S]
	checker LegalChecker[S]
	// scratch is where a turn is checked and buf holds legal decisions, kept here
	// because pointers passed to interface methods escape.
	scratch S
	buf     ActionBuffer
}

// NewReferee returns a referee of the game g.
func NewReferee[S any](g Game[S]) *Referee[S] {
	return &Referee[S]{g: g, applier: PartOf[TurnApplier[S]](g), checker: PartOf[LegalChecker[S]](g)}
}

// PlayTurn is the package's PlayTurn, through the game's fast paths: it checks that
// actions are exactly one whole legal turn from s, plays it and appends its notation
// to notation; on an error s is unchanged and notation is returned as it was given.
func (r *Referee[S]) PlayTurn(s *S, actions []Action, notation []byte) ([]byte, error) {
	if r.applier != nil {
		return r.applier.ApplyTurn(s, actions, notation)
	}
	return r.check(s, actions, notation)
}

// check is PlayTurn through Rules (and the LegalChecker, when r has one).
func (r *Referee[S]) check(s *S, actions []Action, notation []byte) ([]byte, error) {
	g, c := r.g, &r.scratch
	*c = *s
	mark := len(notation)
	for i, a := range actions {
		if g.Terminal(c) || (i > 0 && g.TurnStart(c)) {
			return notation[:mark], fmt.Errorf("its decisions %v are more than one turn", actions)
		}
		var legal bool
		if r.checker != nil {
			legal = r.checker.IsLegal(c, a)
		} else {
			legal = slices.Contains(g.LegalActions(c, &r.buf), a)
		}
		if !legal {
			bad, before := string(g.AppendAction(nil, c, a)), string(notation[mark:])
			return notation[:mark], fmt.Errorf("its decision %d (%d, %q) is not legal after %q", i+1, a, bad, before)
		}
		notation = g.AppendAction(notation, c, a)
		g.Apply(c, a)
	}
	if len(actions) == 0 || !g.TurnStart(c) {
		return notation[:mark], fmt.Errorf("its decisions %v are not a whole turn", actions)
	}
	*s = *c
	return notation, nil
}
