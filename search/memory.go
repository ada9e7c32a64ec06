package search

import (
	"runtime"
	"sync/atomic"

	"github.com/colony-ai/colony/game/memory"
)

// The memory of big tables. Alpha-beta's transposition table, the MCTS trees' node
// arenas and the solver's table reserve their bytes from a memory.Budget before they
// allocate them (Options.Memory, or the process's memory.Default()), and release
// them when dropped: a player's table when the player is closed (or the Tables that
// lent it is freed), a tree's arena as it grows (the old one) and when the player is
// closed, the solver's table when Solve returns. A player whose table could never fit
// (tt= or mem= more than the whole budget) is refused when it is built; a table that
// does not fit beside the others at its first move is an error of that Play, and a
// tree that may not grow stops growing as at its mem= cap. A table dropped without
// being closed (a player abandoned by a tournament) releases its bytes when the
// garbage collector takes it.

// budgetOf returns b, or the process's budget when b is nil.
func budgetOf(b *memory.Budget) *memory.Budget {
	if b != nil {
		return b
	}
	return memory.Default()
}

// reservation is the memory reserved from a budget for one table; release gives it
// back, once whoever calls it first.
type reservation struct {
	budget *memory.Budget
	bytes  atomic.Uint64
}

// reserve reserves n bytes named what from b and returns the reservation.
func reserve(b *memory.Budget, n uint64, what string) (*reservation, error) {
	if err := b.Reserve(n, what); err != nil {
		return nil, err
	}
	r := &reservation{budget: b}
	r.bytes.Store(n)
	return r, nil
}

// release gives the reserved bytes back; a nil reservation, or a second release,
// does nothing.
func (r *reservation) release() {
	if r == nil {
		return
	}
	if n := r.bytes.Swap(0); n > 0 {
		r.budget.Release(n)
	}
}

// releaseWhenCollected releases r when the garbage collector takes owner, for a
// table that is dropped without being closed.
func releaseWhenCollected[T any](owner *T, r *reservation) {
	runtime.AddCleanup(owner, (*reservation).release, r)
}

// TableBytes returns the bytes that player p reserves from its budget at its first
// Play and keeps until it is closed: alpha-beta's transposition table (as counted
// before it is allocated), 0 for players without one. An MCTS tree is not counted:
// it reserves as it grows and stops growing when refused.
func TableBytes[S any](p Player[S]) uint64 {
	switch p := p.(type) {
	case *AlphaBeta[S]:
		return ttBytes(p.ttMB)
	case withEval[S]:
		return TableBytes(p.Player)
	}
	return 0
}
