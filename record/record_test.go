package record

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sampleRecord is a record with every field set, and texts to escape.
func sampleRecord() Record {
	return Record{
		Type: "game", Index: 12, Pair: 6, Round: 3,
		Players: [2]string{"new \"engine\"", "old\\one\tß"},
		Specs:   [2]string{"ab:depth=4,tt=16,aspiration=12", "mcts:sims=100,seed=18446744073709551615"},
		Seed:    18446744073709551615,
		Opening: "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
		Moves:   []string{"C1", "A2>B2", "C1/B4-A4"},
		Info:    []MoveInfo{{3, 4, 1000, 250}, {-1048600, 1, 0, 0}, {0, 0, 0, 9}},
		Result:  "0-1", Winner: 1, Points: [2]int{27, 30}, Reason: ReasonIllegal,
		Detail: "new (red): its decision 1 (38, \"\") is not legal after \"\"\n",
		Tie:    false, Turns: 3, Seconds: 0.125,
	}
}

func TestRecordLineRoundTrip(t *testing.T) {
	for _, version := range []int{1, RecordVersion} {
		for _, r := range []Record{sampleRecord(), {Type: "game", Winner: -1, Result: "1/2-1/2", Moves: []string{}, Info: []MoveInfo{}, Players: [2]string{"a\x01", "\xff"}}} {
			line := AppendRecordVersion(nil, &r, nil, nil, version)
			if !bytes.HasSuffix(line, []byte("}\n")) || bytes.Count(line, []byte("\n")) != 1 {
				t.Fatalf("not one line: %q", line)
			}
			var got Record
			if err := ParseRecord(bytes.Clone(line[:len(line)-1]), version, &got); err != nil { // a copy: ParseRecord may change it
				t.Fatalf("version %d: %s: %v", version, line, err)
			}
			want := r
			if want.Players[1] == "\xff" {
				want.Players[1] = "\ufffd" // invalid UTF-8 is replaced, as encoding/json does
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("version %d round trip:\n got %+v\nwant %+v", version, got, want)
			}
			// Any JSON reader reads the line: the seed as a string (version 2), the
			// per-move figures under their names.
			var generic map[string]any
			if err := json.Unmarshal(line, &generic); err != nil {
				t.Fatalf("version %d: %s: %v", version, line, err)
			}
			if version >= 2 {
				if seed, ok := generic["seed"].(string); !ok || seed != strconv.FormatUint(uint64(r.Seed), 10) {
					t.Errorf("seed %#v, want the string %q", generic["seed"], strconv.FormatUint(uint64(r.Seed), 10))
				}
				for _, key := range []string{"scores", "depths", "nodes", "micros"} {
					if column, ok := generic[key].([]any); !ok || len(column) != len(r.Moves) {
						t.Errorf("%q: %#v, want %d figures", key, generic[key], len(r.Moves))
					}
				}
				if _, ok := generic["sum"].(string); !ok {
					t.Errorf("no checksum: %s", line)
				}
			}
		}
	}
	// The figures are named in version 2: a move's score, depth, nodes and time.
	r := sampleRecord()
	line := string(AppendRecord(nil, &r))
	for _, want := range []string{`"seed":"18446744073709551615"`, `"scores":[3,-1048600,0]`, `"depths":[4,1,0]`, `"nodes":[1000,0,0]`, `"micros":[250,0,9]`} {
		if !strings.Contains(line, want) {
			t.Errorf("line without %s: %s", want, line)
		}
	}
	// Moves from the worker's buffer give the same line as from strings, and keep
	// their '>' unescaped.
	r = sampleRecord()
	text := []byte(strings.Join(r.Moves, ""))
	ends := []int{2, 7, 15}
	a := AppendRecord(nil, &r)
	r.Moves = nil
	b := appendRecord(nil, &r, text, ends)
	if !bytes.Equal(a, b) || !bytes.Contains(a, []byte(`"A2>B2"`)) {
		t.Errorf("lines differ or escape '>':\n%s%s", a, b)
	}
}

// resum gives the lines of data (of version 2) the checksums of their content, as if
// they had been written so.
func resum(t *testing.T, data string) string {
	t.Helper()
	var out []string
	for _, line := range strings.SplitAfter(data, "\n") {
		if line == "" {
			continue
		}
		body := strings.TrimSuffix(line, "\n")
		if len(body) < sumSuffix || !strings.HasPrefix(body[len(body)-sumSuffix:], sumKey) {
			t.Fatalf("no checksum to replace: %s", line)
		}
		out = append(out, string(appendSum([]byte(body[:len(body)-sumSuffix]), 0))+"\n")
	}
	return strings.Join(out, "")
}

