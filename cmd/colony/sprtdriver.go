package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// driverFlags are the flags of 'colony tournament sprt-driver'.
type driverFlags struct {
	sprt       string
	batchPairs int
	tasks      int
	out        string
	submitter  string
	script     string
	sbatchArgs []string
	colony     string
	poll       time.Duration
}

// driverReserved are the tournament flags that the driver sets for each task, or that
// have no meaning for it: the tournament's flags it is given must not set them.
var driverReserved = []string{"shard", "until-pair", "games-file", "out", "resume", "sprt", "summary", "csv", "plot", "progress"}

func newSprtDriverCmd(opts *options) *cobra.Command {
	var fl driverFlags
	c := &cobra.Command{
		Use:   "sprt-driver --sprt TEST --out DIR [flags] -- TOURNAMENT-FLAGS...",
		Short: "Run an SPRT on a batch system: batches of pairs as array tasks, merged after each",
		Long: `sprt-driver runs the SPRT of a match on many machines, as fishtest does with its
workers: it plays the match in batches of --batch-pairs pairs, each batch as
--tasks tasks (the shards of the batch's pairs), merges the shards' games files
after each batch and stops submitting when the LLR of the merged pairs crosses a
bound.

The match is given after --, with the flags of 'colony tournament' (two players,
--games the most games, --seed, the limits; --concurrency for each local task, a
Slurm task plays as many games at once as it has CPUs); the global flags
(--game, --rules, --board) go before sprt-driver and are passed on.
Batch b (from 1) runs, for each task k of N:

  colony tournament MATCH... --shard k/N --until-pair b·B --resume \
      --games-file DIR/shard-k.jsonl

(B the batch's pairs), so each task continues its games file. After the batch,
the driver counts the pairs below b·B in schedule order, exactly as a single
'colony tournament MATCH... --sprt TEST' counts them after each pair (whatever
order the games finished in), and stops at the first pair where the test
decides. With depth or node limits the games are those of the single run, so the
driver decides at the same pair as the single run; it has played the pairs up to
the end of that batch (the first multiple of B at or past the deciding pair, or
the end of the schedule). The report counts the pairs up to the decision, as the
single run's does; it is printed and written to DIR (summary.json,
standings.csv, ratings.png). Run again with the same flags, the driver skips the
batches whose games are all in DIR.

Submitters (--submitter):
  local   plays the tasks of a batch one after another in this process
  slurm   submits each batch as a job array of the job script --script
          (deploy/slurm/match.sbatch of the repository) with
          'sbatch --parsable --array=1-N', the match in the environment
          (COLONY_MATCH, COLONY_RESULTS=DIR, COLONY=this program), and polls
          'squeue' every --poll until the job has left the queue; --sbatch-arg
          adds an option to sbatch (repeat it). DIR and the program must be on
          a file system the nodes share. Interrupting the driver cancels the
          job (scancel).

A task that fails leaves games missing: the driver stops with the shards and the
logs to look at (DIR/slurm-JOB_TASK.out with slurm, DIR/shard-K.log locally).`,
		Example: `  colony tournament sprt-driver --sprt elo0=0,elo1=5 --batch-pairs 64 --tasks 16 --out results \
      --submitter slurm --script deploy/slurm/match.sbatch \
      -- -p new=ab:depth=5 -p old=ab:depth=4 --games 20000
  colony tournament sprt-driver --sprt elo0=0,elo1=20 --batch-pairs 8 --tasks 2 --out results \
      -- -p a=ab:depth=3 -p b=ab:depth=2 --games 400 --concurrency 2`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if c.ArgsLenAtDash() != 0 {
				return errors.New("sprt-driver: give the match's flags after --, as in 'colony tournament sprt-driver --sprt elo0=0,elo1=5 --out results -- -p a=ab:depth=3 -p b=ab:depth=2 --games 400'")
			}
			d, err := newDriver(c, opts, &fl, args)
			if err != nil {
				return err
			}
			ctx, stop := interruptContext(c) // Ctrl-C cancels the batch's job
			defer stop()
			return d.run(ctx)
		},
	}
	f := c.Flags()
	f.StringVar(&fl.sprt, "sprt", "", "SPRT `TEST`: elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic] (required)")
	f.IntVar(&fl.batchPairs, "batch-pairs", 64, "pairs of each batch, `B`")
	f.IntVar(&fl.tasks, "tasks", 4, "tasks of each batch, `N` (the shards of its pairs)")
	f.StringVar(&fl.out, "out", "", "directory `DIR` of the shards' games files (shard-K.jsonl) and the report (required)")
	f.StringVar(&fl.submitter, "submitter", "local", "how batches run, `KIND`: local or slurm")
	f.StringVar(&fl.script, "script", "", "slurm: the job script `FILE` (deploy/slurm/match.sbatch)")
	f.StringArrayVar(&fl.sbatchArgs, "sbatch-arg", nil, "slurm: an option `ARG` for sbatch, such as --cpus-per-task=1 (repeat it)")
	f.StringVar(&fl.colony, "colony", "", "slurm: the colony program `PATH` the tasks run (default: this program)")
	f.DurationVar(&fl.poll, "poll", 2*time.Second, "slurm: how often `D` to ask squeue whether a batch has ended")
	return c
}

