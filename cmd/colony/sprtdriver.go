package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/stats"
	"github.com/colony-ai/colony/tournament/sprtdriver"
	"github.com/spf13/cobra"
)

// driverFlags are the flags of 'colony tournament sprt-driver'.
type driverFlags struct {
	sprt       string
	batchPairs int
	tasks      int
	out        string
	submitter  sprtdriver.SubmitterSettings // without Run and Logf
}

// driverReserved are the tournament flags that the driver sets for each task, or that
// have no meaning for it: the tournament's flags it is given must not set them.
var driverReserved = []string{"shard", "until-pair", "games-file", "out", "resume", "sprt", "summary", "csv", "plot", "progress"}

func newSprtDriverCmd(opts *options) *cobra.Command {
	var fl driverFlags
	c := &cobra.Command{
		Use:     "sprt-driver --sprt TEST --out DIR [flags] -- TOURNAMENT-FLAGS...",
		Short:   "Run an SPRT on a batch system: batches of pairs as array tasks, merged after each",
		Long:    helpText("sprt-driver"),
		Example: helpText("sprt-driver.example"),
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if c.ArgsLenAtDash() != 0 {
				return errors.New("sprt-driver: give the match's flags after --, as in 'colony tournament sprt-driver --sprt elo0=0,elo1=5 --out results -- -p a=ab:depth=3 -p b=ab:depth=2 --games 400'")
			}
			r, err := newDriver(c, opts, &fl, args)
			if err != nil {
				return err
			}
			ctx, stop := interruptContext(c) // Ctrl-C, SIGTERM, SIGHUP cancel the batch's job
			defer stop()
			return r.run(ctx, c)
		},
	}
	f := c.Flags()
	f.StringVar(&fl.sprt, "sprt", "", "SPRT `TEST`: elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic] (required)")
	f.IntVar(&fl.batchPairs, "batch-pairs", 64, "pairs of each batch, `B`")
	f.IntVar(&fl.tasks, "tasks", 4, "tasks of each batch, `N` (the shards of its pairs)")
	f.StringVar(&fl.out, "out", "", "directory `DIR` of the shards' games files (shard-K.jsonl) and the report (required)")
	f.StringVar(&fl.submitter.Kind, "submitter", "local", "how batches run, `KIND`: local, slurm or kubernetes")
	f.StringVar(&fl.submitter.Script, "script", "", "slurm: the job script `FILE` (deploy/slurm/match.sbatch)")
	f.StringArrayVar(&fl.submitter.SbatchArgs, "sbatch-arg", nil, "slurm: an option `ARG` for sbatch, such as --cpus-per-task=1 (repeat it)")
	f.StringVar(&fl.submitter.Kubernetes, "kubernetes", "", "kubernetes: `SETTINGS` image=IMAGE,claim=PVC[,namespace=NS,cpu=N,memory=SIZE,retries=N,mount=PATH]")
	f.StringVar(&fl.submitter.Colony, "colony", "", "the colony program `PATH` the tasks run (default: this program; the image's)")
	f.DurationVar(&fl.submitter.Poll, "poll", 2*time.Second, "slurm, kubernetes: how often `D` to ask whether a batch has ended")
	return c
}

// driverRun is a checked 'colony tournament sprt-driver': the driver, and the game's
// sides and the files of the report.
type driverRun struct {
	driver  *sprtdriver.Driver
	sides   [2]string
	outputs report.Outputs
}

