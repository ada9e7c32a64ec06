package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr into the cache,
// without waiting for it (PREFETCHT0).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
