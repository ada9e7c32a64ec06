package sprtdriver

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Slurm submits each batch as a Slurm job array of a job script (the repository's
// deploy/slurm/match.sbatch) with 'sbatch --parsable --array=1-N', the match in the
// environment (COLONY_MATCH, the match's flags and --until-pair, split at spaces;
// COLONY_RESULTS, the directory; COLONY, the program), and polls 'squeue' every Poll
// until the job has left the queue. A cancelled context cancels the job (scancel).
// The directory and the program must be on a file system the nodes share.
type Slurm struct {
	Script     string        // the job script, absolute
	SbatchArgs []string      // more options for sbatch, such as --cpus-per-task=1
	Colony     string        // the colony program the tasks run
	Poll       time.Duration // how often to ask squeue whether the job has ended; positive
	// Sbatch, Squeue and Scancel are the Slurm commands; "" for sbatch, squeue and
	// scancel (tests give stand-ins).
	Sbatch, Squeue, Scancel string
	// Logf, if not nil, is told each batch's job, and a job that scancel could not
	// cancel (a line without its newline).
	Logf func(format string, args ...any)
}

// CheckSlurmArgs checks that the match's flags can travel to the job script in an
// environment variable, split at spaces: no argument may be empty or hold a space.
func CheckSlurmArgs(args []string) error {
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n") {
			return fmt.Errorf("the match's argument %q is empty or holds a space, which the job script cannot pass on", a)
		}
	}
	return nil
}

// NewSlurm checks the settings of s for a match whose flags are args and returns
// its submitter: s.Script, which must name a file, made absolute; s.Colony, when "",
// this program; the args checked by CheckSlurmArgs. name names the settings in the
// errors as the caller spells them (the command line's "--script"); nil leaves them
// as they are (script, colony, submitter).
func NewSlurm(s Slurm, args []string, name func(setting string) string) (*Slurm, error) {
	if name == nil {
		name = func(setting string) string { return setting }
	}
	if s.Script == "" {
		return nil, fmt.Errorf("%s slurm needs the job script, %s deploy/slurm/match.sbatch", name("submitter"), name("script"))
	}
	script, err := filepath.Abs(s.Script)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name("script"), err)
	}
	if info, err := os.Stat(script); err != nil || !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %s: not a readable file", name("script"), s.Script)
	}
	s.Script = script
	if s.Colony == "" {
		if s.Colony, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("this program's path, for the tasks: %w (give %s)", err, name("colony"))
		}
	}
	if err := CheckSlurmArgs(args); err != nil {
		return nil, fmt.Errorf("%s slurm: %w", name("submitter"), err)
	}
	return &s, nil
}

// TaskLogs returns "DIR/slurm-JOB_K.out", the job script's output of task K.
func (*Slurm) TaskLogs() string { return "DIR/slurm-JOB_K.out" }

// command returns name, or def when it is "".
func command(name, def string) string {
	if name == "" {
		return def
	}
	return name
}

// Submit submits b as a job array and waits until the job has left the queue.
func (s *Slurm) Submit(ctx context.Context, b *Batch) error {
	if s.Poll <= 0 {
		return fmt.Errorf("poll interval %v: want a positive duration", s.Poll)
	}
	args := []string{"--parsable", fmt.Sprintf("--array=1-%d", b.Tasks), fmt.Sprintf("--job-name=colony-sprt-%d", b.Number),
		"--output=" + filepath.Join(b.Dir, "slurm-%A_%a.out")}
	args = append(args, s.SbatchArgs...)
	args = append(args, s.Script)
	cmd := exec.CommandContext(ctx, command(s.Sbatch, "sbatch"), args...)
	match := append(append([]string(nil), b.Args...), "--until-pair", strconv.Itoa(b.UntilPair))
	cmd.Env = append(os.Environ(), "COLONY="+s.Colony, "COLONY_MATCH="+strings.Join(match, " "), "COLONY_RESULTS="+b.Dir)
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
	s.logf("batch %d: job %s, %d tasks, pairs below %d", b.Number, id, b.Tasks, b.UntilPair)
	failures := 0
	for {
		select {
		case <-ctx.Done():
			s.cancel(id)
			return fmt.Errorf("waiting for job %s: %w (the job was cancelled)", id, ctx.Err())
		case <-time.After(s.Poll):
		}
		q := exec.CommandContext(ctx, command(s.Squeue, "squeue"), "--noheader", "--jobs="+id, "--format=%T")
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
			if time.Duration(failures)*s.Poll > time.Minute {
				s.cancel(id)
				return fmt.Errorf("squeue on job %s: %w: %s", id, err, strings.TrimSpace(qerr.String()))
			}
		}
	}
}

// cancel cancels job id, telling Logf when it cannot.
func (s *Slurm) cancel(id string) {
	ctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	if out, err := exec.CommandContext(ctx, command(s.Scancel, "scancel"), id).CombinedOutput(); err != nil {
		s.logf("scancel %s: %v: %s", id, err, strings.TrimSpace(string(out)))
	}
}

// logf tells Logf, if there is one.
func (s *Slurm) logf(format string, args ...any) {
	if s.Logf != nil {
		s.Logf(format, args...)
	}
}