func TestParseGamesFile(t *testing.T) {
	cfg := testConfig()
	var buf bytes.Buffer
	if err := WriteHeader(&buf, NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	r := sampleRecord()
	r.Players = [2]string{"random", "greedy"}
	line := AppendRecord(nil, &r)
	buf.Write(line)
	r.Index = 13
	line2 := AppendRecord(nil, &r)
	full := append(buf.Bytes(), line2...)

	gf, err := ParseGamesFile(full)
	if err != nil || len(gf.Games) != 2 || gf.Torn != 0 || gf.ValidSize != int64(len(full)) {
		t.Fatalf("whole file: %v, %d games, torn %d", err, len(gf.Games), gf.Torn)
	}
	if err := SameTournament(gf.Header, NewHeader(cfg)); err != nil {
		t.Errorf("header: %v", err)
	}
	// Every cut inside the last line is a torn line, never an error or a game.
	for cut := buf.Len(); cut < len(full); cut++ {
		gf, err := ParseGamesFile(full[:cut])
		if err != nil || len(gf.Games) != 1 || gf.ValidSize != int64(buf.Len()) || gf.Torn != int64(cut-buf.Len()) {
			t.Fatalf("cut at %d: %v, %d games, valid %d, torn %d", cut, err, len(gf.Games), gf.ValidSize, gf.Torn)
		}
	}
	bad := []struct {
		name, data, want string
	}{
		{"empty", "", "empty file"},
		{"not a header", `{"type":"game"}` + "\n", "not a tournament header"},
		{"torn header", `{"type":"tourn`, "header line is incomplete"},
		{"bad middle line", buf.String()[:bytes.IndexByte(buf.Bytes(), '\n')+1] + "garbage\n" + string(line2), "line 2"},
		{"unknown field", resum(t, strings.Replace(buf.String(), `"index":12`, `"index":12,"colour":1`, 1)) + string(line2), "unknown field"},
		{"edited result", strings.Replace(buf.String(), `"winner":1`, `"winner":0`, 1) + string(line2), "line 2: game record: changed after it was written (its checksum is "},
		{"edited seed, last line", buf.String() + strings.Replace(string(line2), `"seed":"18446744073709551615"`, `"seed":"18446744073709551614"`, 1), "line 3: game record: changed after it was written"},
		{"checksum removed", buf.String() + string(line2[:len(line2)-sumSuffix-1]) + "}\n", "line 3: game record: changed after it was written (it has no checksum"},
		{"edited header", strings.Replace(buf.String(), `"games":4`, `"games":6`, 1), "line 1: header: changed after it was written"},
		{"newer version", strings.Replace(buf.String(), `"version":2`, `"version":3`, 1), "games file version 3, this program reads versions 1 to 2"},
	}
	for _, tc := range bad {
		if _, err := ParseGamesFile([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestSameTournament(t *testing.T) {
	a := NewHeader(testConfig())
	b := a
	b.Shard, b.Shards = 2, 3
	if err := SameTournament(a, b); err != nil {
		t.Errorf("shards of one tournament: %v", err)
	}
	b = a
	b.Config.Limits.MoveTime = time.Second
	if err := SameTournament(a, b); err == nil || !strings.Contains(err.Error(), "limits differ") {
		t.Errorf("different limits: %v", err)
	}
}

func TestSpecTemplates(t *testing.T) {
	cfg := testConfig()
	cfg.Limits = Limits{Depth: 3, Nodes: 500, MoveTime: 20 * time.Millisecond}
	for _, tc := range []struct{ spec, want string }{
		{"ab", "ab:depth=3,nodes=500,time=20ms"},
		{"ab:depth=6", "ab:depth=6,nodes=500,time=20ms"},
		{"mcts", "mcts:sims=500,time=20ms,seed=S"},
		{"mcts:sims=9,seed=4", "mcts:sims=9,time=20ms,seed=S"},
		{"minimax", "minimax:depth=3"},
		{"random", "random:seed=S"},
		{"greedy:seed=2", "greedy:seed=S"},
	} {
		tpl, err := cfg.Template(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := tpl.ForGame(99, 0)
		if i := strings.Index(got, "seed="); i >= 0 {
			got = got[:i] + "seed=S"
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.spec, got, tc.want)
		}
	}
	// Seeds differ by game and seat, and with the spec's own seed.
	a, _ := cfg.Template("random")
	b, _ := cfg.Template("random:seed=5")
	seen := map[string]bool{}
	for _, s := range []string{a.ForGame(1, 0), a.ForGame(1, 1), a.ForGame(2, 0), b.ForGame(1, 0)} {
		if seen[s] {
			t.Errorf("seed repeated: %s", s)
		}
		seen[s] = true
	}
}

func TestAppendJSONFloat(t *testing.T) {
	for _, x := range []float64{0, 0.125, 1e-7, 3e21, 12345.678, 1e-6, 99.99999999, -2.5, 1e20} {
		want, _ := json.Marshal(x)
		if got := appendJSONFloat(nil, x); string(got) != string(want) {
			t.Errorf("%v: %s, want %s", x, got, want)
		}
	}
}

// TestUnknownKey checks the check of a game line's keys that stands for the
// decoder's DisallowUnknownFields: keys inside values, strings with braces, quotes and
// commas, and keys in another case are not unknown keys.
func TestUnknownKey(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"type":"game","index":1}`, ""},
		{` { "Type" : "game" , "INDEX":1 } `, ""},
		{`{"detail":"a \"colour\": {x}, [y]","moves":["a,b","}"],"specs":["",""]}`, ""},
		{`{"opening":"x","colour":1}`, "colour"},
		{`{"players":[{"colour":1},"b"],"seed":"1","col\u006fur":[1,{"a":[]}]}`, "colour"},
		{`{"result":"1-0","winner":-1.5e3,"tie":true,"x":null}`, "x"},
		{`{}`, ""},
	} {
		if got := unknownKey([]byte(tc.text), recordKeys); got != tc.want {
			t.Errorf("unknownKey(%s) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// testConfig is a small round robin of the toolkit's players.
func testConfig() Config {
	return Config{
		Game: "colony",
		Players: []Entrant{
			{Name: "random", Spec: "random"},
			{Name: "greedy", Spec: "greedy"},
			{Name: "ab1", Spec: "ab:depth=1"},
		},
		Format:   RoundRobin,
		Games:    4,
		Seed:     7,
		Openings: Openings{RandomTurns: 3},
	}
}
