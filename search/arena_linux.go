//go:build linux

package search

import (
	"os"

	"golang.org/x/sys/unix"
)

// pageSize is the size of the system's memory pages, what mappings are made of.
var pageSize = os.Getpagesize()

// resizeMapping returns an anonymous private mapping of size bytes (rounded up to
// whole pages) holding m's bytes (m nil: a new, zeroed mapping), m's memory being
// moved into it, not copied, when it cannot grow in place; m must not be used after.
// The pages are taken by the system as they are first written, so a mapping holds in
// memory only the part of it in use.
func resizeMapping(m []byte, size int) ([]byte, error) {
	size = (size + pageSize - 1) / pageSize * pageSize
	switch {
	case m == nil:
		return unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	case len(m) == size:
		return m, nil
	}
	return unix.Mremap(m, size, unix.MREMAP_MAYMOVE)
}

// unmap gives a mapping of resizeMapping back to the system.
func unmap(m []byte) { _ = unix.Munmap(m) }
