// Package protocoltest helps test programs that run MEP engines: it builds the
// protocol package's misbehaving test engine (protocol/testdata/testengine), finds
// the processes it started, and tells whether a process has ended.
package protocoltest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// BuildEngine builds the test engine (protocol/testdata/testengine, see its doc for
// its flags) into a temporary directory of t and returns its path. It skips t when the
// go tool cannot be found.
func BuildEngine(t testing.TB) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, serr := os.Stat(goTool); serr != nil {
			t.Skipf("the go tool is not on PATH (%v): the test engine is built with it", err)
		}
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("protocoltest: cannot find the test engine's source")
	}
	src := filepath.Join(filepath.Dir(file), "..", "testdata", "testengine")
	out := filepath.Join(t.TempDir(), "testengine")
	if runtime.GOOS == "windows" {
		out += ".exe"
	}
	cmd := exec.Command(goTool, "build", "-o", out, ".")
	cmd.Dir = src
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build the test engine: %v\n%s", err, b)
	}
	return out
}

// startedPid finds the test engine's first line on its standard error.
var startedPid = regexp.MustCompile(`testengine: started \(pid (\d+)\)`)

// LoggedPids returns the process ids of the test engines whose standard error went to
// the files of dir that match pattern (as filepath.Glob reads it, "*.log"): the pid
// each writes on its first line.
func LoggedPids(t testing.TB, dir, pattern string) []int {
	t.Helper()
	logs, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, name := range logs {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range startedPid.FindAllSubmatch(b, -1) {
			pid, err := strconv.Atoi(string(m[1]))
			if err != nil {
				t.Fatalf("%s: pid %q: %v", name, m[1], err)
			}
			pids = append(pids, pid)
		}
	}
	return pids
}

// WaitGone waits up to wait until every process of pids has ended (ProcessGone), and
// fails t for each that has not, saying it survives when.
func WaitGone(t testing.TB, pids []int, wait time.Duration, when string) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for _, pid := range pids {
		for !ProcessGone(pid) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if !ProcessGone(pid) {
			t.Errorf("engine process %d survives %s", pid, when)
		}
	}
}
