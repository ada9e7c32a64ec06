// Package sprtdriver runs the SPRT of a match on many machines, as fishtest does with
// its workers: it plays the match in batches of pairs, each batch as tasks that play
// the shards of its pairs (on a batch system, Slurm or Kubernetes, through a Cluster
// of a Scheduler, or one after another in this process), merges the shards' games
// files after each batch and stops submitting when the SPRT of the merged pairs
// decides. On a batch system each task reads its match from the directory's match
// file (see MatchFile), so that a task can be resubmitted alone.
//
// Batch b (from 1) of B pairs on N tasks runs, for each task k of N, the colony
// command line
//
//	colony tournament MATCH... --shard k/N --until-pair b·B --games-file DIR/shard-k.jsonl --resume
//
// (see Batch.TaskArgs), so each task continues its games file. After the batch the
// driver counts the pairs below b·B in schedule order, exactly as a single run of the
// match with the SPRT counts them after each pair, and stops at the first pair where
// the test decides: with depth or node limits it decides at the same pair as the
// single run, having played up to the end of that batch. Run again on the same
// directory, it skips the batches whose games are all there.
package sprtdriver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// Config is an SPRT driver's match and batches.
type Config struct {
	// Match is the match, with its SPRT (two players, not sharded, no UntilPair).
	Match record.Config
	// Args are the match's flags on the colony command line (the global flags
	// first), which each task is given: see Batch.TaskArgs.
	Args []string
	// BatchPairs is the pairs of each batch, and Tasks the tasks (shards) each batch
	// is played as; both at least 1.
	BatchPairs, Tasks int
	// Dir is the directory of the shards' games files, shard-K.jsonl.
	Dir string
	// Submitter runs the tasks of each batch.
	Submitter Submitter
	// Logf, if not nil, is told what the driver does (a line without its newline):
	// the test and the batches at the start, and each batch already played.
	Logf func(format string, args ...any)
	// OnBatch, if not nil, is called after each batch with the state of the SPRT
	// over the pairs below the batch's end.
	OnBatch func(b *Batch, sprt *record.SPRTState)
}

// Driver runs an SPRT in batches (see the package's documentation).
type Driver struct {
	cfg   Config
	files []string // files[k-1] is task k's games file
}

// New checks cfg and returns its driver.
func New(cfg Config) (*Driver, error) {
	switch {
	case cfg.Match.SPRT == nil:
		return nil, errors.New("the match has no SPRT")
	case len(cfg.Match.Players) != 2:
		return nil, fmt.Errorf("an SPRT needs a match of two players, got %d", len(cfg.Match.Players))
	case cfg.Match.Shards > 1 || cfg.Match.UntilPair != 0:
		return nil, errors.New("the match is sharded or limited to its first pairs: the driver does both for each task")
	case cfg.BatchPairs < 1:
		return nil, fmt.Errorf("batch pairs: %d: want 1 or more", cfg.BatchPairs)
	case cfg.Tasks < 1:
		return nil, fmt.Errorf("tasks: %d: want 1 or more", cfg.Tasks)
	case cfg.Dir == "":
		return nil, errors.New("no directory for the games files")
	case cfg.Submitter == nil:
		return nil, errors.New("no submitter")
	}
	if err := cfg.Match.Validate(); err != nil {
		return nil, fmt.Errorf("the match: %w", err)
	}
	d := &Driver{cfg: cfg}
	for k := 1; k <= cfg.Tasks; k++ {
		d.files = append(d.files, filepath.Join(cfg.Dir, fmt.Sprintf("shard-%d.jsonl", k)))
	}
	return d, nil
}

// Files returns the shards' games files, task k's at k-1.
func (d *Driver) Files() []string { return d.files }

// Batch is one batch of a driver: Tasks tasks, task k (from 1) playing the pairs of
// shard k/Tasks below UntilPair into Files[k-1], resuming it.
type Batch struct {
	Number    int // from 1
	Tasks     int
	UntilPair int
	Args      []string // the match's flags
	Dir       string
	Files     []string
}

