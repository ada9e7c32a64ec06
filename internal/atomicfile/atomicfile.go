// Package atomicfile writes files whole or not at all: the new content goes to a
// temporary file in the same directory, is synced, and is renamed over the old one.
// A reader, a full disk or a killed program then sees the old file or the new one,
// never an empty or half-written file.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Write writes the file name with what write writes (through a buffer), with mode
// 0644, replacing it only once all of it is written and synced: on any error the
// file is left as it was and the temporary file is removed. An error of the system
// is an *fs.PathError naming the file (not the temporary one); write's own errors
// are returned wrapped with the file's name.
func Write(name string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return named(name, err)
	}
	tmp := f.Name()
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return named(name, err)
	}
	return nil
}

// Check reports whether Write could make the file name, without writing it: a
// temporary file is made in its directory and removed. A run that writes name only
// at its end checks it at its start.
func Check(name string) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return named(name, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// named returns err as the error of the file name: a system error on the temporary
// file becomes an *fs.PathError of name with the same operation and cause.
func named(name string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: le.Op, Path: name, Err: le.Err}
	}
	return fmt.Errorf("%s: %w", name, err)
}

// WriteBytes writes the file name with data as Write does.
func WriteBytes(name string, data []byte) error {
	return Write(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Refused reports whether err is the system refusing to open or make a file a user
// named (a read-only file system, no permission, no such directory, a directory in
// the way, a name too long): a mistake in the name, the same whether it is found
// before a program's work or after it. A full disk or an I/O error is not.
func Refused(err error) bool {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return false
	}
	for _, e := range []error{syscall.EROFS, syscall.EACCES, syscall.EPERM, syscall.ENOENT, syscall.ENOTDIR, syscall.EISDIR, syscall.ENAMETOOLONG} {
		if errors.Is(pe.Err, e) {
			return true
		}
	}
	return false
}
