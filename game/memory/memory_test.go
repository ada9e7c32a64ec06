package memory

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

const mb = 1 << 20

func TestLimitsReading(t *testing.T) {
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

// TestUsable: the least known limit, an eighth kept back; no limit known is Unlimited.
func TestUsable(t *testing.T) {
	for _, tc := range []struct {
		limits Limits
		want   uint64
	}{
		{Limits{}, Unlimited},
		{Limits{Available: 8192 * mb}, 7168 * mb},
		{Limits{Available: 8192 * mb, CgroupFree: 2048 * mb}, 1792 * mb},
		{Limits{Available: 8192 * mb, CgroupFree: 2048 * mb, AddressFree: 1024 * mb}, 896 * mb},
		{Limits{Available: 1}, 1},
	} {
		if got := tc.limits.Usable(); got != tc.want {
			t.Errorf("%+v: Usable = %d, want %d", tc.limits, got, tc.want)
		}
	}
}

// TestDefaultMeasured: the process's budget is measured once, from the limits read
// at its first use.
func TestDefaultMeasured(t *testing.T) {
	b := &Budget{measure: func() Limits { return Limits{Available: 800 * mb} }, collect: func() {}}
	if got := b.Limit(); got != 700*mb {
		t.Fatalf("Limit = %d MB, want 700", got/mb)
	}
	b.measure = func() Limits { return Limits{Available: 1} }
	if got := b.Limit(); got != 700*mb {
		t.Errorf("measured again: Limit = %d MB, want 700", got/mb)
	}
	if Default() != Default() {
		t.Errorf("Default is not one budget")
	}
}

// TestReserveArithmetic: a sequence of reservations and releases on a budget of 100
// MB, with the used bytes and the error after each step.
func TestReserveArithmetic(t *testing.T) {
	type step struct {
		release uint64 // > 0: a release of this many MB, else a reservation of reserve MB
		reserve uint64
		err     string
		used    uint64 // MB after the step
		collect int    // collections so far
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"fill and refuse", []step{
			{reserve: 60, used: 60},
			{reserve: 40, used: 100},
			{reserve: 1, used: 100, err: "t of 1 MB does not fit: 100 MB of the 100 MB available to this program's tables are taken by the tables in use at the same time; run fewer at once (--concurrency) or give smaller tables"},
		}},
		{"never fits", []step{
			{reserve: 101, used: 0, err: "t of 101 MB does not fit: about 100 MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)"},
		}},
		{"release makes room, collecting what was released", []step{
			{reserve: 70, used: 70},
			{reserve: 40, used: 70, err: "t of 40 MB does not fit: 70 MB of the 100 MB available to this program's tables are taken by the tables in use at the same time; run fewer at once (--concurrency) or give smaller tables"},
			{release: 50, used: 20},
			{reserve: 30, used: 50}, // 20+50+30 = 100: no collection needed
			{reserve: 40, used: 90, collect: 1},
			{reserve: 10, used: 100, collect: 1},
		}},
		{"over-release", []step{
			{reserve: 10, used: 10},
			{release: 30, used: 0},
			{reserve: 100, used: 100, collect: 1},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBudget(100 * mb)
			collects := 0
			b.collect = func() { collects++ }
			for i, s := range tc.steps {
				var err error
				if s.release > 0 {
					b.Release(s.release * mb)
				} else {
					err = b.Reserve(s.reserve*mb, "t")
				}
				got := ""
				if err != nil {
					got = err.Error()
					var re *RefusedError
					if !errors.As(err, &re) {
						t.Errorf("step %d: %T is not a *RefusedError", i, err)
					}
				}
				if got != s.err {
					t.Errorf("step %d: error %q, want %q", i, got, s.err)
				}
				if u := b.Used(); u != s.used*mb {
					t.Errorf("step %d: used %d MB, want %d", i, u/mb, s.used)
				}
				if collects != s.collect {
					t.Errorf("step %d: %d collections, want %d", i, collects, s.collect)
				}
			}
		})
	}
}

