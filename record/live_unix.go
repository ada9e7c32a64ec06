//go:build unix

package record

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process pid runs on this host (signal 0 reaches
// it, or it exists but belongs to another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
