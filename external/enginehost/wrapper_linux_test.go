//go:build linux

package enginehost

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/protocol/protocoltest"
)

// wrappers are programs that start the test engine ($0 in their script, its
// arguments after) the ways that let processes escape a kill of the engine's
// process: a shell that does not exec it (the engine is a grandchild), and a child
// in a session of its own (setsid: the engine is in no group of the runner's).
var wrappers = []struct {
	name   string
	script string
}{
	{"sh without exec", `"$0" "$@"; :`},
	{"setsid child", `setsid "$0" "$@"; :`},
	{"python setsid child", `exec python3 -c 'import os, sys
pid = os.fork()
if pid == 0:
    os.setsid()
    os.execv(sys.argv[1], sys.argv[1:])
os.waitpid(pid, 0)' "$0" "$@"`},
}

// startedPid reads the test engine's pid from its first line on its standard error.
var startedPid = regexp.MustCompile(`testengine: started \(pid (\d+)\)`)

// wrapped returns the Process of the test engine started by the wrapper script, its
// standard error to stderr, staying an hour after its input ends.
func wrapped(engine, script string, stderr io.Writer) Process {
	return Process{Path: "/bin/sh", Args: []string{"-c", script, engine, "-linger", "1h"}, Stderr: stderr}
}

// waitEnginePid waits for the test engine's pid in its stderr log.
func waitEnginePid(t *testing.T, log *syncBuffer) int {
	t.Helper()
	deadline := time.Now().Add(testWait)
	for time.Now().Before(deadline) {
		if m := startedPid.FindStringSubmatch(log.String()); m != nil {
			pid, _ := strconv.Atoi(m[1])
			return pid
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the test engine did not say its pid; its stderr: %q", log.String())
	return 0
}

// TestWrappedEngineEnds checks that the engine a wrapper started, in its group or
// not, ends with the Client, whose Close says that it had to be killed.
func TestWrappedEngineEnds(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	engine := protocoltest.BuildEngine(t)
	for _, w := range wrappers {
		t.Run(w.name, func(t *testing.T) {
			if strings.Contains(w.script, "python3") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			var log syncBuffer
			c, err := Start(context.Background(), wrapped(engine, w.script, &log), protocol.Timeouts{Quit: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			pid := waitEnginePid(t, &log)
			if err := c.NewGame(context.Background(), "kalah"); err != nil {
				t.Fatal(err)
			}
			var moves []string
			if err := play(c, &moves, 2, depth1, testWait); err != nil {
				t.Fatal(err)
			}
			err = c.Close()
			if err == nil || !strings.Contains(err.Error(), "did not exit within 200ms of quit: killed") {
				t.Errorf("Close: %v, want that the engine was killed", err)
			}
			protocoltest.WaitGone(t, []int{pid}, testWait, "the protocol.Client's Close")
			if left := protocoltest.ChildProcesses(); len(left) > 0 {
				t.Errorf("processes %v (the supervisor?) left after Close", left)
			}
		})
	}
}

// TestEngineLeftProcess checks that Close names the processes an engine that exited
// left running (here a sleep in a session of its own, whose parent has exited), and
// kills them.
func TestEngineLeftProcess(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	engine := protocoltest.BuildEngine(t)
	pidFile := t.TempDir() + "/sleep.pid"
	script := fmt.Sprintf(`(setsid sh -c 'echo $$ > %s; exec sleep 3600' &); exec "$0"`, pidFile)
	var log syncBuffer
	c, err := Start(context.Background(), Process{Path: "/bin/sh", Args: []string{"-c", script, engine}, Stderr: &log}, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	var sleepPid int
	for deadline := time.Now().Add(testWait); sleepPid == 0 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		b, _ := os.ReadFile(pidFile)
		sleepPid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	if sleepPid == 0 {
		t.Fatal("the sleep did not start")
	}
	for deadline := time.Now().Add(testWait); procName(sleepPid) != "sleep" && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	err = c.Close()
	want := fmt.Sprintf("protocol: engine TestEngine exited, but left 1 process(es) running: killed %d (sleep)", sleepPid)
	if err == nil || err.Error() != want {
		t.Errorf("Close: %v\nwant %s", err, want)
	}
	protocoltest.WaitGone(t, []int{sleepPid}, testWait, "the protocol.Client's Close")
}

// The environment variable that makes TestKilledRunnerHelper the helper process: the
// test engine's path and the wrapper's script, separated by a newline.
const killedRunnerEnv = "PROTOCOL_TEST_KILLED_RUNNER"

// TestKilledRunner starts a helper process (this test binary, running
// TestKilledRunnerHelper) that starts the test engine through each wrapper, kills the
// helper with SIGKILL, and checks that the engine dies with it: its supervisor
// kills it.
func TestKilledRunner(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	engine := protocoltest.BuildEngine(t)
	for _, w := range wrappers {
		t.Run(w.name, func(t *testing.T) {
			if strings.Contains(w.script, "python3") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			helper := exec.Command(os.Args[0], "-test.run=^TestKilledRunnerHelper$", "-test.count=1")
			helper.Env = append(os.Environ(), killedRunnerEnv+"="+engine+"\n"+w.script)
			out, err := helper.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			helper.Stderr = os.Stderr
			if err := helper.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				_ = helper.Process.Kill()
				_ = helper.Wait()
			}()
			pid := make(chan int, 1)
			go func() {
				sc := bufio.NewScanner(out)
				for sc.Scan() {
					if m := startedPid.FindStringSubmatch(sc.Text()); m != nil {
						n, _ := strconv.Atoi(m[1])
						pid <- n
					}
				}
				close(pid)
			}()
			var enginePid int
			select {
			case n, ok := <-pid:
				if !ok {
					t.Fatal("the helper did not start the engine")
				}
				enginePid = n
			case <-time.After(testWait):
				t.Fatal("the helper did not start the engine in time")
			}
			// The helper says "ready" after the handshake: the engine is playing.
			if _, ok := <-pid; ok {
				t.Fatal("two engines started")
			}
			if protocoltest.ProcessGone(enginePid) {
				t.Fatalf("engine %d is not running", enginePid)
			}
			if err := helper.Process.Kill(); err != nil { // SIGKILL: no Close, no deferred function runs
				t.Fatal(err)
			}
			_ = helper.Wait()
			deadline := time.Now().Add(testWait)
			for !protocoltest.ProcessGone(enginePid) {
				if time.Now().After(deadline) {
					if p, err := os.FindProcess(enginePid); err == nil {
						_ = p.Kill()
					}
					t.Fatalf("engine %d (%s) outlived its runner by %v", enginePid, w.name, testWait)
				}
				time.Sleep(10 * time.Millisecond)
			}
			reapOrphan(enginePid)
		})
	}
}

// TestKilledRunnerHelper is the helper process of TestKilledRunner: it starts the
// test engine through the wrapper, its standard error to the standard output, makes
// the handshake and a game's first turn, closes its standard output and waits to be
// killed.
func TestKilledRunnerHelper(t *testing.T) {
	engine, script, ok := strings.Cut(os.Getenv(killedRunnerEnv), "\n")
	if !ok {
		t.Skip("the helper process of TestKilledRunner")
	}
	var log syncBuffer
	c, err := Start(context.Background(), wrapped(engine, script, &log), protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(context.Background(), "kalah"); err != nil {
		t.Fatal(err)
	}
	var moves []string
	if err := play(c, &moves, 1, depth1, testWait); err != nil {
		t.Fatal(err)
	}
	fmt.Print(log.String())
	os.Stdout.Close()
	time.Sleep(time.Hour)
}

// TestHasMark checks how a process's marks are read from its environment: the
// runner's own mark, and those of the runners it is an engine of, before it.
func TestHasMark(t *testing.T) {
	tests := []struct {
		env  string // the child's COLONY_ENGINE_MARK
		mark string
		want bool
	}{
		{"1-a", "1-a", true},
		{"1-a 2-b", "1-a", true},
		{"1-a 2-b", "2-b", true},
		{"1-a 2-b", "2-", false},
		{"1-ab", "1-a", false},
		{"", "1-a", false},
	}
	for _, tt := range tests {
		cmd := exec.Command("sleep", "10")
		cmd.Env = []string{"A=1", markVar + "=" + tt.env, "B=2"}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Until its exec is done, the child's environment is this process's, then
		// empty for a moment.
		environ := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/environ"
		for deadline := time.Now().Add(testWait); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if b, _ := os.ReadFile(environ); strings.HasPrefix(string(b), "A=1\x00") {
				break
			}
		}
		got := hasMark(cmd.Process.Pid, tt.mark)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if got != tt.want {
			t.Errorf("hasMark(%s=%q, %q) = %v, want %v", markVar, tt.env, tt.mark, got, tt.want)
		}
	}
}
