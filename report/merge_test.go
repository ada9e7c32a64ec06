package report

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

func TestMergeReport(t *testing.T) {
	cfg, games := handGames()
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.jsonl"), filepath.Join(dir, "second.jsonl")
	writeGamesFile(t, first, cfg, games[:4], "")
	writeGamesFile(t, second, cfg, games[2:], "") // games 2 and 3 in both
	roundRobin := cfg
	roundRobin.Players = append(roundRobin.Players, record.Entrant{Name: "c", Spec: "random"})
	roundRobin.Format = record.RoundRobin
	three := filepath.Join(dir, "three.jsonl")
	writeGamesFile(t, three, roundRobin, nil, "")
	sides := func(game string) [2]string {
		if game != "colony" {
			t.Errorf("sides of %q", game)
		}
		return [2]string{"red", "black"}
	}
	for _, tc := range []struct {
		name    string
		files   []string
		sprt    string
		sides   func(string) [2]string
		err     string // the error, or ""
		setting bool   // the error is a *SettingError of sprt
		games   int
		summary string
	}{
		{name: "two files", files: []string{first, second}, sides: sides, games: 6, summary: "merged 2 files: 6 of 6 games\n"},
		{name: "one file, no sides", files: []string{first}, games: 4, summary: "merged 1 file: 4 of 6 games\n"},
		{name: "with an SPRT", files: []string{first, second}, sprt: "elo0=0,elo1=5", sides: sides, games: 6,
			summary: "merged 2 files: 6 of 6 games\n"},
		{name: "SPRT that does not read", files: []string{first}, sprt: "elo0=x", setting: true, err: "elo0"},
		{name: "SPRT of three players", files: []string{three}, sprt: "elo0=0,elo1=5", setting: true,
			err: "an SPRT needs a match of two players, the files hold 3"},
		{name: "no such file", files: []string{filepath.Join(dir, "none.jsonl")}, err: "none.jsonl"},
		{name: "another tournament", files: []string{first, three}, err: "is not of the tournament of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, rep, err := MergeReport(tc.files, tc.sprt, tc.sides)
			if tc.err != "" {
				var se *SPRTError
				if err == nil || !strings.Contains(err.Error(), tc.err) || errors.As(err, &se) != tc.setting {
					t.Fatalf("error %v, want %q (the SPRT's: %v)", err, tc.err, tc.setting)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Games) != tc.games || rep.Games != tc.games || (tc.sprt != "") != (m.SPRT != nil) {
				t.Errorf("merged %d games, report of %d, SPRT %v", len(m.Games), rep.Games, m.SPRT)
			}
			if got := m.Summary(len(tc.files)); got != tc.summary {
				t.Errorf("Summary = %q, want %q", got, tc.summary)
			}
		})
	}
}
