package kalah

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// checkInvariants checks what holds in every state of every game.
func checkInvariants(t *testing.T, g *Game, s *State, where string) {
	t.Helper()
	var buf game.ActionBuffer
	legal := g.LegalActions(s, &buf)
	total := g.Points(s)[0] + g.Points(s)[1]
	for p := 0; p < 2; p++ {
		for i := 0; i < g.m; i++ {
			total += s.Pit(p, i)
		}
	}
	if total != 2*g.m*g.n {
		t.Fatalf("%s: %d seeds, want %d", where, total, 2*g.m*g.n)
	}
	if (len(legal) == 0) != g.Terminal(s) {
		t.Fatalf("%s: %d legal actions, terminal %v", where, len(legal), g.Terminal(s))
	}
	if g.Terminal(s) != (g.EndReason(s) != "") {
		t.Fatalf("%s: terminal %v, end reason %q", where, g.Terminal(s), g.EndReason(s))
	}
	if !g.TurnStart(s) {
		t.Fatalf("%s: TurnStart false", where)
	}
	// IsLegal agrees with LegalActions on every action value.
	var isLegal [256]bool
	for _, a := range legal {
		isLegal[a] = true
	}
	for a := 0; a < 256; a++ {
		if g.IsLegal(s, game.Action(a)) != isLegal[a] {
			t.Fatalf("%s: IsLegal(%d) = %v, LegalActions %v", where, a, !isLegal[a], legal)
		}
	}
	// Every byte outside the ring, the size and the flags is zero; the size is M.
	c := *s
	for i := 0; i < 2*g.m+2; i++ {
		c.set(i, 0)
	}
	c.w[3] &^= 0xffff << sizeShift
	if c != (State{}) || s.size() != g.m {
		t.Fatalf("%s: stray bits %x", where, c.w)
	}
	if g.Hash(s) != (*s).Hash() {
		t.Fatalf("%s: Hash differs from State.Hash", where)
	}
	// The notation round-trips (a finished state loses only which sides were empty).
	text := g.FormatPosition(s)
	back, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%q): %v", where, text, err)
	}
	if g.Terminal(s) {
		back.w[3] = back.w[3]&^((flagSouthEmpty|flagNorthEmpty)<<flagShift) | s.w[3]&((flagSouthEmpty|flagNorthEmpty)<<flagShift)
	}
	if back != *s {
		t.Fatalf("%s: %q reads back as %q (%x, want %x)", where, text, g.FormatPosition(&back), back.w, s.w)
	}
	for _, a := range legal {
		txt := string(g.AppendAction(nil, s, a))
		if b, err := g.ParseAction(s, txt); err != nil || b != a {
			t.Fatalf("%s: ParseAction(%q) = %d, %v; want %d", where, txt, b, err, a)
		}
	}
}

// TestRandomGames plays seeded random games under every variant and checks the
// invariants in every state, that RandomAction picks LegalActions[splitmix.Uniform(x, n)] for
// the rng's next number x, and that equal positions reached by different games hash
// equal while different ones never collide.
func TestRandomGames(t *testing.T) {
	games := 300 // with the build tag long; the first 100 by default
	switch {
	case testing.Short():
		games = 50
	case !longTests:
		games = 100
	}
	var buf game.ActionBuffer
	for _, g := range variants(t) {
		hashes := map[uint64]State{}
		lengths := 0
		for seed := 0; seed < games; seed++ {
			rng := rand.NewPCG(uint64(seed), 99)
			s := g.Start()
			for ply := 0; ; ply++ {
				where := fmt.Sprintf("%s game %d ply %d (%s)", g.Name(), seed, ply, g.FormatPosition(&s))
				checkInvariants(t, g, &s, where)
				h := g.Hash(&s)
				if o, ok := hashes[h]; ok && o != s {
					t.Fatalf("%s: hash %x also of %s", where, h, g.FormatPosition(&o))
				}
				hashes[h] = s
				if g.Terminal(&s) {
					lengths += ply
					break
				}
				clone := *rng
				a := g.RandomAction(&s, rng)
				legal := g.LegalActions(&s, &buf)
				if want := legal[splitmix.Uniform(clone.Uint64(), len(legal))]; a != want {
					t.Fatalf("%s: RandomAction %d, want %d", where, a, want)
				}
				g.Apply(&s, a)
			}
		}
		t.Logf("%s: %.1f moves a game, %d distinct states", g.Name(), float64(lengths)/float64(games), len(hashes))
	}
}

// TestPlayout checks that Playout plays LegalActions[splitmix.Uniform(y, n)] for the successive
// outputs y of SplitMix64 seeded with the rng's next number, on narrow and wide boards,
// from the start and from positions inside games.
func TestPlayout(t *testing.T) {
	var buf game.ActionBuffer
	for _, g0 := range variants(t) {
		for _, g := range []*Game{g0, generic(g0)} {
			for seed := uint64(0); seed < 200; seed++ {
				s := g.Start()
				for k := uint64(0); k < seed%7 && !s.Over(); k++ {
					g.Apply(&s, g.RandomAction(&s, rand.NewPCG(seed, k)))
				}
				rng := rand.NewPCG(seed, 5)
				x := rand.NewPCG(seed, 5).Uint64()
				want := s
				for !want.Over() {
					x += splitmix.Gamma
					legal := g.LegalActions(&want, &buf)
					g.Apply(&want, legal[splitmix.Uniform(splitmix.Mix(x), len(legal))])
				}
				got := s
				g.Playout(&got, rng)
				if got != want {
					t.Fatalf("%s narrow=%v seed %d: playout ends %s, want %s", g.Name(), g.narrow, seed,
						g.FormatPosition(&got), g.FormatPosition(&want))
				}
			}
		}
	}
}

