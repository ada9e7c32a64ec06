//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInputFileKinds checks that every kind of input file named on the command line
// is refused at once, with a message naming it and what it is, when it is a named
// pipe (the command waited for a writer for good, and Ctrl-C did nothing) or a device
// (/dev/zero grew the memory until the program died; /dev/null as a games file took
// every game and kept none).
func TestInputFileKinds(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games.jsonl")
	if code, _, errOut := cli(t, "tournament", "-p", "a=random", "-p", "b=random", "--games", "2", "--games-file", games); code != 0 {
		t.Fatalf("the games file to train on: exit %d, %s", code, errOut)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"network", []string{"analyze", "--player", "ab:depth=1,eval=net:" + fifo}, "FIFO is a named pipe, not a regular file (a network file must be one)"},
		{"network /dev/zero", []string{"analyze", "--player", "ab:depth=1,eval=net:/dev/zero"}, "/dev/zero is a character device, not a regular file (a network file must be one)"},
		{"weights", []string{"analyze", "--player", "ab:depth=1,eval=" + fifo}, "weights file: FIFO is a named pipe, not a regular file (a weights file must be one)"},
		{"engines", []string{"--engines", fifo, "engines"}, "engines file: FIFO is a named pipe, not a regular file (an engines file must be one)"},
		{"engines /dev/zero", []string{"--engines", "/dev/zero", "engines"}, "engines file: /dev/zero is a character device, not a regular file (an engines file must be one)"},
		{"board", []string{"--board", fifo, "rules"}, "board file: FIFO is a named pipe, not a regular file (a board file must be one)"},
		{"board /dev/zero", []string{"--board", "/dev/zero", "rules"}, "board file: /dev/zero is a character device, not a regular file (a board file must be one)"},
		{"openings", []string{"tournament", "-p", "a=random", "-p", "b=random", "--games", "2", "--openings", fifo}, "opening file: FIFO is a named pipe, not a regular file (an opening file must be one)"},
		{"positions", []string{"tune", "--positions", fifo, "--out", filepath.Join(dir, "tune")}, "--positions: FIFO is a named pipe, not a regular file (a positions file must be one)"},
		{"replay", []string{"replay", fifo}, "games file: FIFO is a named pipe, not a regular file (a games file must be one)"},
		{"merge", []string{"tournament", "merge", fifo}, "games file: FIFO is a named pipe, not a regular file (a games file must be one)"},
		{"training data", []string{"train", "--data", fifo, "--out", filepath.Join(dir, "train")}, "games file: FIFO is a named pipe, not a regular file (a games file must be one)"},
		{"training network", []string{"train", "--data", games, "--k", "1", "--init", fifo, "--out", filepath.Join(dir, "train")}, "--init FIFO: FIFO is a named pipe, not a regular file (a network file must be one)"},
		{"games file /dev/null", []string{"tournament", "-p", "a=random", "-p", "b=random", "--games", "2", "--games-file", "/dev/null"}, "games file /dev/null is a device: a games file must be a regular file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				code     int
				out, err string
			}
			done := make(chan result, 1)
			go func() {
				code, out, errOut := cli(t, tc.args...)
				done <- result{code, out, errOut}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(time.Minute): // generous: it answers at once, or waits for good
				t.Fatal("the command hangs")
			}
			if got := strings.ReplaceAll(r.err, fifo, "FIFO"); r.code != 2 || !strings.Contains(got, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, got, tc.want)
			}
		})
	}
}
