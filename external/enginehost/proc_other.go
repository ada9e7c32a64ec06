//go:build !unix

package enginehost

import (
	"os"
	"os/exec"
)

// setProcAttr does nothing where there are no process groups.
func setProcAttr(*exec.Cmd, string) {}

// killEngine kills the process root (what it started may be left running).
func killEngine(root int, trustRoot bool, mark string) {
	if p, err := os.FindProcess(root); err == nil {
		_ = p.Kill()
	}
}
