package martian

import (
	"math/rand/v2"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// Decisions: an action is the index of the space sown, 0..N-1 on the mover's own side,
// space a (0) being the farthest from the mover's mancala. A turn is one decision; a
// bonus move is a new turn by the same player.

// movable returns the mover's non-empty spaces as bits 0..N-1 (none when the game is
// over).
func (g *Game) movable(s *State) uint32 {
	if s.flags&flagOver != 0 {
		return 0
	}
	base := int(s.flags&flagNorth) * g.n
	var m uint32
	for i := 0; i < g.n; i++ {
		if s.lens[base+i] != 0 {
			m |= 1 << uint(i)
		}
	}
	return m
}

// LegalActions writes the mover's non-empty spaces, from a on, into dst.
func (g *Game) LegalActions(s *State, dst *game.ActionBuffer) []game.Action {
	k := 0
	if s.flags&flagOver == 0 {
		base := int(s.flags&flagNorth) * g.n
		for i := 0; i < g.n; i++ {
			if s.lens[base+i] != 0 {
				dst[k] = game.Action(i)
				k++
			}
		}
	}
	return dst[:k]
}

// IsLegal reports whether sowing space a is legal in s.
func (g *Game) IsLegal(s *State, a game.Action) bool {
	return int(a) < g.n && g.movable(s)>>a&1 != 0
}

// ToMove returns 0 for South and 1 for North.
func (g *Game) ToMove(s *State) int { return s.ToMove() }

// TurnStart is always true: every decision is a whole turn.
func (g *Game) TurnStart(s *State) bool { return true }

// Terminal reports whether the game is over.
func (g *Game) Terminal(s *State) bool { return s.Over() }

// Points returns the pips in South's and North's mancalas; in a finished game the
// pieces left on the small spaces count for the player who moved last (the opponent
// of ToMove).
func (g *Game) Points(s *State) [2]int {
	pts := [2]int{s.Store(0), s.Store(1)}
	if s.Over() {
		pts[1-s.ToMove()] += g.pips - pts[0] - pts[1]
	}
	return pts
}

// Result returns the winner (0 South, 1 North, -1 for a draw) and the margin, the
// difference of the points.
func (g *Game) Result(s *State) (winner, margin int) {
	pts := g.Points(s)
	d := pts[0] - pts[1]
	switch {
	case d > 0:
		return 0, d
	case d < 0:
		return 1, -d
	}
	return -1, 0
}

// EndReason says why a finished game ended: "south's spaces are empty", "north's
// spaces are empty", "both sides' spaces are empty", "move cap", and "" for a game in
// progress.
func (g *Game) EndReason(s *State) string {
	if !s.Over() {
		return ""
	}
	south, north := g.sideEmpty(s, 0), g.sideEmpty(s, 1)
	switch {
	case south && north:
		return "both sides' spaces are empty"
	case south:
		return "south's spaces are empty"
	case north:
		return "north's spaces are empty"
	}
	return "move cap"
}

// TieBreak is false: equal points are a draw.
func (g *Game) TieBreak(s *State) bool { return false }

// sideEmpty reports whether player p's small spaces are all empty.
func (g *Game) sideEmpty(s *State, p int) bool {
	for i := 0; i < g.n; i++ {
		if s.lens[p*g.n+i] != 0 {
			return false
		}
	}
	return true
}

// Apply sows space a of the player to move; a must be legal.
func (g *Game) Apply(s *State, a game.Action) {
	var b board
	g.unpack(s, &b)
	g.turn(&b, s, int(a))
	g.pack(&b, s)
}

// Step sets *dst to the state after the legal move a in *src and returns its Status
// (game.Stepper).
func (g *Game) Step(dst, src *State, a game.Action) game.Status {
	var b board
	g.unpack(src, &b)
	if dst != src {
		*dst = *src
	}
	g.turn(&b, dst, int(a))
	g.pack(&b, dst)
	st := game.Status(dst.flags&flagNorth) | game.StatusTurnStart
	if dst.flags&flagOver != 0 {
		st |= game.StatusTerminal
	}
	return st
}

// turn plays the mover's space a on the working board b and settles, in s's flags
// and ply, who moves next and whether the game is over. b holds s's pieces.
func (g *Game) turn(b *board, s *State, a int) {
	p := int(s.flags & flagNorth)
	bonus, _ := g.sow(b, p, a)
	s.ply++
	if !bonus {
		s.flags ^= flagNorth
	}
	g.settle(b, s, p)
}

// settle ends the game after player p's turn when a side's spaces are empty or the
// move cap is reached; the opponent of p, who moved last, is then ToMove.
func (g *Game) settle(b *board, s *State, p int) {
	var south, north bool = true, true
	for i := 0; i < g.n; i++ {
		if !b.st[i].zero() {
			south = false
		}
		if !b.st[g.n+i].zero() {
			north = false
		}
	}
	if south || north || int(s.ply) >= g.capK {
		s.flags = flagOver | uint8(1-p)
	}
}

// sow lifts the stack of player p's space a and sows it on b (RULES.md, "A turn"),
// lap after lap, and reports whether the last piece fell into p's own mancala (a bonus
// move) and how many laps followed the first sowing.
func (g *Game) sow(b *board, p, a int) (bonus bool, laps int) {
	origin := p*(g.n+1) + a // the ring place of the lifted space
	j := p*g.n + a
	hand := b.st[j]
	b.st[j] = u128{}
	pos := origin
	for ; ; laps++ {
		occupied := false
		for !hand.zero() {
			var pip uint8
			pip, hand = hand.pop()
			pos = g.next[pos][pip]
			if k := g.place[pos]; k >= 0 {
				occupied = !b.st[k].zero()
				b.st[k] = b.st[k].push(pip)
			} else {
				b.store[-1-k][pip]++
			}
		}
		k := int(g.place[pos])
		switch {
		case k < 0: // a mancala: a bonus move in the mover's own
			return k == -1-p, laps
		case pos == origin, !occupied, laps >= g.maxLaps:
			return false, laps
		}
		hand = b.st[k]
		b.st[k] = u128{}
	}
}

// RandomAction returns LegalActions(s)[k] for k uniform from one rng.Uint64().
func (g *Game) RandomAction(s *State, rng *rand.PCG) game.Action {
	m := g.movable(s)
	return game.Action(kthBit(m, splitmix.Uniform(rng.Uint64(), popcount(m))))
}

// Playout plays uniformly random moves from s to the end of the game on the working
// board, packing the state once at the end. It draws one number from rng to seed its
// own SplitMix64 generator: the same game as applying LegalActions(s)[splitmix.
// Uniform(y, n)] with y the generator's successive outputs.
func (g *Game) Playout(s *State, rng *rand.PCG) {
	g.playout(s, rng.Uint64())
}

// playout plays the random game seeded with x and returns its number of turns.
func (g *Game) playout(s *State, x uint64) int {
	var b board
	g.unpack(s, &b)
	turns := 0
	for s.flags&flagOver == 0 {
		p := int(s.flags & flagNorth)
		var m uint32
		for i := 0; i < g.n; i++ {
			if !b.st[p*g.n+i].zero() {
				m |= 1 << uint(i)
			}
		}
		x += splitmix.Gamma
		a := kthBit(m, splitmix.Uniform(splitmix.Mix(x), popcount(m)))
		g.turn(&b, s, a)
		turns++
	}
	g.pack(&b, s)
	return turns
}

// popcount returns the set bits of m.
func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// kthBit returns the position of the k-th set bit (from 0, lowest first) of m.
func kthBit(m uint32, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	i := 0
	for m&1 == 0 {
		m >>= 1
		i++
	}
	return i
}
