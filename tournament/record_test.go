package tournament

import (
	"bytes"
	"context"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
)

func TestIndexRanges(t *testing.T) {
	for _, tc := range []struct {
		in    []int
		limit int
		want  string
	}{
		{nil, 8, ""},
		{[]int{3}, 8, "3"},
		{[]int{2, 3, 8, 9}, 8, "2-3, 8-9"},
		{[]int{0, 1, 2, 5, 7, 8}, 8, "0-2, 5, 7-8"},
		{[]int{1, 3, 5, 7}, 2, "1, 3, and 2 more games"},
	} {
		if got := record.IndexRanges(tc.in, tc.limit); got != tc.want {
			t.Errorf("record.IndexRanges(%v, %d) = %q, want %q", tc.in, tc.limit, got, tc.want)
		}
	}
}

// TestMergedMissing: the games of the schedule that no file holds, and the shards
// none of whose games a file holds.
func TestMergedMissing(t *testing.T) {
	cfg := record.Config{Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Games: 6}
	m := &record.Merged{Header: record.NewHeader(cfg), Shards: 3}
	for _, k := range []int{0, 1, 4, 5} { // pairs 0 and 2: shards 1 and 3
		m.Games = append(m.Games, record.Record{Index: k})
	}
	missing := m.Missing()
	if !slices.Equal(missing, []int{2, 3}) {
		t.Fatalf("Missing = %v, want [2 3]", missing)
	}
	if got := m.MissingShards(missing); !slices.Equal(got, []int{2}) {
		t.Errorf("MissingShards = %v, want [2]", got)
	}
	m.Shards = 0
	if got := m.MissingShards(missing); got != nil {
		t.Errorf("MissingShards of whole runs = %v, want none", got)
	}
	m.SPRT = &record.SPRTState{StopPair: 0} // decided: the later games are never played
	if got := m.Missing(); got != nil {
		t.Errorf("Missing after an SPRT's decision = %v, want none", got)
	}
}

// TestLongLineReaders reads a file with a line longer than the reader's buffer, whole
// and cut inside that line, by offset (a file, a bytes.Reader: measured, then read at
// once) and as a stream (a buffer that grows): both give the same games.
func TestLongLineReaders(t *testing.T) {
	lines := fileLines(t, testConfig())
	var r record.Record
	if err := record.ParseRecord(bytes.Clone(lines[1][:len(lines[1])-1]), record.RecordVersion, &r); err != nil {
		t.Fatal(err)
	}
	r.Detail = strings.Repeat("a \"quoted\", {braced} detail ", 10000) // 290 KB
	long := record.AppendRecord(nil, &r)
	data := append(append(bytes.Clone(lines[0]), long...), lines[2]...)
	start := len(lines[0])
	for _, cut := range []int{len(data), start + len(long) + 10, start + len(long), start + len(long) - 1, start + 70000, start + 10} {
		var details [2][]string
		var gfs [2]*record.GamesFile
		for i, reader := range []io.Reader{bytes.NewReader(data[:cut]), struct{ io.Reader }{bytes.NewReader(data[:cut])}} {
			gf, err := record.ScanGames(context.Background(), reader, "g.jsonl", nil, func(r *record.Record) error {
				details[i] = append(details[i], r.Detail)
				return nil
			})
			if err != nil {
				t.Fatalf("cut at %d, reader %d: %v", cut, i, err)
			}
			gfs[i] = gf
		}
		if !reflect.DeepEqual(details[0], details[1]) || gfs[0].Torn != gfs[1].Torn || gfs[0].ValidSize != gfs[1].ValidSize {
			t.Errorf("cut at %d: the readers differ: %d and %d games, torn %d and %d", cut, len(details[0]), len(details[1]), gfs[0].Torn, gfs[1].Torn)
		}
		if wantLong := cut >= start+len(long); wantLong != (len(details[0]) > 0 && details[0][0] == r.Detail) {
			t.Errorf("cut at %d: %d games, the long one read: %v", cut, len(details[0]), !wantLong)
		}
	}
}

