package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/record"
)

// writeGamesFile writes a games file of cfg with the records and a trailing text
// (a torn line) to name.
func writeGamesFile(t *testing.T, name string, cfg record.Config, recs []record.Record, torn string) {
	t.Helper()
	var buf bytes.Buffer
	if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		buf.Write(record.AppendRecord(nil, &recs[i]))
	}
	buf.WriteString(torn)
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOpenGamesFileNew(t *testing.T) {
	cfg := testConfig()
	name := filepath.Join(t.TempDir(), "sub", "games.jsonl") // the directory is made
	w, err := record.OpenGamesFile(name, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if !w.Created() || len(w.Done) != 0 {
		t.Errorf("new file: created %v, %d games done", w.Created(), len(w.Done))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := record.SameTournament(gf.Header, record.NewHeader(cfg)); err != nil || len(gf.Games) != 0 || gf.Torn != 0 {
		t.Errorf("new file: header %v, %d games, %d torn bytes", err, len(gf.Games), gf.Torn)
	}
	// An empty file is new too, with or without resume.
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err = record.OpenGamesFile(empty, cfg, true)
	if err != nil || !w.Created() {
		t.Fatalf("empty file with resume: %v", err)
	}
	w.Close()
}

func TestOpenGamesFileResume(t *testing.T) {
	cfg := testConfig()
	r := asGameOf(&cfg, sampleRecord(), 5)
	const torn = `{"type":"game","index":3,"pa`
	tests := []struct {
		name string
		torn string
	}{
		{"whole lines", ""},
		{"torn last line", torn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "games.jsonl")
			writeGamesFile(t, name, cfg, []record.Record{r}, tc.torn)
			before, _ := os.ReadFile(name)
			w, err := record.OpenGamesFile(name, cfg, true)
			if err != nil {
				t.Fatal(err)
			}
			if w.Created() || len(w.Done) != 1 || w.Done[0].Index != r.Index {
				t.Errorf("resumed: created %v, games %+v", w.Created(), w.Done)
			}
			// The torn line is cut and what is written follows the whole lines.
			if _, err := w.Write([]byte("next\n")); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			after, _ := os.ReadFile(name)
			want := strings.TrimSuffix(string(before), tc.torn) + "next\n"
			if string(after) != want {
				t.Errorf("after resuming and writing:\n%q\nwant\n%q", after, want)
			}
		})
	}
}

