package piecepack

// A slow reference implementation of the three rule sets, written straight from the
// rules with a ring of places and no tables, to check the fast one move by move.

// refPlace is a place on the board: a tile (side, index) or a mancala (side).
type refPlace struct {
	store bool
	side  int
	i     int
}

type refState struct {
	n      int
	tiles  [2][]int
	stores [2]int
	toMove int
	ply    int
	reason string // "" while in play
}

func refStart(g *Game) *refState {
	r := &refState{n: g.n}
	for p := 0; p < 2; p++ {
		r.tiles[p] = make([]int, g.n)
		for i := range r.tiles[p] {
			r.tiles[p][i] = g.c
		}
	}
	return r
}

func refFrom(g *Game, s *State) *refState {
	r := &refState{n: g.n, toMove: int(s.toMove), ply: int(s.ply), reason: g.EndReason(s)}
	for p := 0; p < 2; p++ {
		r.tiles[p] = make([]int, g.n)
		for i := range r.tiles[p] {
			r.tiles[p][i] = s.Tile(p, i)
		}
		r.stores[p] = s.Store(p)
	}
	return r
}

func (r *refState) clone() *refState {
	c := *r
	for p := 0; p < 2; p++ {
		c.tiles[p] = append([]int(nil), r.tiles[p]...)
	}
	return &c
}

// ring returns the places in counter-clockwise order: south a..N, south's mancala,
// north a..N, north's mancala.
func (r *refState) ring() []refPlace {
	var out []refPlace
	for p := 0; p < 2; p++ {
		for i := 0; i < r.n; i++ {
			out = append(out, refPlace{side: p, i: i})
		}
		out = append(out, refPlace{store: true, side: p})
	}
	return out
}

func (r *refState) get(pl refPlace) *int {
	if pl.store {
		return &r.stores[pl.side]
	}
	return &r.tiles[pl.side][pl.i]
}

// legal lists the decisions in the fast implementation's encoding.
func (r *refState) legal(g *Game) []int {
	if r.reason != "" {
		return nil
	}
	var out []int
	for d := 0; d < g.dirs; d++ {
		for i := 0; i < r.n; i++ {
			c := r.tiles[r.toMove][i]
			if c > 0 && !(g.variant == Ethiopian && c == 1) {
				out = append(out, i+d*r.n)
			}
		}
	}
	return out
}

func (r *refState) canMove(g *Game, p int) bool {
	saved := r.toMove
	r.toMove = p
	ok := len(r.legal(g)) > 0
	r.toMove = saved
	return ok
}

func (r *refState) sideEmpty(p int) bool {
	for _, c := range r.tiles[p] {
		if c > 0 {
			return false
		}
	}
	return true
}

// play plays decision a (legal).
func (r *refState) play(g *Game, a int) {
	me := r.toMove
	pit, dir := a%r.n, a/r.n
	ring := r.ring()
	pos := me*(r.n+1) + pit
	step := 1
	if dir == 1 {
		step = len(ring) - 1
	}
	hand := r.tiles[me][pit]
	r.tiles[me][pit] = 0
	extra := false
	if g.variant != Nigerian {
		for hand > 0 {
			pos = (pos + step) % len(ring)
			if ring[pos].store && ring[pos].side != me {
				continue // the opponent's mancala is skipped
			}
			*r.get(ring[pos]) += 1
			hand--
		}
		last := ring[pos]
		bonus := dir == 0 || !g.leftPlain
		if bonus && last.store && last.side == me {
			extra = true
		}
		if bonus && !last.store && last.side == me && r.tiles[me][last.i] == 1 {
			across := &r.tiles[1-me][r.n-1-last.i]
			if *across > 0 || !g.nonempty {
				r.stores[me] += 1 + *across
				*across = 0
				r.tiles[me][last.i] = 0
			}
		}
	} else {
	relay:
		for {
			for hand > 0 {
				pos = (pos + 1) % len(ring)
				pl := ring[pos]
				*r.get(pl) += 1
				hand--
				if pl.store {
					if hand == 0 {
						break relay
					}
					continue
				}
				v := r.tiles[pl.side][pl.i]
				if v == g.four && (hand == 0 || !g.fourLast) {
					to := pl.side
					if hand == 0 && g.lastMover {
						to = me
					}
					r.stores[to] += v
					r.tiles[pl.side][pl.i] = 0
					if hand == 0 {
						break relay
					}
					continue
				}
				if hand == 0 {
					if v == 1 {
						break relay // an empty tile
					}
					hand = v
					r.tiles[pl.side][pl.i] = 0
				}
			}
		}
	}
	if !extra {
		r.toMove = 1 - me
	}
	if g.capK > 0 {
		r.ply++
	}
	r.settle(g)
}

func (r *refState) settle(g *Game) {
	r.reason = ""
	se, ne := r.sideEmpty(0), r.sideEmpty(1)
	if g.endMover {
		if r.sideEmpty(r.toMove) {
			r.reason = [2]string{"south has no coins", "north has no coins"}[r.toMove]
		}
	} else if se && ne {
		r.reason = "no coins on the tiles"
	} else if se {
		r.reason = "south has no coins"
	} else if ne {
		r.reason = "north has no coins"
	}
	if r.reason == "" && !r.canMove(g, r.toMove) {
		switch {
		case !g.stuckPass:
			r.reason = [2]string{"south cannot move", "north cannot move"}[r.toMove]
		case r.canMove(g, 1-r.toMove):
			r.toMove = 1 - r.toMove
		default:
			r.reason = "neither can move"
		}
	}
	if r.reason == "" && g.capK > 0 && r.ply >= g.capK {
		r.reason = "move cap"
	}
}

func (r *refState) points(g *Game) [2]int {
	pts := r.stores
	if r.reason != "" && g.variant != Nigerian {
		for p := 0; p < 2; p++ {
			for _, c := range r.tiles[p] {
				pts[p] += c
			}
		}
	}
	return pts
}

// equal reports whether the fast state s is r.
func (r *refState) equal(g *Game, s *State) bool {
	if int(s.toMove) != r.toMove || int(s.ply) != r.ply || g.EndReason(s) != r.reason {
		return false
	}
	for p := 0; p < 2; p++ {
		if s.Store(p) != r.stores[p] {
			return false
		}
		for i := 0; i < MaxTiles; i++ {
			want := 0
			if i < r.n {
				want = r.tiles[p][i]
			}
			if s.Tile(p, i) != want {
				return false
			}
		}
	}
	return true
}

// refPerft counts the sequences of exactly depth moves (a line ending earlier adds
// nothing), as the registry's perft does.
func refPerft(g *Game, r *refState, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, a := range r.legal(g) {
		c := r.clone()
		c.play(g, a)
		if c.reason != "" {
			if depth == 1 {
				n++
			}
			continue
		}
		n += refPerft(g, c, depth-1)
	}
	return n
}