// TestPlayoutDistribution checks that the first move of Playout is uniform over the
// legal moves (a chi-square test at a generous level; fixed seeds, so deterministic).
func TestPlayoutDistribution(t *testing.T) {
	g := mustNew(t, "")
	s := mustParse(t, g, "pits=1.0.3.0.7.2/4.4.4.4.4.4 stores=5,6 move=south")
	// Record the first move through the position after it: each legal move gives a
	// different one here.
	var buf game.ActionBuffer
	after := map[State]int{}
	for i, a := range g.LegalActions(&s, &buf) {
		c := s
		g.Apply(&c, a)
		after[c] = i
	}
	const n = 40000
	counts := make([]int, len(after))
	rng := rand.NewPCG(1, 2)
	for i := 0; i < n; i++ {
		x := rng.Uint64()
		c := s
		// One step of the playout's generator, as in playout.
		own := g.ownMask(&c)
		g.Apply(&c, game.Action(selectBit(own, splitmix.Uniform(splitmix.Mix(x+splitmix.Gamma), popcount(own)))))
		counts[after[c]]++
	}
	chi := 0.0
	e := float64(n) / float64(len(counts))
	for _, c := range counts {
		chi += (float64(c) - e) * (float64(c) - e) / e
	}
	if chi > 20 { // 3 degrees of freedom: p < 0.0002
		t.Errorf("first moves %v: chi-square %.1f", counts, chi)
	}
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestSelectBit checks the table-driven bit selection on every 16-bit mask.
func TestSelectBit(t *testing.T) {
	for m := uint32(1); m < 1<<16; m++ {
		k := 0
		for b := 0; b < 16; b++ {
			if m&(1<<b) != 0 {
				if got := selectBit(m, k); got != b {
					t.Fatalf("selectBit(%b, %d) = %d, want %d", m, k, got, b)
				}
				k++
			}
		}
	}
}

// TestNonEmpty checks the byte mask on single bytes in every position.
func TestNonEmpty(t *testing.T) {
	for i := 0; i < 8; i++ {
		for v := uint64(0); v < 256; v++ {
			want := uint64(0)
			if v != 0 {
				want = 1 << i
			}
			if got := nonEmpty(v << (8 * i)); got != want {
				t.Fatalf("nonEmpty(%x) = %b, want %b", v<<(8*i), got, want)
			}
		}
	}
	if got := nonEmpty(0x0100ff0080000102); got != 0b10101011 {
		t.Fatalf("nonEmpty = %b", got)
	}
}

// TestAllocations checks that the hot paths allocate nothing.
func TestAllocations(t *testing.T) {
	for _, g := range []*Game{mustNew(t, ""), mustNew(t, "10x5")} {
		s := g.Start()
		var buf game.ActionBuffer
		rng := rand.NewPCG(1, 1)
		n := testing.AllocsPerRun(200, func() {
			c := s
			for !g.Terminal(&c) {
				legal := g.LegalActions(&c, &buf)
				_ = g.IsLegal(&c, legal[0])
				_ = g.Hash(&c)
				_ = StoreDiff{}.Evaluate(&c)
				g.Apply(&c, g.RandomAction(&c, rng))
			}
			c = s
			g.Playout(&c, rng)
		})
		if n != 0 {
			t.Errorf("%s: %v allocations a game", g.Name(), n)
		}
	}
}

// TestHashAllStates walks every state reachable from the start of small boards (stores
// included) and checks that no two share a hash.
func TestHashAllStates(t *testing.T) {
	for _, params := range []string{"3x3", "3x3,capture=nonempty", "4x2", "2x6,end=mover"} {
		g := mustNew(t, params)
		seen := map[State]bool{}
		hashes := map[uint64]State{}
		var buf game.ActionBuffer
		stack := []State{g.Start()}
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[s] {
				continue
			}
			seen[s] = true
			h := g.Hash(&s)
			if o, ok := hashes[h]; ok {
				t.Fatalf("%s: %s and %s share hash %x", g.Name(), g.FormatPosition(&s), g.FormatPosition(&o), h)
			}
			hashes[h] = s
			for _, a := range g.LegalActions(&s, &buf) {
				c := s
				g.Apply(&c, a)
				stack = append(stack, c)
			}
		}
		t.Logf("%s: %d states", g.Name(), len(seen))
	}
}

// TestSizes pins the sizes the package comment states.
func TestSizes(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n != 32 {
		t.Errorf("State is %d bytes, want 32", n)
	}
	if n := unsafe.Sizeof(stepEntry{}); n != 64 {
		t.Errorf("stepEntry is %d bytes, want 64", n)
	}
}
