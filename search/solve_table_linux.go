//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// newSolveTable returns a zeroed table of n buckets and the function that frees it.
// A big table is mapped directly and advised to use transparent huge pages: the
// solver's probes land anywhere in gigabytes, and with 4 KB pages nearly every probe
// also misses the TLB. The mapping holds no pointers, so the garbage collector need
// not know it.
func newSolveTable(n int) ([][solveBucket]solveEntry, func()) {
	size := n * int(unsafe.Sizeof([solveBucket]solveEntry{}))
	if size < 64<<20 {
		return make([][solveBucket]solveEntry, n), func() {}
	}
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([][solveBucket]solveEntry, n), func() {}
	}
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // advice only: without it, 4 KB pages
	table := unsafe.Slice((*[solveBucket]solveEntry)(unsafe.Pointer(&mem[0])), n)
	return table, func() { _ = syscall.Munmap(mem) }
}
