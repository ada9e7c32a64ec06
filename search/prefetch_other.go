//go:build !amd64

package search

import "unsafe"

// prefetch does nothing on this architecture (see prefetch_amd64.go).
func prefetch(addr unsafe.Pointer) {}
