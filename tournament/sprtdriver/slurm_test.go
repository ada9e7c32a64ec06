package sprtdriver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedLog is a log that the submitter writes while the test reads it.
type lockedLog struct {
	mu sync.Mutex
	sb strings.Builder
}

func (l *lockedLog) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.sb, format+"\n", args...)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sb.String()
}

// TestSlurmSubmit runs the Slurm submitter against the stand-ins of sbatch, squeue
// and scancel in testdata, which record their command lines and answer as the test
// says.
func TestSlurmSubmit(t *testing.T) {
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, sbatch, squeue, scancel string
		interrupt                     bool   // cancel the context once the job is submitted
		err                           string // the error, or ""
		squeues                       int    // the calls of squeue
		log                           string // the log (@ for the directory)
		cancelled                     bool   // scancel was called
	}{
		{name: "done at once", sbatch: "ok", squeue: "empty", squeues: 1,
			log: "batch 2: job 4242, 3 tasks, pairs below 8\n"},
		{name: "running, then done", sbatch: "ok", squeue: "running-once", squeues: 2,
			log: "batch 2: job 4242, 3 tasks, pairs below 8\n"},
		{name: "purged", sbatch: "cluster", squeue: "purged", squeues: 1,
			log: "batch 2: job 77, 3 tasks, pairs below 8\n"},
		{name: "sbatch fails", sbatch: "fail", err: "sbatch: exit status 1: sbatch: error: no partition"},
		{name: "no job id", sbatch: "noid", err: `sbatch: no job id in its output "Submitted batch job"`},
		{name: "interrupted", sbatch: "cluster", squeue: "running", interrupt: true, cancelled: true,
			err: "waiting for job 77: context canceled (the job was cancelled)", log: "batch 2: job 77, 3 tasks, pairs below 8\n"},
		{name: "interrupted, scancel fails", sbatch: "cluster", squeue: "running", scancel: "fail", interrupt: true, cancelled: true,
			err: "waiting for job 77: context canceled (the job was cancelled)",
			log: "batch 2: job 77, 3 tasks, pairs below 8\nscancel 77: exit status 1: scancel: error: no such job\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := filepath.Join(t.TempDir(), "calls")
			t.Setenv("FAKE_SLURM_CALLS", calls)
			t.Setenv("FAKE_SBATCH", tc.sbatch)
			t.Setenv("FAKE_SQUEUE", tc.squeue)
			t.Setenv("FAKE_SCANCEL", tc.scancel)
			dir := t.TempDir()
			var log lockedLog
			s := &Slurm{Script: "/jobs/match.sbatch", SbatchArgs: []string{"--cpus-per-task=1"}, Colony: "/bin/colony", Poll: time.Millisecond,
				Sbatch: filepath.Join(testdata, "sbatch"), Squeue: filepath.Join(testdata, "squeue"), Scancel: filepath.Join(testdata, "scancel"),
				Logf: log.logf}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.interrupt {
				go func() {
					// Interrupt once the job's id is told: the submitter is then waiting.
					for !strings.Contains(log.String(), "job 77") {
						time.Sleep(time.Millisecond)
					}
					cancel()
				}()
			}
			b := &Batch{Number: 2, Tasks: 3, UntilPair: 8, Args: []string{"-p", "a=random", "-p", "b=greedy"}, Dir: dir}
			err := s.Submit(ctx, b)
			if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != tc.err) {
				t.Errorf("Submit: %v, want %q", err, tc.err)
			}
			if got := log.String(); got != tc.log {
				t.Errorf("log %q, want %q", got, tc.log)
			}
			data, err := os.ReadFile(calls)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			want := fmt.Sprintf("sbatch --parsable --array=1-3 --job-name=colony-sprt-2 --output=%s --cpus-per-task=1 /jobs/match.sbatch | -p a=random -p b=greedy --until-pair 8 | %s | /bin/colony",
				filepath.Join(dir, "slurm-%A_%a.out"), dir)
			if lines[0] != want {
				t.Errorf("sbatch's call\n%s\nwant\n%s", lines[0], want)
			}
			squeues, cancelled := 0, false
			for _, l := range lines[1:] {
				switch {
				case strings.HasPrefix(l, "squeue --noheader --jobs="):
					squeues++
				case l == "scancel 77":
					cancelled = true
				default:
					t.Errorf("an unexpected call %q", l)
				}
			}
			if (!tc.interrupt && squeues != tc.squeues) || cancelled != tc.cancelled {
				t.Errorf("squeue called %d times, scancel %v; want %d, %v", squeues, cancelled, tc.squeues, tc.cancelled)
			}
		})
	}
}

func TestSlurmSubmitNeedsAPoll(t *testing.T) {
	s := &Slurm{Script: "match.sbatch", Sbatch: "/nonexistent/sbatch"}
	if err := s.Submit(context.Background(), &Batch{Number: 1, Tasks: 1, UntilPair: 1}); err == nil || !strings.Contains(err.Error(), "poll interval 0s") {
		t.Errorf("Submit without a poll interval: %v", err)
	}
	if got := s.TaskLogs(); got != "DIR/slurm-JOB_K.out" {
		t.Errorf("TaskLogs() = %q", got)
	}
}

func TestCheckSlurmArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-p", "a=ab:depth=3", "--games", "400"}, ""},
		{nil, ""},
		{[]string{"-p", "a=cmd:path=\"my engine\""}, `the match's argument "a=cmd:path=\"my engine\"" is empty or holds a space, which the job script cannot pass on`},
		{[]string{"--seed", ""}, `the match's argument "" is empty or holds a space, which the job script cannot pass on`},
		{[]string{"a\tb"}, `the match's argument "a\tb" is empty or holds a space, which the job script cannot pass on`},
	} {
		err := CheckSlurmArgs(tc.args)
		if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != tc.err) {
			t.Errorf("CheckSlurmArgs(%q) = %v, want %q", tc.args, err, tc.err)
		}
	}
}
