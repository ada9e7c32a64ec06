package external

import (
	"context"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/protocol/protocoltest"
)

// affinityOf returns the CPUs of thread tid.
func affinityOf(t *testing.T, tid int) []int {
	t.Helper()
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(tid, &set); err != nil {
		t.Fatalf("sched_getaffinity(%d): %v", tid, err)
	}
	var out []int
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}

// TestPinTree pins a shell whose child runs in the background: both processes end up
// on the CPU given, the child's too, and a process that ended is skipped.
func TestPinTree(t *testing.T) {
	cpus, err := allowedCPUs()
	if err != nil {
		t.Fatal(err)
	}
	if len(cpus) < 2 {
		t.Skip("one CPU: nothing to pin to")
	}
	cmd := exec.Command("/bin/sh", "-c", "sleep 30 & wait")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	// Wait for the child to start.
	var child int
	for deadline := time.Now().Add(10 * time.Second); child == 0; time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/task/" + strconv.Itoa(cmd.Process.Pid) + "/children")
		if f := strings.Fields(string(b)); len(f) > 0 {
			child, _ = strconv.Atoi(f[0])
		}
		if time.Now().After(deadline) {
			t.Fatal("the shell started no child")
		}
	}
	t.Cleanup(func() { _ = unix.Kill(child, unix.SIGKILL) })
	want := []int{cpus[len(cpus)-1]}
	if err := pin(cmd.Process.Pid, want); err != nil {
		t.Fatal(err)
	}
	for _, pid := range []int{cmd.Process.Pid, child} {
		if got := affinityOf(t, pid); !reflect.DeepEqual(got, want) {
			t.Errorf("process %d: CPUs %v, want %v", pid, got, want)
		}
	}
	// A process that ended meanwhile is skipped: its game finds it ended.
	if err := pin(1<<22+12345, want); err != nil {
		t.Errorf("pinning a process that ended: %v", err)
	}
}

// TestPinThreads pins a Go engine, whose runtime runs several threads: every thread
// ends up on the CPU given.
func TestPinThreads(t *testing.T) {
	cpus, err := allowedCPUs()
	if err != nil {
		t.Fatal(err)
	}
	if len(cpus) < 2 {
		t.Skip("one CPU: nothing to pin to")
	}
	c, err := enginehost.Start(context.Background(), enginehost.Process{Path: protocoltest.BuildEngine(t)}, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	want := []int{cpus[0]}
	if err := pin(c.Pid(), want); err != nil {
		t.Fatal(err)
	}
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(c.Pid()) + "/task")
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) < 2 {
		t.Logf("the engine runs %d thread", len(tasks))
	}
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		if got := affinityOf(t, tid); !reflect.DeepEqual(got, want) {
			t.Errorf("thread %d: CPUs %v, want %v", tid, got, want)
		}
	}
}