// TaskArgs returns the colony command line of task k (from 1) of b, without the
// program: tournament, the match's flags, then --shard k/Tasks, --until-pair,
// --games-file, --resume and --progress off.
func (b *Batch) TaskArgs(k int) []string {
	args := append([]string{"tournament"}, b.Args...)
	return append(args, "--shard", fmt.Sprintf("%d/%d", k, b.Tasks), "--until-pair", strconv.Itoa(b.UntilPair),
		"--games-file", b.Files[k-1], "--resume", "--progress", "off")
}

// Summary returns the line of b's end with the state st of the SPRT over the pairs
// below it (Config.OnBatch's): "batch <b>: pairs below <p>: llr <llr> [<lower>,
// <upper>] after <n> pairs: <verdict>".
func (b *Batch) Summary(st *record.SPRTState) string {
	lower, upper := st.Test.Bounds()
	return fmt.Sprintf("batch %d: pairs below %d: llr %.3f [%.3f, %.3f] after %d pairs: %v\n",
		b.Number, b.UntilPair, st.LLR, lower, upper, st.Pentanomial.Pairs(), st.Verdict)
}

// A Submitter runs the tasks of a batch and returns when they have all ended. A task
// that fails is not its error (the driver finds its games missing); the error says
// that the batch could not be run or waited for.
type Submitter interface {
	Submit(ctx context.Context, b *Batch) error
	// TaskLogs says where the log of task K of a batch is, in terms of DIR, for the
	// error of a batch whose games are missing: "DIR/shard-K.log".
	TaskLogs() string
}

// Local plays the tasks of a batch one after another in this process, each task's
// output appended to DIR/shard-K.log.
type Local struct {
	// Run runs a colony command line (Batch.TaskArgs) in this process, writing to
	// stdout and stderr, and returns its exit status, which Local does not look at:
	// a task that fails leaves games missing.
	Run func(args []string, stdout, stderr io.Writer) int
}

// Submit runs the tasks of b one after another.
func (l Local) Submit(ctx context.Context, b *Batch) error {
	for k := 1; k <= b.Tasks; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := filepath.Join(b.Dir, fmt.Sprintf("shard-%d.log", k))
		logFile, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("task %d: %w", k, err)
		}
		l.Run(b.TaskArgs(k), logFile, logFile)
		if err := logFile.Close(); err != nil {
			return fmt.Errorf("task %d: %w", k, err)
		}
	}
	return nil
}

// TaskLogs returns "DIR/shard-K.log".
func (Local) TaskLogs() string { return "DIR/shard-K.log" }

// Conclusion is what a driver's run concludes: the batches and pairs it played and the
// games up to the SPRT's decision.
type Conclusion struct {
	// Batches is the number of the last batch; PlayedPairs the pairs below its end,
	// all played; TotalPairs the pairs of the match's schedule.
	Batches, PlayedPairs, TotalPairs int
	// Result holds the games of the pairs up to the SPRT's decision (or of the whole
	// schedule when it did not decide) and the SPRT's state.
	Result *record.Collection
}

// Decided reports whether the SPRT accepted a hypothesis.
func (o *Conclusion) Decided() bool { return o.Result.SPRT.Verdict != stats.Continue }

// Decision returns the line of the SPRT's decision: the pair, the verdict, the batch
// and the pairs played, or that it did not decide in the schedule's pairs.
func (o *Conclusion) Decision() string {
	if !o.Decided() {
		return fmt.Sprintf("the SPRT did not decide in the %d pairs of the schedule\n", o.TotalPairs)
	}
	st := o.Result.SPRT
	return fmt.Sprintf("the SPRT decided at pair %d (%v) in batch %d: %d pairs played; the report counts the %d games up to the decision\n",
		st.StopPair+1, st.Verdict, o.Batches, o.PlayedPairs, o.Result.Count())
}

// DirError is the error of Run when the directory's games files cannot be read or
// hold another tournament: the directory's fault, not the run's.
type DirError struct {
	Dir string
	Err error
	// Other reports that the files hold another tournament.
	Other bool
}

