//go:build unix

package protocoltest

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ProcessGone reports whether the process pid has ended: it does not exist, or is a
// zombie (dead, not yet reaped by its new parent).
func ProcessGone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command's name, which is in parentheses.
	_, after, ok := strings.Cut(string(stat), ") ")
	return ok && strings.HasPrefix(after, "Z")
}

// GroupGone reports whether no process is left in the process group pgid.
func GroupGone(pgid int) bool {
	return errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
}

// ChildProcesses returns the processes whose parent is this one and that have not
// ended, as /proc tells (nil without /proc).
func ChildProcesses() []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		_, after, ok := strings.Cut(string(stat), ") ")
		fields := strings.Fields(after)
		if !ok || len(fields) < 2 || fields[0] == "Z" || fields[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		out = append(out, pid)
	}
	return out
}
