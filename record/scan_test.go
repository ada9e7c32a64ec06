package record

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestScanLongRecord: a record longer than the reader's buffer is read whole; one
// longer than the limit is an error naming the file and the line.
func TestScanLongRecord(t *testing.T) {
	cfg := Config{Game: "kalah", Players: []Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Format: Match, Games: 2}
	long := slotRecord(&cfg, 0, 1)
	long.Moves, long.Info = nil, nil
	for i := range 30_000 {
		long.Moves = append(long.Moves, fmt.Sprintf("m%d", i))
		long.Info = append(long.Info, MoveInfo{Score: int64(i), Depth: 3, Nodes: 1000, Micros: 12})
	}
	short := slotRecord(&cfg, 1, 0)
	var buf bytes.Buffer
	if err := WriteHeader(&buf, NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	buf.Write(AppendRecord(nil, &long))
	line2 := buf.Len()
	buf.Write(AppendRecord(nil, &short))
	if line2 < 1<<17 {
		t.Fatalf("the long record is only %d bytes", line2)
	}
	var got []Record
	gf, err := ScanGames(context.Background(), bytes.NewReader(buf.Bytes()), "games.jsonl", nil, func(r *Record) error {
		got = append(got, *r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !slices.Equal(got[0].Moves, long.Moves) || !slices.Equal(got[0].Info, long.Info) || got[1].Index != 1 ||
		gf.ValidSize != int64(buf.Len()) || gf.Torn != 0 {
		t.Fatalf("%d games, valid size %d of %d, torn %d", len(got), gf.ValidSize, buf.Len(), gf.Torn)
	}
	_, err = scanGames(context.Background(), bytes.NewReader(buf.Bytes()), "games.jsonl", nil, func(*Record) error { return nil }, 1<<16)
	if want := "games file games.jsonl: line 2 is longer than 65536 bytes, the longest line read"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestScanSameAsParse: reading a file one line at a time gives what reading it
// whole gave, torn last lines included.
func TestScanSameAsParse(t *testing.T) {
	cfg := Config{Game: "kalah", Players: []Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Format: Match, Games: 4}
	var buf bytes.Buffer
	if err := WriteHeader(&buf, NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	for k := range 3 {
		r := slotRecord(&cfg, k, 0)
		buf.Write(AppendRecord(nil, &r))
	}
	whole := buf.Len()
	for _, tc := range []struct {
		name      string
		tail      string
		games     int
		torn      int64
		errSubstr string
	}{
		{"whole", "", 3, 0, ""},
		{"torn, no newline", `{"type":"game","ind`, 3, 19, ""},
		{"torn, a bad last line", "{\"type\":\"ga\n", 3, 12, ""},
		{"a bad line before others", "{\"type\":\"ga\n\n", 0, 0, "line 5: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := append(slices.Clone(buf.Bytes()), tc.tail...)
			gf, err := ParseGamesFile(data)
			if tc.errSubstr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errSubstr) {
					t.Fatalf("error %v, want %q", err, tc.errSubstr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(gf.Games) != tc.games || gf.Torn != tc.torn || gf.ValidSize != int64(whole) {
				t.Errorf("%d games, torn %d, valid %d; want %d, %d, %d", len(gf.Games), gf.Torn, gf.ValidSize, tc.games, tc.torn, whole)
			}
		})
	}
}

// slotRecord returns a record of game index of cfg's schedule (its seed, players and
// specs, as CheckRecord expects), won by winner (0 or 1).
func slotRecord(cfg *Config, index, winner int) Record {
	sl := cfg.Slot(index)
	seed := cfg.GameSeed(index)
	r := Record{Type: "game", Index: index, Pair: sl.Pair, Round: sl.Round, Seed: Seed(seed),
		Moves: []string{"a", "b"}, Info: make([]MoveInfo, 2), Result: [2]string{"1-0", "0-1"}[winner], Winner: winner, Reason: "no seeds left", Turns: 2}
	for seat, p := range sl.Seats {
		tmpl, _ := cfg.Template(cfg.Players[p].Spec) // the tests' specs read
		r.Players[seat] = cfg.Players[p].Name
		r.Specs[seat] = tmpl.ForGame(seed, seat)
	}
	return r
}
