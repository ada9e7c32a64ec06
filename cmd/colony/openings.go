package main

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// openingsFlags are the flags of 'colony openings'.
type openingsFlags struct {
	suite       tournament.SuiteOptions
	band        float64
	out         string
	checkPlayer string
	checkPairs  int
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
	suite, scale, err := catalog.BuildSuite(ctx, g, fl.suite, fl.band)
	var se *tournament.SettingError
	if errors.As(err, &se) {
		return fmt.Errorf("openings: --%s: %w", se.Setting, se.Err)
	} else if err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	summary := catalog.SuiteSummary(suite, fl.suite, fl.band)
	text := tournament.WriteSuite(suite, []string{openingsCommand(c, opts, g.Name(), fl), summary}, scale)
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
	lines, err := catalog.SuiteReport(ctx, g, fl.checkPlayer, suite, fl.suite, fl.checkPairs)
	if errors.As(err, &se) {
		return fmt.Errorf("openings: --%s: %w", se.Setting, se.Err)
	} else if err != nil {
		return fail(fmt.Errorf("openings: %w", err))
	}
	fmt.Fprintln(report, strings.Join(lines, "\n"))
	return nil
}

// openingsCommand returns the command that makes the suite of fl for the game named
// name: colony with the game's flags, then openings with every flag that decides the
// file (the others, --concurrency, --out and the report's, change nothing in it),
// the defaults too, so that the line runs as it stands.
func openingsCommand(c *cobra.Command, opts *options, name string, fl *openingsFlags) string {
	args := []string{"colony", "--game", name}
	if opts.board != "" {
		// The board comes from its file, which the game's name does not say.
		args = []string{"colony", "--game", opts.game}
		if f := c.Flag("rules"); f != nil && f.Changed {
			args = append(args, "--rules", opts.rules)
		}
		args = append(args, "--board", opts.board)
	}
	o := &fl.suite
	args = append(args, "openings", "--player", o.Judge, "--band", strconv.FormatFloat(fl.band, 'g', -1, 64),
		"--positions", strconv.Itoa(o.Max), "--candidates", strconv.Itoa(o.Candidates),
		"--turns", strconv.Itoa(o.Turns), "--seed", strconv.FormatUint(o.Seed, 10))
	for i, a := range args {
		args[i] = shellWord(a)
	}
	return strings.Join(args, " ")
}

// plainWord is a word that a POSIX shell reads as it is written.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellWord returns s as a word of a POSIX shell's command line: as it is, or in
// single quotes.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
