//go:build !unix

package web

// openNonblock is 0 where there are no named pipes to open without blocking.
const openNonblock = 0
