package tournament

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
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
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2, Records: w, Done: w.Done}
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
