//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/colony-ai/colony/protocol/protocoltest"
)

// TestKilledTournamentLeavesNoEngine runs a tournament (this test binary as colony)
// between two engines started by wrappers that let them escape the engine's process
// group, a shell that does not exec the engine and a child in a session of its own
// (setsid), kills the runner with SIGKILL while they search, and checks that no engine
// survives it.
func TestKilledTournamentLeavesNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	engine := protocoltest.BuildEngine(t)
	dir := t.TempDir()
	wrappers := map[string]string{
		"noexec": "#!/bin/sh\n" + engine + " \"$@\"\n:\n",
		"setsid": "#!/bin/sh\nsetsid " + engine + " \"$@\"\n:\n",
	}
	for name, script := range wrappers {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "run")
	// Each engine never answers its second go (for the spec's timeout, an hour): the
	// runner is killed while it waits.
	spec := func(name string) string {
		return name + "=cmd:" + filepath.Join(dir, name) + `,timeout=1h,args="-fault noreply -fault-turn 2"`
	}
	runner := exec.Command(os.Args[0], "tournament", "--game", "kalah", "-p", spec("noexec"), "-p", spec("setsid"),
		"--games", "2", "--concurrency", "1", "--out", out, "--progress", "off")
	runner.Env = append(os.Environ(), "COLONY_TEST_MAIN=1")
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = runner.Process.Kill()
		_ = runner.Wait()
	}()
	var pids []int
	for deadline := time.Now().Add(time.Minute); len(pids) < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("engines in the logs: %v, want 2", pids)
		}
		pids = protocoltest.LoggedPids(t, filepath.Join(out, "engines"), "*.log")
	}
	time.Sleep(200 * time.Millisecond) // the engines search
	for _, pid := range pids {
		if protocoltest.ProcessGone(pid) {
			t.Fatalf("engine %d is not running before the kill", pid)
		}
	}
	if err := runner.Process.Kill(); err != nil { // SIGKILL: no deferred function runs
		t.Fatal(err)
	}
	_ = runner.Wait()
	protocoltest.WaitGone(t, pids, 30*time.Second, "kill -9 of the runner")
	for _, pid := range pids { // an engine left running fails the test, but not the next ones
		if !protocoltest.ProcessGone(pid) {
			if p, err := os.FindProcess(pid); err == nil {
				_ = p.Kill()
			}
		}
	}
}
