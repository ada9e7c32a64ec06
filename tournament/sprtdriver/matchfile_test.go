package sprtdriver

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestMatchFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	m := &MatchFile{Colony: "/opt/colony bin/colony", Shards: 4,
		Args: []string{"--game", "kalah", "-p", `a=cmd:path="my engine"`, "--seed", "", "--until-pair", "8"}}
	if err := WriteMatchFile(dir, m); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, MatchFileName))
	if err != nil {
		t.Fatal(err)
	}
	want := "# colony match file 1\n# read by each task of the match's job array: see deploy/slurm/match.sbatch\n" +
		"colony /opt/colony bin/colony\nshards 4\narg --game\narg kalah\narg -p\narg a=cmd:path=\"my engine\"\narg --seed\narg \narg --until-pair\narg 8\n"
	if string(data) != want {
		t.Errorf("the file\n%q\nwant\n%q", data, want)
	}
	got, err := ReadMatchFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprintf("%#v", *got) != fmt.Sprintf("%#v", *m) {
		t.Errorf("read back %#v, want %#v", *got, *m)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %v (%v), want only the match file", entries, err)
	}
}

func TestMatchFileErrors(t *testing.T) {
	for _, tc := range []struct {
		m   MatchFile
		err string
	}{
		{MatchFile{Colony: "colony", Shards: 1}, `the colony program "colony" is not an absolute path`},
		{MatchFile{Colony: "/a\nb", Shards: 1}, `the colony program "/a\nb" holds a line break`},
		{MatchFile{Colony: "/c", Shards: 0}, "shards: 0: want 1 or more"},
		{MatchFile{Colony: "/c", Shards: 2, Args: []string{"-p", "a=x\ny"}}, `the match's argument "a=x\ny" holds a line break, which the match file cannot hold`},
	} {
		if _, err := tc.m.Encode(); err == nil || err.Error() != tc.err {
			t.Errorf("Encode(%#v): %v, want %q", tc.m, err, tc.err)
		}
	}
	for _, tc := range []struct{ text, err string }{
		{"colony /c\nshards 1\n", `line 1: "colony /c", want "# colony match file 1"`},
		{"# colony match file 1\nshards 1\n", "no colony line"},
		{"# colony match file 1\ncolony /c\n", "no shards line"},
		{"# colony match file 1\ncolony /c\nshards 0\n", `line 3: shards "0": want a number, 1 or more`},
		{"# colony match file 1\ncolony /c\nshards x\n", `line 3: shards "x": want a number, 1 or more`},
		{"# colony match file 1\ncolony /c\nshards 1\nflag -p\n", `line 4: "flag -p": want colony, shards or arg`},
	} {
		if _, err := ParseMatchFile([]byte(tc.text)); err == nil || err.Error() != tc.err {
			t.Errorf("ParseMatchFile(%q): %v, want %q", tc.text, err, tc.err)
		}
	}
}

func TestNewSubmitter(t *testing.T) {
	script := filepath.Join(t.TempDir(), "match.sbatch")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	flag := func(s string) string { return "--" + s }
	const k8s = "image=colony:1,claim=results"
	for _, tc := range []struct {
		name string
		s    SubmitterSettings
		args []string
		want string // the submitter: local, or SCHEDULER COLONY
		err  string
	}{
		{name: "local", s: SubmitterSettings{Kind: "local", Poll: time.Second}, want: "local"},
		{name: "slurm", s: SubmitterSettings{Kind: "slurm", Script: script, Poll: time.Second}, want: "slurm " + self},
		{name: "slurm, a program", s: SubmitterSettings{Kind: "slurm", Script: script, Colony: "/opt/colony", Poll: time.Second}, want: "slurm /opt/colony"},
		{name: "kubernetes", s: SubmitterSettings{Kind: "kubernetes", Kubernetes: k8s, Poll: time.Second}, want: "kubernetes " + ImageColony},
		{name: "pbs", s: SubmitterSettings{Kind: "pbs", Poll: time.Second}, err: `--submitter "pbs": want local, slurm or kubernetes`},
		{name: "local with a script", s: SubmitterSettings{Kind: "local", Script: script, Poll: time.Second}, err: "--script is not for --submitter local"},
		{name: "local with a program", s: SubmitterSettings{Kind: "local", Colony: "/c", Poll: time.Second}, err: "--colony is not for --submitter local"},
		{name: "slurm with kubernetes", s: SubmitterSettings{Kind: "slurm", Script: script, Kubernetes: k8s, Poll: time.Second}, err: "--kubernetes is not for --submitter slurm"},
		{name: "kubernetes with sbatch", s: SubmitterSettings{Kind: "kubernetes", Kubernetes: k8s, SbatchArgs: []string{"-N1"}, Poll: time.Second}, err: "--sbatch-arg is not for --submitter kubernetes"},
		{name: "kubernetes without settings", s: SubmitterSettings{Kind: "kubernetes", Poll: time.Second},
			err: "--kubernetes: no settings: want image=IMAGE,claim=PVC[,namespace=NS][,cpu=N][,memory=SIZE][,retries=N][,mount=PATH]"},
		{name: "no poll", s: SubmitterSettings{Kind: "local"}, err: "--poll must be positive, got 0s"},
		{name: "a line break", s: SubmitterSettings{Kind: "slurm", Script: script, Poll: time.Second}, args: []string{"a\nb"},
			err: `--submitter slurm: the match's argument "a\nb" holds a line break, which the match file cannot hold`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewSubmitter(tc.s, tc.args, flag)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := "local"
			if c, ok := s.(*Cluster); ok {
				got = c.Scheduler.Name() + " " + c.Colony
			}
			if got != tc.want {
				t.Errorf("submitter %q, want %q", got, tc.want)
			}
		})
	}
}
