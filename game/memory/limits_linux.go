//go:build linux

package memory

import (
	"bytes"
	"os"
	"syscall"
)

// ReadLimits reads the limits of this process's memory on Linux.
func ReadLimits() Limits {
	var m Limits
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		m.Available = meminfoField(bytes.NewReader(data), "MemAvailable")
	}
	maxText, err1 := os.ReadFile("/sys/fs/cgroup/memory.max")
	currentText, err2 := os.ReadFile("/sys/fs/cgroup/memory.current")
	if err1 == nil && err2 == nil {
		m.CgroupFree = cgroupFree(string(maxText), string(currentText))
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err == nil && lim.Cur != ^uint64(0) {
		if data, err := os.ReadFile("/proc/self/status"); err == nil {
			if size := meminfoField(bytes.NewReader(data), "VmSize"); size < lim.Cur {
				m.AddressFree = lim.Cur - size
			} else {
				m.AddressFree = 1
			}
		}
	}
	return m
}
