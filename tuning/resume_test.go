package tuning_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tuning"
)

// texelRun is a whole Texel run's outputs: its report and the files it wrote.
type texelRun struct {
	report                         string
	weights, checkpoint, lossChart []byte
	steps                          []int
}

// runTexel runs cfg (with resume) and returns its outputs; stopAfter > 0 cancels
// the run's context at that step, and the run must then stop with its
// interruption.
func runTexel(t *testing.T, cfg tuning.TuneConfig, resume bool, stopAfter int) texelRun {
	t.Helper()
	g := openTunable(t, "kalah")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var run texelRun
	hooks := tuning.TuneHooks{Step: func(step int, _ string) {
		run.steps = append(run.steps, step)
		if step == stopAfter {
			cancel()
		}
	}}
	var out strings.Builder
	_, err := tuning.Run(ctx, g, &cfg, tuning.RunOptions{Resume: resume, Name: flag, Hooks: hooks, Out: &out})
	if stopAfter > 0 {
		if !errors.Is(err, context.Canceled) || out.Len() != 0 {
			t.Fatalf("stopped at step %d: %v, report %q", stopAfter, err, out.String())
		}
		return run
	}
	if err != nil {
		t.Fatal(err)
	}
	run.report = strings.ReplaceAll(out.String(), cfg.Dir, "DIR") // the weights file's name
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(cfg.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	run.weights, run.checkpoint, run.lossChart = read("weights.json"), read("checkpoint.json"), read("loss.png")
	return run
}

// texelConfig returns the settings of a Texel run of 30 iterations on positions.
func texelConfig(t *testing.T, positions string) tuning.TuneConfig {
	g := openTunable(t, "kalah")
	hand, _ := g.Weights("hand")
	return tuning.TuneConfig{Method: tuning.MethodTexel, Start: hand, Seed: 1, Iterations: 30, Concurrency: 1,
		Positions: positions, HeldOut: 0.2, L2: 0.0001, Player: "ab:depth=1", Pairs: 1,
		C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101, VerifyPlayer: "ab:depth=1"}
}

// TestTexelResumeIsTheSameRun stops Texel runs after k steps, resumes each from
// its checkpoint, and checks that every one ends as the run that was never
// stopped: the same report, weights file, checkpoint (weights, history, the
// optimiser's state) and loss chart, byte for byte, and each step reported once.
func TestTexelResumeIsTheSameRun(t *testing.T) {
	g := openTunable(t, "kalah")
	posDir := t.TempDir()
	positions := filepath.Join(posDir, "positions.txt")
	if _, err := tuning.WritePositions(g, selfplayFile(t, g, posDir, 30), positions); err != nil {
		t.Fatal(err)
	}
	cfg := texelConfig(t, positions)
	cfg.Dir = filepath.Join(t.TempDir(), "whole")
	whole := runTexel(t, cfg, false, 0)
	n := len(whole.steps)
	if n < 8 || !strings.HasPrefix(whole.report, "loss (held out, ") {
		t.Fatalf("the whole run: %d steps, report %q", n, whole.report)
	}
	t.Logf("the whole run: %d steps\n%s", n, whole.report)
	for _, k := range []int{1, 2, 5, n - 1, n} {
		t.Run(fmt.Sprintf("stopped after %d of %d", k, n), func(t *testing.T) {
			c := cfg
			c.Dir = filepath.Join(t.TempDir(), "stopped")
			first := runTexel(t, c, false, k)
			rest := runTexel(t, c, true, 0)
			steps := append(first.steps, rest.steps...)
			for i, s := range steps {
				if s != i+1 {
					t.Fatalf("steps reported %v, want 1 to %d once each", steps, n)
				}
			}
			switch {
			case len(steps) != n:
				t.Errorf("%d steps in all, want %d", len(steps), n)
			case rest.report != whole.report:
				t.Errorf("report:\n%s\nwant\n%s", rest.report, whole.report)
			case string(rest.weights) != string(whole.weights):
				t.Errorf("weights:\n%s\nwant\n%s", rest.weights, whole.weights)
			case string(rest.checkpoint) != string(whole.checkpoint):
				t.Errorf("the checkpoints differ")
			case string(rest.lossChart) != string(whole.lossChart):
				t.Errorf("the loss charts differ")
			}
		})
	}
	// Capped at 10 iterations, then resumed with 30: the run of 30.
	c := cfg
	c.Dir, c.Iterations = filepath.Join(t.TempDir(), "capped"), 10
	runTexel(t, c, false, 0)
	c.Iterations = 30
	if more := runTexel(t, c, true, 0); more.report != whole.report || string(more.weights) != string(whole.weights) ||
		string(more.checkpoint) != string(whole.checkpoint) {
		t.Errorf("10 iterations, then resumed to 30: not the run of 30:\n%s", more.report)
	}
}

// TestResumeRefusesChangedInputs: a checkpoint without the optimiser's state (of
// an older colony) and input files changed since the run began are refused, with a
// message that names what is wrong.
func TestResumeRefusesChangedInputs(t *testing.T) {
	g := openTunable(t, "kalah")
	dir := t.TempDir()
	positions := filepath.Join(dir, "positions.txt")
	if _, err := tuning.WritePositions(g, selfplayFile(t, g, dir, 10), positions); err != nil {
		t.Fatal(err)
	}
	start := filepath.Join(dir, "start.json")
	hand, _ := g.Weights("hand")
	if err := tuning.WriteWeights(g, start, hand); err != nil {
		t.Fatal(err)
	}
	base := texelConfig(t, positions)
	base.Iterations = 3
	if err := base.SetStart(g, start); err != nil || base.StartFile != start {
		t.Fatalf("SetStart: %v, file %q", err, base.StartFile)
	}
	posData, _ := os.ReadFile(positions)
	startData, _ := os.ReadFile(start)
	tests := []struct {
		name   string
		method string
		change func(ck *tuning.Checkpoint)
		file   string // a file to change before resuming
		data   string
		want   string
	}{
		{name: "unchanged", method: tuning.MethodTexel},
		{name: "spsa unchanged", method: tuning.MethodSPSA},
		{name: "old texel checkpoint", method: tuning.MethodTexel, change: func(ck *tuning.Checkpoint) { ck.LBFGS, ck.Inputs = nil, nil },
			want: "--resume: the checkpoint holds the weights but not the state of the optimiser (written by an older colony)"},
		{name: "old spsa checkpoint", method: tuning.MethodSPSA, change: func(ck *tuning.Checkpoint) { ck.Inputs = nil }},
		{name: "state of another iteration", method: tuning.MethodTexel, change: func(ck *tuning.Checkpoint) { ck.LBFGS.Iteration-- },
			want: "do not agree"},
		{name: "positions changed", method: tuning.MethodTexel, file: positions, data: string(posData) + "\n",
			want: "--resume: the --positions file " + positions + " changed since the run began"},
		{name: "start changed", method: tuning.MethodTexel, file: start, data: string(startData) + " ",
			want: "--resume: the --start file " + start + " changed since the run began"},
		{name: "spsa start changed", method: tuning.MethodSPSA, file: start, data: string(startData) + " ",
			want: "--resume: the --start file " + start + " changed since the run began"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.WriteFile(positions, posData, 0o644)
			os.WriteFile(start, startData, 0o644)
			cfg := base
			cfg.Method, cfg.Iterations = tt.method, 2
			cfg.Dir = filepath.Join(t.TempDir(), "tune")
			if _, err := tuning.Run(context.Background(), g, &cfg, tuning.RunOptions{Name: flag}); err != nil {
				t.Fatal(err)
			}
			ck, err := tuning.ReadCheckpoint(cfg.CheckpointFile())
			if err != nil {
				t.Fatal(err)
			}
			wantInputs := 2
			if tt.method == tuning.MethodSPSA {
				wantInputs = 1
			}
			if len(ck.Inputs) != wantInputs || ck.Inputs[len(ck.Inputs)-1].Name != start || len(ck.Inputs[0].SHA256) != record.HashLen {
				t.Errorf("inputs %+v", ck.Inputs)
			}
			if tt.change != nil {
				tt.change(ck)
				if err := tuning.WriteCheckpoint(cfg.CheckpointFile(), ck); err != nil {
					t.Fatal(err)
				}
			}
			if tt.file != "" {
				os.WriteFile(tt.file, []byte(tt.data), 0o644)
			}
			if tt.method == tuning.MethodTexel {
				cfg.Iterations = 3 // SPSA's iterations are among its settings
			}
			_, err = tuning.Run(context.Background(), g, &cfg, tuning.RunOptions{Name: flag, Resume: true})
			var inputErr *tuning.InputError
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("resume: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &inputErr)):
				t.Errorf("resume: %v, want an input error with %q", err, tt.want)
			}
		})
	}
}

// TestTexelCheckpointUnwritable: a checkpoint that cannot be written stops the run
// at its first iteration with an error that says so.
func TestTexelCheckpointUnwritable(t *testing.T) {
	g := openTunable(t, "kalah")
	dir := t.TempDir()
	positions := filepath.Join(dir, "positions.txt")
	if _, err := tuning.WritePositions(g, selfplayFile(t, g, dir, 10), positions); err != nil {
		t.Fatal(err)
	}
	read, err := tuning.ReadPositions(g, positions)
	if err != nil {
		t.Fatal(err)
	}
	cfg := texelConfig(t, positions)
	cfg.Dir = t.TempDir()
	// A directory where the checkpoint goes: it cannot be replaced by a file.
	if err := os.MkdirAll(filepath.Join(cfg.CheckpointFile(), "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	tuner, err := tuning.NewTexelTuner(g, &cfg, read)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	_, err = tuner.Run(context.Background(), tuning.TuneHooks{Step: func(int, string) { steps++ }})
	if err == nil || !strings.HasPrefix(err.Error(), "checkpoint: ") || steps != 0 {
		t.Errorf("unwritable checkpoint: %v after %d steps", err, steps)
	}
}
