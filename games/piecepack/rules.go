package piecepack

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// numCells is the size of the board array: MaxTiles tiles a side and two mancalas.
const numCells = 2*MaxTiles + 2

// The fixed cells of the mancalas.
const (
	southStore = 2 * MaxTiles
	northStore = southStore + 1
)

// State is a position between turns: the coins on every cell, the player to move,
// how the game ended, and the moves played (counted only under a move cap). It is a
// plain 22-byte value (18 + 1 + 1 + 2); copy it to branch.
//
// The cells: south's tiles a..N at 0..N-1, north's tiles a..N at 8..8+N-1, south's
// mancala at 16, north's at 17; the unused tile cells are always 0. Counter-clockwise
// order is south a..N, south's mancala, north a..N, north's mancala.
type State struct {
	cells  [numCells]uint8
	toMove uint8
	end    uint8 // an endReason; 0 while the game is in play
	ply    uint16
}

// The State is 22 bytes: this fails to compile if it is not.
var _ = [1]struct{}{}[unsafe.Sizeof(State{})-22]

// Why a game ended.
const (
	inPlay uint8 = iota
	southEmpty
	northEmpty
	bothEmpty
	southStuck
	northStuck
	neitherCanMove
	capReached
)

var endReasons = [...]string{"", "south has no coins", "north has no coins", "no coins on the tiles",
	"south cannot move", "north cannot move", "neither can move", "move cap"}

// Tile returns the coins on tile i (0 = a) of player p (0 south, 1 north).
func (s *State) Tile(p, i int) int { return int(s.cells[p*MaxTiles+i]) }

// Store returns the coins in player p's mancala.
func (s *State) Store(p int) int { return int(s.cells[southStore+p]) }

// Ply returns the moves played since the start; it is counted only under a move
// cap (0 otherwise).
func (s *State) Ply() int { return int(s.ply) }

// Start returns the start position: C coins on every tile, south to move.
func (g *Game) Start() State {
	var s State
	for i := 0; i < g.n; i++ {
		s.cells[i] = uint8(g.c)
		s.cells[MaxTiles+i] = uint8(g.c)
	}
	return s
}

// sideWord returns player p's tiles as the bytes of a word, tile a lowest.
func (g *Game) sideWord(s *State, p int) uint64 {
	return binary.LittleEndian.Uint64(s.cells[8*p&8:])
}

const (
	lows  = 0x7f7f7f7f7f7f7f7f
	highs = 0x8080808080808080
)

// movable returns the mask of the mover's tiles that may be sown from (bit i: tile
// i): those with a coin, or with two or more in Ethiopian.
func (g *Game) movable(s *State) uint32 {
	x := g.sideWord(s, int(s.toMove))
	if g.minStart == 2 {
		x &= 0xfefefefefefefefe
	}
	t := (((x & lows) + lows) | x) & highs // the high bit of every non-zero byte
	return uint32((t >> 7) * 0x0102040810204080 >> 56)
}

// LegalActions writes the legal decisions of s into dst in increasing order: the
// tiles a, b, ... that may be sown from, then in Ethiopian the same tiles sown to the
// left (tile + N).
func (g *Game) LegalActions(s *State, dst *game.ActionBuffer) []game.Action {
	if s.end != inPlay {
		return dst[:0]
	}
	m := g.movable(s)
	k := 0
	for d := 0; d < g.dirs; d++ {
		off := game.Action(d * g.n)
		for mm := m; mm != 0; mm &= mm - 1 {
			dst[k] = off + game.Action(bits.TrailingZeros32(mm))
			k++
		}
	}
	return dst[:k]
}

// IsLegal reports whether a is a legal decision in s.
func (g *Game) IsLegal(s *State, a game.Action) bool {
	if s.end != inPlay || int(a) >= g.n*g.dirs {
		return false
	}
	pit := int(a)
	if pit >= g.n {
		pit -= g.n
	}
	return g.movable(s)>>uint(pit)&1 != 0
}

// Apply plays the legal decision a on s.
func (g *Game) Apply(s *State, a game.Action) {
	pit, dir := int(a), 0
	if pit >= g.n {
		pit, dir = pit-g.n, 1
	}
	g.move(s, pit, dir)
}

