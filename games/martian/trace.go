package martian

import (
	"github.com/colony-ai/colony/game"
	boardpkg "github.com/colony-ai/colony/games/internal/board"
)

var _ game.Tracer[State] = (*Game)(nil)

// Trace returns the steps of sowing space a of the player to move from s
// (game.Tracer), for the page of a game: the space lifted, every piece sown where it
// lands (a piece jumps over the places between, which receive nothing), and each lap
// as the space lifted again with the pieces sown from it. Places are the ids of
// Illustrate's shapes: "pit-south-a" .. and "store-S", "store-N". The pieces a
// finished game leaves on the spaces stay there (Points counts them for the player
// who moved last), so there are no takes.
//
// Trace follows the rules piece by piece on plain slices, apart from the packed
// stacks Apply uses; the conformance suite checks that the two agree.
func (g *Game) Trace(s *State, a game.Action) []game.TraceStep {
	n, p := g.n, s.ToMove()
	ring := 2*n + 2 // South's spaces and mancala, then North's
	ids := make([]string, ring)
	stacks := make([][]int, ring) // each place's pieces, bottom piece first
	for q := range 2 {
		for i := range n {
			ids[q*(n+1)+i] = boardpkg.PitID(g.Sides(), q, i)
			top := g.SpaceStack(s, q, i)
			for k := len(top) - 1; k >= 0; k-- {
				stacks[q*(n+1)+i] = append(stacks[q*(n+1)+i], top[k])
			}
		}
		ids[q*(n+1)+n] = boardpkg.StoreID(q)
	}
	isStore := func(r int) bool { return r%(n+1) == n }
	origin := p*(n+1) + int(a)
	at := origin
	var steps []game.TraceStep
	for laps := 0; ; laps++ {
		hand := stacks[at] // bottom first: the top piece is the last
		stacks[at] = nil
		steps = append(steps, game.TraceStep{Kind: game.Lift, Place: ids[at]})
		occupied := false
		for k := len(hand) - 1; k >= 0; k-- {
			at = (at + hand[k]) % ring
			occupied = len(stacks[at]) > 0
			stacks[at] = append(stacks[at], hand[k])
			steps = append(steps, game.TraceStep{Kind: game.Sow, Place: ids[at]})
		}
		if isStore(at) || at == origin || !occupied || laps >= g.maxLaps {
			return steps
		}
	}
}

// Places counts the pieces (not the pips) on every place of s by the ids of
// Illustrate's shapes (the spaces and the mancalas), the places Trace names.
func (g *Game) Places(s *State) map[string]int {
	c := map[string]int{}
	for p := range 2 {
		for i := range g.n {
			c[boardpkg.PitID(g.Sides(), p, i)] = g.Height(s, p, i)
		}
		c[boardpkg.StoreID(p)] = s.StorePieces(p, 1) + s.StorePieces(p, 2) + s.StorePieces(p, 3)
	}
	return c
}
