package piecepack

import (
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/internal/board"
)

var _ game.Tracer[State] = (*Game)(nil)

// Trace returns the steps of decision a from s (game.Tracer), for the page of a
// game: the tile lifted, every coin sown in turn round the board, and the coins that
// go to a mancala, by the ids of Illustrate's shapes ("pit-south-a", "store-S").
//
// Egyptian and Ethiopian sow one way round (Ethiopian's decisions from N on
// clockwise), through the mover's mancala and past the opponent's; a last coin on an
// own tile that was empty takes itself and the tile across to the mover's mancala
// (unless leftbonus=off and the sowing went left, or capture=nonempty and the tile
// across is empty). Nigerian sows through both mancalas; a tile a drop brings to the
// count four goes to its owner's mancala (to the mover's, under fourlast=mover, when
// it is the hand's last coin; under fourdrop=last, only then), and the tile of the
// last coin is lifted and sown on while it was not empty. The game's end moves no
// coin (Points counts the coins left on the tiles), so it adds no step.
//
// Trace follows the rules coin by coin, apart from the tables Apply uses; the
// conformance suite checks that the two agree.
func (g *Game) Trace(s *State, a game.Action) []game.TraceStep {
	pit, dir := int(a), 0
	if pit >= g.n {
		pit, dir = pit-g.n, 1
	}
	t := pieceTracer{g: g, cells: s.cells, p: int(s.toMove), dir: dir}
	if g.variant == Nigerian {
		t.nigerian(pit)
	} else {
		t.kalah(pit)
	}
	return t.steps
}

// pieceTracer holds the board while a move is traced, and the steps so far.
type pieceTracer struct {
	g     *Game
	cells [numCells]uint8
	p     int // the mover
	dir   int // 0 counter-clockwise, 1 clockwise
	steps []game.TraceStep
}

// tile returns the cell of player p's tile i.
func tile(p, i int) int { return p*MaxTiles + i }

// store returns the cell of player p's mancala.
func store(p int) int { return southStore + p }

// id returns the id of the shape of cell c in Illustrate.
func (t *pieceTracer) id(c int) string {
	if c >= southStore {
		return board.StoreID(c - southStore)
	}
	return board.PitID(t.g.Sides(), c/MaxTiles, c%MaxTiles)
}

// next returns the cell after c in the mover's direction: the tiles of a row, then
// the mancala at its owner's right (past the opponent's mancala unless both are sown,
// as in Nigerian).
func (t *pieceTracer) next(c int) int {
	n := t.g.n
	for {
		if t.dir == 0 {
			switch {
			case c >= southStore: // a mancala: on to the next row's first tile
				c = tile(1-(c-southStore), 0)
			case c%MaxTiles == n-1: // a row's last tile: on to its owner's mancala
				c = store(c / MaxTiles)
			default:
				c++
			}
		} else {
			switch {
			case c >= southStore: // a mancala: back to its owner's last tile
				c = tile(c-southStore, n-1)
			case c%MaxTiles == 0: // a row's first tile: back to the other's mancala
				c = store(1 - c/MaxTiles)
			default:
				c--
			}
		}
		if c != store(1-t.p) || t.g.variant == Nigerian {
			return c
		}
	}
}

// lift picks up the coins of cell c and returns them.
func (t *pieceTracer) lift(c int) int {
	k := int(t.cells[c])
	t.cells[c] = 0
	t.steps = append(t.steps, game.TraceStep{Kind: game.Lift, Place: t.id(c)})
	return k
}

// sow drops one coin on cell c.
func (t *pieceTracer) sow(c int) {
	t.cells[c]++
	t.steps = append(t.steps, game.TraceStep{Kind: game.Sow, Place: t.id(c)})
}

// take moves the coins of cell c to player p's mancala.
func (t *pieceTracer) take(c, p int) {
	t.cells[store(p)] += t.cells[c]
	t.cells[c] = 0
	t.steps = append(t.steps, game.TraceStep{Kind: game.Take, Place: t.id(c), To: t.id(store(p))})
}

// kalah traces an Egyptian or Ethiopian move from the mover's tile pit.
func (t *pieceTracer) kalah(pit int) {
	c := tile(t.p, pit)
	for k := t.lift(c); k > 0; k-- {
		c = t.next(c)
		t.sow(c)
	}
	if t.dir == 1 && t.g.leftPlain {
		return // no capture to the left
	}
	if c >= southStore || c/MaxTiles != t.p || t.cells[c] != 1 {
		return // not an own tile that was empty
	}
	across := tile(1-t.p, t.g.n-1-c%MaxTiles)
	if t.g.nonempty && t.cells[across] == 0 {
		return
	}
	t.take(c, t.p)
	if t.cells[across] > 0 {
		t.take(across, t.p)
	}
}

// nigerian traces a Nigerian move from the mover's tile pit.
func (t *pieceTracer) nigerian(pit int) {
	four := t.g.four
	c := tile(t.p, pit)
	k := t.lift(c)
	for {
		for ; k > 0; k-- {
			c = t.next(c)
			t.sow(c)
			if k > 1 && c < southStore && int(t.cells[c]) == four && !t.g.fourLast {
				t.take(c, c/MaxTiles) // a drop on the way: to the tile's owner
			}
		}
		switch {
		case c >= southStore || t.cells[c] == 1:
			return // the last coin in a mancala, or on an empty tile
		case int(t.cells[c]) == four:
			owner := c / MaxTiles
			if t.g.lastMover {
				owner = t.p
			}
			t.take(c, owner) // the last coin makes four: the move ends
			return
		}
		k = t.lift(c) // relay
	}
}

// Places counts the coins on every place of s by the ids of Illustrate's shapes (the
// tiles and the mancalas), the places Trace names.
func (g *Game) Places(s *State) map[string]int {
	c := make(map[string]int, 2*g.n+2)
	for p := range 2 {
		for i := range g.n {
			c[board.PitID(g.Sides(), p, i)] = s.Tile(p, i)
		}
		c[board.StoreID(p)] = s.Store(p)
	}
	return c
}