func TestOpenGamesFileRefused(t *testing.T) {
	cfg := testConfig()
	r := asGameOf(&cfg, sampleRecord(), 5)
	other := testConfig()
	other.Seed = cfg.Seed + 1
	shard := testConfig()
	shard.Shard, shard.Shards = 1, 2
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.jsonl")
	if err := os.WriteFile(garbage, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games.jsonl")
	writeGamesFile(t, games, cfg, []record.Record{r}, "")
	// A record changed after it was written: its result (winner 1 made 0).
	edited := filepath.Join(dir, "edited.jsonl")
	content, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(edited, bytes.Replace(content, []byte(`"result":"0-1","winner":1`), []byte(`"result":"1-0","winner":0`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		file   string
		cfg    record.Config
		resume bool
		exists bool // record.ErrGamesFileExists; otherwise a record.ResumeError
		want   string
	}{
		{"existing without resume", games, cfg, false, true, "games file " + games + " already holds games"},
		{"garbage without resume", garbage, cfg, false, true, "games file " + garbage + " already holds games"},
		{"another tournament", games, other, true, false, fmt.Sprintf("%s holds another tournament: seed differs: \"%d\" vs \"%d\"", games, cfg.Seed, other.Seed)},
		{"another shard", games, shard, true, false, games + " holds shard 0/0, not 1/2"},
		{"not a games file", garbage, cfg, true, false, "games file " + garbage + ": line 1: not a tournament header"},
		{"an edited record", edited, cfg, true, false, "games file " + edited + ": line 2: game record: changed after it was written (its checksum is "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadFile(tc.file)
			w, err := record.OpenGamesFile(tc.file, tc.cfg, tc.resume)
			if err == nil {
				w.Close()
				t.Fatal("opened")
			}
			var re *record.ResumeError
			if errors.Is(err, record.ErrGamesFileExists) != tc.exists || errors.As(err, &re) == tc.exists {
				t.Errorf("error %v (%T): want exists %v", err, err, tc.exists)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want %q", err, tc.want)
			}
			if after, _ := os.ReadFile(tc.file); !bytes.Equal(before, after) {
				t.Errorf("the file was changed to %q", after)
			}
		})
	}
}

func TestGamesFileWriterDiscard(t *testing.T) {
	cfg := testConfig()
	dir := t.TempDir()
	// A file it created is removed.
	name := filepath.Join(dir, "new.jsonl")
	w, err := record.OpenGamesFile(name, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a discarded new file is still there (%v)", err)
	}
	// A resumed file stays.
	r := asGameOf(&cfg, sampleRecord(), 5)
	name = filepath.Join(dir, "old.jsonl")
	writeGamesFile(t, name, cfg, []record.Record{r}, "")
	if w, err = record.OpenGamesFile(name, cfg, true); err != nil {
		t.Fatal(err)
	}
	if err := w.Discard(); err != nil {
		t.Fatal(err)
	}
	if gf, err := record.ReadGamesFile(name); err != nil || len(gf.Games) != 1 {
		t.Errorf("a discarded resumed file: %v", err)
	}
}

// TestOpenGamesFileKeepsWhatItDidNotMake: a path that existed before the run (an
// empty file, a link to a device) is never removed: not when it is refused, not when
// the run discards the file; an empty file is emptied again.
func TestOpenGamesFileKeepsWhatItDidNotMake(t *testing.T) {
	cfg := testConfig()
	dir := t.TempDir()
	if _, err := os.Stat("/dev/full"); err == nil {
		// A link to a device where every write fails: a device is no games file.
		link := filepath.Join(dir, "full.jsonl")
		if err := os.Symlink("/dev/full", link); err != nil {
			t.Fatal(err)
		}
		_, err := record.OpenGamesFile(link, cfg, false)
		if err == nil || !strings.Contains(err.Error(), "is a device") {
			t.Errorf("a link to /dev/full: %v, want it refused as a device", err)
		}
		if _, err := os.Lstat(link); err != nil {
			t.Errorf("the path given was removed after it was refused: %v", err)
		}
	}
	empty := filepath.Join(dir, "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := record.OpenGamesFile(empty, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Discard(); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(empty); err != nil || info.Size() != 0 {
		t.Errorf("an existing empty file after Discard: %v, %v", info, err)
	}
}

// TestOpenGamesFileOneWriter: a games file has one writer: while one run holds it, a
// second is refused (new file or resumed), and once it is closed the file can be
// resumed.
func TestOpenGamesFileOneWriter(t *testing.T) {
	cfg := testConfig()
	name := filepath.Join(t.TempDir(), "games.jsonl")
	w, err := record.OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, resume := range []bool{true, false} {
		if _, err := record.OpenGamesFile(name, cfg, resume); !errors.Is(err, record.ErrGamesFileInUse) {
			t.Errorf("second writer (resume %v): %v, want record.ErrGamesFileInUse", resume, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, err = record.OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatalf("after the first writer closed: %v", err)
	}
	w.Close()
}

// TestResumeVersion1 resumes a games file written by a program of version 1 of the
// format (the first five lines of a run of 8 games): the run appends the other games
// in version 1, and they are the games a new run plays; the file merges with one of
// version 2.
func TestResumeVersion1(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("..", "record", "testdata", "games-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	gf, err := record.ParseGamesFile(old)
	if err != nil {
		t.Fatal(err)
	}
	if gf.Header.Version != 1 || len(gf.Games) != 4 || gf.Games[0].Seed != 13877614986023876344 || len(gf.Games[0].Info) != len(gf.Games[0].Moves) {
		t.Fatalf("version %d, %d games, first %+v", gf.Header.Version, len(gf.Games), gf.Games[0])
	}
	cfg := gf.Header.Config
	name := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(name, old, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := record.OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	if w.RecordVersion() != 1 || len(w.Done) != 4 {
		t.Fatalf("resuming: version %d, %d games done", w.RecordVersion(), len(w.Done))
	}
	r := &Runner[colony.State]{Game: colonyGame, Config: cfg, NewPlayer: newFactory[colony.State](colonyGame, colony.Score{}),
		Concurrency: 2, Records: w, Done: w.Done}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, old) {
		t.Fatal("the resumed run changed the games already written")
	}
	for _, line := range bytes.Split(bytes.TrimSpace(data[len(old):]), []byte("\n")) {
		if !bytes.Contains(line, []byte(`"info":[`)) || bytes.Contains(line, []byte(`"sum"`)) {
			t.Errorf("a line appended to a file of version 1 is not of version 1: %s", line)
		}
	}
	resumed := parseFile(t, data)
	fresh, _, err := run(t, cfg, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(fresh, []byte(`"sum":"`)) {
		t.Fatal("a new file is not of the current version")
	}
	// The games this run played are those a new run plays (the old ones were played
	// by the command line's players, which this test does not build).
	var played, want []record.Record
	for _, g := range resumed.Games[len(gf.Games):] {
		played = append(played, g)
	}
	for _, g := range parseFile(t, fresh).Games {
		if !slices.ContainsFunc(gf.Games, func(old record.Record) bool { return old.Index == g.Index }) {
			want = append(want, g)
		}
	}
	equalGames(t, "version 1 resumed", played, want)
	// Files of both versions merge: the same games written again in version 2.
	other := filepath.Join(t.TempDir(), "new.jsonl")
	writeGamesFile(t, other, cfg, resumed.Games, "")
	m, err := record.MergeFiles([]string{name, other})
	if err != nil || len(m.Games) != 8 {
		t.Fatalf("merging versions 1 and 2: %v", err)
	}
}
