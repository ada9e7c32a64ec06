package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/tournament"
	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

// Defaults of 'colony selfplay', which 'colony tune' reads by default.
const (
	selfplayDir    = "selfplay"
	selfplayPlayer = "ab:depth=2,eval=linear"
	positionsName  = "positions.txt"
)

func newSelfplayCmd(opts *options) *cobra.Command {
	var (
		player       string
		numGames     int
		seed         uint64
		openingTurns int
		concurrency  int
		dir          string
		resume       bool
		progress     string
	)
	c := &cobra.Command{
		Use:     "selfplay [--player SPEC] [--games N] [--out DIR]",
		Short:   "Play a player against itself and write the positions with the games' results, for tuning",
		Long:    helpText("selfplay"),
		Example: helpText("selfplay.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			t, err := opts.tunable("selfplay")
			if err != nil {
				return err
			}
			if numGames < 2 || numGames%2 != 0 || numGames > tournament.MaxGames {
				return fmt.Errorf("selfplay: --games must be an even number from 2 to %d, got %d", tournament.MaxGames, numGames)
			}
			if concurrency < 1 {
				return fmt.Errorf("selfplay: --concurrency must be at least 1, got %d", concurrency)
			}
			if err := t.CheckPlayer(player); err != nil {
				return fmt.Errorf("selfplay: --player: %w", err)
			}
			spec := tournament.WithDefaultEval(player, eval.DefaultName)
			cfg := tournament.Config{
				Game:     t.Name(),
				Players:  []tournament.Entrant{{Name: "a", Spec: spec}, {Name: "b", Spec: spec}},
				Format:   tournament.Match,
				Games:    numGames,
				Seed:     tournament.Seed(seed),
				Openings: tournament.Openings{RandomTurns: openingTurns},
			}
			if err := cfg.Validate(); err != nil {
				return fmt.Errorf("selfplay: %w", err)
			}
			runner := t.NewRunner(cfg, concurrency)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fail(fmt.Errorf("selfplay: %w", err))
			}
			prog := tournament.NewProgressDisplay(c.ErrOrStderr(), progress)
			describe := func(resumed int) string {
				s := fmt.Sprintf("%d games of %s against itself, seed %d", numGames, player, seed)
				if resumed > 0 {
					s += fmt.Sprintf(", resuming after %d games", resumed)
				}
				return s
			}
			res, err := playRecorded(c, "selfplay", runner, filepath.Join(dir, "games.jsonl"), resume, prog, describe, nil)
			if err != nil {
				return err
			}
			if !res.Complete {
				return fail(fmt.Errorf("selfplay: stopped after %d of %d games; continue with the same command and --resume", len(res.Games), numGames))
			}
			n, err := tuning.WritePositions(t, filepath.Join(dir, "games.jsonl"), filepath.Join(dir, positionsName))
			if err != nil {
				return fail(fmt.Errorf("selfplay: %w", err))
			}
			return writeOut(c, fmt.Sprintf("selfplay: %d games, %d positions in %s\n", len(res.Games), n, filepath.Join(dir, positionsName)))
		},
	}
	f := c.Flags()
	f.StringVar(&player, "player", selfplayPlayer, "the player `SPEC` (see 'colony analyze --help')")
	f.IntVar(&numGames, "games", 2000, "games to play, `N` (even)")
	f.Uint64Var(&seed, "seed", 1, "random seed `S` of the openings and players")
	f.IntVar(&openingTurns, "opening-turns", 6, "random turns `N` of each opening")
	f.IntVar(&concurrency, "concurrency", runtime.NumCPU(), "games played at once, `N`")
	f.StringVar(&dir, "out", selfplayDir, "output directory `DIR`")
	f.BoolVar(&resume, "resume", false, "continue the games in DIR/games.jsonl")
	f.StringVar(&progress, "progress", "auto", "progress display `MODE`: auto, bar, lines or off")
	return c
}
