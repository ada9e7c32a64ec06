package kalah

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// ref is a plain reference implementation of the rules, seed by seed on slices, written
// from RULES.md without the tables: Apply must agree with it on every move.
type ref struct {
	m            int
	pits         [2][]int
	store        [2]int
	mover        int
	over         bool
	captureEmpty bool
	endEither    bool
}

func newRef(g *Game, s *State) *ref {
	r := &ref{m: g.m, captureEmpty: g.captureEmpty, endEither: g.endEither, mover: s.ToMove(), over: s.Over()}
	for p := 0; p < 2; p++ {
		r.pits[p] = make([]int, g.m)
		for i := range r.pits[p] {
			r.pits[p][i] = s.Pit(p, i)
		}
		r.store[p] = s.Store(p)
	}
	return r
}

// move sows pit a of the mover.
func (r *ref) move(a int) {
	mv := r.mover
	seeds := r.pits[mv][a]
	if seeds == 0 || r.over {
		panic("ref: illegal move")
	}
	r.pits[mv][a] = 0
	side, i := mv, a // i: 0..m-1 a pit of side, m the store of side
	for seeds > 0 {
		i++
		if i > r.m {
			side, i = 1-side, 0
		}
		if i == r.m && side != mv {
			continue // the opponent's store is skipped
		}
		if i == r.m {
			r.store[side]++
		} else {
			r.pits[side][i]++
		}
		seeds--
	}
	switch {
	case side == mv && i == r.m:
		// extra turn
	default:
		if side == mv && r.pits[mv][i] == 1 {
			opp := r.m - 1 - i
			if c := r.pits[1-mv][opp]; c > 0 || r.captureEmpty {
				r.store[mv] += c + 1
				r.pits[mv][i], r.pits[1-mv][opp] = 0, 0
			}
		}
		r.mover = 1 - mv
	}
	r.checkEnd()
}

func (r *ref) sideEmpty(p int) bool {
	for _, v := range r.pits[p] {
		if v != 0 {
			return false
		}
	}
	return true
}

func (r *ref) checkEnd() {
	end := r.sideEmpty(r.mover)
	if r.endEither {
		end = r.sideEmpty(0) || r.sideEmpty(1)
	}
	if !end {
		return
	}
	for p := 0; p < 2; p++ {
		for i, v := range r.pits[p] {
			r.store[p] += v
			r.pits[p][i] = 0
		}
	}
	r.over = true
}

func (r *ref) legal() []game.Action {
	var out []game.Action
	if r.over {
		return out
	}
	for i, v := range r.pits[r.mover] {
		if v > 0 {
			out = append(out, game.Action(i))
		}
	}
	return out
}

// String writes the position notation.
func (r *ref) String() string {
	var sides []string
	for p := 0; p < 2; p++ {
		var c []string
		for _, v := range r.pits[p] {
			c = append(c, strconv.Itoa(v))
		}
		sides = append(sides, strings.Join(c, "."))
	}
	return fmt.Sprintf("pits=%s stores=%d,%d move=%s", strings.Join(sides, "/"), r.store[0], r.store[1],
		[2]string{"south", "north"}[r.mover])
}

// variants are the rule sets the differential tests run: every board width, small and
// large seed counts, both capture rules and both end rules.
func variants(t testing.TB) []*Game {
	var out []*Game
	for _, p := range []string{"", "capture=nonempty", "end=mover", "capture=nonempty,end=mover",
		"1x1", "1x3", "2x2", "3x3", "4x3", "5x5", "7x9", "7x2,capture=nonempty", "8x4", "8x15,end=mover",
		"9x3", "10x6,capture=nonempty", "11x2", "12x10", "12x1,capture=nonempty,end=mover", "6x21", "1x127"} {
		g, err := New(p)
		if err != nil {
			t.Fatalf("New(%q): %v", p, err)
		}
		out = append(out, g)
	}
	return out
}

// generic returns a copy of g that plays through apply (the State in memory) even
// on a narrow board.
func generic(g *Game) *Game {
	c := *g
	c.narrow = false
	return &c
}

// TestAgainstReference plays seeded random games under every variant and checks every
// move against the reference: the position, the legal actions, the end.
func TestAgainstReference(t *testing.T) {
	games := 300 // with the build tag long; the first 100 by default
	switch {
	case testing.Short():
		games = 30
	case !longTests:
		games = 100
	}
	var buf game.ActionBuffer
	for _, g0 := range variants(t) {
		for _, g := range []*Game{g0, generic(g0)} {
			for seed := 0; seed < games; seed++ {
				rng := rand.New(rand.NewPCG(uint64(seed), 7))
				s := g.Start()
				r := newRef(g, &s)
				for ply := 0; ; ply++ {
					legal := g.LegalActions(&s, &buf)
					want := r.legal()
					if fmt.Sprint(legal) != fmt.Sprint(want) {
						t.Fatalf("%s seed %d ply %d: legal %v, reference %v (%s)", g.Name(), seed, ply, legal, want, r)
					}
					if g.Terminal(&s) != r.over || (len(legal) == 0) != r.over {
						t.Fatalf("%s seed %d ply %d: terminal %v, reference %v", g.Name(), seed, ply, g.Terminal(&s), r.over)
					}
					if r.over {
						break
					}
					a := legal[rng.IntN(len(legal))]
					g.Apply(&s, a)
					r.move(int(a))
					if got := g.FormatPosition(&s); got != r.String() {
						t.Fatalf("%s seed %d ply %d: after %c: %s, reference %s", g.Name(), seed, ply, 'a'+a, got, r)
					}
				}
			}
		}
	}
}
