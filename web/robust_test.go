package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startServe serves cfg with Serve (the http.Server with its timeouts and its cap
// on connections) on a free loopback port until the end of the test, and returns
// its URL.
func startServe(t *testing.T, cfg Config) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, cfg) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// TestNewRefusesDir checks that a results directory that is not there, or not a
// directory, is refused at start, naming it, rather than served as an empty Watch.
func TestNewRefusesDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.jsonl")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ dir, says string }{
		{filepath.Join(dir, "missing"), "missing: no such directory"},
		{file, "games.jsonl: not a directory"},
	}
	for _, tc := range tests {
		_, err := New(Config{Addr: "127.0.0.1:1", Dir: tc.dir})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("--dir %s: %v, want an error saying %q", tc.dir, err, tc.says)
		}
	}
	if _, err := New(Config{Addr: "127.0.0.1:1", Dir: dir}); err != nil {
		t.Errorf("--dir %s: %v", dir, err)
	}
}

// TestUnavailableEngine checks that an engine named but unavailable (its program is
// not there) is listed by /api/config with why, and that a search of it is refused
// saying why, while the other engines are offered.
func TestUnavailableEngine(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah", Engines: map[string]string{"sh": "cmd:/bin/sh"},
		Unavailable: map[string]string{"gone": `command "./gone": no such program`}})
	status, body := do(t, "GET", url+"/api/config", "", nil)
	var c ConfigView
	if err := json.Unmarshal([]byte(body), &c); status != 200 || err != nil {
		t.Fatalf("config: %d %v %s", status, err, body)
	}
	if fmt.Sprint(c.Engines) != "[engine:sh]" || fmt.Sprint(c.Unavailable) != `[{engine:gone command "./gone": no such program}]` {
		t.Errorf("config: engines %v, unavailable %v", c.Engines, c.Unavailable)
	}
	status, body = do(t, "POST", url+"/api/think", `{"game":"kalah","player":"engine:gone"}`, nil)
	if status != 400 || !strings.Contains(body, `the engine is unavailable: command \"./gone\": no such program`) {
		t.Errorf("think engine:gone: %d %s", status, body)
	}
}

