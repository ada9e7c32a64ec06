package tuning_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tuning"
)

// TestNetworkSamples reads the samples of a games file of Kalah and checks them
// against a replay of its games on the game's own type: one sample for the position
// at the start of every turn, with the encodings seen by both players, the mover's
// search score in points and the game's result for the mover, a group for each game.
func TestNetworkSamples(t *testing.T) {
	g := openTunable(t, "kalah")
	file := selfplayFile(t, g, t.TempDir(), 4)
	samples, counts, err := tuning.NetworkSamples(g, []string{file})
	if err != nil {
		t.Fatal(err)
	}
	gf, err := record.ReadGamesFile(file)
	if err != nil {
		t.Fatal(err)
	}
	k, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	enc := game.PartOf[game.Encoder[kalah.State]](k)
	if enc == nil {
		t.Fatal("kalah has no input encoding")
	}
	i := 0
	for gi, rec := range gf.Games {
		s, err := k.ParsePosition(rec.Opening)
		if err != nil {
			t.Fatal(err)
		}
		for m, turn := range rec.Moves {
			if i >= len(samples) {
				t.Fatalf("%d samples, fewer than the positions of the games", len(samples))
			}
			smp := samples[i]
			mover := k.ToMove(&s)
			if !slices.Equal(smp.Mover, enc.Encode(&s, mover, nil)) || !slices.Equal(smp.Other, enc.Encode(&s, mover^1, nil)) {
				t.Errorf("game %d turn %d: the encodings differ from the game's", rec.Index, m+1)
			}
			if want := float64(rec.Info[m].Score) / 100; smp.Score != want && !math.IsInf(smp.Score, 0) {
				t.Errorf("game %d turn %d: score %v, want %v (eval=hand: 100 units a point)", rec.Index, m+1, smp.Score, want)
			}
			if smp.Result != rec.ScoreOf(mover) || smp.Group != gi+1 {
				t.Errorf("game %d turn %d: result %v group %d, want %v and %d", rec.Index, m+1, smp.Result, smp.Group, rec.ScoreOf(mover), gi+1)
			}
			if err := game.ReadTurn[kalah.State](k, &s, turn); err != nil {
				t.Fatal(err)
			}
			i++
		}
	}
	if i != len(samples) || counts != (tuning.SampleCounts{Games: 4, Positions: i, Scored: i}) {
		t.Errorf("%d samples, counts %+v; want %d positions of 4 games, all scored", len(samples), counts, i)
	}
	// The games of another game are refused, naming both.
	if _, _, err := tuning.NetworkSamples(openTunable(t, "oware"), []string{file}); err == nil || !strings.Contains(err.Error(), "games of kalah, not oware") {
		t.Errorf("kalah's games read as oware's: %v", err)
	}
}