// driver is a running 'colony tournament sprt-driver'.
type driver struct {
	cfg        tournament.Config // the match, with its SPRT
	sides      [2]string
	args       []string // the match's flags for the tasks, with the global flags
	batchPairs int
	tasks      int
	dir        string   // absolute
	files      []string // files[k-1] is task k's games file
	outputs    tournament.Outputs
	submitter  batchSubmitter
	out, log   io.Writer
}

// newDriver checks the flags and the match and returns the driver.
func newDriver(c *cobra.Command, opts *options, fl *driverFlags, args []string) (*driver, error) {
	switch {
	case fl.sprt == "":
		return nil, errors.New("sprt-driver: --sprt is required (elo0=0,elo1=5, say)")
	case fl.out == "":
		return nil, errors.New("sprt-driver: --out DIR is required: the shards' games files go there")
	case fl.batchPairs < 1:
		return nil, fmt.Errorf("sprt-driver: --batch-pairs must be at least 1, got %d", fl.batchPairs)
	case fl.tasks < 1:
		return nil, fmt.Errorf("sprt-driver: --tasks must be at least 1, got %d", fl.tasks)
	case fl.poll <= 0:
		return nil, fmt.Errorf("sprt-driver: --poll must be positive, got %v", fl.poll)
	}
	test, err := tournament.ParseSPRT(fl.sprt)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: --sprt: %w", err)
	}
	cfg, err := driverMatch(opts, args)
	if err != nil {
		return nil, err
	}
	cfg.SPRT = &test
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("sprt-driver: the match: %w", err)
	}
	dir, err := filepath.Abs(fl.out)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: --out: %w", err)
	}
	d := &driver{cfg: cfg, batchPairs: fl.batchPairs, tasks: fl.tasks, dir: dir,
		out: c.OutOrStdout(), log: c.ErrOrStderr()}
	if g, err := catalog.Open(cfg.Game); err == nil {
		d.sides = g.Sides()
	}
	// The global flags that were given go to the tasks, before the match's flags.
	for _, name := range []string{"game", "rules", "board"} {
		if f := c.Flag(name); f != nil && f.Changed {
			d.args = append(d.args, "--"+name, f.Value.String())
		}
	}
	d.args = append(d.args, args...)
	for k := 1; k <= d.tasks; k++ {
		d.files = append(d.files, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)))
	}
	d.outputs = tournament.Outputs{Dir: dir}
	d.outputs.Fill()
	d.outputs.GamesFile = "" // the games are in the shards' files
	switch fl.submitter {
	case "local":
		if fl.script != "" || len(fl.sbatchArgs) > 0 || fl.colony != "" {
			return nil, errors.New("sprt-driver: --script, --sbatch-arg and --colony are for --submitter slurm")
		}
		d.submitter = &localSubmitter{}
	case "slurm":
		if fl.script == "" {
			return nil, errors.New("sprt-driver: --submitter slurm needs the job script, --script deploy/slurm/match.sbatch")
		}
		script, err := filepath.Abs(fl.script)
		if err != nil {
			return nil, fmt.Errorf("sprt-driver: --script: %w", err)
		}
		if info, err := os.Stat(script); err != nil || !info.Mode().IsRegular() {
			return nil, fmt.Errorf("sprt-driver: --script %s: not a readable file", fl.script)
		}
		colony := fl.colony
		if colony == "" {
			if colony, err = os.Executable(); err != nil {
				return nil, fmt.Errorf("sprt-driver: this program's path, for the tasks: %w (give --colony)", err)
			}
		}
		// The match travels to the job script in an environment variable, split at
		// spaces: an argument cannot hold one.
		for _, a := range d.args {
			if a == "" || strings.ContainsAny(a, " \t\n") {
				return nil, fmt.Errorf("sprt-driver: --submitter slurm: the match's argument %q is empty or holds a space, which the job script cannot pass on", a)
			}
		}
		d.submitter = &slurmSubmitter{script: script, sbatchArgs: fl.sbatchArgs, colony: colony, poll: fl.poll,
			sbatch: "sbatch", squeue: "squeue", scancel: "scancel", log: d.log}
	default:
		return nil, fmt.Errorf("sprt-driver: --submitter %q: want local or slurm", fl.submitter)
	}
	return d, nil
}

