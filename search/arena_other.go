//go:build !linux

package search

import "errors"

// resizeMapping is not available outside Linux: arenas are on the Go heap there.
func resizeMapping(m []byte, size int) ([]byte, error) {
	return nil, errors.New("no growable mappings on this system")
}

// unmap does nothing: there are no mappings.
func unmap(m []byte) {}
