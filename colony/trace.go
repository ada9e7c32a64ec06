package colony

import "github.com/colony-ai/colony/game"

var _ game.Tracer[State] = Game{}

// Trace returns the steps of action a from s (game.Tracer), for the page of a game:
// a selected log lifted, every egg sown along the arrows one by one (a last egg
// that goes to the store is sown there), every relay lap's log lifted, eggs put
// down together where the sowing cap stops a sowing (R6). Places are the ids of
// Illustrate's shapes: "log-B4", "store-red". Ant moves and passes move no egg and
// have no steps. Trace follows the rules egg by egg, apart from the lap tables
// Apply uses; the conformance suite checks that the two agree.
func (g Game) Trace(s *State, a game.Action) []game.TraceStep {
	steps, _ := g.trace(s, a)
	return steps
}

// trace is Trace, with the log where the last egg was captured (R5), the step to
// the store's log, or NoLog.
func (g Game) trace(s *State, a game.Action) (steps []game.TraceStep, caught Log) {
	r, b := g.Rules, g.Rules.board
	eggs := s.eggs
	sow := func(l Log) {
		steps = append(steps, game.TraceStep{Kind: game.Sow, Place: logID(l)})
		eggs[l]++
	}
	var arc, n uint8
	switch act := Action(a); {
	case act < DirectionBase:
		l := Log(act)
		steps = append(steps, game.TraceStep{Kind: game.Lift, Place: logID(l)})
		n, eggs[l] = eggs[l], 0
		if b.exitCount[l] > 1 {
			return steps, NoLog // the player chooses the direction next (R4)
		}
		arc = b.firstArc[l]
	case act < Pass:
		arc, n = b.arcIndex[s.pending][act-DirectionBase], s.inHand
	default:
		return nil, NoLog
	}
	p := s.toMove
	own, opp := s.ants[p], s.ants[p^1]
	capLeft := r.sowingCap - int(s.drops)
	for {
		// The eggs before the last, one a log, while the cap allows (R6).
		for ; n > 1 || capLeft <= 0; n-- {
			cur := b.arcTo[arc]
			if capLeft <= 0 {
				for ; n > 0; n-- {
					sow(cur)
				}
				return steps, NoLog
			}
			sow(cur)
			capLeft--
			arc = b.arcNext[arc]
		}
		// The last egg (R5): to the store, onto an empty log, or a relay.
		cur := b.arcTo[arc]
		bit := uint32(1) << cur
		if own&bit != 0 || (eggs[cur] == 3 && opp&bit == 0) {
			return append(steps, game.TraceStep{Kind: game.Sow, Place: storeID(p)}), cur
		}
		capLeft--
		e := eggs[cur]
		sow(cur)
		if e == 0 {
			return steps, NoLog
		}
		steps = append(steps, game.TraceStep{Kind: game.Lift, Place: logID(cur)})
		n, eggs[cur] = e+1, 0
		switch {
		case b.exitCount[cur] == 1:
			arc = b.firstArc[cur]
		case r.selectedOnly:
			arc = b.arcNext[arc]
		default:
			return steps, NoLog // the player chooses the relay lap's direction next (R4)
		}
	}
}

// Places counts the eggs on every place of s by the ids of Illustrate's shapes:
// the 19 logs and the two stores, the places Trace names.
func (g Game) Places(s *State) map[string]int {
	c := make(map[string]int, NumLogs+2)
	for l := range Log(NumLogs) {
		c[logID(l)] = s.Eggs(l)
	}
	for _, p := range [2]Color{Red, Black} {
		c[storeID(p)] = s.Store(p)
	}
	return c
}

// logID is the id of log l's shape in Illustrate: "log-B4".
func logID(l Log) string { return "log-" + l.String() }

// storeID is the id of player c's store in Illustrate: "store-red".
func storeID(c Color) string { return "store-" + c.String() }
