package enginefile

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/search"
)

func TestParse(t *testing.T) {
	const dir = "/eng"
	got, err := Parse([]byte(`[
  {"name": "greedy", "command": "python3", "args": ["kalah_greedy.py", "-v"], "options": {"seed": 7, "Fast": true, "Book": "a b"},
   "depth": 3, "nodes": 1000, "movetime": "150ms", "timeout": "5s"},
  {"name": "mine.v2", "command": "bin/mine", "dir": "work"},
  {"name": "abs", "command": "/opt/e/engine", "dir": "/tmp"}
]`), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Engine{
		{Name: "greedy", Command: "python3", Path: "python3", Args: []string{"kalah_greedy.py", "-v"}, Dir: "/eng",
			Options: [][2]string{{"Book", "a b"}, {"Fast", "true"}, {"seed", "7"}},
			Depth:   3, Nodes: 1000, MoveTime: 150 * time.Millisecond, Timeout: 5 * time.Second,
			Spec: `cmd:path=python3,args="kalah_greedy.py -v",dir=/eng,name=greedy,depth=3,nodes=1000,movetime=150ms,timeout=5s,option.Book="a b",option.Fast=true,option.seed=7`},
		{Name: "mine.v2", Command: "bin/mine", Path: "/eng/bin/mine", Dir: "/eng/work",
			Spec: "cmd:path=/eng/bin/mine,dir=/eng/work,name=mine.v2"},
		{Name: "abs", Command: "/opt/e/engine", Path: "/opt/e/engine", Dir: "/tmp",
			Spec: "cmd:path=/opt/e/engine,dir=/tmp,name=abs"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse:\n got %+v\nwant %+v", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"name": "x"}`, `want a JSON array of engines, [{"name": ..., "command": ...}, ...]: json: cannot unmarshal object into Go value of type []json.RawMessage`},
		{`[1]`, `engine 1: want an object, {"name": ..., "command": ...}`},
		{`[{"command": "x"}]`, `engine 1: name "": required, as "name": "mine"`},
		{`[{"name": "a b", "command": "x"}]`, `engine 1: name "a b": want letters, digits, '-', '_' and '.' only, not ' '`},
		{`[{"name": "ab:c", "command": "x"}]`, `engine 1: name "ab:c": want letters, digits, '-', '_' and '.' only, not ':'`},
		{`[{"name": 3, "command": "x"}]`, `engine 1: name: want a string, got 3`},
		{`[{"name": "a"}]`, `engine 1 (a): command: the engine's program is required, as "command": "./my-engine"`},
		{`[{"name": "a", "command": "x", "argz": []}]`, `engine 1: unknown field "argz" (the fields: name, command, args, dir, options, depth, nodes, movetime, timeout)`},
		{`[{"name": "a", "command": "x", "args": "-v"}]`, `engine 1 (a): args: want an array of strings, got "-v"`},
		{`[{"name": "a", "command": "x", "args": ["a b"]}]`, `engine 1 (a): args[0] "a b": an argument must be non-empty and hold no white space (the cmd kind splits its arguments at white space)`},
		{`[{"name": "a", "command": "x", "options": {"h": [1]}}]`, `engine 1 (a): options: "h": want a string, a number or true/false`},
		{`[{"name": "a", "command": "x", "options": {"a=b": 1}}]`, `engine 1 (a): options: "a=b": an option name holds no white space, ',', '=' or '"'`},
		{`[{"name": "a", "command": "x", "depth": 0}]`, `engine 1 (a): depth: want a whole number from 1 to 1048576, got 0`},
		{`[{"name": "a", "command": "x", "depth": "4"}]`, `engine 1 (a): depth: want a whole number of turns, got "4"`},
		{`[{"name": "a", "command": "x", "nodes": -1}]`, `engine 1 (a): nodes: want a whole number above 0, got -1`},
		{`[{"name": "a", "command": "x", "movetime": 100}]`, `engine 1 (a): movetime: want a duration in quotes, as "100ms" or "2s", got 100`},
		{`[{"name": "a", "command": "x", "timeout": "soon"}]`, `engine 1 (a): timeout: want a duration above 0, as "100ms" or "2s", got "soon"`},
		{`[{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]`, `engine 2 (a): name: engine 1 has the same name`},
	} {
		_, err := Parse([]byte(tc.text), "/eng")
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%s):\n got %v\nwant %s", tc.text, err, tc.want)
		}
	}
}

// writeFile writes an engine file and an executable script next to it, and returns
// the file's path and directory.
func writeFile(t *testing.T, text string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "engine.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "engines.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "none.json")); err == nil {
		t.Error("Load of a missing file: no error")
	}
	path, _ := writeFile(t, `[{"name": "a", "command": "./engine.sh", "depth": -2}]`)
	_, err := Load(path)
	want := "engines file " + path + `: engine 1 (a): depth: want a whole number from 1 to 1048576, got -2`
	if err == nil || err.Error() != want {
		t.Errorf("Load: got %v, want %s", err, want)
	}
}

