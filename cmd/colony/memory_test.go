package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// TestTablesUnderUlimit runs the command under an address-space limit (ulimit -v) in
// a subprocess, with tables and trees that do not all fit: it must finish (exit 0) or
// refuse with a message saying what does not fit (exit 2), never end with the Go
// runtime's "fatal error: out of memory" and its goroutines.
func TestTablesUnderUlimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory budget reads its limits on Linux only")
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "-race" && s.Value == "true" {
				t.Skip("the race detector reserves address space of its own")
			}
		}
	}
	if err := exec.Command("sh", "-c", "ulimit -v 4000000").Run(); err != nil {
		t.Skipf("no ulimit -v here: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A child's size once it serves (the Go runtime's reservations included): a
	// limit of it and 300 MB leaves a budget of 250 MB or so (the size at the first
	// use of the budget varies by a few hundred MB).
	vmKB := childSizeKB(t, self)
	for _, tc := range []struct {
		name    string
		limitKB int
		args    []string
		refused bool // the run must be refused (exit 2) rather than finish
		long    bool
	}{
		// The reproductions.
		{"tournament", 3000000, []string{"--game", "kalah", "tournament", "-p", "a=ab:depth=3,tt=400", "-p", "b=ab:depth=2,tt=400",
			"-p", "c=ab:depth=2,tt=400", "--games", "2", "--concurrency", "3", "--progress", "off"}, false, false},
		{"analyze", 2000000, []string{"--game", "kalah", "analyze", "--player", "mcts:sims=3000000"}, false, true},
		// Little room: the tree's mem=512 cannot fit, nor the tables of three games.
		{"analyze, little room", vmKB + 300000, []string{"--game", "kalah", "analyze", "--player", "mcts:sims=3000000"}, true, false},
		{"tournament, little room", vmKB + 300000, []string{"--game", "kalah", "tournament", "-p", "a=ab:depth=2,tt=200", "-p", "b=ab:depth=2,tt=200",
			"--games", "2", "--concurrency", "3", "--progress", "off"}, true, false},
		// A tree that fits the budget grows and finishes.
		{"analyze, a tree within the budget", vmKB + 300000, []string{"--game", "kalah", "analyze", "--player", "mcts:sims=200000,mem=100"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && !longTests {
				t.Skip("long (-tags long)")
			}
			cmd := exec.Command("sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, tc.limitKB), self}, tc.args...)...)
			cmd.Env = append(os.Environ(), "COLONY_TEST_MAIN=1")
			cmd.Dir = t.TempDir()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			msg := stderr.String()
			if strings.Contains(msg, "fatal error") || strings.Contains(msg, "goroutine ") {
				t.Fatalf("ulimit -v %d, colony %q: the Go runtime's end (exit %d): %.400s", tc.limitKB, tc.args, code, msg)
			}
			switch {
			case code == 2 && strings.Contains(msg, "available to this program's tables"):
			case code == 0 && !tc.refused:
			default:
				t.Fatalf("ulimit -v %d, colony %q: exit %d (%v), stderr %.400s; want 0, or 2 with what does not fit", tc.limitKB, tc.args, code, err, msg)
			}
			if tc.refused && code != 2 {
				t.Errorf("finished; want a refusal with so little room")
			}
			t.Logf("exit %d: %.300s", code, msg)
		})
	}
}

// childSizeKB returns the size (VmSize, in kB) of the colony command run by the
// test binary self once it is up: an engine after its handshake.
func childSizeKB(t *testing.T, self string) int {
	t.Helper()
	cmd := exec.Command(self, "--game", "kalah", "engine", "--player", "random")
	cmd.Env = append(os.Environ(), "COLONY_TEST_MAIN=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		_ = cmd.Wait()
	}()
	if _, err := io.WriteString(in, "mep 1\n"); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(out)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("the engine's handshake: %v", err)
		}
		if line == "mepok 1\n" {
			break
		}
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	if err != nil {
		t.Skip(err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmSize:" {
			if kb, err := strconv.Atoi(f[1]); err == nil && kb > 0 {
				return kb
			}
		}
	}
	t.Skip("no VmSize in /proc/PID/status")
	return 0
}
