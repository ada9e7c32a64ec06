package catalog_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
)

// tunableNames are games of every registered kind, with parameters.
var tunableNames = []string{"colony", "kalah", "kalah:4x3,capture=nonempty", "oware", "ayo", "egyptian", "ethiopian", "nigerian:5x3", "martian:4x321"}

func openTunable(t *testing.T, name string) catalog.Tunable {
	t.Helper()
	g, err := catalog.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := catalog.AsTunable(g)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

func TestEveryGameIsTunable(t *testing.T) {
	for _, name := range catalog.Names() {
		openTunable(t, name)
	}
	dir := t.TempDir() // a subtest's would have the name's commas, which specs split at
	for i, name := range tunableNames {
		t.Run(name, func(t *testing.T) {
			g := openTunable(t, name)
			set, features := g.FeatureSet()
			if set == "" || len(features) < 6 || len(features) > 16 || features[0] != "store_diff" {
				t.Fatalf("feature set %q: %v", set, features)
			}
			if base, _, _ := strings.Cut(name, ":"); set != base {
				t.Errorf("feature set %q of %s", set, name)
			}
			hand, err := g.Weights("hand")
			if err != nil || len(hand) != len(features) || hand[0] != 1 {
				t.Fatalf("hand weights %v, %v", hand, err)
			}
			if _, err := g.Weights("default"); err != nil {
				t.Fatal(err)
			}
			f, side, err := g.Features(g.StartPosition())
			if err != nil || side != 0 || f[0] != 0 {
				t.Errorf("start: %v, side %d, %v", f, side, err)
			}
			// The weights file round trip, and its use by a player and by runners.
			data, err := g.MarshalWeights(hand)
			if err != nil || !strings.Contains(string(data), `"features": "`+set+`"`) {
				t.Fatalf("%s, %v", data, err)
			}
			path := filepath.Join(dir, strconv.Itoa(i)+".json")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if back, err := g.Weights(path); err != nil || !slices.Equal(back, hand) {
				t.Errorf("read back %v, %v", back, err)
			}
			for _, ev := range []string{"linear", "hand", path} {
				if _, _, err := g.Think(context.Background(), "ab:depth=1,eval="+ev, g.StartPosition()); err != nil {
					t.Errorf("eval=%s: %v", ev, err)
				}
			}
			cfg := record.Config{Game: g.Name(), Format: record.Match, Games: 2, Seed: 1,
				Players: []record.Entrant{{Name: "a", Spec: "ab:depth=1,eval=@a"}, {Name: "b", Spec: "ab:depth=1,eval=@b"}}}
			games, err := g.TuningGames(map[string][]float64{"@a": hand, "@b": hand})
			if err != nil {
				t.Fatal(err)
			}
			runner := &tournament.Runner{Games: games, Config: cfg, Concurrency: 1}
			if res, err := runner.Run(context.Background()); err != nil || len(res.Games) != 2 {
				t.Errorf("tuning runner: %v", err)
			}
			if _, err := g.TuningGames(map[string][]float64{"@a": hand[1:]}); err == nil {
				t.Error("weights of the wrong length accepted")
			}
		})
	}
}

func TestWeightsOfAnotherGame(t *testing.T) {
	kalah := openTunable(t, "kalah")
	hand, _ := kalah.Weights("hand")
	data, _ := kalah.MarshalWeights(hand)
	path := filepath.Join(t.TempDir(), "kalah.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"colony", "oware", "egyptian"} {
		g := openTunable(t, name)
		set, _ := g.FeatureSet()
		want := `the weights are for the features of "kalah", not of "` + set + `"`
		if _, err := g.Weights(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
		if _, _, err := g.Think(context.Background(), "ab:depth=1,eval="+path, g.StartPosition()); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: player: %v", name, err)
		}
	}
}

// TestReplay plays random games and checks that Replay visits their positions.
func TestReplay(t *testing.T) {
	for _, name := range tunableNames {
		g := openTunable(t, name)
		rng := rand.New(rand.NewPCG(1, 2))
		pos := g.StartPosition()
		var want []string
		var turns []string
		for range 12 {
			moves, err := g.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			want = append(want, pos)
			turns = append(turns, m)
			if pos, _, err = g.Play(pos, []string{m}); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		err := g.Replay(g.StartPosition(), turns, func(p string, side int) {
			got = append(got, p)
			if _, s, _ := g.Features(p); s != side {
				t.Errorf("%s: side %d, Features says %d", name, side, s)
			}
		})
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: Replay: %v\n%q\nwant\n%q", name, err, got, want)
		}
		if err := g.Replay(g.StartPosition(), []string{"zz"}, func(string, int) {}); err == nil {
			t.Errorf("%s: Replay of an illegal turn", name)
		}
	}
}