func TestResolve(t *testing.T) {
	path, dir := writeFile(t, `[
  {"name": "sh", "command": "./engine.sh", "args": ["-x"], "movetime": "100ms", "options": {"Hash": 16}},
  {"name": "missing", "command": "./nothing"},
  {"name": "plain", "command": "engine.sh"},
  {"name": "baddir", "command": "./engine.sh", "dir": "nodir"}
]`)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	base := "cmd:path=" + dir + "/engine.sh,args=-x,dir=" + dir + ",name=sh,movetime=100ms,option.Hash=16"
	for _, tc := range []struct{ text, want, err string }{
		{"ab:depth=4", "ab:depth=4", ""},
		{"engineer", "engineer", ""},
		{"engine:sh", base, ""},
		{"engine:sh,movetime=250ms,option.Hash=32,depth=5", "cmd:path=" + dir + "/engine.sh,args=-x,dir=" + dir + ",name=sh,movetime=250ms,option.Hash=32,depth=5", ""},
		{"engine:sh,name=other", "cmd:path=" + dir + "/engine.sh,args=-x,dir=" + dir + ",name=other,movetime=100ms,option.Hash=16", ""},
		{"engine:nope", "", `player "engine:nope": the engines file ` + path + ` has no engine "nope" (it has: sh, missing, plain, baddir)`},
		{"engine:missing", "", `player "engine:missing": the engines file ` + path + `, engine missing: command "./nothing": no such program (` + dir + `/nothing)`},
		{"engine:plain", "", `player "engine:plain": the engines file ` + path + `, engine plain: command "engine.sh": not found in PATH`},
		{"engine:baddir", "", `player "engine:baddir": the engines file ` + path + `, engine baddir: dir "` + dir + `/nodir": not a directory`},
		{"engine:sh,./other", "", `player "engine:sh,./other": the settings after the engine's name are KEY=VALUE, the program is the engines file's`},
		{"engine:sh,colour=red", "", `player "engine:sh,colour=red": the settings after the engine's name: player "cmd:colour=red": cmd has no setting "colour" (known: path, args, dir, name, depth, nodes, movetime, timeout, seed, option.NAME)`},
	} {
		got, err := f.Resolve(tc.text)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != tc.want || gotErr != tc.err {
			t.Errorf("Resolve(%q):\n got %q, %s\nwant %q, %s", tc.text, got, gotErr, tc.want, tc.err)
		}
	}
	var none *File
	if _, err := none.Resolve("engine:sh"); err == nil || err.Error() != `player "engine:sh": no engines file is named (give --engines FILE or set $COLONY_ENGINES)` {
		t.Errorf("Resolve without a file: %v", err)
	}
	if got, err := none.Resolve("ab"); got != "ab" || err != nil {
		t.Errorf("Resolve(ab) without a file: %q, %v", got, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"me=engine:sh", "me=" + base},
		{"engine:sh", base},
		{"engine:sh,depth=2", base + ",depth=2"},
		{"x=ab:depth=3", "x=ab:depth=3"},
		{"cmd:/opt/engine:x", "cmd:/opt/engine:x"},
		{"x=cmd:./engine:y", "x=cmd:./engine:y"},
	} {
		if got, err := f.ResolveEntrant(tc.text); got != tc.want || err != nil {
			t.Errorf("ResolveEntrant(%q): got %q, %v, want %q", tc.text, got, err, tc.want)
		}
		if got, want := EntrantNamesEngine(tc.text), tc.want != tc.text; got != want {
			t.Errorf("EntrantNamesEngine(%q) = %v, want %v", tc.text, got, want)
		}
	}
}

// TestEngineIsNoKind: "engine" is no kind of player, so engine:NAME can name only an
// engine of a file.
func TestEngineIsNoKind(t *testing.T) {
	if _, ok := search.LookupKind(strings.TrimSuffix(Prefix, ":")); ok {
		t.Errorf("a kind of player is named %q: engine:NAME would be ambiguous", strings.TrimSuffix(Prefix, ":"))
	}
}

// TestDocExample: the example file of docs/engines-file.md is read as the doc says,
// and its error example is the error Parse gives.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "engines-file.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```json\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/engines-file.md has no JSON example")
	}
	engines, err := Parse(m[1], "/eng")
	if err != nil {
		t.Fatalf("the doc's example: %v", err)
	}
	want := []string{
		"cmd:path=python3,args=kalah_greedy.py,dir=/eng,name=greedy,movetime=100ms,option.seed=1",
		`cmd:path=/eng/build/my-engine,args="--threads 1",dir=/eng/work,name=mine,depth=12,timeout=30s,option.Book=books/main.bin,option.Hash=64,option.Ponder=false`,
	}
	var got []string
	for _, e := range engines {
		got = append(got, e.Spec)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the doc's example:\n got %q\nwant %q", got, want)
	}
	bad := strings.Replace(string(m[1]), `"timeout": "30s"`, `"movetime": "fast"`, 1)
	_, err = Parse([]byte(bad), "/eng")
	if err == nil || !strings.Contains(string(doc), "engines file engines.json: "+err.Error()+"\n") {
		t.Errorf("the doc's error example is not Parse's error %v", err)
	}
}
