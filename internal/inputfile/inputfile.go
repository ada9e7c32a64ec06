// Package inputfile opens the files a user names for the program to read (networks,
// weights, engines files, board files, openings, games files, checkpoints): only a
// regular file is read, and no more of it than the most a file of its kind can be.
//
// Anything else is refused at once with an error naming the file and what it is: a
// named pipe would block the open, or the read, until another program writes to it
// (for good, and Ctrl-C would not end the wait), a device such as /dev/zero never
// ends (its reader's memory grows until the program dies), /dev/null reads as an
// empty file, and a directory is no file. The open does not block even on a named
// pipe (it is non-blocking, then the descriptor is checked), and a file's size is
// checked against its kind's limit before anything is read or allocated.
package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is wrapped by the errors of Open and ReadFile for a name that is not a
// regular file (or a symbolic link to one).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the errors of Open and ReadFile for a file larger than its
// kind's limit.
var ErrTooLarge = errors.New("too large")

// Kind is a kind of input file: what it is called in errors, and the most it can be.
type Kind struct {
	// What names the kind, with its article: "a network file".
	What string
	// Max is the largest size read, in bytes; 0 for no limit (a file read one line
	// at a time, which bounds its lines itself).
	Max int64
}

// Open opens the file name for reading, refusing at once (without blocking) what is
// not a regular file (ErrNotRegular) and a file larger than k.Max (ErrTooLarge),
// with an error naming the file. The file's size at the open is returned with it:
// a reader should read no more than that (a file that grows meanwhile is read as it
// was). An error of the system (no such file, no permission) is the *fs.PathError.
func (k Kind) Open(name string) (*os.File, int64, error) {
	f, err := openNonBlocking(name)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if err := k.check(name, info); err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// check refuses what info says is not a regular file of at most k.Max bytes.
func (k Kind) check(name string, info fs.FileInfo) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, %w (%s must be one)", name, describe(info.Mode()), ErrNotRegular, k.what())
	}
	if k.Max > 0 && info.Size() > k.Max {
		return fmt.Errorf("%s is %s, %w: %s is at most %s", name, size(info.Size()), ErrTooLarge, k.what(), size(k.Max))
	}
	return nil
}

// what returns k.What, or "a file" when it is empty.
func (k Kind) what() string {
	if k.What == "" {
		return "a file"
	}
	return k.What
}

// ReadFile reads the file name whole, after Open's checks: at most the size it had
// when opened (and never more than k.Max).
func (k Kind) ReadFile(name string) ([]byte, error) {
	f, n, err := k.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, n)
	got, err := io.ReadFull(f, data)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return data[:got], nil // a file cut meanwhile is read as it now is
}

// describe names the kind of a file that is not a regular one.
func describe(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	}
	return fmt.Sprintf("of the kind %v", mode.Type())
}

// size writes n bytes for a message: in bytes below a kilobyte, else in KB, MB or
// GB (powers of 1024), rounded up.
func size(n int64) string {
	const k = 1 << 10
	switch {
	case n < k:
		return fmt.Sprintf("%d bytes", n)
	case n < k*k:
		return fmt.Sprintf("%d KB", (n+k-1)/k)
	case n < k*k*k:
		return fmt.Sprintf("%d MB", (n+k*k-1)/(k*k))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(k*k*k))
}
