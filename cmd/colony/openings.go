package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// openingsFlags are the flags of 'colony openings'.
type openingsFlags struct {
	suite       match.SuiteOptions
	band        float64
	out         string
	checkPlayer string
	checkPairs  int
	check       string
}

func newOpeningsCmd(opts *options) *cobra.Command {
	var fl openingsFlags
	c := &cobra.Command{
		Use:     "openings [--player SPEC] [--band POINTS] [--positions N] [--out FILE]",
		Short:   "Build a balanced opening suite: random openings a player judges close to equal",
		Long:    helpText("openings"),
		Example: helpText("openings.example"),
		Args:    noArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return runOpenings(c, opts, &fl) },
	}
	f, o := c.Flags(), &fl.suite
	f.StringVar(&o.Judge, "player", "ab:depth=6", "the judging player `SPEC` (see 'colony analyze --help'); a deterministic one")
	f.Float64Var(&fl.band, "band", 0.5, "keep positions the judge scores within ±`POINTS` for the side to move")
	f.IntVar(&o.Max, "positions", 100, "keep at most `N` positions")
	f.IntVar(&o.Candidates, "candidates", 10000, "draw at most `N` random openings")
	f.IntVar(&o.Turns, "turns", 4, "random openings: `N` uniformly random turns from the start")
	f.Uint64Var(&o.Seed, "seed", 1, "random seed `S` of the openings (candidate i is the opening of round i of a tournament with this seed)")
	f.IntVar(&o.Concurrency, "concurrency", runtime.NumCPU(), "positions scored (and games played) at once, `N`; changes no result")
	f.StringVar(&fl.out, "out", "", "write the opening file to `FILE` (default: standard output)")
	f.StringVar(&fl.checkPlayer, "check-player", "ab:depth=2", "the player `SPEC` that plays the suite against itself for the report; \"\" for no report")
	f.IntVar(&fl.checkPairs, "check-pairs", 0, "game pairs `N` of the report, on the suite and on random openings (0: one per position)")
	f.StringVar(&fl.check, "check", "", "build nothing: play the report on the suite in opening `FILE` alone (no random openings)")
	return c
}

// runOpenings builds the suite, writes it and reports the first player's score.
func runOpenings(c *cobra.Command, opts *options, fl *openingsFlags) error {
	if fl.checkPairs < 0 || fl.checkPairs > record.MaxGames/2 {
		return fmt.Errorf("openings: --check-pairs: %d: want 0 to %d", fl.checkPairs, record.MaxGames/2)
	}
	g, err := opts.openGame()
	if err != nil {
		return err
	}
	if fl.out != "" {
		if err := atomicfile.Check(fl.out); err != nil { // before the work, not after
			return fmt.Errorf("openings: --out: %w", err)
		}
	}
	if fl.checkPlayer != "" {
		if err := g.CheckPlayer(fl.checkPlayer); err != nil {
			return fmt.Errorf("openings: --check-player: %w", err)
		}
	}
	ctx := c.Context()
	if fl.check != "" {
		return checkSuite(c, g, fl)
	}
	suite, scale, err := catalog.BuildSuite(ctx, g, fl.suite, fl.band)
	var se *match.SettingError
	if errors.As(err, &se) {
		return fmt.Errorf("openings: --%s: %w", se.Setting, se.Err)
	} else if err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	summary := catalog.SuiteSummary(suite, fl.suite, fl.band)
	text := match.WriteSuite(suite, []string{openingsCommand(c, opts, g.Name(), fl), summary}, scale)
	if len(suite.Positions) == 0 {
		return fail(fmt.Errorf("openings: no position in the band: %s", summary))
	}
	if fl.out == "" {
		if err := writeOut(c, text); err != nil {
			return err
		}
	} else if err := atomicfile.WriteBytes(fl.out, []byte(text)); err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	report := c.ErrOrStderr()
	if fl.out != "" {
		report = c.OutOrStdout()
	}
	fmt.Fprintf(report, "openings: %s\n", summary)
	if fl.checkPlayer == "" {
		return nil
	}
	// The check player was built at the start.
	lines, err := tournament.SuiteReport(ctx, g.Match(), fl.checkPlayer, suite, fl.suite, fl.checkPairs)
	if err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	fmt.Fprintln(report, strings.Join(lines, "\n"))
	return nil
}

// checkSuite plays the report of --check: the check player against itself on the
// positions of an existing suite, pairs with colours swapped.
func checkSuite(c *cobra.Command, g catalog.Ruleset, fl *openingsFlags) error {
	for _, name := range []string{"player", "band", "positions", "candidates", "turns", "out"} {
		if c.Flags().Changed(name) {
			return fmt.Errorf("openings: --%s builds a suite, and --check reads one: give one or the other", name)
		}
	}
	if fl.checkPlayer == "" {
		return errors.New(`openings: --check: the report needs a player: --check-player "" plays none`)
	}
	if fl.suite.Concurrency < 1 {
		return fmt.Errorf("openings: --concurrency: %d: want at least 1", fl.suite.Concurrency)
	}
	positions, err := g.LoadOpenings(fl.check)
	if err != nil {
		return fmt.Errorf("openings: --check: %w", err)
	}
	if len(positions) == 0 {
		return fmt.Errorf("openings: --check: %s: no position", fl.check)
	}
	pairs := fl.checkPairs
	if pairs == 0 {
		pairs = len(positions)
	}
	m, err := tournament.SelfPlay(c.Context(), g.Match(), fl.checkPlayer, record.Openings{File: fl.check, Positions: positions},
		pairs, fl.suite.Seed, fl.suite.Concurrency)
	if err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	fmt.Fprintf(c.OutOrStdout(), "first player, %s against itself, suite: %s\n%s\n", fl.checkPlayer, m, m.PairsText())
	return nil
}

// openingsCommand returns the command that makes the suite of fl again
// (catalog.SuiteCommand): a board read from a file is named by the game's flag, the
// rule set given and the file, which the game's name name does not say.
func openingsCommand(c *cobra.Command, opts *options, name string, fl *openingsFlags) string {
	src := catalog.SuiteSource{Game: name}
	if opts.board != "" {
		src = catalog.SuiteSource{Game: opts.game, Board: opts.board}
		if f := c.Flag("rules"); f != nil && f.Changed {
			src.Rules = opts.rules
		}
	}
	return catalog.SuiteCommand(src, fl.suite, fl.band)
}
