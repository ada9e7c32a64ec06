//go:build unix && !linux

package enginehost

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the engine in a process group of its own, so that killing the
// group ends what it started too. Outside Linux nothing kills it when the runner
// dies without closing it, and mark is not used.
func setProcAttr(cmd *exec.Cmd, mark string) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killEngine kills the engine's process group (root leads it: see setProcAttr) and
// root.
func killEngine(root int, trustRoot bool, mark string) {
	_ = syscall.Kill(-root, syscall.SIGKILL)
	_ = syscall.Kill(root, syscall.SIGKILL)
}
