//go:build unix

package record

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenGamesFileKinds checks that a games file name that cannot be one is refused
// at once with a message saying what it is: a symbolic link to nothing (it was taken
// for a file another run had just made), a named pipe (opening it waited for a reader
// forever), a device (/dev/null took every game and kept none) and a directory;
// nothing is created.
func TestOpenGamesFileKinds(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Symlink("nothere.jsonl", filepath.Join(dir, "dangling.jsonl")))
	must(os.Symlink(filepath.Join(dir, "no", "dir", "g.jsonl"), filepath.Join(dir, "deep.jsonl")))
	must(syscall.Mkfifo(filepath.Join(dir, "fifo.jsonl"), 0o644))
	must(os.Mkdir(filepath.Join(dir, "adir"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "real.jsonl"), nil, 0o644))
	must(os.Symlink("real.jsonl", filepath.Join(dir, "link.jsonl")))
	tests := []struct {
		file, want string // want "" for a file that opens
	}{
		{"dangling.jsonl", "games file DIR/dangling.jsonl is a symbolic link to nothere.jsonl, which does not exist: create that file (or its directory), or name another games file"},
		{"deep.jsonl", "games file DIR/deep.jsonl is a symbolic link to DIR/no/dir/g.jsonl, which does not exist: create that file (or its directory), or name another games file"},
		{"fifo.jsonl", "games file DIR/fifo.jsonl is a named pipe: a games file must be a regular file, since a run appends to it and --resume, merge and replay read it back"},
		{"adir", "games file DIR/adir is a directory (--out names a directory; --games-file a file)"},
		{"/dev/null", "games file /dev/null is a device: a games file must be a regular file, which keeps the games a run appends to it (for --resume, merge and replay); for no games file, give no --games-file"},
		{"link.jsonl", ""}, // a link to a file is the file
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			done := make(chan struct{})
			var w *GamesFileWriter
			var err error
			go func() {
				defer close(done)
				name := tc.file
				if !filepath.IsAbs(name) {
					name = filepath.Join(dir, name)
				}
				w, err = OpenGamesFile(name, testConfig(), false)
			}()
			select {
			case <-done:
			case <-time.After(time.Minute): // generous: it answers at once, or hangs forever
				t.Fatal("OpenGamesFile hangs")
			}
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				must(w.Close())
				return
			}
			if err == nil {
				w.Close()
				t.Fatal("opened")
			}
			if got := strings.ReplaceAll(err.Error(), dir, "DIR"); got != tc.want {
				t.Errorf("error\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "nothere.jsonl")); !os.IsNotExist(err) {
		t.Errorf("the dangling link's target was made: %v", err)
	}
}
