//go:build !unix

package inputfile

import "os"

// openNonBlocking opens name for reading (there are no named pipes in the file
// system to block on).
func openNonBlocking(name string) (*os.File, error) {
	return os.Open(name)
}
