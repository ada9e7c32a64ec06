//go:build unix

package web

import "syscall"

// openNonblock is the flag that opens a named pipe at once, without waiting for a
// writer (the file is then refused for not being a regular file).
const openNonblock = syscall.O_NONBLOCK