// TestGranule: under an address-space limit, a reservation of a heap arena or
// more counts in whole arenas; a smaller one, or under other limits, as it is.
func TestGranule(t *testing.T) {
	for _, tc := range []struct {
		limits  Limits
		reserve uint64
		used    uint64 // MB
	}{
		{Limits{AddressFree: 1024 * mb}, 258 * mb, 320},
		{Limits{AddressFree: 1024 * mb}, 64 * mb, 64},
		{Limits{AddressFree: 1024 * mb}, 16 * mb, 16},
		{Limits{AddressFree: 1024 * mb, Available: 512 * mb}, 258 * mb, 258},
		{Limits{Available: 1024 * mb}, 258 * mb, 258},
	} {
		b := &Budget{measure: func() Limits { return tc.limits }, collect: func() {}}
		if err := b.Reserve(tc.reserve, "t"); err != nil {
			t.Fatalf("%+v: %v", tc.limits, err)
		}
		if got := b.Used(); got != tc.used*mb {
			t.Errorf("%+v: %d MB reserved: %d MB counted, want %d", tc.limits, tc.reserve/mb, got/mb, tc.used)
		}
		b.Release(tc.reserve)
		if got := b.Used(); got != 0 {
			t.Errorf("%+v: %d bytes after the release", tc.limits, got)
		}
	}
}

// TestZeroBudget: the zero value is an unlimited budget that still counts.
func TestZeroBudget(t *testing.T) {
	var b Budget
	if err := b.Reserve(1<<50, "t"); err != nil {
		t.Fatal(err)
	}
	if b.Limit() != Unlimited || b.Used() != 1<<50 {
		t.Errorf("limit %d, used %d; want unlimited, %d", b.Limit(), b.Used(), uint64(1<<50))
	}
	b.Release(1 << 50)
	if err := b.Reserve(1, "t"); err != nil || b.Used() != 1 {
		t.Errorf("after a release: %v, used %d", err, b.Used())
	}
}

// TestCheck: Check refuses only what could never fit, and reserves nothing.
func TestCheck(t *testing.T) {
	b := NewBudget(100 * mb)
	if err := b.Reserve(100*mb, "t"); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(100*mb, "t"); err != nil {
		t.Errorf("Check of the whole budget: %v", err)
	}
	want := "player: tt=200 of 200 MB does not fit: about 100 MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)"
	if err := b.Check(200*mb, "player: tt=200"); err == nil || err.Error() != want {
		t.Errorf("Check of 200 MB: %v, want %q", err, want)
	}
	if err := NewBudget(Unlimited).Check(1<<62, "t"); err != nil {
		t.Errorf("an unlimited budget: %v", err)
	}
}

// TestConcurrentReservations: goroutines reserving and releasing at once never have
// more reserved than the budget, and every refusal is a *RefusedError.
func TestConcurrentReservations(t *testing.T) {
	const limit, size, workers, rounds = 10 * mb, 3 * mb, 8, 500
	b := NewBudget(limit)
	b.collect = func() {}
	var mu sync.Mutex
	held, most, refused := uint64(0), uint64(0), 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range rounds {
				if err := b.Reserve(size, "t"); err != nil {
					var re *RefusedError
					if !errors.As(err, &re) || re.Fixed {
						t.Errorf("refusal %v", err)
					}
					mu.Lock()
					refused++
					mu.Unlock()
					continue
				}
				mu.Lock()
				held += size
				most = max(most, held)
				mu.Unlock()
				mu.Lock()
				held -= size
				mu.Unlock()
				b.Release(size)
			}
		})
	}
	wg.Wait()
	if most > limit {
		t.Errorf("%d MB held at once, more than the budget's %d", most/mb, limit/mb)
	}
	if u := b.Used(); u != 0 {
		t.Errorf("%d bytes still reserved after every release", u)
	}
	if refused+int(most/size) == 0 {
		t.Errorf("nothing reserved or refused")
	}
}
