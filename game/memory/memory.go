// Package memory is the process's budget for big tables: every large allocation of
// the toolkit (alpha-beta's transposition tables, the MCTS trees' node arenas, the
// solver's table, endgame databases) reserves its bytes from a Budget before it
// allocates them, and releases them when the table is dropped. Players started
// together (a tournament's concurrent games) then cannot jointly take more memory
// than there is: a reservation that does not fit is refused with an error naming the
// table and the sizes, which the caller reports (or, for a tree that grows, treats
// like its own cap), instead of the Go runtime ending the program with "out of
// memory" and a dump of every goroutine.
//
// The process-wide budget (Default) is measured at its first use: the least of the
// system's free memory (MemAvailable), the cgroup's memory.max less memory.current
// and the address-space limit (ulimit -v) less the process's size then (VmSize,
// which counts the Go runtime's own reservations), an eighth of it kept for the rest
// of the program. There is one such budget for the process because what it models is
// one resource of the process, like runtime/debug.SetMemoryLimit's limit: two
// budgets would each believe they had all of it. NewBudget makes a budget of a given
// size, for tests and for callers that want a part of the memory set apart.
package memory

import (
	"fmt"
	"math"
	"runtime"
	"sync"
)

// Budget is an amount of memory that tables reserve from before they allocate and
// release when dropped. It is safe for concurrent use; the zero value is an
// unlimited budget (NewBudget makes one of a given size, Default is the process's).
type Budget struct {
	once    sync.Once
	measure func() Limits // reads the limits at first use; nil for NewBudget's
	collect func()        // runs the garbage collector (runtime.GC)

	mu    sync.Mutex
	limit uint64 // math.MaxUint64: no known limit
	// used is the bytes reserved and not released; pending those released since the
	// last collection, which the garbage collector may not have given back yet.
	used, pending uint64
	// granule, when not 0, is what a reservation of that much or more is counted in
	// multiples of (see Limits.Granule).
	granule uint64
}

// Unlimited is the size of a budget of no known limit.
const Unlimited = math.MaxUint64

// NewBudget returns a budget of limit bytes (Unlimited: no limit).
func NewBudget(limit uint64) *Budget {
	b := &Budget{limit: limit, collect: runtime.GC}
	b.once.Do(func() {})
	return b
}

// processBudget is Default's budget: one for the process, since the memory it
// models is the process's (see the package's doc).
var processBudget = &Budget{measure: ReadLimits, collect: runtime.GC}

// Default returns the process-wide budget, measured at its first use from the
// memory available then (see the package's doc).
func Default() *Budget { return processBudget }

// init measures the budget's limit, once.
func (b *Budget) init() {
	b.once.Do(func() {
		if b.measure == nil { // the zero value
			b.limit = Unlimited
			return
		}
		m := b.measure()
		b.limit, b.granule = m.Usable(), m.Granule()
	})
}

// Limit returns the budget's size in bytes (Unlimited when no limit is known).
func (b *Budget) Limit() uint64 {
	b.init()
	return b.limit
}

// Used returns the bytes reserved and not released.
func (b *Budget) Used() uint64 {
	b.init()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Check returns an error when n bytes, named what ("player \"ab:tt=4000\": tt=4000,
// a transposition table"), could never be reserved from b: when they are more than
// the whole budget. It reserves nothing.
func (b *Budget) Check(n uint64, what string) error {
	b.init()
	if b.counted(n) <= b.limit {
		return nil
	}
	return &RefusedError{What: what, Size: n, Limit: b.limit, Fixed: true}
}

// Reserve takes n bytes, named what, from the budget, or returns a *RefusedError
// when they do not fit beside what is reserved already. Memory released recently
// may not have been given back by the garbage collector yet: when it is counted
// against a reservation, the collector is run first.
func (b *Budget) Reserve(n uint64, what string) error {
	b.init()
	c := b.counted(n)
	if c > b.limit {
		return &RefusedError{What: what, Size: n, Limit: b.limit, Fixed: true}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if c > b.limit-b.used { // used <= limit: no overflow
		return &RefusedError{What: what, Size: n, Limit: b.limit, Used: b.used}
	}
	if b.pending > b.limit-b.used-c && b.collect != nil {
		b.collect()
		b.pending = 0
	}
	b.used += c
	return nil
}

// Counted returns what a reservation of n bytes counts against the budget: n, or,
// under an address-space limit, n rounded up to whole heap arenas when it is one or
// more (see Limits.Granule).
func (b *Budget) Counted(n uint64) uint64 {
	b.init()
	return b.counted(n)
}

// counted is Counted, b measured.
func (b *Budget) counted(n uint64) uint64 {
	if b.granule == 0 || n < b.granule {
		return n
	}
	if n > Unlimited-b.granule {
		return Unlimited
	}
	return (n + b.granule - 1) / b.granule * b.granule
}

// Release gives back a reservation of n bytes made before, once their table is dropped (or
// about to be). Releasing more than is reserved releases all.
func (b *Budget) Release(n uint64) {
	b.init()
	b.mu.Lock()
	defer b.mu.Unlock()
	n = min(b.counted(n), b.used)
	b.used -= n
	b.pending += n
}

// RefusedError is a reservation that does not fit.
type RefusedError struct {
	// What names the table.
	What string
	// Size is the bytes asked for, Limit the budget's size and Used what was
	// reserved already.
	Size, Limit, Used uint64
	// Fixed is true when Size is more than the whole budget: the table can never
	// fit; false when it does not fit beside the tables reserved at the time.
	Fixed bool
}

// Error says what did not fit and why.
func (e *RefusedError) Error() string {
	if e.Fixed {
		return fmt.Sprintf("%s of %d MB does not fit: about %d MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)", e.What, Megabytes(e.Size), e.Limit>>20)
	}
	return fmt.Sprintf("%s of %d MB does not fit: %d MB of the %d MB available to this program's tables are taken by the tables in use at the same time; run fewer at once (--concurrency) or give smaller tables", e.What, Megabytes(e.Size), Megabytes(e.Used), e.Limit>>20)
}

// Megabytes returns n bytes in MB (MiB), rounded up: how the messages about tables
// give their sizes.
func Megabytes(n uint64) uint64 { return n>>20 + min(n&(1<<20-1), 1) }
