package sprtdriver

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Slurm is the Scheduler of a Slurm cluster: it submits each batch as a job array
// of a job script (the repository's deploy/slurm/match.sbatch) with 'sbatch
// --parsable --array=1-N ... SCRIPT DIR', asks 'squeue' for its state and cancels
// it with 'scancel'. The script reads the match from DIR/match.args (see MatchFile),
// not from the environment, so that sites with --export=NONE run it as well, and a
// task can be resubmitted alone (sbatch --array=K SCRIPT DIR). The directory and the
// program must be on a file system the nodes share.
type Slurm struct {
	Script     string   // the job script, absolute
	SbatchArgs []string // more options for sbatch, such as --cpus-per-task=1
	// Sbatch, Squeue and Scancel are the Slurm commands; "" for sbatch, squeue and
	// scancel (tests give stand-ins).
	Sbatch, Squeue, Scancel string
}

// NewSlurm checks the settings of s and returns its scheduler: s.Script, which must
// name a file, made absolute. name names the settings in the errors as the caller
// spells them (the command line's "--script"); nil leaves them as they are.
func NewSlurm(s Slurm, name func(setting string) string) (*Slurm, error) {
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
	s.SbatchArgs = slices.Clone(s.SbatchArgs)
	return &s, nil
}

// Name returns "slurm".
func (*Slurm) Name() string { return "slurm" }

// TaskLogs returns "DIR/slurm-JOB_K.out", the job script's output of task K.
func (*Slurm) TaskLogs() string { return "DIR/slurm-JOB_K.out" }

// CancelCommand returns "scancel ID".
func (*Slurm) CancelCommand(id string) string { return "scancel " + id }

// command returns name, or def when it is "".
func command(name, def string) string {
	if name == "" {
		return def
	}
	return name
}

// SubmitArray submits b as a job array: sbatch --parsable --array=1-N
// --job-name=colony-sprt-B --output=DIR/slurm-%A_%a.out SBATCH-ARGS... SCRIPT DIR.
func (s *Slurm) SubmitArray(ctx context.Context, b *Batch) (string, error) {
	args := []string{"--parsable", fmt.Sprintf("--array=1-%d", b.Tasks), fmt.Sprintf("--job-name=colony-sprt-%d", b.Number),
		"--output=" + filepath.Join(b.Dir, "slurm-%A_%a.out")}
	args = append(args, s.SbatchArgs...)
	args = append(args, s.Script, b.Dir)
	cmd := exec.CommandContext(ctx, command(s.Sbatch, "sbatch"), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("sbatch: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	// --parsable prints "JOBID" or "JOBID;CLUSTER".
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("sbatch: no job id in its output %q", strings.TrimSpace(string(out)))
	}
	return id, nil
}

// State returns the states of the job's tasks still in the queue, as squeue prints
// them ("RUNNING", "PENDING,RUNNING"), "" when none is.
func (s *Slurm) State(ctx context.Context, id string) (string, error) {
	q := exec.CommandContext(ctx, command(s.Squeue, "squeue"), "--noheader", "--jobs="+id, "--format=%T")
	var qerr bytes.Buffer
	q.Stderr = &qerr
	out, err := q.Output()
	switch {
	case err != nil && strings.Contains(qerr.String(), "Invalid job id"):
		return "", nil // the job ended and was purged
	case err != nil:
		return "", fmt.Errorf("squeue: %w: %s", err, strings.TrimSpace(qerr.String()))
	}
	var states []string
	for _, st := range strings.Fields(string(out)) {
		if !slices.Contains(states, st) {
			states = append(states, st)
		}
	}
	slices.Sort(states)
	return strings.Join(states, ","), nil
}

// Cancel cancels the job with scancel.
func (s *Slurm) Cancel(ctx context.Context, id string) error {
	if out, err := exec.CommandContext(ctx, command(s.Scancel, "scancel"), id).CombinedOutput(); err != nil {
		return fmt.Errorf("scancel %s: %w: %s", id, err, strings.TrimSpace(string(out)))
	}
	return nil
}
