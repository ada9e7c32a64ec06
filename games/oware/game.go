package oware

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// Compile-time checks of the interfaces *Game implements.
var (
	_ game.Game[State]           = (*Game)(nil)
	_ game.Playouter[State]      = (*Game)(nil)
	_ game.RandomActioner[State] = (*Game)(nil)
	_ game.LegalChecker[State]   = (*Game)(nil)
)

// Start returns the start position: four seeds in every pit, South to move.
func (g *Game) Start() State {
	s := State{head: head{rows: [2]uint64{StartSeeds * lows, StartSeeds * lows}}}
	s.restart()
	g.finish(&s)
	return s
}

// LegalActions writes the legal decisions of s (the mover's pits, 0..5 from the
// mover's left) into dst in increasing order.
// The moves, from legalList, are written as one 8-byte word (no loop, no branch).
func (g *Game) LegalActions(s *State, dst *game.ActionBuffer) []game.Action {
	m := s.legal & 63
	binary.LittleEndian.PutUint64(dst[:8], legalList[m])
	return dst[:bits.OnesCount8(m)]
}

// legalList[m] holds in its bytes, lowest first, the pits of the 6-bit mask m in
// increasing order (LegalActions).
var legalList = func() (t [64]uint64) {
	for m := range t {
		n := 0
		for a := 0; a < PitsPerSide; a++ {
			if m>>a&1 != 0 {
				t[m] |= uint64(a) << (8 * n)
				n++
			}
		}
	}
	return t
}()

// Apply plays the legal decision a on s.
func (g *Game) Apply(s *State, a game.Action) {
	if g.variant == Oware { // apply, written out: one call less
		g.applyOware(s, int(a))
	} else {
		g.applyAyo(s, int(a))
	}
}

// IsLegal reports whether a is a legal decision in s.
func (g *Game) IsLegal(s *State, a game.Action) bool {
	return a < PitsPerSide && s.legal>>a&1 != 0
}

// ToMove returns 0 for South and 1 for North.
func (g *Game) ToMove(s *State) int { return int(s.toMove) }

// TurnStart is always true: every decision is a whole turn.
func (g *Game) TurnStart(s *State) bool { return true }

// Terminal reports whether the game is over.
func (g *Game) Terminal(s *State) bool { return s.legal == 0 }

// Points returns the seeds of South and North: captured seeds plus the seeds on the
// side's own row. At the end of a game, whatever the reason (a majority of captured
// seeds included), each side takes the seeds on its row, so these are the final
// scores.
func (g *Game) Points(s *State) [2]int {
	return [2]int{int(s.stores[0]) + rowSum(s.rows[0]), int(s.stores[1]) + rowSum(s.rows[1])}
}

// Result returns the winner (0 South, 1 North, -1 for a 24-24 draw) and the margin in
// seeds.
func (g *Game) Result(s *State) (winner, margin int) {
	p := g.Points(s)
	switch {
	case p[0] > p[1]:
		return 0, p[0] - p[1]
	case p[1] > p[0]:
		return 1, p[1] - p[0]
	}
	return -1, 0
}

// Hash returns State.Hash.
func (g *Game) Hash(s *State) uint64 { return s.Hash() }

// Sides returns "south" (moves first) and "north".
func (g *Game) Sides() [2]string { return [2]string{"south", "north"} }

// NumActions returns the number of distinct decisions: one a pit of a side.
func (g *Game) NumActions() int { return PitsPerSide }

var sideNames = [2]string{"south", "north"}

// EndReason says why a finished game ended: "south has more than half the seeds",
// "south has no seeds", "north cannot feed south", "the position repeated", "no
// capture in 100 moves" (the quiet cap), "no capture in 1280 moves (the most the
// history holds)" (quiet=off, MaxHistory); "" while the game goes on.
func (g *Game) EndReason(s *State) string {
	m := s.toMove
	switch s.end {
	case endMajority:
		side := 0
		if s.stores[1] > s.stores[0] {
			side = 1
		}
		return sideNames[side] + " has more than half the seeds"
	case endRepeat:
		return "the position repeated"
	case endNoSeeds:
		return sideNames[m] + " has no seeds"
	case endCannotFeed:
		return sideNames[m] + " cannot feed " + sideNames[m^1]
	case endQuiet:
		if g.quietOff {
			return "no capture in " + strconv.Itoa(g.quiet) + " moves (the most the history holds)"
		}
		return "no capture in " + strconv.Itoa(g.quiet) + " moves"
	}
	return ""
}

// TieBreak is false: equal points are a draw.
func (g *Game) TieBreak(s *State) bool { return false }

// RandomAction returns a uniformly random legal decision of s: LegalActions(s)[k] for
// k = splitmix.Uniform(one rng.Uint64(), count).
func (g *Game) RandomAction(s *State, rng *rand.PCG) game.Action {
	return game.Action(pick(s.legal, rng.Uint64()))
}

// Playout plays uniformly random decisions from s to the end of the game: the same
// game as applying RandomAction repeatedly, with its numbers drawn from a SplitMix64
// generator seeded by one rng.Uint64(). It allocates nothing.
func (g *Game) Playout(s *State, rng *rand.PCG) { g.PlayoutSeed(s, rng.Uint64()) }

// PlayoutSeed is Playout with the generator seeded by seed; it returns the number of
// moves played.
func (g *Game) PlayoutSeed(s *State, seed uint64) int {
	x := seed
	n := 0
	if g.variant == Oware {
		return g.playoutOware(s, x)
	}
	for ; s.legal != 0; n++ {
		x += splitmix.Gamma
		g.applyAyo(s, pick(s.legal, splitmix.Mix(x)))
	}
	return n
}

// StoreDiff is the simple evaluation: the mover's store minus the opponent's, in
// seeds.
type StoreDiff struct{}

// Evaluate returns the store difference from the view of the player to move.
func (StoreDiff) Evaluate(s *State) int {
	m := s.toMove
	return int(s.stores[m]) - int(s.stores[m^1])
}