// sampleRecord is a record with every field set, and texts to escape.
func sampleRecord() record.Record {
	return record.Record{
		Type: "game", Index: 12, Pair: 6, Round: 3,
		Players: [2]string{"new \"engine\"", "old\\one\tß"},
		Specs:   [2]string{"ab:depth=4,tt=16,aspiration=12", "mcts:sims=100,seed=18446744073709551615"},
		Seed:    18446744073709551615,
		Opening: "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
		Moves:   []string{"C1", "A2>B2", "C1/B4-A4"},
		Info:    []record.MoveInfo{{Score: 3, Depth: 4, Nodes: 1000, Micros: 250}, {Score: -1048600, Depth: 1, Nodes: 0, Micros: 0}, {Score: 0, Depth: 0, Nodes: 0, Micros: 9}},
		Result:  "0-1", Winner: 1, Points: [2]int{27, 30}, Reason: record.ReasonIllegal,
		Detail: "new (red): its decision 1 (38, \"\") is not legal after \"\"\n",
		Tie:    false, Turns: 3, Seconds: 0.125,
	}
}

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		text string
		want record.TimeControl
		ok   bool
	}{
		{"10+0.1", record.TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}, true},
		{"1m+500ms", record.TimeControl{Base: time.Minute, Increment: 500 * time.Millisecond}, true},
		{"2.5", record.TimeControl{Base: 2500 * time.Millisecond, Increment: 0}, true},
		{"0+1", record.TimeControl{}, false},
		{"x", record.TimeControl{}, false},
		{"10+-1", record.TimeControl{}, false},
		{"10+y", record.TimeControl{}, false},
	} {
		got, err := record.ParseTimeControl(tc.text)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want %v (ok %v)", tc.text, got, err, tc.want, tc.ok)
		}
	}
	for _, tc := range []struct {
		text string
		k, n int
		ok   bool
	}{{"1/1", 1, 1, true}, {"2/8", 2, 8, true}, {"0/8", 0, 0, false}, {"9/8", 0, 0, false}, {"1-2", 0, 0, false}, {"a/b", 0, 0, false}} {
		k, n, err := record.ParseShard(tc.text)
		if (err == nil) != tc.ok || k != tc.k || n != tc.n {
			t.Errorf("ParseShard(%q) = %d, %d, %v", tc.text, k, n, err)
		}
	}
	for _, tc := range []struct {
		text       string
		name, spec string
		ok         bool
	}{
		{"ab:depth=4", "ab:depth=4", "ab:depth=4", true},
		{"new=ab:depth=4", "new", "ab:depth=4", true},
		{"random", "random", "random", true},
		{"x=", "", "", false},
		{"=random", "", "", false},
		{"x=chess", "", "", false},
		{"cmd:./engine,name=mine", "mine", "cmd:./engine,name=mine", true},
		{"yours=cmd:./engine,name=mine", "yours", "cmd:./engine,name=mine", true},
	} {
		e, err := record.ParseEntrant(tc.text)
		if (err == nil) != tc.ok || e.Name != tc.name || e.Spec != tc.spec {
			t.Errorf("ParseEntrant(%q) = %+v, %v", tc.text, e, err)
		}
	}
}

// sameGame reports whether two records are of the same game (timing aside).
func sameGame(a, b *record.Record) bool {
	return a.Index == b.Index && a.Players == b.Players && a.Specs == b.Specs && a.Seed == b.Seed &&
		a.Opening == b.Opening && slices.Equal(a.Moves, b.Moves) && a.Result == b.Result && a.Reason == b.Reason
}

// fileLines plays cfg and returns its games file's lines, newlines included: the
// header first.
func fileLines(t *testing.T, cfg record.Config) [][]byte {
	t.Helper()
	data, _, err := run(t, cfg, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.SplitAfter(data, []byte("\n"))[:bytes.Count(data, []byte("\n"))]
}
