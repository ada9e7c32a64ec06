//go:build unix

package protocol

import (
	"os"
	"syscall"
)

// killProcess kills p's process group (p leads it: see setProcAttr) and p.
func killProcess(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
