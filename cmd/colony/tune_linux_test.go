//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/colony-ai/colony/tuning"
)

// Linux's fcntl and ioctl requests for a pipe's capacity and the bytes in it.
const (
	fSetPipeSize = 1031   // F_SETPIPE_SZ
	fGetPipeSize = 1032   // F_GETPIPE_SZ
	fionRead     = 0x541B // FIONREAD
)

// pipeCall makes the fcntl or ioctl system call trap on f with the argument arg.
func pipeCall(t *testing.T, trap uintptr, f *os.File, req, arg uintptr) int {
	t.Helper()
	n, _, errno := syscall.Syscall(trap, f.Fd(), req, arg)
	if errno != 0 {
		t.Fatalf("system call %d on a pipe: %v", req, errno)
	}
	return int(n)
}

// TestTuneTexelInterruptedAndResumed interrupts 'colony tune --method texel' (this
// test binary as colony, in a process of its own) with SIGINT, resumes it with
// --resume, and checks that it ends as the run never interrupted: the same report,
// weights file, checkpoint and loss chart, byte for byte.
//
// The interruption is timed without clocks: the child's standard error is a pipe
// filled but for the room of its first line (written once its signal handler is in
// place), so that the child blocks on its second line, the progress line of
// iteration 20 of 200 (written after that iteration's checkpoint), until the test,
// having sent SIGINT, reads the pipe.
func TestTuneTexelInterruptedAndResumed(t *testing.T) {
	dir := selfplayFixture(t)
	args := []string{"tune", "--positions", filepath.Join(dir, positionsName), "--iterations", "200",
		"--verify-games", "0", "--progress", "lines"}
	whole := filepath.Join(t.TempDir(), "whole")
	code, wholeOut, wholeErr := cli(t, append(args, "--out", whole)...)
	if code != 0 {
		t.Fatalf("whole run: exit %d\n%s", code, wholeErr)
	}
	firstLine, rest, _ := strings.Cut(wholeErr, "\n")
	if !strings.HasPrefix(firstLine, "tune: texel on ") || !strings.HasPrefix(rest, "20/200 ") {
		t.Fatalf("whole run's standard error:\n%s", wholeErr)
	}

	stopped := filepath.Join(t.TempDir(), "stopped")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	pipeCall(t, syscall.SYS_FCNTL, w, fSetPipeSize, 4096)
	capacity := pipeCall(t, syscall.SYS_FCNTL, w, fGetPipeSize, 0)
	if _, err := w.Write(bytes.Repeat([]byte{'#'}, capacity-len(firstLine)-1)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], append(args, "--out", stopped)...)
	cmd.Env = append(os.Environ(), "COLONY_TEST_MAIN=1")
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	waited := false
	defer func() {
		if !waited {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	full := func() bool {
		var n int32
		pipeCall(t, syscall.SYS_IOCTL, r, fionRead, uintptr(unsafe.Pointer(&n)))
		return int(n) == capacity
	}
	// The child blocks on the progress line of iteration 20, after its checkpoint.
	atStep20 := func() bool {
		ck, err := tuning.ReadCheckpoint(filepath.Join(stopped, "checkpoint.json"))
		return full() && err == nil && ck.Iteration == 20
	}
	for deadline := time.Now().Add(time.Minute); !atStep20(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for the child to block at iteration 20")
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var childErr []byte
	read := make(chan struct{})
	go func() {
		childErr, _ = io.ReadAll(r)
		close(read)
	}()
	waitErr := cmd.Wait()
	waited = true
	<-read
	childErr = bytes.TrimLeft(childErr, "#")
	if waitErr == nil || !strings.Contains(string(childErr), "interrupted; continue with the same command and --resume") {
		t.Fatalf("interrupted run: %v, standard error:\n%s", waitErr, childErr)
	}
	ck, err := tuning.ReadCheckpoint(filepath.Join(stopped, "checkpoint.json"))
	if err != nil || ck.Iteration < 20 || ck.Iteration >= 200 || ck.LBFGS == nil {
		t.Fatalf("interrupted at iteration %d (%v): not after the 20th, within the run", ck.Iteration, err)
	}
	t.Logf("interrupted at iteration %d of 200", ck.Iteration)

	code, resumedOut, resumedErr := cli(t, append(args, "--out", stopped, "--resume")...)
	if code != 0 {
		t.Fatalf("resumed run: exit %d\n%s", code, resumedErr)
	}
	if got, want := strings.ReplaceAll(resumedOut, stopped, "DIR"), strings.ReplaceAll(wholeOut, whole, "DIR"); got != want {
		t.Errorf("resumed run's report:\n%s\nwant\n%s", got, want)
	}
	for _, name := range []string{"weights.json", "checkpoint.json", "loss.png"} {
		a, errA := os.ReadFile(filepath.Join(stopped, name))
		b, errB := os.ReadFile(filepath.Join(whole, name))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the whole run's (%v, %v)", name, errA, errB)
		}
	}
}
