package search

import (
	"sync"
	"unsafe"
)

// arena is the memory of one slice of pointer-free elements (an MCTS tree's nodes,
// its compaction table) that grows: on Linux a mapping of its own, outside the Go
// heap, grown in place by the kernel (mremap) without a copy, and given back to the
// system when freed; elsewhere, or when the system refuses a mapping, the Go heap.
//
// Why outside the heap: a slice grown on the heap is copied, and the old copy stays
// until the garbage collector runs, which it does when the heap has doubled
// (GOGC=100): an arena of N bytes could hold two to three times N resident. A mapping
// holds exactly the pages touched, so a tree's mem= cap bounds what it takes.
//
// The zero arena holds nothing. Its slices must not be used after the next resize or
// free: their memory may be unmapped (a use would crash the process, not read a stale
// copy).
type arena[T any] struct {
	m []byte // the mapping the slice lies in; nil: none (the slice is on the heap)
}

// resize returns a slice of capacity c and the length of old holding old's elements,
// old being the arena's current slice (or a slice on the heap, when the arena has
// none yet). The elements past len(old) are zero or left from before.
func (a *arena[T]) resize(old []T, c int) []T {
	var zero T
	if m, err := resizeMapping(a.m, c*int(unsafe.Sizeof(zero))); err == nil {
		fresh := a.m == nil
		a.m = m
		s := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(m))), c)[:len(old)]
		if fresh {
			copy(s, old)
		}
		return s
	}
	s := make([]T, len(old), c)
	copy(s, old)
	a.free()
	return s
}

// free gives the arena's mapping back to the system; the arena's slices must not be
// used after it.
func (a *arena[T]) free() {
	if a.m != nil {
		unmap(a.m)
		a.m = nil
	}
}

// treeMemory is the memory of an MCTS tree: its node arena, compact's forwarding
// table and their reservation from the budget. It is freed once, by MCTS.Close or,
// for a tree dropped without being closed, when the garbage collector takes the tree.
type treeMemory struct {
	res   reservation
	nodes arena[node]
	fwd   arena[int32]
	once  sync.Once
}

// free gives the tree's memory back to the budget and to the system, the first time
// it is called; the tree must not be searched after it.
func (m *treeMemory) free() {
	m.once.Do(func() {
		m.res.release()
		m.nodes.free()
		m.fwd.free()
	})
}