// driverMatch reads the match's flags as 'colony tournament' does and returns its
// config (without an SPRT).
func driverMatch(opts *options, args []string) (tournament.Config, error) {
	var fl tournamentFlags
	tc := &cobra.Command{Use: "tournament"}
	fl.add(tc)
	if err := tc.ParseFlags(args); err != nil {
		return tournament.Config{}, fmt.Errorf("sprt-driver: the match's flags: %w", err)
	}
	if rest := tc.Flags().Args(); len(rest) > 0 {
		return tournament.Config{}, fmt.Errorf("sprt-driver: the match's flags: unexpected argument %q", rest[0])
	}
	for _, name := range driverReserved {
		if tc.Flags().Changed(name) {
			return tournament.Config{}, fmt.Errorf("sprt-driver: the match's flags cannot set --%s: the driver sets it for each task (give the test to the driver's --sprt, the directory to its --out)", name)
		}
	}
	g, err := opts.openGame()
	if err != nil {
		return tournament.Config{}, fmt.Errorf("sprt-driver: %w", err)
	}
	cfg, err := tournamentConfig(tc, g, &fl)
	if err != nil {
		return tournament.Config{}, fmt.Errorf("sprt-driver: the match: %w", err)
	}
	if len(cfg.Players) != 2 {
		return tournament.Config{}, fmt.Errorf("sprt-driver: an SPRT needs a match of two players, got %d", len(cfg.Players))
	}
	return cfg, nil
}

// batch is one batch of the driver: Tasks tasks, task k (from 1) playing the pairs
// of shard k/Tasks below UntilPair into Files[k-1], resuming it.
type batch struct {
	Number    int // from 1
	Tasks     int
	UntilPair int
	Args      []string // the match's flags
	Dir       string
	Files     []string
}

// taskArgs returns the command line of task k (from 1) of b, without the program.
func (b *batch) taskArgs(k int) []string {
	args := append([]string{"tournament"}, b.Args...)
	return append(args, "--shard", fmt.Sprintf("%d/%d", k, b.Tasks), "--until-pair", strconv.Itoa(b.UntilPair),
		"--games-file", b.Files[k-1], "--resume", "--progress", "off")
}

// A batchSubmitter runs the tasks of a batch and returns when they have all ended.
// A task that fails is not its error (the driver finds its games missing); the
// error says that the batch could not be run or waited for.
type batchSubmitter interface {
	submit(ctx context.Context, b *batch) error
}

// localSubmitter plays the tasks of a batch one after another in this process, each
// task's output appended to DIR/shard-K.log.
type localSubmitter struct{}

