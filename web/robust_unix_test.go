//go:build unix

package web

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// unblockFIFO opens the named pipe for writing and closes it while readers wait on
// it, so that a server that opened it blocking gets on (and the test ends): until
// none has waited for 100 ms, for 5 s at most.
func unblockFIFO(name string) {
	for quiet, deadline := 0, time.Now().Add(5*time.Second); quiet < 10 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			quiet++ // no reader waits (ENXIO)
			continue
		}
		quiet = 0
		syscall.Close(fd)
	}
}

// openFDs counts the process's open file descriptors.
func openFDs(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(entries)
}

// TestFIFOInDir checks that a named pipe in the results directory is refused at
// once by every view that reads a file (a games file, a game, the live view), and
// that 200 requests for it leave no goroutine or file descriptor behind.
func TestFIFOInDir(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "live.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	t.Cleanup(func() { unblockFIFO(fifo); unblockFIFO(filepath.Join(dir, "live.json")) })
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 10}}
	get := func(path string) (int, string, error) {
		resp, err := client.Get(url + path)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		var b strings.Builder
		_, err = bufio.NewReader(resp.Body).WriteTo(&b)
		return resp.StatusCode, b.String(), err
	}
	for _, path := range []string{"/api/file?name=fifo.jsonl", "/api/game?name=fifo.jsonl&index=0"} {
		status, body, err := get(path)
		if err != nil || status != 400 || !strings.Contains(body, "fifo.jsonl is not a games file") {
			t.Fatalf("%s: %d %s %v, want 400 at once", path, status, body, err)
		}
	}
	// The live view of the pipe, and of a games file beside a live file that is one.
	if err := os.WriteFile(filepath.Join(dir, "games.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, says string }{{"fifo.jsonl", "not a regular file"}, {"games.jsonl", "live file: open live.json: not a regular file"}} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/live?file="+tc.file, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatalf("live %s: %v", tc.file, err)
		}
		line, err := readEvent(resp, "snapshot")
		resp.Body.Close()
		cancel()
		if err != nil || !strings.Contains(line, tc.says) {
			t.Errorf("live %s: first snapshot %q (%v), want it at once, saying %q", tc.file, line, err, tc.says)
		}
	}

	client.Transport.(*http.Transport).CloseIdleConnections()
	fds, goroutines := openFDs(t), runtime.NumGoroutine()
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for w := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < 200; i += 10 {
				if status, body, err := get("/api/file?name=fifo.jsonl"); err != nil || status != 400 {
					errs <- errors.Join(err, errors.New(body))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a request for the pipe: %v", err)
	}
	client.Transport.(*http.Transport).CloseIdleConnections()
	var nowFDs, nowGoroutines int
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		nowFDs, nowGoroutines = openFDs(t), runtime.NumGoroutine()
		if nowFDs <= fds+4 && nowGoroutines <= goroutines+4 || time.Now().After(deadline) {
			break
		}
	}
	if nowFDs > fds+4 || nowGoroutines > goroutines+4 {
		t.Errorf("after 200 requests for the pipe: %d descriptors (%d before), %d goroutines (%d before)", nowFDs, fds, nowGoroutines, goroutines)
	}
}

// readEvent returns the data line of the first event of that name of the stream.
func readEvent(resp *http.Response, name string) (string, error) {
	r := bufio.NewReader(resp.Body)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(line) == "event: "+name {
			data, err := r.ReadString('\n')
			return strings.TrimPrefix(data, "data: "), err
		}
	}
}

// TestLiveSymlinkSwapped checks that the live view does not follow a games file
// replaced, after the view started, by a symbolic link to another tournament's
// games file outside the results directory: the file is opened through the root at
// each poll, and that tournament's standings are never sent.
func TestLiveSymlinkSwapped(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	s, url := startServer(t, Config{Game: "kalah", Dir: dir})
	write := func(name string, players [2]string) {
		data, err := s.gamesFile(RecordRequest{Game: "kalah", Players: players, Turns: []string{"a"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "run"), 0o755); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "run", "games.jsonl")
	write(games, [2]string{"ours-a", "ours-b"})
	write(filepath.Join(outside, "games.jsonl"), [2]string{"secret-a", "secret-b"})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/live?file=run/games.jsonl", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	first, err := readEvent(resp, "snapshot")
	if err != nil || !strings.Contains(first, "ours-a") {
		t.Fatalf("first snapshot %q (%v), want our tournament", first, err)
	}
	// Swapped in after the check: the games file is now a link out of the directory.
	if err := os.Remove(games); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "games.jsonl"), games); err != nil {
		t.Fatal(err)
	}
	// The next poll (one every livePoll) sends a snapshot: it changed.
	line, err := readEvent(resp, "snapshot")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(line, "secret") {
		t.Fatalf("a snapshot after the swap shows the other tournament: %s", line)
	}
	if !strings.Contains(line, "escapes") {
		t.Errorf("a snapshot after the swap: %s, want the link refused", line)
	}
}
