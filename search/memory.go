package search

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The memory a big table may take. A transposition table that the machine cannot
// hold would end the program with the Go runtime's "out of memory" and a stack trace;
// tables are checked against the memory available first, and one that does not fit
// is refused with a message saying how much there is.

// checkedTableMB is the size above which alpha-beta's tables are checked (smaller
// ones are not worth reading the limits for every player built).
const checkedTableMB = 64

// memoryLimits are what bounds the memory this process may still take, in bytes; 0
// means unknown (no such limit).
type memoryLimits struct {
	// Available is the system's MemAvailable (/proc/meminfo).
	Available uint64
	// CgroupFree is the cgroup's memory.max less its memory.current.
	CgroupFree uint64
	// AddressFree is the address-space limit (ulimit -v) less the process's size.
	AddressFree uint64
}

// least returns the smallest known limit, and false when none is known.
func (m memoryLimits) least() (uint64, bool) {
	var out uint64
	for _, v := range []uint64{m.Available, m.CgroupFree, m.AddressFree} {
		if v > 0 && (out == 0 || v < out) {
			out = v
		}
	}
	return out, out > 0
}

// checkTableMemory returns an error when a table of size bytes, named what, would
// not fit in the memory available (with an eighth kept for everything else); nil
// when it fits or nothing is known of the limits.
func checkTableMemory(what string, size uint64) error {
	return checkTableMemoryIn(readMemoryLimits(), what, size)
}

// checkTableMemoryIn is checkTableMemory under the limits m.
func checkTableMemoryIn(m memoryLimits, what string, size uint64) error {
	free, ok := m.least()
	if !ok || size <= free-free/8 {
		return nil
	}
	return fmt.Errorf("%s of %d MB does not fit: about %d MB of memory is available to this program (free memory, its cgroup's limit and ulimit -v); give a smaller table", what, size>>20, free>>20)
}

// meminfoField returns the value of a /proc/meminfo field (in kB there) in bytes, or 0.
func meminfoField(r io.Reader, field string) uint64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			return 0
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// cgroupFree returns memory.max less memory.current, from their texts; 0 when there
// is no limit ("max") or a text cannot be read.
func cgroupFree(maxText, currentText string) uint64 {
	limit, err := strconv.ParseUint(strings.TrimSpace(maxText), 10, 64)
	if err != nil {
		return 0
	}
	current, err := strconv.ParseUint(strings.TrimSpace(currentText), 10, 64)
	if err != nil || current >= limit {
		return 1 // at or past the limit: nothing more fits
	}
	return limit - current
}
