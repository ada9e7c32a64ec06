package kalah

import (
	"testing"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

// TestFeatures checks every feature on positions worked out by hand (pits are counted
// a..f from each side's own left; South's pit i faces North's pit M-1-i).
func TestFeatures(t *testing.T) {
	tests := []struct {
		name, params, pos string
		want              []int32
	}{
		// South: e (9 seeds) sows f, the store, North's six pits and lands in South's
		// empty a, capturing it and North's f (6 + 1 sown) = 8; f (1) ends in the store.
		// North: b (1) lands in its empty c, capturing South's d (1) = 2; e (2) ends in
		// the store.
		{"south to move", "", "pits=0.2.0.1.9.1/4.1.0.1.2.6 stores=10,11 move=south",
			[]int32{-1, 13, 14, 2, 1, 1, 1, 8, 2}},
		{"north to move", "", "pits=0.2.0.1.9.1/4.1.0.1.2.6 stores=10,11 move=north",
			[]int32{1, 14, 13, 1, 2, 1, 1, 2, 8}},
		// South's a (1) lands in its empty b, facing North's empty b: a capture of the
		// last seed alone under capture=empty, none under capture=nonempty.
		{"capture empty", "3x2", "pits=1.0.1/0.0.3 stores=3,4 move=south",
			[]int32{-1, 2, 3, 1, 2, 1, 0, 1, 0}},
		{"capture nonempty", "3x2,capture=nonempty", "pits=1.0.1/0.0.3 stores=3,4 move=south",
			[]int32{-1, 2, 3, 1, 2, 1, 0, 0, 0}},
		// Sowings of a lap or more: South's a (14) goes round once and lands in b, which
		// is not empty; b's 18 = 5 + 13 end in the store after a lap. North's a (1)
		// lands in its empty b, facing South's empty e: the last seed alone.
		{"laps", "", "pits=14.18.0.0.0.0/1.0.0.0.0.0 stores=8,7 move=south",
			[]int32{1, 32, 1, 4, 5, 1, 0, 0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := mustNew(t, tc.params)
			s := mustParse(t, g, tc.pos)
			mancalatest.CheckExtract(t, NewFeatures(g), StoreDiff{}, &s, tc.want)
		})
	}
}

func TestFeaturesNamesAndWeights(t *testing.T) {
	mancalatest.CheckNamesAndWeights(t, NewFeatures(mustNew(t, "")), "kalah", NumFeatures)
}

func TestFeaturesAllocs(t *testing.T) {
	g := mustNew(t, "")
	s := g.Start()
	mancalatest.CheckExtractAllocs(t, NewFeatures(g), &s)
}
