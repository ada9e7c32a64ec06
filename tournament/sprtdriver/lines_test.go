package sprtdriver

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

func TestNewSlurm(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "match.sbatch")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(mustGetwd(t), script)
	if err != nil {
		t.Fatal(err)
	}
	flag := func(setting string) string { return "--" + setting }
	for _, tc := range []struct {
		name  string
		s     Slurm
		named func(string) string
		err   string // the error, or ""
	}{
		{name: "absolute", s: Slurm{Script: script}},
		{name: "relative", s: Slurm{Script: rel}},
		{name: "no script", s: Slurm{}, named: flag,
			err: "--submitter slurm needs the job script, --script deploy/slurm/match.sbatch"},
		{name: "no script, plain names", s: Slurm{},
			err: "submitter slurm needs the job script, script deploy/slurm/match.sbatch"},
		{name: "missing script", s: Slurm{Script: "no/such.sbatch"}, named: flag,
			err: "--script no/such.sbatch: not a readable file"},
		{name: "script is a directory", s: Slurm{Script: dir}, named: flag,
			err: fmt.Sprintf("--script %s: not a readable file", dir)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewSlurm(tc.s, tc.named)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Script != script {
				t.Errorf("script %q, want %q", s.Script, script)
			}
		})
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestBatchSummaryAndDecision(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	lower, upper := test.Bounds()
	for _, tc := range []struct {
		name              string
		st                record.SPRTState
		summary, decision string
	}{
		{name: "continues", st: record.SPRTState{Test: test, Pentanomial: stats.Pentanomial{1, 2, 3, 2, 1}, LLR: 0.5, Verdict: stats.Continue, StopPair: -1},
			summary:  fmt.Sprintf("batch 3: pairs below 24: llr 0.500 [%.3f, %.3f] after 9 pairs: %v\n", lower, upper, stats.Continue),
			decision: "the SPRT did not decide in the 40 pairs of the schedule\n"},
		{name: "decided", st: record.SPRTState{Test: test, Pentanomial: stats.Pentanomial{0, 0, 0, 0, 20}, LLR: 3.1, Verdict: stats.AcceptH1, StopPair: 19},
			summary:  fmt.Sprintf("batch 3: pairs below 24: llr 3.100 [%.3f, %.3f] after 20 pairs: %v\n", lower, upper, stats.AcceptH1),
			decision: fmt.Sprintf("the SPRT decided at pair 20 (%v) in batch 3: 24 pairs played; the report counts the 40 games up to the decision\n", stats.AcceptH1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Batch{Number: 3, Tasks: 2, UntilPair: 24}
			if got := b.Summary(&tc.st); got != tc.summary {
				t.Errorf("Summary = %q, want %q", got, tc.summary)
			}
			o := &Conclusion{Batches: 3, PlayedPairs: 24, TotalPairs: 40,
				Result: &record.Collection{Games: make([]record.Record, 40), SPRT: &tc.st}}
			if got := o.Decision(); got != tc.decision {
				t.Errorf("Decision = %q, want %q", got, tc.decision)
			}
		})
	}
}
