//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// affinityEngine writes a wrapper of the Python example engine that writes the CPUs
// it may run on to its standard error (its log) at each go, and returns its path.
func affinityEngine(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "affinity.py")
	text := `import os, runpy, sys
class Lines:
    def __iter__(self):
        for line in sys.__stdin__:
            if line.startswith("go"):
                sys.stderr.write("cpus %s\n" % ",".join(str(c) for c in sorted(os.sched_getaffinity(0))))
                sys.stderr.flush()
            yield line
sys.stdin = Lines()
runpy.run_path(` + strconv.Quote(script) + `, run_name="__main__")
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// engineCPUs returns the distinct "cpus" lines of the engine logs under dir.
func engineCPUs(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, line := range regexp.MustCompile(`(?m)^cpus (.*)$`).FindAllStringSubmatch(readLogs(t, filepath.Join(dir, "engines")), -1) {
		if !slices.Contains(out, line[1]) {
			out = append(out, line[1])
		}
	}
	slices.Sort(out)
	return out
}

// TestTournamentAffinity: with --affinity and two games at once, each engine searches
// on the CPUs of its game slot, half of those the run may use each; without it, on
// all of them.
func TestTournamentAffinity(t *testing.T) {
	engine := affinityEngine(t)
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		t.Fatal(err)
	}
	var cpus []string
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			cpus = append(cpus, strconv.Itoa(c))
		}
	}
	if len(cpus) < 2 {
		t.Skip("fewer than two CPUs")
	}
	half := len(cpus) / 2
	spec := "cmd:path=python3,args=" + engine
	run := func(extra ...string) []string {
		out := t.TempDir()
		args := append([]string{"tournament", "--game", "kalah", "-p", "a=" + spec, "-p", "b=" + spec, "--games", "4",
			"--concurrency", "2", "--progress", "off", "--out", out}, extra...)
		engineTourn(t, args...)
		return engineCPUs(t, out)
	}
	want := []string{strings.Join(cpus[:half], ","), strings.Join(cpus[half:2*half], ",")}
	slices.Sort(want)
	if got := run("--affinity"); !slices.Equal(got, want) {
		t.Errorf("--affinity: the engines searched on CPUs %q, want %q (a set for each game slot)", got, want)
	}
	if got, want := run(), []string{strings.Join(cpus, ",")}; !slices.Equal(got, want) {
		t.Errorf("without --affinity: the engines searched on CPUs %q, want %q", got, want)
	}
}
