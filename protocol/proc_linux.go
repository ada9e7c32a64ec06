//go:build linux

package protocol

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the engine in a process group of its own (so that killing the
// group ends what it started too) and has the kernel kill it when the runner dies
// (PR_SET_PDEATHSIG), even by SIGKILL. The signal follows the thread that started
// the process: a Client must not be started from a goroutine locked to a thread
// (runtime.LockOSThread) that then exits.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
