//go:build unix && !linux

package protocol

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the engine in a process group of its own, so that killing the
// group ends what it started too. Outside Linux nothing kills it when the runner
// dies without closing it.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
