//go:build !unix

package protocol

import (
	"os"
	"os/exec"
)

// setProcAttr does nothing where there are no process groups.
func setProcAttr(*exec.Cmd) {}

// killProcess kills p (what it started may be left running).
func killProcess(p *os.Process) { _ = p.Kill() }