// TestPageLimits checks that the page's specs name no file, not even the
// placeholders of the evaluations' list (FILE, net:FILE), whether or not a file of
// that name is in the server's working directory, and that a time limit, with or
// without its unit, is at most --max-time.
func TestPageLimits(t *testing.T) {
	t.Chdir(t.TempDir())
	_, url := startServer(t, Config{Game: "kalah", MaxSearchTime: time.Second})
	think := func(player string) (int, string) {
		return do(t, "POST", url+"/api/think", `{"game":"kalah","player":"`+player+`"}`, nil)
	}
	for _, exists := range []bool{false, true} {
		if exists {
			for _, name := range []string{"FILE", "net:FILE"} {
				if err := os.WriteFile(name, []byte("not weights\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, player := range []string{"ab:eval=FILE", "ab:depth=2,eval=net:FILE", "greedy:eval=FILE"} {
			status, body := think(player)
			if status != 400 || !strings.Contains(body, "the page may name the game's evaluations only") {
				t.Errorf("%s (a file of that name: %v): %d %s", player, exists, status, body)
			}
		}
	}
	tests := []struct {
		player string
		status int
		says   string
	}{
		{"ab:time=100000", 400, "time=100000: this server allows at most 1s"},
		{"ab:time=2s", 400, "time=2s: this server allows at most 1s"},
		{"mcts:time=1001", 400, "time=1001: this server allows at most 1s"},
		{"ab:time=50", 200, `"best"`},
		{"ab:time=50ms", 200, `"best"`},
	}
	for _, tc := range tests {
		status, body := think(tc.player)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.200s, want %d and %q", tc.player, status, body, tc.status, tc.says)
		}
	}
}

// TestSearchLimitsBoundedInTime checks that a search with a limit of nodes,
// simulations or depth far beyond what the server allows ends with --max-time.
func TestSearchLimitsBoundedInTime(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah", MaxSearchTime: 200 * time.Millisecond})
	for _, player := range []string{"ab:depth=40", "ab:nodes=1000000000000", "mcts:sims=2000000000"} {
		start := time.Now()
		status, body := do(t, "POST", url+"/api/think", `{"game":"kalah","player":"`+player+`"}`, nil)
		if took := time.Since(start); status != 200 || took > 10*time.Second {
			t.Errorf("%s: %d %.200s after %v, want a turn within --max-time (200ms)", player, status, body, took)
		}
	}
}

// TestLongLineRefused checks that a games file line longer than the server reads
// is refused, rather than read whole into memory.
func TestLongLineRefused(t *testing.T) {
	dir := t.TempDir()
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.gamesFile(RecordRequest{Game: "kalah", Turns: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(data), "\n")
	f, err := os.Create(filepath.Join(dir, "long.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString(header + "\n")
	w.WriteString(`{"type":"game","moves":["`)
	for range (maxLineBytes + 1<<20) / 4 {
		w.WriteString(`a","`)
	}
	w.WriteString("a\"]}\n")
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		t.Fatal(err)
	}
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	status, body := do(t, "GET", url+"/api/file?name=long.jsonl", "", nil)
	if status != 400 || !strings.Contains(body, "longer than 32 MiB") {
		t.Errorf("a file with a long line: %d %.300s", status, body)
	}
}

// TestReadsBounded checks that the server reads at most maxReads games files at
// once: with every read slot taken, a request for a file waits (and gives up when
// its browser does), and is answered once a slot is free.
func TestReadsBounded(t *testing.T) {
	dir := t.TempDir()
	s, url := startServer(t, Config{Game: "kalah", Dir: dir})
	data, err := s.gamesFile(RecordRequest{Game: "kalah", Turns: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for range maxReads {
		s.reads <- struct{}{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/api/file?name=games.jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("a read with every slot taken: %d, want it to wait", resp.StatusCode)
	}
	for range maxReads {
		<-s.reads
	}
	if status, body := do(t, "GET", url+"/api/file?name=games.jsonl", "", nil); status != 200 {
		t.Errorf("a read with the slots free: %d %s", status, body)
	}
	if len(s.reads) != 0 {
		t.Errorf("%d read slots taken after the reads", len(s.reads))
	}
}

// TestConnectionTimeouts checks that a request whose body comes slowly and a
// connection that sends nothing are cut, that the connections open at once are
// capped, and that a stream of events lasting longer than the read timeout is not
// cut.
func TestConnectionTimeouts(t *testing.T) {
	url := startServe(t, Config{Game: "kalah", ReadTimeout: 500 * time.Millisecond, IdleTimeout: 500 * time.Millisecond})
	addr := strings.TrimPrefix(url, "http://")
	// closed reads from c until the server closes it, writing a byte of the body
	// every 50 ms while there is body to write; it fails after 10 s.
	closed := func(t *testing.T, c net.Conn, body int) {
		t.Helper()
		got := make(chan error, 1)
		go func() {
			_, err := io.Copy(io.Discard, c)
			got <- err
		}()
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case <-got:
				return
			case <-tick.C:
				if body > 0 {
					c.Write([]byte("x"))
					body--
				}
			case <-deadline:
				c.Close()
				t.Fatal("the connection is still open after 10 s")
			}
		}
	}
	t.Run("a slow body", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/play HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", addr)
		closed(t, c, 1000)
	})
	t.Run("an idle connection", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		closed(t, c, 0)
	})
	t.Run("a kept-alive connection", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /api/config HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		closed(t, c, 0)
	})
	t.Run("a stream outlasts the read timeout", func(t *testing.T) {
		status, body := do(t, "GET", url+"/api/analyse?game=kalah&player=ab:time=1500ms", "", nil)
		if status != 200 || !strings.Contains(body, "event: done") {
			t.Errorf("an analysis of 1.5 s with a read timeout of 0.5 s: %d %s", status, body)
		}
	})
}

// TestConnectionCap checks that the connections open at once are at most
// MaxConnections: another waits to be accepted until one closes.
func TestConnectionCap(t *testing.T) {
	url := startServe(t, Config{Game: "kalah", MaxConnections: 2, ReadTimeout: time.Minute, IdleTimeout: time.Minute})
	addr := strings.TrimPrefix(url, "http://")
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		held = append(held, c)
	}
	got := make(chan int, 1)
	go func() {
		resp, err := http.Get(url + "/api/config")
		if err != nil {
			got <- 0
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	select {
	case status := <-got:
		t.Fatalf("a third connection was served (%d) while two were open, cap 2", status)
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close()
	select {
	case status := <-got:
		if status != 200 {
			t.Errorf("the third connection, once one closed: %d", status)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the third connection is not served 30 s after one closed")
	}
}
