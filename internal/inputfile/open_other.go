//go:build !unix

package inputfile

import "os"

// ReadNonBlocking is the flag set that opens a file for reading (there are no named
// pipes in the file system to block on).
const ReadNonBlocking = os.O_RDONLY

// openNonBlocking opens name for reading.
func openNonBlocking(name string) (*os.File, error) {
	return os.Open(name)
}
