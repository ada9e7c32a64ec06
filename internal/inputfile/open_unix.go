//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// ReadNonBlocking is the flag set that opens a file for reading without waiting for
// a writer when it is a named pipe (O_NONBLOCK; reads of a regular file ignore the
// flag), so that the open descriptor can be checked and the pipe refused at once.
// os.Root.OpenFile takes it too.
const ReadNonBlocking = os.O_RDONLY | syscall.O_NONBLOCK

// openNonBlocking opens name for reading without waiting for a writer when it is a
// named pipe.
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, ReadNonBlocking, 0)
}
