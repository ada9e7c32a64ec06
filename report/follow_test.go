package report

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/internal/jsontest"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// fileLines returns the lines of a games file of cfg's whole schedule, newlines
// included, the header first: games of the schedule (gameOf) won by the first seat,
// the second and drawn in turn, or with winners, by the game's index, the winner's
// player (an index in cfg.Players; -1 a draw).
func fileLines(t *testing.T, cfg record.Config, winners ...func(index int) int) [][]byte {
	t.Helper()
	var buf bytes.Buffer
	if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	lines := [][]byte{bytes.Clone(buf.Bytes())}
	for k := range cfg.TotalGames() {
		r := gameOf(&cfg, k)
		seat := k%3 - 1
		if len(winners) > 0 {
			seat = -1
			if p := winners[0](k); p >= 0 {
				seat = 0
				if r.Players[1] == cfg.Players[p].Name {
					seat = 1
				}
			}
		}
		r.Winner, r.Result = seat, [3]string{"1/2-1/2", "1-0", "0-1"}[seat+1]
		r.Moves, r.Info, r.Turns, r.Reason = []string{"a1", "b2"}, make([]record.MoveInfo, 2), 2, "no seeds left"
		lines = append(lines, record.AppendRecord(nil, &r))
	}
	return lines
}

// poll polls f and checks its games and restarts.
func poll(t *testing.T, f *Follower, what string, finished, restarts int) *Snapshot {
	t.Helper()
	s, err := f.Poll()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if s.Progress.Finished != finished || s.Restarts != restarts {
		t.Fatalf("%s: %d games, %d restarts; want %d and %d", what, s.Progress.Finished, s.Restarts, finished, restarts)
	}
	return s
}

