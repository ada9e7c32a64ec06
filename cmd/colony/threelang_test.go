package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
)

// TestEnginesInThreeLanguages plays small Kalah engines written in C, JavaScript
// (Node.js) and Python (testdata/engines, examples/engine), each with habits of UCI
// engines, through the engine authors' paths: an engines file naming them, their
// seeds (two runs give the same games), lenient reading (their stray lines logged,
// no forfeit), adjudication (their scores, a turn cap) and, on Linux, CPU pinning. It skips a language whose compiler or
// interpreter is missing.
func TestEnginesInThreeLanguages(t *testing.T) {
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/engines")
	if err != nil {
		t.Fatal(err)
	}
	py, err := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	var entries, players []string
	if cc, err := exec.LookPath("cc"); err == nil {
		if out, err := exec.Command(cc, "-O2", "-o", filepath.Join(dir, "kalah-c"), filepath.Join(src, "kalah.c")).CombinedOutput(); err != nil {
			t.Fatalf("compiling the C engine: %v\n%s", err, out)
		}
		entries = append(entries, `{"name": "c", "command": "./kalah-c"}`)
		players = append(players, "-p", "engine:c")
	} else {
		t.Log("no C compiler: the C engine is left out")
	}
	if _, err := exec.LookPath("node"); err == nil {
		entries = append(entries, `{"name": "js", "command": "node", "args": ["`+filepath.Join(src, "kalah.js")+`"]}`)
		players = append(players, "-p", "engine:js")
	} else {
		t.Log("no node: the JavaScript engine is left out")
	}
	if _, err := exec.LookPath("python3"); err == nil {
		entries = append(entries, `{"name": "py", "command": "python3", "args": ["`+py+`"]}`)
		players = append(players, "-p", "engine:py")
	}
	if len(players) < 4 {
		t.Skip("fewer than two of C, Node.js and Python here")
	}
	file := filepath.Join(dir, "engines.json")
	if err := os.WriteFile(file, []byte("["+strings.Join(entries, ",\n")+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(out string) *record.GamesFile {
		t.Helper()
		args := append([]string{"--engines", file, "--game", "kalah", "tournament"}, players...)
		args = append(args, "--games", "4", "--concurrency", "2", "--out", out, "--progress", "off",
			"--adjudicate-resign", "turns=2,score=8", "--adjudicate-turns", "24")
		if runtime.GOOS == "linux" {
			args = append(args, "--affinity")
		}
		if code, _, errOut := cli(t, args...); code != 0 {
			t.Fatalf("colony %s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
		gf, err := record.ReadGamesFile(filepath.Join(out, "games.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		return gf
	}
	first, second := run(filepath.Join(dir, "run1")), run(filepath.Join(dir, "run2"))
	if len(first.Games) != len(players)/2*(len(players)/2-1)/2*4 {
		t.Fatalf("%d games", len(first.Games))
	}
	byIndex := map[int]record.Record{}
	for _, r := range second.Games {
		byIndex[r.Index] = r
	}
	for _, r := range first.Games {
		if r.Forfeit() {
			t.Errorf("game %d: %s forfeits: %s %s", r.Index, strings.Join(r.Players[:], "-"), r.Reason, r.Detail)
		}
		if o := byIndex[r.Index]; strings.Join(o.Moves, " ") != strings.Join(r.Moves, " ") || o.Specs != r.Specs {
			t.Errorf("game %d differs between two runs of the same seed:\n%v %v\n%v %v", r.Index, r.Specs, r.Moves, o.Specs, o.Moves)
		}
		for _, spec := range r.Specs {
			if !strings.Contains(spec, ",seed=") {
				t.Errorf("game %d: the spec %q says no seed sent", r.Index, spec)
			}
		}
	}
	// Their scores (score cp) and the turn cap adjudicated games.
	adjudicated := 0
	for _, r := range first.Games {
		if strings.HasPrefix(r.Reason, "adjudicated: ") {
			adjudicated++
		}
	}
	if adjudicated == 0 {
		t.Errorf("no game of %d adjudicated", len(first.Games))
	}
	// Their UCI habits were read leniently, and said in their logs.
	logs, _ := filepath.Glob(filepath.Join(dir, "run1", "engines", "*.log"))
	var notes int
	for _, name := range logs {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		notes += strings.Count(string(data), "# mep: ignored")
	}
	if notes == 0 {
		t.Errorf("no engine log of %d says a line was ignored", len(logs))
	}
}
