package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
)

// pinnedSearch plays every state with spec and returns the total node count and an
// FNV-1a digest of every decision, score, depth, node count and principal variation.
func pinnedSearch[S any](t *testing.T, g game.Rules[S], ev Evaluator[S], spec string, states []S) (nodes, digest uint64) {
	t.Helper()
	p, err := New[S](g, ev, spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	h := fnv.New64a()
	for i := range states {
		d, err := p.Play(context.Background(), &states[i])
		if err != nil {
			t.Fatal(err)
		}
		nodes += d.Nodes
		fmt.Fprintf(h, "%v %d %d %d %v\n", d.Actions, d.Score, d.Depth, d.Nodes, d.PV)
	}
	return nodes, h.Sum64()
}

// TestAlphaBetaPinnedTrees: the search's trees as they were before frontier1 and
// makeKeys (95e96cf), pinned: the node counts and a digest of every decision, score,
// depth, node count and principal variation, on seeded Kalah positions (two rule
// sets; without a table, with one and with a 1 MB one, where entries are replaced)
// and The Colony (whose turns have several decisions: frontier1's children inside a
// turn). A change of the move ordering or of the node counting shows here.
func TestAlphaBetaPinnedTrees(t *testing.T) {
	tests := []struct {
		params, spec string
		nodes        uint64
		digest       uint64
	}{
		{"", "ab:depth=9,tt=0", 130982, 0xa2540ba38fc0e194},
		{"", "ab:depth=9", 88603, 0x60444ab3e0e22305},
		{"", "ab:depth=8,tt=1", 40424, 0xf9f34f4136003401},
		{"4x3,capture=nonempty,end=mover", "ab:depth=9,tt=0", 13985, 0x744296853067bb3},
		{"4x3,capture=nonempty,end=mover", "ab:depth=9", 9447, 0x651cf82ebc284832},
		{"4x3,capture=nonempty,end=mover", "ab:depth=8,tt=1", 5953, 0xe1e02e956c188867},
		{"colony", "ab:depth=2,tt=0", 3413, 0x47f8f83c5781204b},
		{"colony", "ab:depth=3", 77692, 0xe810dc76d2e564fb},
	}
	colonyStates := randomStates[colony.State](colonyGame, 4)
	for _, tc := range tests {
		t.Run(tc.params+"/"+tc.spec, func(t *testing.T) {
			var nodes, digest uint64
			if tc.params == "colony" {
				nodes, digest = pinnedSearch[colony.State](t, colonyGame, colony.Score{}, tc.spec, colonyStates)
			} else {
				g, err := kalah.New(tc.params)
				if err != nil {
					t.Fatal(err)
				}
				nodes, digest = pinnedSearch[kalah.State](t, g, kalah.StoreDiff{}, tc.spec, randomStates[kalah.State](g, 8))
			}
			if nodes != tc.nodes || digest != tc.digest {
				t.Errorf("%d nodes, digest %#x; want %d, %#x", nodes, digest, tc.nodes, tc.digest)
			}
		})
	}
}
