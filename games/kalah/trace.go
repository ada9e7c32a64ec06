package kalah

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/board"
)

var _ game.Tracer[State] = (*Game)(nil)

// Trace returns the steps of sowing pit a of the player to move from s
// (game.Tracer), for the page of a game: the pit lifted, every seed sown round the
// ring (past the opponent's store), the capture, and at the end of the game the
// seeds left on each side taken to its store. Places are the ids of Illustrate's
// shapes. Trace follows the rules seed by seed, apart from the tables Apply uses;
// the conformance suite checks that the two agree.
func (g *Game) Trace(s *State, a game.Action) []game.TraceStep {
	m, mv := g.m, s.ToMove()
	ring := 2 * (m + 1) // south's pits and store, then north's
	seeds := make([]int, ring)
	ids := make([]string, ring)
	for p := range 2 {
		for i := range m {
			seeds[p*(m+1)+i] = s.Pit(p, i)
			ids[p*(m+1)+i] = board.PitID(g.Sides(), p, i)
		}
		seeds[p*(m+1)+m] = s.Store(p)
		ids[p*(m+1)+m] = board.StoreID(p)
	}
	store, oppStore := mv*(m+1)+m, (1-mv)*(m+1)+m
	at := mv*(m+1) + int(a)
	steps := []game.TraceStep{{Kind: game.Lift, Place: ids[at]}}
	n := seeds[at]
	seeds[at] = 0
	for ; n > 0; n-- {
		if at = (at + 1) % ring; at == oppStore {
			at = (at + 1) % ring
		}
		seeds[at]++
		steps = append(steps, game.TraceStep{Kind: game.Sow, Place: ids[at]})
	}
	if at/(m+1) == mv && at != store && seeds[at] == 1 {
		opp := (1-mv)*(m+1) + m - 1 - at%(m+1)
		if g.captureEmpty || seeds[opp] > 0 {
			steps = append(steps, game.TraceStep{Kind: game.Take, Place: ids[at], To: ids[store]})
			if seeds[opp] > 0 {
				steps = append(steps, game.TraceStep{Kind: game.Take, Place: ids[opp], To: ids[store]})
			}
			seeds[at], seeds[opp] = 0, 0
		}
	}
	after := *s
	g.Apply(&after, a)
	if after.Over() {
		for p := range 2 {
			for i := range m {
				if seeds[p*(m+1)+i] > 0 {
					steps = append(steps, game.TraceStep{Kind: game.Take, Place: ids[p*(m+1)+i], To: ids[p*(m+1)+m]})
				}
			}
		}
	}
	return steps
}

// Places counts the seeds on every place of s by the ids of Illustrate's shapes
// (the pits and the stores), the places Trace names.
func (g *Game) Places(s *State) map[string]int {
	c := map[string]int{}
	for p := range 2 {
		for i := range g.m {
			c[board.PitID(g.Sides(), p, i)] = s.Pit(p, i)
		}
		c[board.StoreID(p)] = s.Store(p)
	}
	return c
}
