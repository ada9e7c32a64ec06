//go:build unix

package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/internal/inputfile"
)

// TestParseClaimedSizes checks that a short network file with a valid checksum whose
// header claims the largest sizes is refused before the network is allocated (it
// allocated 512 MB first).
func TestParseClaimedSizes(t *testing.T) {
	h := colonyHeader(colony.NewGame(nil), MaxHidden, MaxDense, MaxDense)
	h.Inputs, h.Version = MaxInputs, FormatVersion
	head, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	binary.Write(&buf, binary.LittleEndian, uint32(len(head)))
	buf.Write(head)
	buf.Write(make([]byte, 43<<10))
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Parse(buf.Bytes())
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "damaged network file: 44032 bytes of weights where its sizes want") {
		t.Errorf("error %v, want the sizes refused", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("Parse allocated %d MB before refusing the file", got>>20)
	}
}

// TestLoadKinds checks that Load refuses at once what is not a regular file (a named
// pipe blocked it for good, /dev/zero grew its memory until it died) and a file larger
// than a network of the largest sizes (read whole before: a 3 GB file took 3 GB).
func TestLoadKinds(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.nnue")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.nnue")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: it takes no disk.
	if err := errors.Join(f.Truncate(int64(maxFileSize)+1), f.Close()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want error
	}{
		{fifo, inputfile.ErrNotRegular},
		{"/dev/zero", inputfile.ErrNotRegular},
		{"/dev/null", inputfile.ErrNotRegular},
		{dir, inputfile.ErrNotRegular},
		{huge, inputfile.ErrTooLarge},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := Load(tc.name)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.name) {
				t.Errorf("%s: error %v, want %v naming the file", tc.name, err, tc.want)
			}
		case <-time.After(time.Minute): // generous: it answers at once, or hangs for good
			t.Fatalf("%s: Load hangs", tc.name)
		}
	}
}
