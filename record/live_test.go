package record

import (
	"github.com/colony-ai/colony/internal/jsontest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLiveFileName(t *testing.T) {
	for _, tc := range []struct{ games, live string }{
		{"out/games.jsonl", "out/live.json"},
		{"games.jsonl", "live.json"},
		{"runs/shard-1.jsonl", "runs/shard-1.live.json"},
		{"runs/shard-2.jsonl", "runs/shard-2.live.json"},
		{"a/b.c/games", "a/b.c/games.live.json"},
		{"x.json", "x.live.json"},
	} {
		if got := LiveFileName(tc.games); got != filepath.FromSlash(tc.live) {
			t.Errorf("LiveFileName(%q) = %q, want %q", tc.games, got, tc.live)
		}
	}
}

// exitedPID returns the process id of a process that has exited.
func exitedPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no process to start: %v", err)
	}
	return cmd.Process.Pid
}

func TestLiveFileStale(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Skip(err)
	}
	updated := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	dead := exitedPID(t)
	for _, tc := range []struct {
		name  string
		state string
		pid   int
		host  string
		age   time.Duration
		after time.Duration
		stale bool
	}{
		{"running, fresh", LiveRunning, os.Getpid(), host, time.Second, 0, false},
		{"running, old", LiveRunning, os.Getpid(), host, 6 * time.Second, 0, true},
		{"running, old for a longer limit", LiveRunning, os.Getpid(), host, 6 * time.Second, 10 * time.Second, false},
		{"running, its process gone", LiveRunning, dead, host, time.Second, 0, true},
		{"running on another host", LiveRunning, dead, host + "-elsewhere", time.Second, 0, false},
		{"finished, old", LiveFinished, dead, host, time.Hour, 0, false},
		{"stopped, old", LiveStopped, dead, host, time.Hour, 0, false},
	} {
		lf := &LiveFile{State: tc.state, PID: tc.pid, Host: tc.host, Updated: updated}
		if got := lf.Stale(updated.Add(tc.age), tc.after); got != tc.stale {
			t.Errorf("%s: Stale = %v, want %v", tc.name, got, tc.stale)
		}
	}
}

// TestLiveBoardWrite writes a board's file by hand: the games in flight with their
// turns and clocks, the progress, then the final state without games.
func TestLiveBoardWrite(t *testing.T) {
	cfg := testConfig()
	cfg.Limits.TimeControl = TimeControl{Base: 10 * time.Second, Increment: time.Second}
	name := filepath.Join(t.TempDir(), "live.json")
	start := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	b := NewLiveBoard(name, filepath.Join("out", "games.jsonl"), &cfg, 2, 12, 3, start)
	b.Slot(1).Start(cfg.Slot(5), [2]string{"greedy", "random"}, [2]string{"greedy:seed=1", "random:seed=2"}, "OPENING",
		[2]time.Duration{10 * time.Second, 10 * time.Second}, start.Add(time.Second))
	b.Slot(1).Turn([]byte("A1-A2"), [2]time.Duration{9 * time.Second, 10 * time.Second})
	b.Slot(1).Turn([]byte("B1-B2"), [2]time.Duration{9 * time.Second, 8 * time.Second})
	b.Slot(0).Start(cfg.Slot(4), [2]string{"random", "greedy"}, [2]string{"random:seed=3", "greedy:seed=4"}, "OPENING",
		[2]time.Duration{10 * time.Second, 10 * time.Second}, start.Add(2*time.Second))
	b.Finished(4, 1)
	b.write(start.Add(3*time.Second), LiveRunning)
	lf, err := ReadLiveFile(name)
	if err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	want := &LiveFile{Type: "live", Version: LiveVersion, State: LiveRunning, Run: lf.Run, PID: os.Getpid(), Host: host,
		Game: "colony", Seed: 7, GamesFile: "games.jsonl", Started: start, Updated: start.Add(3 * time.Second),
		Scheduled: 12, Finished: 4, Played: 1, Resumed: 3,
		Games: []LiveGame{
			{Index: 4, Pair: 2, Round: cfg.Slot(4).Round, Players: [2]string{"random", "greedy"}, Specs: [2]string{"random:seed=3", "greedy:seed=4"},
				Opening: "OPENING", Moves: []string{}, Started: start.Add(2 * time.Second), Seconds: 1,
				ClockLeft: &[2]time.Duration{10 * time.Second, 10 * time.Second}},
			{Index: 5, Pair: 2, Round: cfg.Slot(5).Round, Players: [2]string{"greedy", "random"}, Specs: [2]string{"greedy:seed=1", "random:seed=2"},
				Opening: "OPENING", Moves: []string{"A1-A2", "B1-B2"}, Started: start.Add(time.Second), Seconds: 2,
				ClockLeft: &[2]time.Duration{9 * time.Second, 8 * time.Second}},
		}}
	if got, w := jsontest.Compact(t, lf), jsontest.Compact(t, want); got != w {
		t.Errorf("live file\n got %s\nwant %s", got, w)
	}
	if !strings.HasPrefix(lf.Run, strconv.Itoa(os.Getpid())+"-") {
		t.Errorf("run %q: want the pid first", lf.Run)
	}

	// A game that ends leaves; a new game of the slot starts with no turns.
	b.Slot(1).End()
	b.Slot(0).Start(cfg.Slot(6), [2]string{"a", "b"}, [2]string{"a", "b"}, "O2", [2]time.Duration{}, start)
	b.write(start.Add(4*time.Second), LiveRunning)
	if lf, err = ReadLiveFile(name); err != nil || len(lf.Games) != 1 || lf.Games[0].Index != 6 || len(lf.Games[0].Moves) != 0 {
		t.Fatalf("after a game's end: %v, %+v", err, lf)
	}

	go b.Run()
	if err := b.Close(LiveFinished); err != nil {
		t.Fatal(err)
	}
	if lf, err = ReadLiveFile(name); err != nil || lf.State != LiveFinished || len(lf.Games) != 0 {
		t.Fatalf("at the end: %v, %+v; want finished without games", err, lf)
	}
	if matches, _ := filepath.Glob(filepath.Join(filepath.Dir(name), ".*tmp")); len(matches) != 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

// TestLiveTurnAllocates checks that a turn shown in the live file allocates nothing
// once the slot's buffers have grown.
func TestLiveTurnAllocates(t *testing.T) {
	var s LiveSlot
	turn := []byte("B5/C5-C4")
	for range 100 {
		s.Turn(turn, [2]time.Duration{})
	}
	s.Start(Slot{}, [2]string{}, [2]string{}, "", [2]time.Duration{}, time.Time{})
	if n := testing.AllocsPerRun(100, func() { s.Turn(turn, [2]time.Duration{}) }); n != 0 {
		t.Errorf("a turn allocates %v times, want 0", n)
	}
}

func TestReadLiveFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ content, want string }{
		{`{"type":"live","version":2}`, "version 2, this program reads version 1"},
		{`{"type":"game","version":1}`, `type "game", not "live"`},
		{`{"type":"live"`, "unexpected end of JSON input"},
	} {
		name := filepath.Join(dir, "live.json")
		if err := os.WriteFile(name, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadLiveFile(name)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want %q naming the file", tc.content, err, tc.want)
		}
	}
}
