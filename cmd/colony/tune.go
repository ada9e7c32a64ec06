package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

// tuneFlags are the flags of 'colony tune': the run's settings, bound to the flags,
// and what is not a setting of the run.
type tuneFlags struct {
	cfg      tuning.TuneConfig // without its starting weights (--start)
	start    string
	resume   bool
	progress string
}

func newTuneCmd(opts *options) *cobra.Command {
	var fl tuneFlags
	c := &cobra.Command{
		Use:     "tune [--method texel|spsa] [flags]",
		Short:   "Tune the weights of the linear evaluation, then verify them in a match",
		Long:    helpText("tune"),
		Example: helpText("tune.example"),
		Args:    noArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return runTune(c, opts, &fl) },
	}
	f, o := c.Flags(), &fl.cfg
	f.StringVar(&o.Method, "method", "texel", "tuning `METHOD`: texel or spsa")
	f.StringVar(&o.Positions, "positions", filepath.Join(selfplayDir, positionsName), "texel: the positions `FILE` of 'colony selfplay'")
	f.StringVar(&fl.start, "start", "hand", "starting weights: hand (the hand-set weights), default (the default weights) or a weights `FILE`")
	f.StringVar(&o.Dir, "out", "tune", "output directory `DIR`")
	f.BoolVar(&fl.resume, "resume", false, "continue from DIR/checkpoint.json")
	f.Uint64Var(&o.Seed, "seed", 1, "random seed `S` (the held-out split, SPSA's perturbations, the games)")
	f.IntVar(&o.Concurrency, "concurrency", runtime.NumCPU(), "games played at once, `N`")
	f.StringVar(&fl.progress, "progress", "auto", "progress display `MODE`: auto, bar, lines or off")
	f.Float64Var(&o.HeldOut, "held-out", 0.1, "texel: the share `P` of the games held out to measure the loss")
	f.Float64Var(&o.L2, "l2", 0.0001, "texel: ridge penalty `L` pulling the weights towards the starting ones")
	f.IntVar(&o.Iterations, "iterations", 0, "iterations `N` (default: 200 for texel, 150 for spsa)")
	f.StringVar(&o.Player, "spsa-player", "ab:depth=1", "spsa: the player `SPEC` of the games (its eval is set by tune)")
	f.IntVar(&o.Pairs, "pairs", 4, "spsa: pairs of games `N` a step")
	f.Float64Var(&o.C, "c", 0.5, "spsa: perturbation `C` in points (a tenth of it for the features with large values)")
	f.Float64Var(&o.R, "r", 0, "spsa: learning rate `R` (a = R·c²·(A+1)^alpha; 0: chosen so that results of +1 throughout would move a weight 150 perturbations)")
	f.Float64Var(&o.A, "A", -1, "spsa: stability constant `A` (default: 10% of the iterations)")
	f.Float64Var(&o.Alpha, "alpha", 0.602, "spsa: step exponent `ALPHA`")
	f.Float64Var(&o.Gamma, "gamma", 0.101, "spsa: perturbation exponent `GAMMA`")
	f.IntVar(&o.VerifyGames, "verify-games", 1000, "games `N` of the verification match (0: no verification)")
	f.StringVar(&o.VerifyPlayer, "verify-player", "ab:depth=2", "the player `SPEC` of the verification match (its eval is set by tune)")
	return c
}

func runTune(c *cobra.Command, opts *options, fl *tuneFlags) error {
	t, err := opts.tunable("tune")
	if err != nil {
		return err
	}
	cfg := &fl.cfg
	if err := cfg.Prepare(flagName); err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	if err := report.CheckProgressMode(fl.progress); err != nil {
		return fmt.Errorf("tune: --progress: %w", err)
	}
	if err := cfg.SetStart(t, fl.start); err != nil {
		return fmt.Errorf("tune: --start: %w", err)
	}
	ctx, stop := interruptContext(c)
	defer stop()
	tuned, err := tuning.Run(ctx, t, cfg, tuning.RunOptions{Resume: fl.resume, Name: flagName,
		Hooks: tuneHooks(c, fl.progress, cfg.Iterations), Out: c.OutOrStdout()})
	var inputErr *tuning.InputError
	var reportErr *tuning.ReportError
	switch {
	case errors.As(err, &inputErr):
		return fmt.Errorf("tune: %w", err)
	case errors.As(err, &reportErr):
		return fail(reportErr.Err)
	case err != nil:
		return fail(fmt.Errorf("tune: %w", err))
	case cfg.VerifyGames == 0:
		return nil
	}
	return verifyTuned(c, t, cfg, fl.progress, tuned)
}

// flagName names a setting of a tuning run as its flag.
func flagName(setting string) string { return "--" + setting }

// tuneHooks returns the hooks that show a tuning run on standard error: its
// description, then its steps on a progress display in mode.
func tuneHooks(c *cobra.Command, mode string, total int) tuning.TuneHooks {
	stderr := c.ErrOrStderr()
	prog := report.NewProgressDisplay(stderr, mode)
	return tuning.TuneHooks{
		Start:  func(description string) { fmt.Fprintf(stderr, "tune: %s\n", description) },
		Step:   func(step int, text string) { prog.Step(step, total, text) },
		Finish: prog.Finish,
	}
}

// verifyTuned plays the tuned weights against the starting weights and prints the
// Elo difference with its 95% interval.
func verifyTuned(c *cobra.Command, t catalog.Tunable, cfg *tuning.TuneConfig, progress string, tuned []float64) error {
	runner, err := tuning.NewVerifyRunner(t, cfg, tuned)
	if err != nil {
		return fail(fmt.Errorf("tune: %w", err))
	}
	mcfg := *runner.Settings()
	prog := report.NewProgressDisplay(c.ErrOrStderr(), progress)
	describe := func(resumed int) string {
		return fmt.Sprintf("verifying: %d games of %s, tuned weights against the starting ones", cfg.VerifyGames, cfg.VerifyPlayer)
	}
	// The verification games are recorded for inspection, not resumed: a new run
	// replaces them.
	name := cfg.VerifyFile()
	os.Remove(name)
	res, err := playRecorded(c, "tune", runner, name, false, false, prog, describe, nil)
	if err != nil {
		return err
	}
	rep, err := report.SummarizeGames(&mcfg, res.Summaries, t.Sides(), nil)
	if err != nil {
		return fail(err)
	}
	fmt.Fprint(c.OutOrStdout(), tuning.VerifyText(rep, res.Count(), cfg.VerifyPlayer))
	if !res.Complete {
		return fail(fmt.Errorf("tune: the verification stopped after %d of %d games", res.Count(), cfg.VerifyGames))
	}
	return nil
}
