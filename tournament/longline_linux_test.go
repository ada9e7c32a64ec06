package tournament

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/colony-ai/colony/record"
)

// longLineChild is the environment variable that makes TestLongLineMemory the child
// that reads a games file under an address-space limit: "FILE HEADROOM" (HEADROOM in
// bytes above what the process holds when it starts reading).
const longLineChild = "COLONY_TEST_LONG_LINE"

// TestLongLineMemory reads games files with one long line under an address-space
// limit (ulimit -v) a few times the line above what the process holds: a line of
// a long text is read (it took about six times its size, and a 100 MB line ended
// resume, merge and replay under ulimit -v 2000000 with Go's out-of-memory dump),
// and a line of so many moves that its record cannot fit is refused with a message
// saying so, not with the dump.
func TestLongLineMemory(t *testing.T) {
	if spec := os.Getenv(longLineChild); spec != "" {
		longLineRead(spec)
		return
	}
	if testing.Short() {
		t.Skip("reads 48 MB lines")
	}
	lines := fileLines(t, testConfig())
	var r record.Record
	if err := record.ParseRecord(bytes.Clone(lines[1][:len(lines[1])-1]), record.RecordVersion, &r); err != nil {
		t.Fatal(err)
	}
	const size = 48 << 20
	dir := t.TempDir()
	text := r
	text.Detail = strings.Repeat("x", size)
	moves := r
	moves.Moves, moves.Info = nil, nil
	for len(moves.Moves)*16 < size/4 {
		moves.Moves = append(moves.Moves, r.Moves...)
		moves.Info = append(moves.Info, r.Info...)
	}
	tests := []struct {
		name string
		r    *record.Record
		want string
	}{
		{"text", &text, "read 2 games"},
		{"moves", &moves, "and reading it takes about"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := filepath.Join(dir, tc.name+".jsonl")
			data := append(bytes.Clone(lines[0]), record.AppendRecord(nil, tc.r)...)
			data = append(data, lines[2]...)
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestLongLineMemory$")
			cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d", longLineChild, name, 3*size))
			out, _ := cmd.CombinedOutput()
			if bytes.Contains(out, []byte("out of memory")) || !bytes.Contains(out, []byte(tc.want)) {
				t.Errorf("reading a line of %d MB under ulimit -v:\n%s\nwant %q", len(data)>>20, out, tc.want)
			}
		})
	}
}

// longLineRead is the child of TestLongLineMemory: it limits its address space to
// what it holds and the headroom, reads the file and says what it read.
func longLineRead(spec string) {
	name, headroom, _ := strings.Cut(spec, " ")
	room, err := strconv.ParseUint(headroom, 10, 64)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	var size uint64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmSize:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			size = kb << 10
		}
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	lim.Cur = size + room
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	games := 0
	_, err = record.ScanGamesFile(context.Background(), name, nil, func(*record.Record) error {
		games++
		return nil
	})
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Printf("read %d games\n", games)
	os.Exit(0)
}