// move sows from the mover's tile pit in direction dir and settles the end of the
// move: whose turn it is and whether the game is over.
func (g *Game) move(s *State, pit, dir int) {
	p := int(s.toMove)
	if g.variant == Nigerian {
		g.sowNigerian(s, p, pit)
		s.toMove ^= 1
	} else if !g.sowKalah(s, p, pit, dir) {
		s.toMove ^= 1
	}
	if g.capK > 0 {
		s.ply++
	}
	g.settle(s)
}

// sowKalah is an Egyptian or Ethiopian sowing by player p from tile pit in direction
// dir, with its capture; it reports an extra turn (the last coin in p's mancala).
// The coins are added a word of cells at a time (see Game.sows).
func (g *Game) sowKalah(s *State, p, pit, dir int) bool {
	c := MaxTiles*p + pit
	k := s.cells[c]
	s.cells[c] = 0
	qr := g.divs[k]
	e := &g.sows[p][dir][pit&(MaxTiles-1)][qr[1]]
	s.add(e, &g.laps[p], uint64(qr[0]))
	c = int(e.last)
	if dir == 1 && g.leftPlain {
		return false
	}
	own := southStore + p
	if c == own {
		return true
	}
	if s.cells[c] == 1 && c>>3 == p { // c < 16: an own tile
		o := g.n + MaxTiles - 1 - c // the tile across
		if !g.nonempty || s.cells[o] > 0 {
			s.cells[own] += 1 + s.cells[o]
			s.cells[c], s.cells[o] = 0, 0
		}
	}
	return false
}

// add adds a partial lap and q full laps to the board.
func (s *State) add(e *sowing, lap *[3]uint64, q uint64) {
	le := binary.LittleEndian
	le.PutUint64(s.cells[0:8], le.Uint64(s.cells[0:8])+e.add[0]+q*lap[0])
	le.PutUint64(s.cells[8:16], le.Uint64(s.cells[8:16])+e.add[1]+q*lap[1])
	le.PutUint16(s.cells[16:18], le.Uint16(s.cells[16:18])+uint16(e.add[2]+q*lap[2]))
}

// sowNigerian is a Nigerian move by player p from tile pit: sowing into both
// mancalas, tiles reaching the count four going to their owners, relays from the
// tile of the last coin while it was not empty and has not reached four.
func (g *Game) sowNigerian(s *State, p, pit int) {
	four := uint8(g.four)
	anyDrop := !g.fourLast
	nx := &g.next[0][0]
	c := MaxTiles*p + pit
	k := s.cells[c]
	s.cells[c] = 0
	for {
		for ; k > 1; k-- {
			c = int(nx[c&31])
			s.cells[c]++
			if s.cells[c] == four && anyDrop && c < southStore {
				s.cells[southStore+c>>3] += four // to the tile's owner
				s.cells[c] = 0
			}
		}
		c = int(nx[c&31])
		s.cells[c]++
		if c >= southStore {
			return // in a mancala
		}
		v := s.cells[c]
		if v == four {
			to := c >> 3 // the owner
			if g.lastMover {
				to = p
			}
			s.cells[southStore+to] += four
			s.cells[c] = 0
			return
		}
		if v == 1 {
			return // in an empty tile
		}
		k = v // relay
		s.cells[c] = 0
	}
}

// settle sets s.end after a move (or a parse), with ToMove already the next player;
// under stuck=pass it passes a turn the player to move cannot play.
func (g *Game) settle(s *State) {
	s.end = inPlay
	southHas, northHas := g.sideWord(s, 0) != 0, g.sideWord(s, 1) != 0
	if g.endMover {
		if s.toMove == 0 && !southHas {
			s.end = southEmpty
		} else if s.toMove == 1 && !northHas {
			s.end = northEmpty
		}
	} else {
		switch {
		case !southHas && !northHas:
			s.end = bothEmpty
		case !southHas:
			s.end = southEmpty
		case !northHas:
			s.end = northEmpty
		}
	}
	if s.end == inPlay && g.minStart > 1 && g.movable(s) == 0 {
		if !g.stuckPass {
			s.end = southStuck + s.toMove
		} else if s.toMove ^= 1; g.movable(s) == 0 {
			s.toMove ^= 1
			s.end = neitherCanMove
		}
	}
	if s.end == inPlay && g.capK > 0 && int(s.ply) >= g.capK {
		s.end = capReached
	}
}

// ToMove returns 0 for south and 1 for north.
func (g *Game) ToMove(s *State) int { return int(s.toMove) }

