package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "summary.json")
	if err := WriteBytes(filepath.Join(dir, "no", "such.json"), nil); err == nil || err.Error() != "open "+filepath.Join(dir, "no", "such.json")+": no such file or directory" {
		t.Errorf("a missing directory: %v", err)
	}
	if err := WriteBytes(name, []byte("old\n")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	tests := []struct {
		name    string
		write   func(io.Writer) error
		wantErr error
		want    string
	}{
		{"replaced", func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }, nil, "new\n"},
		{"a failed write keeps the old file", func(w io.Writer) error {
			io.WriteString(w, "half")
			return boom
		}, boom, "new\n"},
		{"empty", func(io.Writer) error { return nil }, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Write(name, tc.write)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err != nil && err.Error() != name+": boom" {
				t.Errorf("error %q does not name the file", err)
			}
			got, rerr := os.ReadFile(name)
			if rerr != nil || string(got) != tc.want {
				t.Errorf("file %q (%v), want %q", got, rerr, tc.want)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("files left in the directory: %v", entries)
			}
			if info, _ := os.Stat(name); info.Mode().Perm() != 0o644 {
				t.Errorf("mode %v", info.Mode())
			}
		})
	}
}

// TestWriteFullDisk writes a file bigger than a small file system (a 64 KiB tmpfs,
// where the system lets the test mount one): the error says so and the good earlier
// file is whole.
func TestWriteFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).Run(); err != nil {
		t.Skipf("cannot mount a small tmpfs here: %v", err)
	}
	defer exec.Command("umount", dir).Run()
	name := filepath.Join(dir, "standings.csv")
	if err := WriteBytes(name, []byte("a,b\n1,2\n")); err != nil {
		t.Fatal(err)
	}
	err := WriteBytes(name, make([]byte, 1<<20))
	if want := "write " + name + ": no space left on device"; err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s", err, want)
	}
	if got, _ := os.ReadFile(name); string(got) != "a,b\n1,2\n" {
		t.Errorf("the earlier file became %d bytes", len(got))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

func TestRefused(t *testing.T) {
	dir := t.TempDir()
	missing := WriteBytes(filepath.Join(dir, "no", "x"), nil)
	_, notDir := os.Create(filepath.Join(dir, "x", "y")) // x does not exist
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, underFile := os.Create(filepath.Join(dir, "file", "y"))
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"no such directory", missing, true},
		{"no such directory, os.Create", notDir, true},
		{"a file in the way", underFile, true},
		{"read-only", &fs.PathError{Op: "open", Path: "x", Err: syscall.EROFS}, true},
		{"permission", fmt.Errorf("wrapped: %w", &fs.PathError{Op: "open", Path: "x", Err: syscall.EACCES}), true},
		{"full disk", &fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}, false},
		{"I/O", &fs.PathError{Op: "write", Path: "x", Err: syscall.EIO}, false},
		{"not a path error", errors.New("boom"), false},
		{"nil", nil, false},
	}
	for _, tt := range tests {
		if got := Refused(tt.err); got != tt.want {
			t.Errorf("%s: Refused(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}
