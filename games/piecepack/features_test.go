package piecepack

import (
	"testing"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

// TestFeatures checks every feature on positions worked out by hand (tiles are
// lettered a.. from each owner's left; south's tile i faces north's tile N-1-i).
func TestFeatures(t *testing.T) {
	// Egyptian, south to move: e (9) sows f, the mancala (1), north's six tiles and
	// south's empty a, capturing a and north's f (6 + 1): 9 in all; f (1) ends in the
	// mancala (another turn). North, as if to move: b (1) ends in its empty c,
	// capturing c and south's d (2); e (2) ends in the mancala (another turn).
	const egyptian = "pits=0.2.0.1.9.1/4.1.0.1.2.6 stores=10,11 move=%s"
	// Nigerian 2x2: south's a (3) sows b, its mancala (1) and north's a (1 -> 2),
	// which relays 2: north's b and north's mancala. North's a (1) relays b's 2: its
	// mancala (1) and south's a (3 -> 4, to south); b (1) ends in the mancala.
	const nigerian = "pits=3.0/1.1 stores=1,2 move=south"
	tests := []struct {
		name, variant, params, pos string
		want                       []int32
	}{
		{"egyptian south", "egyptian", "", sideTo(egyptian, "south"), []int32{-1, 13, 14, 2, 1, 1, 1, 9, 2, 4, 5}},
		{"egyptian north", "egyptian", "", sideTo(egyptian, "north"), []int32{1, 14, 13, 1, 2, 1, 1, 2, 9, 5, 4}},
		{"nigerian", "nigerian", "2x2", nigerian, []int32{-1, 3, 2, 1, 0, 0, 0, 1, 1, 1, 2}},
		// Over: the coins are counted, nothing is played.
		{"over", "egyptian", "2x2", "pits=0.0/1.2 stores=2,3 move=south", []int32{-1, 0, 3, 2, 0, 0, 0, 0, 0, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(tc.variant, tc.params)
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			mancalatest.CheckExtract(t, NewFeatures(g), StoreDiff{}, &s, tc.want)
		})
	}
}

// sideTo puts side into a position template ending in "move=%s".
func sideTo(template, side string) string { return template[:len(template)-2] + side }

func TestFeaturesNamesWeightsAllocs(t *testing.T) {
	for _, v := range Variants() {
		g, err := New(v, "")
		if err != nil {
			t.Fatal(err)
		}
		fs := NewFeatures(g)
		mancalatest.CheckNamesAndWeights(t, fs, v, NumFeatures)
		s := g.Start()
		mancalatest.CheckExtractAllocs(t, fs, &s)
	}
}
