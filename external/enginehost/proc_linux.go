//go:build linux

package enginehost

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// markVar is the environment variable that marks an engine's processes: Start sets
// it to a value of the engine's own, and the processes the engine starts inherit it
// (unless they clear their environment), so that they are found after they left its
// process group and lost their parent.
const markVar = "COLONY_ENGINE_MARK"

// supervisorVar makes a process started from this program's executable a supervisor
// (see startSupervisor) instead of the program, when its main calls
// RunSupervisorIfAsked.
const supervisorVar = "COLONY_ENGINE_SUPERVISOR"

// superviseIfAsked runs the supervisor and exits when this process was started as
// one (supervisorVar).
func superviseIfAsked() {
	if os.Getenv(supervisorVar) == "1" {
		os.Exit(supervise(os.Args[1:], os.Stdin))
	}
}

// newMark returns a mark for a new engine: the runner's pid and a random number.
func newMark() string { return fmt.Sprintf("%d-%016x", os.Getpid(), rand.Uint64()) }

// setProcAttr puts the engine in a process group of its own (so that killing the
// group ends what it started too), has the kernel kill it when the runner dies
// (PR_SET_PDEATHSIG), even by SIGKILL, and marks it and what it starts with mark.
// The signal follows the thread that started the process: a Client must not be
// started from a goroutine locked to a thread (runtime.LockOSThread) that then exits.
// A runner that is itself an engine's process passes its marks on, followed by
// mark: its runner finds the processes of its engines too.
func setProcAttr(cmd *exec.Cmd, mark string) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if outer := os.Getenv(markVar); outer != "" {
		mark = outer + " " + mark
	}
	cmd.Env = append(cmd.Env, markVar+"="+mark)
}

// procEntry is a process as /proc/PID/stat tells.
type procEntry struct {
	pid, ppid, pgrp int
	zombie          bool
}

// readProcs returns the processes of /proc.
func readProcs() []procEntry {
	entries, _ := os.ReadDir("/proc")
	var out []procEntry
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The state follows the command's name, which is in parentheses.
		i := bytes.LastIndex(stat, []byte(") "))
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+2:]))
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		out = append(out, procEntry{pid: pid, ppid: ppid, pgrp: pgrp, zombie: f[0] == "Z" || f[0] == "X"})
	}
	return out
}

// hasMark reports whether the environment of process pid holds mark (among the
// marks, separated by spaces, of markVar).
func hasMark(pid int, mark string) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	prefix := []byte(markVar + "=")
	for v := range bytes.SplitSeq(env, []byte{0}) {
		if marks, ok := bytes.CutPrefix(v, prefix); ok {
			for m := range bytes.FieldsSeq(marks) {
				if string(m) == mark {
					return true
				}
			}
		}
	}
	return false
}

// engineProcs returns the live processes (not zombies) of the engine whose process
// (and group leader) is root, marked mark: those that hold its mark, their
// descendants and the members of their process groups, and, when root's pid is
// trusted to be the engine's (the runner, which reaped it at most moments ago; not
// the supervisor, after the runner died), root's descendants and group; never this
// process.
func engineProcs(root int, trustRoot bool, mark string) []int {
	procs := readProcs()
	children := map[int][]int{}
	for _, p := range procs {
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	var roots []int
	groups := map[int]bool{}
	if trustRoot {
		roots = append(roots, root)
		groups[root] = true
	}
	for _, p := range procs {
		if !p.zombie && hasMark(p.pid, mark) {
			roots = append(roots, p.pid)
			groups[p.pgrp] = true
		}
	}
	desc := map[int]bool{}
	for queue := roots; len(queue) > 0; queue = queue[1:] {
		if desc[queue[0]] {
			continue
		}
		desc[queue[0]] = true
		queue = append(queue, children[queue[0]]...)
	}
	self := os.Getpid()
	var out []int
	for _, p := range procs {
		if !p.zombie && p.pid != self && (desc[p.pid] || groups[p.pgrp]) {
			out = append(out, p.pid)
		}
	}
	return out
}

// procName returns the command name of process pid ("?" when it is gone).
func procName(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}

// leftover returns the processes of the engine (root, mark) but root, with their names ("123 (sleep)").
func leftover(root int, mark string) []string {
	var out []string
	for _, pid := range engineProcs(root, true, mark) {
		if pid != root {
			out = append(out, fmt.Sprintf("%d (%s)", pid, procName(pid)))
		}
	}
	return out
}

// killEngine kills every process engineProcs finds, and root's group when root is
// trusted (see engineProcs), again until two looks a millisecond apart find none (a
// process may start another while it is being killed, and a process in the middle of
// an exec shows no environment for a moment), for up to a second.
func killEngine(root int, trustRoot bool, mark string) {
	deadline := time.Now().Add(time.Second)
	for empty := 0; empty < 2 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		pids := engineProcs(root, trustRoot, mark)
		if trustRoot {
			_ = syscall.Kill(-root, syscall.SIGKILL)
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if len(pids) == 0 {
			empty++
		} else {
			empty = 0
		}
	}
}

// supervisor is the process that kills an engine's processes if the runner dies
// without ending them: it reads a pipe from the runner, which the runner closes after
// it wrote "done" (it ended the engine itself); the end of the pipe without "done"
// means the runner died.
type supervisor struct {
	cmd    *exec.Cmd
	w      *os.File
	exited chan struct{} // closed when the supervisor was reaped
}

// startSupervisor starts the supervisor of the engine root, marked mark: this
// program's executable (/proc/self/exe) again, in a process group of its own (a
// signal to the runner's group does not reach it), not killed with the runner. It
// returns nil when it cannot be started, and when the program did not turn the
// supervisors on (RunSupervisorIfAsked): its executable would run as the program.
func startSupervisor(root int, mark string) *supervisor {
	if !supervisorOn.Load() {
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	cmd := exec.Command("/proc/self/exe", strconv.Itoa(root), mark)
	cmd.Args[0] = "colony-engine-supervisor"
	cmd.Env = append(os.Environ(), supervisorVar+"=1")
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		return nil
	}
	s := &supervisor{cmd: cmd, w: w, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	return s
}

// release tells the supervisor that the runner ended the engine, and waits (up to a
// second) for it to exit.
func (s *supervisor) release() {
	if s == nil {
		return
	}
	_, _ = s.w.WriteString("done\n")
	_ = s.w.Close()
	select {
	case <-s.exited:
	case <-time.After(time.Second):
	}
}

// supervise is a supervisor's main (args: the engine's pid and mark); it returns the
// exit status.
func supervise(args []string, in io.Reader) int {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "colony-engine-supervisor: want the engine's pid and mark")
		return 2
	}
	root, err := strconv.Atoi(args[0])
	if err != nil || root <= 1 {
		fmt.Fprintf(os.Stderr, "colony-engine-supervisor: bad pid %q\n", args[0])
		return 2
	}
	b, _ := io.ReadAll(in) // until the runner closes the pipe, or dies
	if slices.Contains(strings.Fields(string(b)), "done") {
		return 0
	}
	// The engine died with the runner (PR_SET_PDEATHSIG) and may have been reaped:
	// its pid is not trusted, its mark is.
	killEngine(root, false, args[1])
	return 0
}
