package sprtdriver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/internal/atomicfile"
)

// A Scheduler is a batch system that runs a batch's tasks as one job (a Slurm job
// array, a Kubernetes indexed Job). Each task reads its match from the results
// directory's match file (see MatchFile), which Cluster writes before submitting.
type Scheduler interface {
	// Name names the scheduler in the job file and the messages: "slurm".
	Name() string
	// SubmitArray submits tasks 1 to b.Tasks of b as one job and returns its id.
	SubmitArray(ctx context.Context, b *Batch) (id string, err error)
	// State returns the state of job id while it is queued or running ("RUNNING"),
	// "" once it has ended or is no longer known.
	State(ctx context.Context, id string) (string, error)
	// Cancel cancels job id.
	Cancel(ctx context.Context, id string) error
	// CancelCommand returns the command line that cancels job id, for the messages.
	CancelCommand(id string) string
	// TaskLogs says where the log of task K is (see Submitter).
	TaskLogs() string
}

// JobFileName is the file of a results directory that names the job of its last
// batch: "SCHEDULER ID BATCH".
const JobFileName = "job"

// Cluster is the Submitter of a batch system: for each batch it checks that the job
// recorded in the results directory (an earlier run's, still running after its
// driver was killed) has ended, writes the match file, submits the batch as one job,
// records it in DIR/job, and polls its state until it has ended. A cancelled context
// (SIGINT, SIGTERM, SIGHUP) cancels the job.
type Cluster struct {
	Scheduler Scheduler
	// Colony is the colony program, as the tasks see it, for the match file.
	Colony string
	// Poll is how often to ask for the job's state; positive.
	Poll time.Duration
	// Logf, if not nil, is told each batch's job, and a job that could not be
	// cancelled (a line without its newline).
	Logf func(format string, args ...any)
}

// BusyError is the error of a batch that is not submitted because a job of an
// earlier run of the driver for the same directory is still queued or running:
// its tasks would play the same games files, and the new job's tasks be refused.
type BusyError struct {
	Dir, Scheduler, Job, State string
	Batch                      int    // the job's batch
	Cancel                     string // the command line that cancels it
}

// Error names the job and what to do.
func (e *BusyError) Error() string {
	return fmt.Sprintf("%s job %s (batch %d of an earlier run for %s) is still %s: wait until it ends, or cancel it (%s), then run again",
		e.Scheduler, e.Job, e.Batch, e.Dir, strings.ToLower(e.State), e.Cancel)
}

// TaskLogs returns the scheduler's.
func (c *Cluster) TaskLogs() string { return c.Scheduler.TaskLogs() }

// Submit runs b as one job of the scheduler and waits until it has ended.
func (c *Cluster) Submit(ctx context.Context, b *Batch) error {
	s := c.Scheduler
	if c.Poll <= 0 {
		return fmt.Errorf("poll interval %v: want a positive duration", c.Poll)
	}
	if err := c.Check(ctx, b.Dir); err != nil {
		return err
	}
	args := append(append([]string(nil), b.Args...), "--until-pair", strconv.Itoa(b.UntilPair))
	if err := WriteMatchFile(b.Dir, &MatchFile{Colony: c.Colony, Shards: b.Tasks, Args: args}); err != nil {
		return err
	}
	id, err := s.SubmitArray(ctx, b)
	if err != nil {
		return err
	}
	record := fmt.Sprintf("%s %s %d\n", s.Name(), id, b.Number)
	if err := atomicfile.WriteBytes(filepath.Join(b.Dir, JobFileName), []byte(record)); err != nil {
		c.cancel(id)
		return fmt.Errorf("recording job %s: %w (the job was cancelled)", id, err)
	}
	c.logf("batch %d: job %s, %d tasks, pairs below %d", b.Number, id, b.Tasks, b.UntilPair)
	failures := 0
	for {
		select {
		case <-ctx.Done():
			c.cancel(id)
			return fmt.Errorf("waiting for job %s: %w (the job was cancelled)", id, ctx.Err())
		case <-time.After(c.Poll):
		}
		state, err := s.State(ctx, id)
		switch {
		case err == nil && state == "":
			return nil
		case err == nil:
			failures = 0
		case ctx.Err() != nil:
			continue // cancelled: the select cancels the job
		default:
			// The scheduler may be busy for a moment; give up after a minute of failures.
			failures++
			if time.Duration(failures)*c.Poll > time.Minute {
				c.cancel(id)
				return fmt.Errorf("the state of job %s: %w (the job was cancelled)", id, err)
			}
		}
	}
}

// Check returns a *BusyError when the job recorded in dir (by an earlier run of a
// driver, killed before its job ended) is still queued or running. The driver's Run
// calls it before reading the directory, Submit before each batch.
func (c *Cluster) Check(ctx context.Context, dir string) error {
	name := filepath.Join(dir, JobFileName)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("the job of an earlier run: %w", err)
	}
	fields := strings.Fields(string(data))
	if len(fields) != 3 {
		return fmt.Errorf("%s: %q: want SCHEDULER ID BATCH", name, strings.TrimSpace(string(data)))
	}
	batch, err := strconv.Atoi(fields[2])
	if err != nil {
		return fmt.Errorf("%s: batch %q: not a number", name, fields[2])
	}
	s := c.Scheduler
	if fields[0] != s.Name() {
		c.logf("%s names %s job %s of an earlier run, which a %s submitter cannot look up: make sure it has ended",
			name, fields[0], fields[1], s.Name())
		return nil
	}
	state, err := s.State(ctx, fields[1])
	if err != nil {
		return fmt.Errorf("whether %s job %s of an earlier run for %s still runs: %w", fields[0], fields[1], dir, err)
	}
	if state != "" {
		return &BusyError{Dir: dir, Scheduler: fields[0], Job: fields[1], State: state, Batch: batch, Cancel: s.CancelCommand(fields[1])}
	}
	return nil
}

// cancel cancels job id, telling Logf when it cannot.
func (c *Cluster) cancel(id string) {
	ctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	if err := c.Scheduler.Cancel(ctx, id); err != nil {
		c.logf("%s", err)
	}
}

// logf tells Logf, if there is one.
func (c *Cluster) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}
