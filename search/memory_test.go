package search

import (
	"strings"
	"testing"
)

func TestMemoryLimitsReading(t *testing.T) {
	meminfo := "MemTotal:       24589416 kB\nMemFree:         1000000 kB\nMemAvailable:    2097152 kB\n"
	if got := meminfoField(strings.NewReader(meminfo), "MemAvailable"); got != 2<<30 {
		t.Errorf("MemAvailable = %d, want %d", got, 2<<30)
	}
	if got := meminfoField(strings.NewReader(meminfo), "VmSize"); got != 0 {
		t.Errorf("a missing field = %d, want 0", got)
	}
	for _, tc := range []struct {
		max, current string
		want         uint64
	}{
		{"max\n", "1000\n", 0},
		{"1073741824\n", "73741824\n", 1000000000},
		{"1000\n", "2000\n", 1},
		{"junk", "1", 0},
	} {
		if got := cgroupFree(tc.max, tc.current); got != tc.want {
			t.Errorf("cgroupFree(%q, %q) = %d, want %d", tc.max, tc.current, got, tc.want)
		}
	}
}

// TestCheckTableMemory: a table that does not fit the least of the limits (an eighth
// kept back) is refused with a message naming the sizes; unknown limits refuse
// nothing.
func TestCheckTableMemory(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		limits memoryLimits
		size   uint64
		ok     bool
	}{
		{memoryLimits{}, 1 << 40, true},
		{memoryLimits{Available: 8192 * mb}, 4096 * mb, true},
		{memoryLimits{Available: 8192 * mb, CgroupFree: 2048 * mb}, 4096 * mb, false},
		{memoryLimits{AddressFree: 4096 * mb}, 4096 * mb, false},
		{memoryLimits{Available: 1}, 16 * mb, false},
	} {
		err := checkTableMemoryIn(tc.limits, "the table", tc.size)
		if (err == nil) != tc.ok {
			t.Errorf("%+v, %d MB: %v, want ok %v", tc.limits, tc.size/mb, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "the table of 4096 MB does not fit") && tc.size == 4096*mb {
			t.Errorf("message: %v", err)
		}
	}
}
