//go:build linux

package enginehost

import "syscall"

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

// adoptOrphans makes this process the reaper of its descendants' orphans, so that an
// engine whose runner (a helper process) died becomes its child and can be reaped
// (reapOrphan) rather than left a zombie under a PID 1 that may not reap.
func adoptOrphans() error {
	_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// reapOrphan reaps pid, an orphan adopted by adoptOrphans, if it has ended.
func reapOrphan(pid int) {
	var ws syscall.WaitStatus
	_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
}
