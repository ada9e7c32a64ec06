package tuning_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
	"github.com/colony-ai/colony/tuning"
)

func TestSelfplayConfig(t *testing.T) {
	g := openTunable(t, "kalah")
	ok := tuning.Selfplay{Player: "ab:depth=1", Games: 4, Seed: 7, OpeningTurns: 3, Concurrency: 1, Dir: "sp"}
	for _, tc := range []struct {
		name   string
		change func(*tuning.Selfplay)
		named  tuning.SettingName
		err    string // the error, or ""
		spec   string // the entrants' spec
	}{
		{name: "default eval added", spec: "ab:depth=1,eval=linear"},
		{name: "eval kept", change: func(s *tuning.Selfplay) { s.Player = "ab:depth=1,eval=hand" }, spec: "ab:depth=1,eval=hand"},
		{name: "no eval to add", change: func(s *tuning.Selfplay) { s.Player = "random" }, spec: "random"},
		{name: "odd games", change: func(s *tuning.Selfplay) { s.Games = 3 }, named: flag,
			err: "--games must be an even number from 2 to 10000000, got 3"},
		{name: "no games, plain names", change: func(s *tuning.Selfplay) { s.Games = 0 },
			err: "games must be an even number from 2 to 10000000, got 0"},
		{name: "concurrency", change: func(s *tuning.Selfplay) { s.Concurrency = 0 }, named: flag,
			err: "--concurrency must be at least 1, got 0"},
		{name: "games before concurrency", change: func(s *tuning.Selfplay) { s.Games, s.Concurrency = 1, 0 }, named: flag,
			err: "--games must be an even number from 2 to 10000000, got 1"},
		{name: "unknown player", change: func(s *tuning.Selfplay) { s.Player = "nosuch" }, named: flag, err: "--player: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ok
			if tc.change != nil {
				tc.change(&s)
			}
			cfg, err := s.Config(g, tc.named)
			switch {
			case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
				t.Fatalf("error %v, want %q", err, tc.err)
			case tc.err != "":
				return
			case err != nil:
				t.Fatal(err)
			}
			want := record.Config{Game: g.Name(), Players: []record.Entrant{{Name: "a", Spec: tc.spec}, {Name: "b", Spec: tc.spec}},
				Format: record.Match, Games: 4, Seed: 7, Openings: record.Openings{RandomTurns: 3}}
			if cfg.Game != want.Game || cfg.Players[0] != want.Players[0] || cfg.Players[1] != want.Players[1] ||
				cfg.Format != want.Format || cfg.Games != want.Games || cfg.Seed != want.Seed || cfg.Openings.RandomTurns != 3 {
				t.Errorf("config %+v, want %+v", cfg, want)
			}
		})
	}
}

// TestSelfplayConfigHashesWeights: the weights file of the player's spec is in the
// match's header by its content hash.
func TestSelfplayConfigHashesWeights(t *testing.T) {
	g := openTunable(t, "kalah")
	weights := filepath.Join("..", "games", "kalah", "weights", "kalah.json")
	s := tuning.Selfplay{Player: "ab:depth=1,eval=" + weights, Games: 4, Seed: 7, OpeningTurns: 3, Concurrency: 1, Dir: "sp"}
	cfg, err := s.Config(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := record.HashFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	want := record.InputFile{Player: "a", Setting: "eval", File: weights, SHA256: sum}
	if len(cfg.Inputs) != 2 || cfg.Inputs[0] != want || cfg.Inputs[1].Player != "b" || cfg.Inputs[1].SHA256 != sum {
		t.Errorf("inputs %+v, want a's and b's %+v", cfg.Inputs, want)
	}
}

func TestSelfplayFiles(t *testing.T) {
	g := openTunable(t, "kalah")
	dir := t.TempDir()
	s := tuning.Selfplay{Player: "ab:depth=1,eval=hand", Games: 2, Seed: 1, OpeningTurns: 4, Concurrency: 1, Dir: dir}
	if s.GamesFile() != filepath.Join(dir, "games.jsonl") || s.PositionsFile() != filepath.Join(dir, tuning.PositionsName) {
		t.Errorf("files %s, %s", s.GamesFile(), s.PositionsFile())
	}
	for resumed, want := range map[int]string{
		0: "2 games of ab:depth=1,eval=hand against itself, seed 1",
		1: "2 games of ab:depth=1,eval=hand against itself, seed 1, resuming after 1 games",
	} {
		if got := s.Describe(resumed); got != want {
			t.Errorf("Describe(%d) = %q, want %q", resumed, got, want)
		}
	}
	cfg, err := s.Config(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	session := &tournament.Session{Runner: &tournament.Runner{Games: g.Match(), Config: cfg, Concurrency: 1}, GamesFile: s.GamesFile()}
	if _, err := session.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	n, err := s.WritePositions(g)
	if err != nil || n == 0 {
		t.Fatalf("WritePositions: %d, %v", n, err)
	}
	if positions, err := tuning.ReadPositions(g, s.PositionsFile()); err != nil || len(positions) != n {
		t.Errorf("read %d positions of %d: %v", len(positions), n, err)
	}
}
