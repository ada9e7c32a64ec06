package record

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeGamesFile writes a games file of cfg with the records and a trailing text
// (a torn line) to name.
func writeGamesFile(t *testing.T, name string, cfg Config, recs []Record, torn string) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHeader(&buf, NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		buf.Write(AppendRecord(nil, &recs[i]))
	}
	buf.WriteString(torn)
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gameOf returns game index of cfg's tournament as a run records it (seed, pair,
// round, players, specs and, for openings from a file, the opening), with a made-up
// result: a record that CheckRecord accepts.
func gameOf(cfg *Config, index int) Record {
	sl := cfg.Slot(index)
	seed := cfg.GameSeed(index)
	r := Record{Type: "game", Index: index, Pair: sl.Pair, Round: sl.Round, Seed: Seed(seed),
		Moves: []string{}, Info: []MoveInfo{}, Result: "1/2-1/2", Winner: -1, Reason: "turn cap", Turns: 0}
	for seat, p := range sl.Seats {
		tmpl, _ := cfg.Template(cfg.Players[p].Spec) // the tests' specs read
		r.Players[seat] = cfg.Players[p].Name
		r.Specs[seat] = tmpl.ForGame(seed, seat)
	}
	if n := len(cfg.Openings.Positions); n > 0 {
		r.Opening = cfg.Openings.Positions[cfg.OpeningOrder()[sl.Round%n]]
	}
	return r
}

// asGameOf returns r as game index of cfg's tournament (see gameOf): its result and
// moves are r's.
func asGameOf(cfg *Config, r Record, index int) Record {
	g := gameOf(cfg, index)
	r.Index, r.Pair, r.Round, r.Seed, r.Players, r.Specs, r.Opening = g.Index, g.Pair, g.Round, g.Seed, g.Players, g.Specs, g.Opening
	return r
}

func TestOpenGamesFileNew(t *testing.T) {
	cfg := testConfig()
	name := filepath.Join(t.TempDir(), "sub", "games.jsonl") // the directory is made
	w, err := OpenGamesFile(name, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	if !w.Created() || len(w.Done) != 0 {
		t.Errorf("new file: created %v, %d games done", w.Created(), len(w.Done))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	gf, err := ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := SameTournament(gf.Header, NewHeader(cfg)); err != nil || len(gf.Games) != 0 || gf.Torn != 0 {
		t.Errorf("new file: header %v, %d games, %d torn bytes", err, len(gf.Games), gf.Torn)
	}
	// An empty file is new too, with or without resume.
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err = OpenGamesFile(empty, cfg, true)
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
			writeGamesFile(t, name, cfg, []Record{r}, tc.torn)
			before, _ := os.ReadFile(name)
			w, err := OpenGamesFile(name, cfg, true)
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
	writeGamesFile(t, games, cfg, []Record{r}, "")
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
		cfg    Config
		resume bool
		exists bool // ErrGamesFileExists; otherwise a ResumeError
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
			w, err := OpenGamesFile(tc.file, tc.cfg, tc.resume)
			if err == nil {
				w.Close()
				t.Fatal("opened")
			}
			var re *ResumeError
			if errors.Is(err, ErrGamesFileExists) != tc.exists || errors.As(err, &re) == tc.exists {
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
	w, err := OpenGamesFile(name, cfg, false)
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
	writeGamesFile(t, name, cfg, []Record{r}, "")
	if w, err = OpenGamesFile(name, cfg, true); err != nil {
		t.Fatal(err)
	}
	if err := w.Discard(); err != nil {
		t.Fatal(err)
	}
	if gf, err := ReadGamesFile(name); err != nil || len(gf.Games) != 1 {
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
		_, err := OpenGamesFile(link, cfg, false)
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
	w, err := OpenGamesFile(empty, cfg, false)
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
	w, err := OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, resume := range []bool{true, false} {
		if _, err := OpenGamesFile(name, cfg, resume); !errors.Is(err, ErrGamesFileInUse) {
			t.Errorf("second writer (resume %v): %v, want ErrGamesFileInUse", resume, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, err = OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatalf("after the first writer closed: %v", err)
	}
	w.Close()
}
