//go:build unix

package record

import (
	"errors"
	"os"
	"syscall"
)

// errLocked is the error of lockFile for a file another open file holds locked.
var errLocked = errors.New("locked")

// lockFile takes an exclusive advisory lock (flock) on f without waiting: errLocked
// when another open file (of this process or another) holds it. A file system
// without locks (ENOTSUP, ENOLCK) is not an error: the file is used unlocked. The lock
// goes with the file's close.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		case errors.Is(err, syscall.ENOTSUP), errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EINVAL):
			return nil
		}
		return err
	}
}
