package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/tournament"
	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

// Defaults of 'colony selfplay', which 'colony tune' reads by default.
const (
	selfplayDir    = "selfplay"
	selfplayPlayer = "ab:depth=2,eval=linear"
	positionsName  = tuning.PositionsName
)

func newSelfplayCmd(opts *options) *cobra.Command {
	var (
		sp       tuning.Selfplay
		resume   bool
		progress string
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
			if sp.Player, err = opts.resolvePlayer(sp.Player); err != nil {
				return fmt.Errorf("selfplay: --player: %w", err)
			}
			cfg, err := sp.Config(t, flagName)
			if err != nil {
				return fmt.Errorf("selfplay: %w", err)
			}
			runner := &tournament.Runner{Games: t.Match(), Config: cfg, Concurrency: sp.Concurrency}
			if err := os.MkdirAll(sp.Dir, 0o755); err != nil {
				return fail(fmt.Errorf("selfplay: %w", err))
			}
			prog := report.NewProgressDisplay(c.ErrOrStderr(), progress)
			prog.BySeat = true // a player against itself: its Elo says nothing, the first player's score does
			res, err := playRecorded(c, "selfplay", runner, sp.GamesFile(), resume, false, prog, sp.Describe, nil)
			if err != nil {
				return err
			}
			if !res.Complete {
				return fail(fmt.Errorf("selfplay: stopped after %d of %d games; continue with the same command and --resume", res.Count(), sp.Games))
			}
			n, err := sp.WritePositions(t)
			if err != nil {
				return fail(fmt.Errorf("selfplay: %w", err))
			}
			return writeOut(c, fmt.Sprintf("selfplay: %d games, %d positions in %s\n", res.Count(), n, sp.PositionsFile()))
		},
	}
	f := c.Flags()
	f.StringVar(&sp.Player, "player", selfplayPlayer, "the player `SPEC` (see 'colony analyze --help')")
	f.IntVar(&sp.Games, "games", 2000, "games to play, `N` (even)")
	f.Uint64Var(&sp.Seed, "seed", 1, "random seed `S` of the openings and players")
	f.IntVar(&sp.OpeningTurns, "opening-turns", 6, "random turns `N` of each opening")
	f.IntVar(&sp.Concurrency, "concurrency", runtime.NumCPU(), "games played at once, `N`")
	f.StringVar(&sp.Dir, "out", selfplayDir, "output directory `DIR`")
	f.BoolVar(&resume, "resume", false, "continue the games in DIR/games.jsonl")
	f.StringVar(&progress, "progress", "auto", "progress display `MODE`: auto, bar, lines or off")
	return c
}
