package oware

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/internal/mancalatest"
)

// TestFeatures checks every feature on positions worked out by hand. Sowing goes
// South a1..f1, then North f2..a2; a1 faces a2.
func TestFeatures(t *testing.T) {
	// South: e1 (3) sows f1, f2 (1 -> 2) and e2 (1 -> 2), capturing e2 and f2 (4); f1
	// (1) makes f2 a 2 (2). North, as if to move: a2 (2) sows a1 (1 -> 2) and b1
	// (2 -> 3), capturing b1 and a1 (5); c2 (3) ends in a1 (2).
	const mid = "pits=1.2.0.5.3.1/2.1.3.0.1.1 stores=16,12 move=%s quiet=0"
	// South's f1 (1) and c1 (4) would take North's only seeds: grand slams, which
	// capture nothing under grandslam=nocapture, are not legal under illegal, and
	// capture 2 under capture.
	const slam = "pits=4.4.4.4.4.1/0.0.0.0.0.1 stores=14,12 move=south quiet=0"
	// Ayo: South's b1 (1) ends in its empty c1, taking c2 (5); North's f2 (1) ends in
	// its empty e2, taking e1 (4). e1 (4) and c2 (5) end on the other row.
	const ayo = "pits=0.1.0.0.4.0/0.0.5.0.0.1 stores=19,18 move=south quiet=0"
	tests := []struct {
		name, game, pos string
		want            []int32
	}{
		{"south to move", "oware", sprintf(mid, "south"), []int32{4, 12, 8, 1, 1, 3, 4, 4, 5, 5, 5}},
		{"north to move", "oware", sprintf(mid, "north"), []int32{-4, 8, 12, 1, 1, 4, 3, 5, 4, 5, 5}},
		{"grand slam", "oware", slam, []int32{2, 21, 1, 0, 5, 1, 1, 0, 0, 6, 1}},
		{"grand slam illegal", "oware:grandslam=illegal", slam, []int32{2, 21, 1, 0, 5, 1, 1, 0, 0, 4, 1}},
		{"grand slam captures", "oware:grandslam=capture", slam, []int32{2, 21, 1, 0, 5, 1, 1, 2, 0, 6, 1}},
		{"ayo", "ayo", ayo, []int32{1, 5, 6, 4, 4, 1, 1, 5, 4, 2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Parse(tc.game)
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

// sprintf puts side into the position template.
func sprintf(template, side string) string {
	i := len("pits=1.2.0.5.3.1/2.1.3.0.1.1 stores=16,12 move=")
	return template[:i] + side + template[i+2:]
}

func TestFeaturesGameOver(t *testing.T) {
	g, err := Parse("oware")
	if err != nil {
		t.Fatal(err)
	}
	// South has no seeds: the game is over, nothing can be captured or played.
	s, err := g.ParsePosition("pits=0.0.0.0.0.0/1.0.0.0.0.1 stores=24,22 move=south quiet=0")
	if err != nil {
		t.Fatal(err)
	}
	got := NewFeatures(g).Extract(&s)
	if want := []int32{2, 0, 2, 6, 4, 0, 2, 0, 0, 0, 0}; !slices.Equal(got[:NumFeatures], want) {
		t.Errorf("Extract = %v, want %v", got[:NumFeatures], want)
	}
}

func TestFeaturesNamesAndWeights(t *testing.T) {
	for _, name := range []string{"oware", "ayo"} {
		g, err := Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		mancalatest.CheckNamesAndWeights(t, NewFeatures(g), name, NumFeatures)
	}
}

func TestFeaturesAllocs(t *testing.T) {
	for _, name := range []string{"oware", "ayo"} {
		g, err := Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		s := g.Start()
		mancalatest.CheckExtractAllocs(t, NewFeatures(g), &s)
	}
}
