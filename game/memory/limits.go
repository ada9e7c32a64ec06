package memory

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// Limits are what bounds the memory this process may still take, in bytes; 0 means
// unknown (no such limit).
type Limits struct {
	// Available is the system's MemAvailable (/proc/meminfo).
	Available uint64
	// CgroupFree is the cgroup's memory.max less its memory.current.
	CgroupFree uint64
	// AddressFree is the address-space limit (ulimit -v) less the process's size
	// (VmSize, the Go runtime's own reservations included).
	AddressFree uint64
}

// Least returns the smallest known limit, and false when none is known.
func (m Limits) Least() (uint64, bool) {
	var out uint64
	for _, v := range []uint64{m.Available, m.CgroupFree, m.AddressFree} {
		if v > 0 && (out == 0 || v < out) {
			out = v
		}
	}
	return out, out > 0
}

// Usable returns what a budget under these limits may give to tables: the least
// limit less an eighth kept for the rest of the program, or Unlimited when no limit
// is known.
func (m Limits) Usable() uint64 {
	least, ok := m.Least()
	if !ok {
		return Unlimited
	}
	return least - least/8
}

// heapArena is the unit in which the Go runtime takes address space for its heap on
// 64-bit Linux (runtime's heapArenaBytes).
const heapArena = 64 << 20

// Granule returns what big reservations are counted in multiples of under these
// limits: when the address-space limit (ulimit -v) is the least, a table of a heap
// arena or more takes address space in whole arenas (a table of 258 MB may take 320
// MB), so it is counted so; 0 otherwise (counted as it is).
func (m Limits) Granule() uint64 {
	if least, ok := m.Least(); ok && least == m.AddressFree {
		return heapArena
	}
	return 0
}

// meminfoField returns the value of a /proc/meminfo (or /proc/self/status) field,
// in kB there, in bytes, or 0.
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
