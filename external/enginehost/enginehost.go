// Package enginehost runs engine programs as processes for the runner's side of the
// Mancala Engine Protocol (docs/protocol.md, "Processes"): it starts a program on
// three pipes and hands them to a protocol.Client (protocol.Attach), which speaks MEP
// over them and calls back here to learn how the process ended and to end it.
//
// An engine runs in a process group of its own, so that killing the group ends what
// it started too. On Linux it is also killed by the kernel when the runner dies, its
// processes carry a mark in their environment, by which the runner finds those that
// left its group (a shell that does not exec, a setsid child) in /proc, and a
// supervisor process kills them all if the runner dies without ending them. The
// supervisor is this program's own executable run again: a program turns it on by
// calling RunSupervisorIfAsked first thing in its main (and a test binary in its
// TestMain); without that call its engines have no supervisor.
package enginehost

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync/atomic"
	"time"

	"github.com/colony-ai/colony/protocol"
)

// supervisorOn reports whether the program turned the supervisors of its engines on
// (RunSupervisorIfAsked). It is set once, first thing in the program's main.
var supervisorOn atomic.Bool

// RunSupervisorIfAsked is the first call of the main of a program that runs engines
// (and of the TestMain of a test binary whose tests rely on the supervisor). When
// this process was started as an engine's supervisor (on Linux, by Start in the
// program it is a copy of), it runs the supervisor and exits: it never returns.
// Otherwise it turns the supervisors on, this program's executable being able to
// run as one, and returns. A program that does not call it runs its engines without
// a supervisor: they still run in their own process group, are ended with what
// they started by the Client's Close and, on Linux, are killed when the program dies.
func RunSupervisorIfAsked() {
	superviseIfAsked()
	supervisorOn.Store(true)
}

// Process is an engine program for Start to run.
type Process struct {
	// Path is the program; Args its arguments (without the program's name).
	Path string
	Args []string
	// Dir is its working directory ("" for the runner's).
	Dir string
	// Env are variables ("KEY=value") added to the runner's environment.
	Env []string
	// Stderr receives what the engine writes to its standard error, and Notes what
	// the Client ignores of its output: see protocol.Streams.
	Stderr io.Writer
	Notes  io.Writer
}

// Start runs the engine program p and makes the handshake (bounded by ctx and
// t.Handshake). ctx bounds the start only, not the process's life. A program that
// cannot be run is an error; an engine that fails the handshake is a
// *protocol.Fault, its process killed. The Client's Close ends the process.
func Start(ctx context.Context, p Process, t protocol.Timeouts) (*protocol.Client, error) {
	// The errors say "protocol: start", as they did when package protocol ran the
	// engines: the engines file's check prints them (docs/engines-file.md).
	if p.Path == "" {
		return nil, errors.New("protocol: start: no program given")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("protocol: start %s: %w", p.Path, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("protocol: start %s: %w", p.Path, err)
	}
	// Its standard error is a pipe of the Client's own, not one of exec's: Wait
	// returns when the engine ends, even when a process it started holds the pipe.
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("protocol: start %s: %w", p.Path, err)
	}
	mark := newMark()
	cmd := exec.Command(p.Path, p.Args...)
	cmd.Dir = p.Dir
	cmd.Env = append(os.Environ(), p.Env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	setProcAttr(cmd, mark)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("protocol: start %s: %w", p.Path, err)
	}
	h := &host{cmd: cmd, mark: mark, exited: make(chan struct{})}
	h.super = startSupervisor(cmd.Process.Pid, mark)
	go func() {
		h.waitErr = cmd.Wait()
		close(h.exited)
	}()
	return protocol.Attach(ctx, h, protocol.Streams{In: inW, Out: outR, Err: errR, Stderr: p.Stderr, Notes: p.Notes}, t)
}

// host is an engine's process: the protocol.Host of its Client.
type host struct {
	cmd     *exec.Cmd
	mark    string        // the value of the engine's mark (see docs/protocol.md, "Processes")
	super   *supervisor   // nil: none
	exited  chan struct{} // closed when Wait returned: the process has ended
	waitErr error         // Wait's error, set before exited is closed
}

// Pid returns the engine's process id.
func (h *host) Pid() int { return h.cmd.Process.Pid }

// Exited returns a channel closed when the process has ended (and was reaped).
func (h *host) Exited() <-chan struct{} { return h.exited }

// Status tells how the process ended, once Exited is closed.
func (h *host) Status() (zero bool, how string) {
	ps := h.cmd.ProcessState
	if ps == nil {
		return false, fmt.Sprint(h.waitErr)
	}
	return ps.ExitCode() == 0, ps.String()
}

// Leftover names the processes of the engine but its own that still run.
func (h *host) Leftover() []string { return leftover(h.Pid(), h.mark) }

// Kill kills the engine's processes, waits up to 5 s for its process to end and
// releases its supervisor.
func (h *host) Kill() {
	// The process was reaped at most moments ago: its pid is still its own.
	killEngine(h.Pid(), true, h.mark)
	_ = h.cmd.Process.Kill()
	select {
	case <-h.exited:
	case <-time.After(5 * time.Second): // a process that SIGKILL does not end: give up on it
	}
	h.super.release()
}
