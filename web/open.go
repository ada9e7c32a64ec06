package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/colony-ai/colony/internal/inputfile"
)

// Files under the results directory are opened through an os.Root, without
// blocking, and read only when the open descriptor is a regular file (or, to list
// it, a directory): a named pipe, a device or a socket put there is refused at once,
// and a symbolic link swapped in after a check is never followed out of the
// directory, since there is no check apart from the opening.

// errNotRegular is the error of a name under the results directory that is not a
// regular file (a named pipe, a device, a socket, a directory): the input files'.
var errNotRegular = inputfile.ErrNotRegular

// openIn opens name (slash-separated, relative) in root for reading without
// blocking, and returns it with its information when it is a regular file, or a
// directory if dirOK; anything else is closed and refused with errNotRegular.
func openIn(root *os.Root, name string, dirOK bool) (*os.File, fs.FileInfo, error) {
	f, err := root.OpenFile(filepath.FromSlash(name), inputfile.ReadNonBlocking, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() && !(dirOK && info.IsDir()) {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: errNotRegular}
	}
	return f, info, nil
}

// rootFS is the results directory as an fs.FS for listing it: its files and
// directories opened as openIn opens them.
type rootFS struct{ root *os.Root }

// Open opens name, a regular file or a directory of the results directory.
func (r rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, _, err := openIn(r.root, name, true)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// maxLineBytes bounds a line of a games file that the server reads: a record holds
// every move of its game with its figures, a few megabytes for a game of 100,000
// turns. A longer line is refused rather than read whole.
const maxLineBytes = 32 << 20

// errLongLine is the error of a games file's line over maxLineBytes.
var errLongLine = fmt.Errorf("a line is longer than %d MiB, the longest this server reads", maxLineBytes>>20)

// lineLimiter reads from r, failing with errLongLine when more than max bytes
// come without a newline.
type lineLimiter struct {
	r   io.Reader
	max int
	run int // bytes since the last newline
}

// Read reads from r, counting the bytes of the current line.
func (l *lineLimiter) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for rest := p[:n]; ; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			l.run += len(rest)
			break
		}
		if l.run+i > l.max {
			return 0, errLongLine
		}
		l.run, rest = 0, rest[i+1:]
	}
	if l.run > l.max {
		return 0, errLongLine
	}
	return n, err
}

// acquireRead takes one of the server's read slots (the games files read at once),
// waiting while ctx lasts; release gives it back.
func (s *Server) acquireRead(ctx context.Context) (release func(), err error) {
	select {
	case s.reads <- struct{}{}:
		return func() { <-s.reads }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
