package sprtdriver

import (
	"context"
	"errors"
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

// testdataPath returns the absolute path of testdata/name.
func testdataPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// readLines returns the lines of the file name, none when it does not exist.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// TestClusterSlurm runs a Cluster of Slurm against the stand-ins of sbatch, squeue
// and scancel in testdata, which record their command lines and answer as the test
// says: the match file and the job file it writes, the calls, the log, the error.
func TestClusterSlurm(t *testing.T) {
	const batchLog = "batch 2: job %s, 3 tasks, pairs below 8\n"
	for _, tc := range []struct {
		name, sbatch, squeue, scancel string
		recorded                      string // the job file before the batch, or ""
		interrupt                     bool   // cancel the context once the job is submitted
		err                           string // the error, or "" (@ for the directory)
		calls                         string // the calls after sbatch's, joined by "; " (squeue: q)
		log                           string // the log
		job                           string // the job file after, "" for none
	}{
		{name: "done at once", sbatch: "ok", squeue: "empty", calls: "q", log: fmt.Sprintf(batchLog, "4242"), job: "slurm 4242 2"},
		{name: "running, then done", sbatch: "ok", squeue: "running-once", calls: "q; q", log: fmt.Sprintf(batchLog, "4242"), job: "slurm 4242 2"},
		{name: "purged", sbatch: "cluster", squeue: "purged", calls: "q", log: fmt.Sprintf(batchLog, "77"), job: "slurm 77 2"},
		{name: "sbatch fails", sbatch: "fail", err: "sbatch: exit status 1: sbatch: error: no partition"},
		{name: "no job id", sbatch: "noid", err: `sbatch: no job id in its output "Submitted batch job"`},
		{name: "interrupted", sbatch: "cluster", squeue: "running", interrupt: true, calls: "scancel 77",
			err: "waiting for job 77: context canceled (the job was cancelled)", log: fmt.Sprintf(batchLog, "77"), job: "slurm 77 2"},
		{name: "interrupted, scancel fails", sbatch: "cluster", squeue: "running", scancel: "fail", interrupt: true, calls: "scancel 77",
			err: "waiting for job 77: context canceled (the job was cancelled)",
			log: fmt.Sprintf(batchLog, "77") + "scancel 77: exit status 1: scancel: error: no such job\n", job: "slurm 77 2"},
		{name: "an earlier run's job still running", recorded: "slurm 55 1\n", sbatch: "ok", squeue: "running",
			err: "slurm job 55 (batch 1 of an earlier run for @) is still running: wait until it ends, or cancel it (scancel 55), then run again",
			job: "slurm 55 1"},
		{name: "an earlier run's job ended", recorded: "slurm 55 1\n", sbatch: "ok", squeue: "purged", calls: "q",
			log: fmt.Sprintf(batchLog, "4242"), job: "slurm 4242 2"},
		{name: "an earlier run's job not known", recorded: "slurm 55 1\n", sbatch: "ok", squeue: "down",
			err: "whether slurm job 55 of an earlier run for @ still runs: squeue: exit status 1: slurm_load_jobs error: Unable to contact slurm controller",
			job: "slurm 55 1"},
		{name: "a bad job file", recorded: "slurm 55\n", sbatch: "ok", err: `@/job: "slurm 55": want SCHEDULER ID BATCH`, job: "slurm 55"},
		{name: "another scheduler's job", recorded: "kubernetes colony-sprt-1-abcde 1\n", sbatch: "ok", squeue: "empty", calls: "q",
			log: "@/job names kubernetes job colony-sprt-1-abcde of an earlier run, which a slurm submitter cannot look up: make sure it has ended\n" +
				fmt.Sprintf(batchLog, "4242"), job: "slurm 4242 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := filepath.Join(t.TempDir(), "calls")
			t.Setenv("FAKE_SLURM_CALLS", calls)
			t.Setenv("FAKE_SBATCH", tc.sbatch)
			t.Setenv("FAKE_SQUEUE", tc.squeue)
			t.Setenv("FAKE_SCANCEL", tc.scancel)
			dir := t.TempDir()
			if tc.recorded != "" {
				if err := os.WriteFile(filepath.Join(dir, JobFileName), []byte(tc.recorded), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			at := func(s string) string { return strings.ReplaceAll(s, "@", dir) }
			var log lockedLog
			s := &Slurm{Script: "/jobs/match.sbatch", SbatchArgs: []string{"--cpus-per-task=1"},
				Sbatch: testdataPath(t, "sbatch"), Squeue: testdataPath(t, "squeue"), Scancel: testdataPath(t, "scancel")}
			c := &Cluster{Scheduler: s, Colony: "/bin/colony", Poll: time.Millisecond, Logf: log.logf}
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
			b := &Batch{Number: 2, Tasks: 3, UntilPair: 8, Args: []string{"-p", "a=random", "-p", "b=cmd:path=\"my engine\""}, Dir: dir}
			err := c.Submit(ctx, b)
			if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != at(tc.err)) {
				t.Errorf("Submit: %v, want %q", err, at(tc.err))
			}
			var busy *BusyError
			if errors.As(err, &busy) != strings.Contains(tc.err, "still running") {
				t.Errorf("Submit: %v: a *BusyError %v", err, busy != nil)
			}
			if got := log.String(); got != at(tc.log) {
				t.Errorf("log %q, want %q", got, at(tc.log))
			}
			if got := strings.Join(readLines(t, filepath.Join(dir, JobFileName)), "\n"); got != tc.job {
				t.Errorf("the job file %q, want %q", got, tc.job)
			}

			lines := readLines(t, calls)
			if tc.recorded != "" && tc.squeue != "" && !strings.HasPrefix(tc.recorded, "kubernetes") {
				if len(lines) == 0 || lines[0] != "squeue --noheader --jobs=55 --format=%T" {
					t.Fatalf("the first call %q, want the earlier run's job asked", lines)
				}
				lines = lines[1:]
			}
			submitted := tc.err == "" || strings.HasPrefix(tc.err, "waiting") || strings.HasPrefix(tc.err, "sbatch")
			if !submitted {
				if len(lines) != 0 {
					t.Errorf("calls %q, want none", lines)
				}
				if _, err := os.Stat(filepath.Join(dir, MatchFileName)); err == nil {
					t.Errorf("a match file was written for a batch not submitted")
				}
				return
			}
			want := fmt.Sprintf("sbatch --parsable --array=1-3 --job-name=colony-sprt-2 --output=%s --cpus-per-task=1 /jobs/match.sbatch %s",
				filepath.Join(dir, "slurm-%A_%a.out"), dir)
			if len(lines) == 0 || lines[0] != want {
				t.Fatalf("sbatch's call\n%q\nwant\n%s", lines, want)
			}
			var rest []string
			for _, l := range lines[1:] {
				if strings.HasPrefix(l, "squeue --noheader --jobs=") {
					l = "q"
				}
				rest = append(rest, l)
			}
			if got := strings.Join(rest, "; "); !tc.interrupt && got != tc.calls || tc.interrupt && !strings.HasSuffix(got, tc.calls) {
				t.Errorf("calls after sbatch %q, want %q", got, tc.calls)
			}
			m, err := ReadMatchFile(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fmt.Sprintf("%s %d %q", m.Colony, m.Shards, m.Args),
				`/bin/colony 3 ["-p" "a=random" "-p" "b=cmd:path=\"my engine\"" "--until-pair" "8"]`; got != want {
				t.Errorf("the match file: %s, want %s", got, want)
			}
		})
	}
}

func TestClusterNeedsAPoll(t *testing.T) {
	c := &Cluster{Scheduler: &Slurm{Script: "match.sbatch", Sbatch: "/nonexistent/sbatch"}}
	if err := c.Submit(context.Background(), &Batch{Number: 1, Tasks: 1, UntilPair: 1}); err == nil || err.Error() != "poll interval 0s: want a positive duration" {
		t.Errorf("Submit without a poll interval: %v", err)
	}
	if got := c.TaskLogs(); got != "DIR/slurm-JOB_K.out" {
		t.Errorf("TaskLogs() = %q", got)
	}
}

func TestSlurmState(t *testing.T) {
	t.Setenv("FAKE_SLURM_CALLS", filepath.Join(t.TempDir(), "calls"))
	s := &Slurm{Squeue: testdataPath(t, "squeue")}
	for _, tc := range []struct{ squeue, state, err string }{
		{"empty", "", ""},
		{"running", "RUNNING", ""},
		{"running-once", "PENDING,RUNNING", ""},
		{"purged", "", ""},
		{"down", "", "squeue: exit status 1: slurm_load_jobs error: Unable to contact slurm controller"},
	} {
		t.Setenv("FAKE_SQUEUE", tc.squeue)
		state, err := s.State(context.Background(), "9")
		if state != tc.state || fmt.Sprint(err) != map[bool]string{true: "<nil>", false: tc.err}[tc.err == ""] {
			t.Errorf("%s: State = %q, %v; want %q, %q", tc.squeue, state, err, tc.state, tc.err)
		}
	}
}

// TestRunRefusesBesideARunningJob runs a driver on a directory whose recorded job
// (of a killed driver) is still running, its games file half written: Run returns
// the *BusyError before it reads the files, and submits nothing.
func TestRunRefusesBesideARunningJob(t *testing.T) {
	calls := filepath.Join(t.TempDir(), "calls")
	t.Setenv("FAKE_SLURM_CALLS", calls)
	t.Setenv("FAKE_SQUEUE", "running")
	dir := t.TempDir()
	for name, text := range map[string]string{JobFileName: "slurm 55 1\n", "shard-1.jsonl": `{"half a line`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := &Cluster{Scheduler: &Slurm{Script: "/jobs/match.sbatch", Sbatch: testdataPath(t, "sbatch"), Squeue: testdataPath(t, "squeue")},
		Colony: "/bin/colony", Poll: time.Millisecond}
	d, err := New(Config{Match: matchConfig(t, "greedy", "random", 20), BatchPairs: 2, Tasks: 2, Dir: dir, Submitter: c})
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Run(context.Background())
	var busy *BusyError
	if !errors.As(err, &busy) || busy.Job != "55" || busy.State != "RUNNING" || busy.Batch != 1 {
		t.Fatalf("Run: %v, want the *BusyError of job 55", err)
	}
	if got := strings.Join(readLines(t, calls), "; "); got != "squeue --noheader --jobs=55 --format=%T" {
		t.Errorf("calls %q, want squeue's only", got)
	}
}