func (localSubmitter) submit(ctx context.Context, b *batch) error {
	for k := 1; k <= b.Tasks; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := filepath.Join(b.Dir, fmt.Sprintf("shard-%d.log", k))
		logFile, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("task %d: %w", k, err)
		}
		run(b.taskArgs(k), logFile, logFile)
		if err := logFile.Close(); err != nil {
			return fmt.Errorf("task %d: %w", k, err)
		}
	}
	return nil
}

// slurmSubmitter submits a batch as a Slurm job array of the job script and waits
// until the job has left the queue.
type slurmSubmitter struct {
	script     string // the job script, absolute
	sbatchArgs []string
	colony     string // the program the tasks run
	poll       time.Duration
	// The Slurm commands (tests give stand-ins).
	sbatch, squeue, scancel string
	log                     io.Writer
}

func (s *slurmSubmitter) submit(ctx context.Context, b *batch) error {
	args := []string{"--parsable", fmt.Sprintf("--array=1-%d", b.Tasks), fmt.Sprintf("--job-name=colony-sprt-%d", b.Number),
		"--output=" + filepath.Join(b.Dir, "slurm-%A_%a.out")}
	args = append(args, s.sbatchArgs...)
	args = append(args, s.script)
	cmd := exec.CommandContext(ctx, s.sbatch, args...)
	match := append(cloneArgs(b.Args), "--until-pair", strconv.Itoa(b.UntilPair))
	cmd.Env = append(os.Environ(), "COLONY="+s.colony, "COLONY_MATCH="+strings.Join(match, " "), "COLONY_RESULTS="+b.Dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("sbatch: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	// --parsable prints "JOBID" or "JOBID;CLUSTER".
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return fmt.Errorf("sbatch: no job id in its output %q", strings.TrimSpace(string(out)))
	}
	fmt.Fprintf(s.log, "sprt-driver: batch %d: job %s, %d tasks, pairs below %d\n", b.Number, id, b.Tasks, b.UntilPair)
	failures := 0
	for {
		select {
		case <-ctx.Done():
			s.cancel(id)
			return fmt.Errorf("waiting for job %s: %w (the job was cancelled)", id, ctx.Err())
		case <-time.After(s.poll):
		}
		q := exec.CommandContext(ctx, s.squeue, "--noheader", "--jobs="+id, "--format=%T")
		var qerr bytes.Buffer
		q.Stderr = &qerr
		states, err := q.Output()
		switch {
		case err == nil && strings.TrimSpace(string(states)) == "":
			return nil // no task pending or running
		case err == nil:
			failures = 0
		case strings.Contains(qerr.String(), "Invalid job id"):
			return nil // the job ended and was purged
		case ctx.Err() != nil:
			continue // cancelled: the select cancels the job
		default:
			// slurmctld may be busy for a moment; give up after a minute of failures.
			failures++
			if time.Duration(failures)*s.poll > time.Minute {
				s.cancel(id)
				return fmt.Errorf("squeue on job %s: %w: %s", id, err, strings.TrimSpace(qerr.String()))
			}
		}
	}
}

// cancel cancels job id, telling on the log when it cannot.
func (s *slurmSubmitter) cancel(id string) {
	ctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	if out, err := exec.CommandContext(ctx, s.scancel, id).CombinedOutput(); err != nil {
		fmt.Fprintf(s.log, "sprt-driver: scancel %s: %v: %s\n", id, err, strings.TrimSpace(string(out)))
	}
}

// cloneArgs returns a copy of args, so that appending to it leaves args alone.
func cloneArgs(args []string) []string { return append([]string(nil), args...) }

// run plays batches until the SPRT decides or the schedule ends, then reports.
func (d *driver) run(ctx context.Context) error {
	if err := os.MkdirAll(d.dir, 0o755); err != nil {
		return fail(fmt.Errorf("sprt-driver: %w", err))
	}
	totalPairs := d.cfg.TotalGames() / 2
	fmt.Fprintf(d.log, "sprt-driver: %s, %d pairs at most, batches of %d pairs on %d tasks, in %s\n",
		d.cfg.SPRT, totalPairs, d.batchPairs, d.tasks, d.dir)
	for number := 1; ; number++ {
		until := min(number*d.batchPairs, totalPairs)
		games, err := d.gamesBelow(until)
		if err != nil {
			return err
		}
		b := &batch{Number: number, Tasks: d.tasks, UntilPair: until, Args: d.args, Dir: d.dir, Files: d.files}
		if len(games) < 2*until {
			if err := d.submitter.submit(ctx, b); err != nil {
				return fail(fmt.Errorf("sprt-driver: batch %d: %w", number, err))
			}
			if games, err = d.gamesBelow(until); err != nil {
				return err
			}
			if len(games) < 2*until {
				return fail(d.missing(number, until, games))
			}
		} else {
			fmt.Fprintf(d.log, "sprt-driver: batch %d: pairs below %d already played\n", number, until)
		}
		res, err := tournament.Collect(d.cfg, games)
		if err != nil {
			return fail(fmt.Errorf("sprt-driver: batch %d: %w", number, err))
		}
		st := res.SPRT
		lower, upper := st.Test.Bounds()
		fmt.Fprintf(d.out, "batch %d: pairs below %d: llr %.3f [%.3f, %.3f] after %d pairs: %v\n",
			number, until, st.LLR, lower, upper, st.Pentanomial.Pairs(), st.Verdict)
		if st.Verdict == tournament.Continue && until < totalPairs {
			continue
		}
		if st.Verdict != tournament.Continue {
			fmt.Fprintf(d.out, "the SPRT decided at pair %d (%v) in batch %d: %d pairs played; the report counts the %d games up to the decision\n",
				st.StopPair+1, st.Verdict, number, until, len(res.Games))
		} else {
			fmt.Fprintf(d.out, "the SPRT did not decide in the %d pairs of the schedule\n", totalPairs)
		}
		rep, err := tournament.Summarize(&d.cfg, res.Games, d.sides, st)
		if err != nil {
			return fail(fmt.Errorf("sprt-driver: %w", err))
		}
		if err := rep.WriteText(d.out); err != nil {
			return fail(err)
		}
		if err := d.outputs.Write(rep, d.log); err != nil {
			return fail(fmt.Errorf("sprt-driver: %w", err))
		}
		return nil
	}
}

// gamesBelow returns the games of the shards' files in the pairs below until, after
// checking that the files hold the driver's match.
func (d *driver) gamesBelow(until int) ([]tournament.Record, error) {
	var names []string
	for _, name := range d.files {
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return nil, nil
	}
	merged, err := tournament.MergeFiles(names)
	if err != nil {
		return nil, fmt.Errorf("sprt-driver: %s: %w", d.dir, err)
	}
	match := d.cfg
	match.SPRT = nil // the tasks' files hold the match without the test
	if err := tournament.SameTournament(merged.Header, tournament.NewHeader(match)); err != nil {
		return nil, fmt.Errorf("sprt-driver: %s holds another tournament (%w): give another --out", d.dir, err)
	}
	var games []tournament.Record
	for _, g := range merged.Games {
		if g.Pair < until {
			games = append(games, g)
		}
	}
	return games, nil
}

// missing describes the games of batch number (the pairs below until) that its
// tasks did not play.
func (d *driver) missing(number, until int, games []tournament.Record) error {
	have := make([]bool, 2*until)
	for _, g := range games {
		have[g.Index] = true
	}
	lacking := map[int]bool{}
	var tasks []string
	for i, ok := range have {
		k := (i/2)%d.tasks + 1
		if !ok && !lacking[k] {
			lacking[k] = true
			tasks = append(tasks, strconv.Itoa(k))
		}
	}
	logs := "DIR/shard-K.log"
	if _, ok := d.submitter.(*slurmSubmitter); ok {
		logs = "DIR/slurm-JOB_K.out"
	}
	return fmt.Errorf("sprt-driver: batch %d: %d of its games are missing, of task %s of %d (see %s in %s); run again to retry the batch",
		number, 2*until-len(games), strings.Join(tasks, ", "), d.tasks, logs, d.dir)
}