// Error says what is wrong with the directory.
func (e *DirError) Error() string {
	if e.Other {
		return fmt.Sprintf("%s holds another tournament (%v)", e.Dir, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Dir, e.Err)
}

// Unwrap returns the underlying error.
func (e *DirError) Unwrap() error { return e.Err }

// Run plays batches until the SPRT decides or the schedule ends, skipping the batches
// whose games are all in the directory already. It returns the games up to the
// decision; an error when a batch cannot be run, its games are missing (a task
// failed: run again to retry the batch), or the directory's files are not the
// match's (a *DirError).
func (d *Driver) Run(ctx context.Context) (*Conclusion, error) {
	cfg := &d.cfg
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	// A job of an earlier run still playing into the directory: refused before its
	// files are read.
	if c, ok := cfg.Submitter.(interface {
		Check(ctx context.Context, dir string) error
	}); ok {
		if err := c.Check(ctx, cfg.Dir); err != nil {
			return nil, err
		}
	}
	totalPairs := cfg.Match.TotalGames() / 2
	d.logf("%s, %d pairs at most, batches of %d pairs on %d tasks, in %s",
		cfg.Match.SPRT, totalPairs, cfg.BatchPairs, cfg.Tasks, cfg.Dir)
	for number := 1; ; number++ {
		until := min(number*cfg.BatchPairs, totalPairs)
		games, err := d.gamesBelow(until)
		if err != nil {
			return nil, err
		}
		b := &Batch{Number: number, Tasks: cfg.Tasks, UntilPair: until, Args: cfg.Args, Dir: cfg.Dir, Files: d.files}
		if games.Len() < 2*until {
			if err := cfg.Submitter.Submit(ctx, b); err != nil {
				return nil, fmt.Errorf("batch %d: %w", number, err)
			}
			if games, err = d.gamesBelow(until); err != nil {
				return nil, err
			}
			if games.Len() < 2*until {
				return nil, d.missing(number, until, games)
			}
		} else {
			d.logf("batch %d: pairs below %d already played", number, until)
		}
		res, err := games.Collect(cfg.Match)
		if err != nil {
			return nil, fmt.Errorf("batch %d: %w", number, err)
		}
		if cfg.OnBatch != nil {
			cfg.OnBatch(b, res.SPRT)
		}
		if res.SPRT.Verdict == stats.Continue && until < totalPairs {
			continue
		}
		return &Conclusion{Batches: number, PlayedPairs: until, TotalPairs: totalPairs, Result: res}, nil
	}
}

// logf tells Logf, if there is one.
func (d *Driver) logf(format string, args ...any) {
	if d.cfg.Logf != nil {
		d.cfg.Logf(format, args...)
	}
}

// gamesBelow returns the games of the shards' files in the pairs below until, after
// checking that the files hold the driver's match.
func (d *Driver) gamesBelow(until int) (*record.Merged, error) {
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
	merged, err := record.MergeFiles(names)
	if err != nil {
		return nil, &DirError{Dir: d.cfg.Dir, Err: err}
	}
	match := d.cfg.Match
	match.SPRT = nil // the tasks' files hold the match without the test
	if err := record.SameTournament(merged.Header, record.NewHeader(match)); err != nil {
		return nil, &DirError{Dir: d.cfg.Dir, Err: err, Other: true}
	}
	return merged.UntilPair(until), nil
}

// missing describes the games of batch number (the pairs below until) that its
// tasks did not play.
func (d *Driver) missing(number, until int, games *record.Merged) error {
	have := make([]bool, 2*until)
	for i := range games.Len() {
		have[games.Summaries.At(i).Index] = true
	}
	lacking := map[int]bool{}
	var tasks []string
	for i, ok := range have {
		k := (i/2)%d.cfg.Tasks + 1
		if !ok && !lacking[k] {
			lacking[k] = true
			tasks = append(tasks, strconv.Itoa(k))
		}
	}
	return fmt.Errorf("batch %d: %d of its games are missing, of task %s of %d (see %s in %s); run again to retry the batch",
		number, 2*until-games.Len(), strings.Join(tasks, ", "), d.cfg.Tasks, d.cfg.Submitter.TaskLogs(), d.cfg.Dir)
}