// newDriver checks the flags and the match and returns the driver's run.
func newDriver(c *cobra.Command, opts *options, fl *driverFlags, args []string) (*driverRun, error) {
	switch {
	case fl.sprt == "":
		return nil, errors.New("sprt-driver: --sprt is required (elo0=0,elo1=5, say)")
	case fl.out == "":
		return nil, errors.New("sprt-driver: --out DIR is required: the shards' games files go there")
	case fl.batchPairs < 1:
		return nil, fmt.Errorf("sprt-driver: --batch-pairs must be at least 1, got %d", fl.batchPairs)
	case fl.tasks < 1:
		return nil, fmt.Errorf("sprt-driver: --tasks must be at least 1, got %d", fl.tasks)
	}
	test, err := stats.ParseSPRT(fl.sprt)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: --sprt: %w", err)
	}
	cfg, err := driverMatch(opts, args)
	if err != nil {
		return nil, err
	}
	cfg.SPRT = &test
	dir, err := filepath.Abs(fl.out)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: --out: %w", err)
	}
	log := c.ErrOrStderr()
	logf := func(format string, args ...any) { fmt.Fprintf(log, "sprt-driver: "+format+"\n", args...) }
	dc := sprtdriver.Config{Match: cfg, BatchPairs: fl.batchPairs, Tasks: fl.tasks, Dir: dir, Logf: logf,
		OnBatch: func(b *sprtdriver.Batch, st *record.SPRTState) { fmt.Fprint(c.OutOrStdout(), b.Summary(st)) }}
	// The global flags that were given go to the tasks, before the match's flags.
	for _, name := range []string{"game", "rules", "board"} {
		if f := c.Flag(name); f != nil && f.Changed {
			dc.Args = append(dc.Args, "--"+name, f.Value.String())
		}
	}
	// The engines file too ($COLONY_ENGINES's as well), by its absolute path.
	if opts.engines != "" {
		abs, err := filepath.Abs(opts.engines)
		if err != nil {
			return nil, fmt.Errorf("sprt-driver: --engines: %w", err)
		}
		dc.Args = append(dc.Args, "--engines", abs)
	}
	dc.Args = append(dc.Args, args...)
	ss := fl.submitter
	ss.Run, ss.Logf = run, logf
	dc.Submitter, err = sprtdriver.NewSubmitter(ss, dc.Args, flagName)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: %w", err)
	}
	d, err := sprtdriver.New(dc)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: %w", err)
	}
	r := &driverRun{driver: d, sides: gameSides(cfg.Game), outputs: report.Outputs{Dir: dir}}
	r.outputs.Fill()
	r.outputs.GamesFile = "" // the games are in the shards' files
	return r, nil
}

// run runs the driver and prints its decision and report, writing the report's files.
func (r *driverRun) run(ctx context.Context, c *cobra.Command) error {
	o, err := r.driver.Run(ctx)
	var dirErr *sprtdriver.DirError
	var busy *sprtdriver.BusyError
	switch {
	case errors.As(err, &busy):
		return fmt.Errorf("sprt-driver: %w", busy)
	case errors.As(err, &dirErr) && dirErr.Other:
		return fmt.Errorf("sprt-driver: %w: give another --out", err)
	case errors.As(err, &dirErr):
		return fmt.Errorf("sprt-driver: %w", err)
	case err != nil:
		return fail(fmt.Errorf("sprt-driver: %w", err))
	}
	out, st := c.OutOrStdout(), o.Result.SPRT
	fmt.Fprint(out, o.Decision())
	rep, err := report.SummarizeGames(&o.Result.Config, o.Result.Summaries, r.sides, st)
	if err != nil {
		return fail(fmt.Errorf("sprt-driver: %w", err))
	}
	if err := r.outputs.Publish(rep, out, c.ErrOrStderr()); err != nil {
		return fail(fmt.Errorf("sprt-driver: %w", err))
	}
	return nil
}

// driverMatch reads the match's flags as 'colony tournament' does and returns its
// config (without an SPRT).
func driverMatch(opts *options, args []string) (record.Config, error) {
	var fl tournamentFlags
	tc := &cobra.Command{Use: "tournament"}
	fl.add(tc)
	if err := tc.ParseFlags(args); err != nil {
		return record.Config{}, fmt.Errorf("sprt-driver: the match's flags: %w", err)
	}
	if rest := tc.Flags().Args(); len(rest) > 0 {
		return record.Config{}, fmt.Errorf("sprt-driver: the match's flags: unexpected argument %q", rest[0])
	}
	for _, name := range driverReserved {
		if tc.Flags().Changed(name) {
			return record.Config{}, fmt.Errorf("sprt-driver: the match's flags cannot set --%s: the driver sets it for each task (give the test to the driver's --sprt, the directory to its --out)", name)
		}
	}
	g, err := opts.openGame()
	if err != nil {
		return record.Config{}, fmt.Errorf("sprt-driver: %w", err)
	}
	if err := opts.resolveEntrants(fl.settings.Players); err != nil {
		return record.Config{}, fmt.Errorf("sprt-driver: the match: --player: %w", err)
	}
	cfg, err := tournamentConfig(tc, g, &fl)
	if err != nil {
		return record.Config{}, fmt.Errorf("sprt-driver: the match: %w", err)
	}
	if len(cfg.Players) != 2 {
		return record.Config{}, fmt.Errorf("sprt-driver: an SPRT needs a match of two players, got %d", len(cfg.Players))
	}
	return cfg, nil
}
