//go:build unix

package inputfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFile checks that ReadFile reads a regular file (or a link to one) within its
// kind's limit, and refuses at once, naming the file and what it is, a named pipe
// (which blocked the open for good), a device that never ends or reads as nothing,
// a directory and a file over the limit.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "small"), []byte("hello\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "big"), make([]byte, 3<<20), 0o644))
	must(os.Symlink("small", filepath.Join(dir, "link")))
	must(syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644))
	must(os.Mkdir(filepath.Join(dir, "adir"), 0o755))
	kind := Kind{What: "a test file", Max: 1 << 20}
	tests := []struct {
		name     string
		want     string // the content, or the error
		sentinel error
	}{
		{filepath.Join(dir, "small"), "hello\n", nil},
		{filepath.Join(dir, "link"), "hello\n", nil},
		{filepath.Join(dir, "fifo"), "DIR/fifo is a named pipe, not a regular file (a test file must be one)", ErrNotRegular},
		{filepath.Join(dir, "adir"), "DIR/adir is a directory, not a regular file (a test file must be one)", ErrNotRegular},
		{"/dev/null", "/dev/null is a character device, not a regular file (a test file must be one)", ErrNotRegular},
		{"/dev/zero", "/dev/zero is a character device, not a regular file (a test file must be one)", ErrNotRegular},
		{filepath.Join(dir, "big"), "DIR/big is 3 MB, too large: a test file is at most 1 MB", ErrTooLarge},
		{filepath.Join(dir, "none"), "open DIR/none: no such file or directory", fs.ErrNotExist},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.name), func(t *testing.T) {
			done := make(chan struct{})
			var data []byte
			var err error
			go func() {
				defer close(done)
				data, err = kind.ReadFile(tc.name)
			}()
			select {
			case <-done:
			case <-time.After(time.Minute): // generous: it answers at once, or hangs for good
				t.Fatal("ReadFile hangs")
			}
			if tc.sentinel == nil {
				if err != nil || string(data) != tc.want {
					t.Fatalf("got %q, %v; want %q", data, err, tc.want)
				}
				return
			}
			if !errors.Is(err, tc.sentinel) {
				t.Fatalf("error %v, want one of %v", err, tc.sentinel)
			}
			if got := strings.ReplaceAll(err.Error(), dir, "DIR"); got != tc.want {
				t.Errorf("error\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
