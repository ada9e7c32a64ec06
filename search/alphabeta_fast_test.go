package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
)

// rulesOnly hides every optional fast path of a game (Stepper, SiblingStepper...):
// the search takes the generic path through Apply, ToMove, TurnStart and Terminal.
type rulesOnly[S any] struct{ game.Rules[S] }

// randomStates returns n states in progress after 6 to 20 seeded random decisions.
func randomStates[S any](g game.Game[S], n int) []S {
	var out []S
	var buf game.ActionBuffer
	for seed := uint64(0); len(out) < n; seed++ {
		rng := rand.New(rand.NewPCG(29, seed))
		s := g.Start()
		for k := 6 + int(seed%15); k > 0 && !g.Terminal(&s); k-- {
			moves := g.LegalActions(&s, &buf)
			g.Apply(&s, moves[rng.IntN(len(moves))])
		}
		if !g.Terminal(&s) {
			out = append(out, s)
		}
	}
	return out
}

// checkSameSearch plays every state with the game's fast paths and without them and
// requires the same decision, score, depth, principal variation and node count: the
// same tree.
func checkSameSearch[S any](t *testing.T, g game.Game[S], ev Evaluator[S], specs []string, states []S) {
	t.Helper()
	for _, spec := range specs {
		fast, err := New[S](g, ev, spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		slow, err := New[S](rulesOnly[S]{g}, ev, spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range states {
			a, err := fast.Play(context.Background(), &states[i])
			if err != nil {
				t.Fatal(err)
			}
			b, err := slow.Play(context.Background(), &states[i])
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%v %d %d %d %v", a.Actions, a.Score, a.Depth, a.Nodes, a.PV)
			want := fmt.Sprintf("%v %d %d %d %v", b.Actions, b.Score, b.Depth, b.Nodes, b.PV)
			if got != want || a.Nodes == 0 {
				t.Errorf("%s, position %d: fast path %s, generic %s", spec, i, got, want)
			}
		}
		fast.Close()
		slow.Close()
	}
}

// TestAlphaBetaFastPathsSameTree: Kalah's Stepper (whose early child, played for the
// table's prefetch, is copied rather than played again) and Oware's SiblingStepper
// search the same tree as the generic path, on the default and a wide board, with
// and without the table (a 1 MB table too, where entries are replaced).
func TestAlphaBetaFastPathsSameTree(t *testing.T) {
	specs := []string{"ab:depth=7", "ab:depth=7,tt=0", "ab:depth=8,tt=1", "ab:nodes=5000"}
	for _, params := range []string{"", "10x3", "4x3,capture=nonempty,end=mover"} {
		g, err := kalah.New(params)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(g.Name(), func(t *testing.T) {
			checkSameSearch[kalah.State](t, g, kalah.StoreDiff{}, specs, randomStates[kalah.State](g, 6))
		})
	}
	o, err := oware.New("")
	if err != nil {
		t.Fatal(err)
	}
	t.Run(o.Name(), func(t *testing.T) {
		checkSameSearch[oware.State](t, o, oware.StoreDiff{}, specs[:2], randomStates[oware.State](o, 4))
	})
}

// TestTTEntryLayout: an entry is 16 bytes (four to a cache line), its key the check
// bits and the generation.
func TestTTEntryLayout(t *testing.T) {
	if got := unsafe.Sizeof(ttBucket{}); got != ttBucketBytes {
		t.Fatalf("a bucket is %d bytes, want %d", got, ttBucketBytes)
	}
	for _, tc := range []struct {
		h    uint64
		gen  uint32
		want uint64
	}{
		{0x1234_5678_9abc_def0, 1, 0x0000_0001_9abc_def0},
		{0xffff_ffff_ffff_ffff, 0xffff_ffff, 0xffff_ffff_ffff_ffff},
		{0xffff_ffff_0000_0000, 7, 0x0000_0007_0000_0000},
	} {
		e := ttEntry{key: ttKey(tc.h, tc.gen)}
		if e.key != tc.want || e.gen() != tc.gen {
			t.Errorf("ttKey(%#x, %d) = %#x (gen %d), want %#x", tc.h, tc.gen, e.key, e.gen(), tc.want)
		}
	}
}
