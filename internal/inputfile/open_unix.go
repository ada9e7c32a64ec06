//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens name for reading without waiting for a writer when it is a
// named pipe (O_NONBLOCK; reads of a regular file ignore the flag).
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