// TurnStart is always true: every decision is a whole turn (an extra turn is a new
// turn by the same player).
func (g *Game) TurnStart(s *State) bool { return true }

// Terminal reports whether the game is over.
func (g *Game) Terminal(s *State) bool { return s.end != inPlay }

// Points returns the coins of south and north: their mancalas, and once an Egyptian
// or Ethiopian game is over also the coins left on their own tiles (the end-of-game
// sweep; Nigerian leaves them uncounted).
func (g *Game) Points(s *State) [2]int {
	pts := [2]int{int(s.cells[southStore]), int(s.cells[northStore])}
	if s.end != inPlay && g.variant != Nigerian {
		for i := 0; i < g.n; i++ {
			pts[0] += int(s.cells[i])
			pts[1] += int(s.cells[MaxTiles+i])
		}
	}
	return pts
}

// Result returns the winner (0 south, 1 north, -1 a draw) and the margin of a
// finished game, by Points.
func (g *Game) Result(s *State) (winner, margin int) {
	pts := g.Points(s)
	switch {
	case pts[0] > pts[1]:
		return 0, pts[0] - pts[1]
	case pts[1] > pts[0]:
		return 1, pts[1] - pts[0]
	}
	return -1, 0
}

// EndReason says why a finished game ended: "south has no coins", "north cannot
// move" (Ethiopian: only single coins), "neither can move" (stuck=pass), "move cap"...
func (g *Game) EndReason(s *State) string { return endReasons[s.end] }

// TieBreak is false: equal points are a draw.
func (g *Game) TieBreak(s *State) bool { return false }

// Sides returns "south" (moves first) and "north".
func (g *Game) Sides() [2]string { return [2]string{"south", "north"} }

// Hash returns a 64-bit hash of the whole state (every byte of it decides the
// future): three words through SplitMix64's finaliser in a chain.
func (g *Game) Hash(s *State) uint64 {
	w0 := binary.LittleEndian.Uint64(s.cells[0:8])
	w1 := binary.LittleEndian.Uint64(s.cells[8:16])
	w2 := uint64(s.cells[16]) | uint64(s.cells[17])<<8 | uint64(s.toMove)<<16 |
		uint64(s.end)<<24 | uint64(s.ply)<<32
	h := splitmix.Mix(w0 + splitmix.Gamma)
	h = splitmix.Mix(h ^ w1)
	return splitmix.Mix(h ^ w2 ^ 0x5851f42d4c957f2d)
}

// RandomAction returns a uniformly random legal decision of s, which must not be
// finished: LegalActions(s)[k] for k = game.RandomIndex(rng.Uint64(), len).
func (g *Game) RandomAction(s *State, rng *rand.PCG) game.Action {
	pit, dir := g.pick(s, rng.Uint64())
	return game.Action(pit + dir*g.n)
}

// pick returns the tile and direction of LegalActions(s)[splitmix.Uniform(y, len)].
func (g *Game) pick(s *State, y uint64) (pit, dir int) {
	m := g.movable(s)
	c := bits.OnesCount32(m)
	k := splitmix.Uniform(y, c*g.dirs)
	if k >= c {
		k, dir = k-c, 1
	}
	return int(kthBit[m&0xff][k&7]), dir
}

// Playout plays uniformly random decisions from s to the end of the game (the same
// distribution as uniform choices among LegalActions), drawing one number from rng to
// seed its own SplitMix64 generator. It allocates nothing.
func (g *Game) Playout(s *State, rng *rand.PCG) {
	x := rng.Uint64()
	for s.end == inPlay {
		x += splitmix.Gamma
		pit, dir := g.pick(s, splitmix.Mix(x))
		g.move(s, pit, dir)
	}
}

// kthBit[m][k] is the position of the k-th set bit (from 0, lowest first) of m.
var kthBit = func() (t [256][8]uint8) {
	for m := range t {
		k := 0
		for b := 0; b < 8; b++ {
			if m&(1<<b) != 0 {
				t[m][k] = uint8(b)
				k++
			}
		}
	}
	return t
}()

// StoreDiff evaluates a position as the mover's mancala minus the opponent's.
type StoreDiff struct{}

// Evaluate returns the mover's mancala minus the opponent's (the mancalas are at fixed
// cells, so it needs no Game).
func (StoreDiff) Evaluate(s *State) int {
	d := int(s.cells[southStore]) - int(s.cells[northStore])
	if s.toMove == 1 {
		d = -d
	}
	return d
}
