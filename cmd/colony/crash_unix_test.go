//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGoCrashIsNotBadInput: the fatal paths of the Go runtime, which exit with status
// 2 by default, the status of bad input (exitUsage), end colony by SIGABRT instead
// (status 134 in a shell), with the runtime's message on standard error: SIGQUIT to
// a running command (an engine waiting for its runner), and a panic in a goroutine
// that nothing recovers. With GOTRACEBACK set, Go's own handling is kept.
func TestGoCrashIsNotBadInput(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mode    string   // COLONY_TEST_MAIN
		env     []string // more of the environment
		quit    bool     // SIGQUIT once the engine has answered
		message string   // on standard error
		status  int      // -1: killed by SIGABRT
	}{
		{"SIGQUIT", "1", nil, true, "SIGQUIT: quit", -1},
		{"a goroutine's panic", "goroutine-panic", nil, false, "panic: a bug in a goroutine", -1},
		{"SIGQUIT, GOTRACEBACK set", "1", []string{"GOTRACEBACK=single"}, true, "SIGQUIT: quit", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			self, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(self, "engine", "--game", "kalah")
			cmd.Dir = t.TempDir() // a core file, where the system writes one, goes there
			cmd.Env = append(append(os.Environ(), "COLONY_TEST_MAIN="+tc.mode, "GOTRACEBACK="), tc.env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			timer := time.AfterFunc(time.Minute, func() { _ = cmd.Process.Kill() })
			defer timer.Stop()
			if tc.quit {
				// The engine runs (its signal handlers too) once it answers.
				if _, err := stdin.Write([]byte("mep 1\nisready\n")); err != nil {
					t.Fatal(err)
				}
				sc := bufio.NewScanner(stdout)
				for sc.Scan() && sc.Text() != "readyok" {
				}
				if err := cmd.Process.Signal(syscall.SIGQUIT); err != nil {
					t.Fatal(err)
				}
			}
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("colony ended with %v, want a crash", err)
			}
			ws := ee.Sys().(syscall.WaitStatus)
			got := ws.ExitStatus()
			if ws.Signaled() {
				got = -1
				if ws.Signal() != syscall.SIGABRT {
					t.Errorf("killed by %v, want SIGABRT", ws.Signal())
				}
			}
			if got != tc.status {
				t.Errorf("exit status %d (-1: killed by a signal), want %d", got, tc.status)
			}
			if !strings.Contains(stderr.String(), tc.message) {
				t.Errorf("stderr does not say %q:\n%.2000s", tc.message, stderr.String())
			}
		})
	}
}
