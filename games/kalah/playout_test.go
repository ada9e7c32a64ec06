package kalah

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/colony-ai/colony/game"
)

// randomNarrowState returns a position of g (a narrow board) with the game's seeds
// spread at random over the pits and stores and a random player to move, the end rule
// applied (it may be finished).
func randomNarrowState(g *Game, rng *rand.Rand) State {
	var s State
	s.w[3] = uint64(g.m)<<sizeShift | uint64(rng.IntN(2))<<flagShift
	ring := 2*g.m + 2
	for k := 0; k < 2*g.m*g.n; k++ {
		i := rng.IntN(ring)
		if rng.IntN(4) == 0 { // fewer seeds in the stores, more in the pits
			i = g.base[i&1] + rng.IntN(g.m)
		}
		s.set(i, s.get(i)+1)
	}
	g.checkEnd(&s)
	return s
}

// TestPlayoutRelative checks the mover-relative playout against the narrow one (step,
// on the ring) from random positions of every narrow variant: the same final state,
// and the conversion to (me, opp) and back is exact.
func TestPlayoutRelative(t *testing.T) {
	for _, g := range variants(t) {
		if !g.narrow {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(g.m), uint64(g.n)))
		over := 0
		for i := 0; i < 2000; i++ {
			s := randomNarrowState(g, rng)
			if s.Over() {
				over++
			} else {
				me, opp, mv := g.relative(&s)
				var back State
				back.w[3] = s.w[3] ^ moverBit
				g.absolute(&back, me, opp, mv)
				if back != s {
					t.Fatalf("%s: %s seen from the mover and back is %s", g.Name(), g.FormatPosition(&s), g.FormatPosition(&back))
				}
			}
			x := rng.Uint64()
			got, want := s, s
			g.playoutRelative(&got, x)
			g.playoutNarrow(&want, x)
			if got != want {
				t.Fatalf("%s: playout from %s seeded %#x ends %s, want %s", g.Name(), g.FormatPosition(&s), x,
					g.FormatPosition(&got), g.FormatPosition(&want))
			}
		}
		if over == 2000 {
			t.Errorf("%s: every random position was finished", g.Name())
		}
	}
}

// TestRelativeTable checks entries of the table of the mover-relative playout on the
// default board, derived by hand: me and opp hold pits a..f in bytes 0..5 and the store
// in byte 7; mine and theirs are what the mover's and the opponent's words receive
// (they change places when the turn passes, and so does the capture's pit).
func TestRelativeTable(t *testing.T) {
	g := mustNew(t, "")
	tests := []struct {
		a, n         int
		mine, theirs uint64
		pass         bool
		last, opp    int // the pits of a capture (own, opposite), or -1
	}{
		// Pit a, 4 seeds: b..e get one each, the turn passes, e was empty before if it
		// holds one now (opposite: the opponent's pit b, byte 1).
		{0, 4, 0x0000_0001_0101_0100 - 4, 0, true, 4, 1},
		// Pit c, 4 seeds: d, e, f and the store: another turn.
		{2, 4, 0x0100_0101_0100_0000 - 4<<16, 0, false, -1, -1},
		// Pit f, 3 seeds: the store, the opponent's a and b.
		{5, 3, 0x0100_0000_0000_0000 - 3<<40, 0x0101, true, -1, -1},
		// Pit a, 13 seeds: a whole lap, the last in pit a itself (one seed: a capture
		// against the opponent's f).
		{0, 13, 0x0100_0101_0101_0101 - 13, 0x0101_0101_0101, true, 0, 5},
		// Pit b, 15 seeds: a lap, then c and d again.
		{1, 15, 0x0100_0101_0202_0101 - 15<<8, 0x0101_0101_0101, true, 3, 2},
	}
	for _, tc := range tests {
		e := g.rsow[tc.a][tc.n]
		addMe, addOpp := tc.mine, tc.theirs
		if tc.pass {
			addMe, addOpp = addOpp, addMe
		}
		var lastMask, lastOne, oppMask uint64 = 0, 1, 0
		if tc.last >= 0 {
			lastMask, lastOne, oppMask = 0xff<<(8*tc.last), 1<<(8*tc.last), 0xff<<(8*tc.opp)
		}
		if e.addMe != addMe || e.addOpp != addOpp || (e.pass != 0) != tc.pass || e.lastMask != lastMask ||
			e.lastOne != lastOne || e.oppMask != oppMask || (tc.last >= 0 && e.oppS != uint8(8*tc.opp)) {
			t.Errorf("pit %c, %d seeds: %+v", 'a'+tc.a, tc.n, e)
		}
	}
}

// TestRelativeEntrySize pins the table entry at 64 bytes, a cache line.
func TestRelativeEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(relEntry{}); n != 64 {
		t.Errorf("relEntry is %d bytes, want 64", n)
	}
}

// TestStepAgainstApply checks the narrow boards' Step (one entry of nstep a move) and
// Apply against the generic apply (the State in memory) from random positions of every
// narrow variant, every legal move: the same State, every word, and the same Status.
func TestStepAgainstApply(t *testing.T) {
	var buf game.ActionBuffer
	for _, g := range variants(t) {
		if !g.narrow {
			continue
		}
		gen := generic(g)
		rng := rand.New(rand.NewPCG(uint64(g.m)+100, uint64(g.n)))
		moves := 0
		for i := 0; i < 2000; i++ {
			s := randomNarrowState(g, rng)
			if s.Over() {
				continue
			}
			for _, a := range g.LegalActions(&s, &buf) {
				want := s
				gen.apply(&want, int(a))
				wantSt := game.MakeStatus(want.ToMove(), true, want.Over())
				var got State
				if st := g.Step(&got, &s, a); got != want || st != wantSt {
					t.Fatalf("%s: Step %c from %s: %s %v, want %s %v", g.Name(), 'a'+a, g.FormatPosition(&s),
						g.FormatPosition(&got), st, g.FormatPosition(&want), wantSt)
				}
				got = s
				g.Apply(&got, a)
				if got != want {
					t.Fatalf("%s: Apply %c from %s: %s, want %s", g.Name(), 'a'+a, g.FormatPosition(&s),
						g.FormatPosition(&got), g.FormatPosition(&want))
				}
				moves++
			}
		}
		if moves == 0 {
			t.Errorf("%s: no move tested", g.Name())
		}
		t.Logf("%s: %d moves", g.Name(), moves)
	}
}
