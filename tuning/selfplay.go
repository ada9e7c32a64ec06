package tuning

// Self-play runs ('colony selfplay'): a player against itself, the games' positions
// with their results written for Texel tuning.

import (
	"fmt"
	"path/filepath"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
)

// PositionsName is the name of a self-play run's positions file in its directory.
const PositionsName = "positions.txt"

// Selfplay is a self-play run: a match of Games games of Player against itself from
// openings of OpeningTurns random turns, seeded with Seed, Concurrency games at a
// time, its games file and positions file in Dir.
type Selfplay struct {
	Player       string
	Games        int
	Seed         uint64
	OpeningTurns int
	Concurrency  int
	Dir          string
}

// Config checks s on the game g and returns its match: two entrants a and b of
// Player, given g's default evaluation (eval.DefaultName) when it names none, so that
// the records say which one played; a weights file its spec names is hashed
// (tournament.HashInputs), so that a resume with another content is refused.
// A setting out of its range, or a player g refuses, is an error naming the setting
// by name (see SettingName).
func (s *Selfplay) Config(g tournament.SettingsGame, name SettingName) (record.Config, error) {
	switch {
	case s.Games < 2 || s.Games%2 != 0 || s.Games > record.MaxGames:
		return record.Config{}, fmt.Errorf("%s must be an even number from 2 to %d, got %d", name.of("games"), record.MaxGames, s.Games)
	case s.Concurrency < 1:
		return record.Config{}, fmt.Errorf("%s must be at least 1, got %d", name.of("concurrency"), s.Concurrency)
	}
	if err := g.CheckPlayer(s.Player); err != nil {
		return record.Config{}, fmt.Errorf("%s: %w", name.of("player"), err)
	}
	spec := tournament.WithDefaultEval(s.Player, eval.DefaultName)
	cfg := record.Config{
		Game:     g.Name(),
		Players:  []record.Entrant{{Name: "a", Spec: spec}, {Name: "b", Spec: spec}},
		Format:   record.Match,
		Games:    s.Games,
		Seed:     record.Seed(s.Seed),
		Openings: record.Openings{RandomTurns: s.OpeningTurns},
	}
	if err := tournament.HashInputs(&cfg, g); err != nil { // a weights file, by its content
		return record.Config{}, fmt.Errorf("%s: %w", name.of("player"), err)
	}
	if err := cfg.Validate(); err != nil {
		return record.Config{}, err
	}
	return cfg, nil
}

// Describe says what the run plays, given the games resumed from its games file (a
// tournament.Session's Describe).
func (s *Selfplay) Describe(resumed int) string {
	d := fmt.Sprintf("%d games of %s against itself, seed %d", s.Games, s.Player, s.Seed)
	if resumed > 0 {
		d += fmt.Sprintf(", resuming after %d games", resumed)
	}
	return d
}

// GamesFile returns the name of the run's games file, Dir/games.jsonl.
func (s *Selfplay) GamesFile() string { return filepath.Join(s.Dir, "games.jsonl") }

// PositionsFile returns the name of the run's positions file, Dir/positions.txt.
func (s *Selfplay) PositionsFile() string { return filepath.Join(s.Dir, PositionsName) }

// WritePositions writes the positions of the games of the run's games file, with
// their results, to its positions file (see WritePositions) and returns their number.
func (s *Selfplay) WritePositions(t catalog.Tunable) (int, error) {
	return WritePositions(t, s.GamesFile(), s.PositionsFile())
}