func appendTo(t *testing.T, name string, parts ...[]byte) {
	t.Helper()
	file, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		if _, err := file.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := file.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestFollowerPartialLines feeds a games file as a run writes it, a line cut
// anywhere: the follower counts the whole lines only, and reads each byte once.
func TestFollowerPartialLines(t *testing.T) {
	cfg := testConfig()
	lines := fileLines(t, cfg)
	name := filepath.Join(t.TempDir(), "games.jsonl")
	f := NewFollower(name)
	poll(t, f, "no file", 0, 0)
	appendTo(t, name, lines[0][:10])
	if s := poll(t, f, "half a header", 0, 0); s.Tournament != nil || s.Progress.State != WatchWaiting {
		t.Fatalf("half a header: %+v, want no tournament yet", s)
	}
	appendTo(t, name, lines[0][10:])
	if s := poll(t, f, "the header", 0, 0); s.Tournament == nil || s.Tournament.Total != 12 || s.Progress.State != WatchUnknown || s.Progress.Scheduled != 12 {
		t.Fatalf("the header: %+v", s)
	}
	appendTo(t, name, lines[1], lines[2], lines[3][:len(lines[3])/2])
	poll(t, f, "two games and a half", 2, 0)
	appendTo(t, name, lines[3][len(lines[3])/2:len(lines[3])-1]) // all but the newline
	poll(t, f, "a game without its newline", 2, 0)
	appendTo(t, name, []byte("\n"))
	poll(t, f, "three games", 3, 0)
	if info, err := os.Stat(name); err != nil || f.offset != info.Size() {
		t.Fatalf("read %d bytes of %v (%v)", f.offset, info.Size(), err)
	}
	// A whole last line that does not parse is a torn one: it waits, as --resume
	// would cut it off.
	appendTo(t, name, []byte("{\"type\":\"ga\n"))
	poll(t, f, "a torn last line", 3, 0)
	// The rest of the file, in one go: the torn line is now in the middle.
	appendTo(t, name, bytes.Join(lines[4:], nil))
	if _, err := f.Poll(); err == nil || !strings.Contains(err.Error(), "line 5:") || !strings.Contains(err.Error(), name) {
		t.Fatalf("a bad line in the middle: %v, want an error naming the file and line 5", err)
	}
}

// TestFollowerEditedLine reports a record changed after it was written, and reads on
// once it is mended.
func TestFollowerEditedLine(t *testing.T) {
	cfg := testConfig()
	lines := fileLines(t, cfg)
	name := filepath.Join(t.TempDir(), "games.jsonl")
	edited := bytes.Replace(lines[2], []byte(`"round":`), []byte(`"round": `), 1)
	appendTo(t, name, lines[0], lines[1], edited)
	f := NewFollower(name)
	s, err := f.Poll()
	if err == nil || !strings.Contains(err.Error(), "line 3: game record: changed after it was written") {
		t.Fatalf("an edited last line: %v, want a checksum error on line 3", err)
	}
	if s.Progress.Finished != 1 {
		t.Errorf("an edited last line: %d games, want the one before it", s.Progress.Finished)
	}
}

// TestFollowerReplaced follows a games file that is truncated, replaced by another
// file, and rewritten in place with another tournament.
func TestFollowerReplaced(t *testing.T) {
	cfg := testConfig()
	lines := fileLines(t, cfg)
	other := cfg
	other.Seed++
	otherLines := fileLines(t, other)
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	write := func(name string, lines [][]byte) {
		if err := os.WriteFile(name, bytes.Join(lines, nil), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(name, lines)
	f := NewFollower(name)
	poll(t, f, "the whole file", 12, 0)
	poll(t, f, "again, unchanged", 12, 0)

	write(name, lines[:6]) // truncated in place: shorter than what was read
	poll(t, f, "truncated", 5, 1)
	appendTo(t, name, lines[6])
	poll(t, f, "grown again", 6, 1)

	replacement := filepath.Join(dir, "new.jsonl")
	write(replacement, lines[:4]) // another file renamed over it
	if err := os.Rename(replacement, name); err != nil {
		t.Fatal(err)
	}
	poll(t, f, "replaced", 3, 2)

	write(name, otherLines) // rewritten in place, longer, with another header
	s := poll(t, f, "another tournament", 12, 3)
	if s.Tournament.Seed != other.Seed {
		t.Errorf("another tournament: seed %d, want %d", s.Tournament.Seed, other.Seed)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if s := poll(t, f, "removed", 0, 4); s.Progress.State != WatchWaiting {
		t.Errorf("removed: state %q, want %q", s.Progress.State, WatchWaiting)
	}
}

// TestFollowerSPRTDecided counts, in the standings, the games up to the pair where
// the SPRT decided, as the report does, while Finished counts every game.
func TestFollowerSPRTDecided(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=100,alpha=0.1,beta=0.1,model=logistic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "random", Spec: "random"}, {Name: "ab1", Spec: "ab:depth=1"}},
		Format: record.Match, Games: 40, Seed: 3, Openings: record.Openings{RandomTurns: 3}}
	gf, err := record.ParseGamesFile(bytes.Join(fileLines(t, cfg, func(int) int { return 1 }), nil)) // ab1 wins every game
	if err != nil {
		t.Fatal(err)
	}
	played := gf.Games
	cfg.SPRT = &test // the same games, under a test that decides early
	name := filepath.Join(t.TempDir(), "games.jsonl")
	writeGamesFile(t, name, cfg, played, "")
	res, err := record.Collect(cfg, played)
	if err != nil {
		t.Fatal(err)
	}
	if res.SPRT.StopPair < 0 || len(res.Games) >= len(played) {
		t.Fatalf("the SPRT counts %d of %d games (stop pair %d): choose a test that decides early", len(res.Games), len(played), res.SPRT.StopPair)
	}
	s := poll(t, NewFollower(name), "decided", len(played), 0)
	rep, err := Summarize(&cfg, res.Games, [2]string{"red", "black"}, res.SPRT)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jsontest.Compact(t, s.Standings), jsontest.Compact(t, rep.Players); got != want {
		t.Errorf("standings\n got %s\nwant %s", got, want)
	}
	if s.SPRT.StopPair != res.SPRT.StopPair || s.SPRT.LLR != rep.SPRT.LLR || s.SPRT.Verdict != rep.SPRT.Verdict || len(s.SPRT.History) != rep.SPRT.Pairs {
		t.Errorf("SPRT %+v, the report's %+v", s.SPRT, rep.SPRT)
	}
}

// TestFollowerResumeCutsTornLine follows a games file through a kill while a line
// was written and the --resume that cuts it off and appends: no restart, every game
// once.
func TestFollowerResumeCutsTornLine(t *testing.T) {
	cfg := testConfig()
	lines := fileLines(t, cfg)
	name := filepath.Join(t.TempDir(), "games.jsonl")
	appendTo(t, name, lines[0], lines[1], lines[2], lines[3][:40])
	f := NewFollower(name)
	poll(t, f, "killed while writing game 3", 2, 0)
	w, err := record.OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Done) != 2 {
		t.Fatalf("resumed with %d games, want 2", len(w.Done))
	}
	poll(t, f, "the torn line cut off", 2, 0)
	for _, l := range lines[3:] {
		if _, err := w.Write(l); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	poll(t, f, "resumed to the end", 12, 0)
}

func TestFollowerWatchStops(t *testing.T) {
	f := NewFollower(filepath.Join(t.TempDir(), "games.jsonl"))
	stop := errors.New("enough")
	calls := 0
	err := f.Watch(context.Background(), 0, func(s *Snapshot, err error) error {
		calls++
		if err != nil || s.Progress.State != WatchWaiting {
			t.Errorf("poll %d: %v, state %q", calls, err, s.Progress.State)
		}
		if calls == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 3 {
		t.Errorf("Watch: %v after %d calls, want fn's error after 3", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.Watch(ctx, time.Hour, func(*Snapshot, error) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Watch of a cancelled context: %v", err)
	}
}

// FuzzFollowerChunks writes a games file in pieces (cut at the given steps) and polls
// after each: the follower never panics, and when no poll failed it counts the
// games of the whole file as ReadGamesFile reads them.
func FuzzFollowerChunks(f *testing.F) {
	cfg := testConfig()
	cfg.Games = 2
	data := bytes.Join(fileLines(&testing.T{}, cfg), nil)
	f.Add(data, []byte{1, 200, 7})
	f.Add(data[:len(data)-5], []byte{255})
	f.Add(append(bytes.Clone(data), "{\"type\":\"game\"\n"...), []byte{3})
	f.Add([]byte("not a header\n"), []byte{})
	f.Fuzz(func(t *testing.T, data, steps []byte) {
		name := filepath.Join(t.TempDir(), "games.jsonl")
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		fl := NewFollower(name)
		failed := false
		written := 0
		for i := 0; written < len(data); i++ {
			step := len(data) - written
			if i < len(steps) {
				step = min(step, int(steps[i])*8+1)
			}
			appendTo(t, name, data[written:written+step])
			written += step
			if _, err := fl.Poll(); err != nil {
				failed = true
			}
		}
		s, err := fl.Poll()
		if err != nil || failed {
			return
		}
		gf, perr := record.ParseGamesFile(data)
		switch {
		case perr != nil && s.Tournament != nil:
			t.Fatalf("the follower read a file ParseGamesFile refuses (%v): %d games", perr, s.Progress.Finished)
		case perr == nil && s.Progress.Finished != len(gf.Games):
			t.Fatalf("the follower counts %d games, ParseGamesFile %d", s.Progress.Finished, len(gf.Games))
		}
	})
}

// TestFollowerLongLine reads a line longer than its chunk at once into a buffer of the
// line's size, which it does not keep: it doubled its buffer until the line fit (a
// 200 MB line took a gigabyte of copies) and kept the largest while it followed the
// file.
func TestFollowerLongLine(t *testing.T) {
	lines := fileLines(t, testConfig())
	var r record.Record
	if err := record.ParseRecord(bytes.Clone(lines[1][:len(lines[1])-1]), record.RecordVersion, &r); err != nil {
		t.Fatal(err)
	}
	r.Detail = strings.Repeat("x", 3*followChunk)
	long := record.AppendRecord(nil, &r)
	name := filepath.Join(t.TempDir(), "games.jsonl")
	f := NewFollower(name)
	appendTo(t, name, lines[0], long[:len(long)-1]) // all but its newline
	poll(t, f, "a long line being written", 0, 0)
	appendTo(t, name, []byte("\n"), lines[2][:10])
	poll(t, f, "a long line", 1, 0)
	if cap(f.buf) > followChunk {
		t.Errorf("the follower keeps a buffer of %d bytes, more than its chunk of %d", cap(f.buf), followChunk)
	}
	appendTo(t, name, lines[2][10:])
	poll(t, f, "the next line", 2, 0)
}

func TestThin(t *testing.T) {
	llrs := []float64{1, 2, 3, 4, 5, 6, 7}
	for _, tc := range []struct {
		points int
		want   []LLRPoint
	}{
		{100, []LLRPoint{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}},
		{7, []LLRPoint{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}},
		{6, []LLRPoint{{1, 1}, {3, 3}, {5, 5}, {7, 7}}},
		{4, []LLRPoint{{1, 1}, {3, 3}, {5, 5}, {7, 7}}},
		{3, []LLRPoint{{1, 1}, {4, 4}, {7, 7}}},
		{2, []LLRPoint{{1, 1}, {7, 7}}},
		{0, []LLRPoint{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}},
	} {
		if got := thin(llrs, tc.points); !slices.Equal(got, tc.want) {
			t.Errorf("thin to %d: %v, want %v", tc.points, got, tc.want)
		}
	}
	if got := thin(nil, 5); len(got) != 0 {
		t.Errorf("thin(nil) = %v", got)
	}
}
