package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/protocol/protocoltest"
)

// enginesFixture writes an engines file in a directory of its own: "py", the Python
// example engine (python3 and the script's absolute path), and "test", the test
// engine linked into the directory and named by a path relative to the file. It
// returns the file's path and directory.
func enginesFixture(t *testing.T) (path, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	engine := protocoltest.BuildEngine(t)
	dir = t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(engine, filepath.Join(dir, "bin", "testengine")); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(dir, "engines.json")
	text := `[
  {"name": "py", "command": "python3", "args": ["` + script + `"], "options": {"seed": 3}},
  {"name": "test", "command": "./bin/testengine", "args": ["-games", "kalah"], "depth": 2}
]`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

func TestEnginesCommand(t *testing.T) {
	path, dir := enginesFixture(t)
	script, _ := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	out := mustRun(t, "--engines", path, "engines")
	want := "py\tcmd:path=python3,args=" + script + ",dir=" + dir + ",name=py,option.seed=3\n" +
		"test\tcmd:path=" + dir + "/bin/testengine,args=\"-games kalah\",dir=" + dir + ",name=test,depth=2\n"
	if out != want {
		t.Errorf("engines:\n got %q\nwant %q", out, want)
	}
	// The same file through $COLONY_ENGINES.
	t.Setenv("COLONY_ENGINES", path)
	if out := mustRun(t, "engines"); out != want {
		t.Errorf("engines with $COLONY_ENGINES:\n got %q\nwant %q", out, want)
	}

	out = mustRun(t, "--game", "kalah", "engines", "--check")
	wantCheck := regexp.MustCompile(`^py: id name py-greedy-kalah; author the colony toolkit's example; games kalah
  option name seed type int default 1 min 0 max 18446744073709551615
test: id name TestEngine; author [^\n]*; games kalah
(  option name [^\n]*\n)*$`)
	if !wantCheck.MatchString(out) {
		t.Errorf("engines --check printed %q", out)
	}
	code, out, errOut := cli(t, "--game", "oware", "engines", "--check")
	if code != exitError || !strings.Contains(out, "py: id name py-greedy-kalah") ||
		!strings.Contains(out, "  problem: the engine does not play oware (it plays kalah)\n") ||
		!strings.Contains(errOut, "engines: 2 of 2 engines of "+path+" failed their check") {
		t.Errorf("engines --check for oware: exit %d, %q, %q", code, out, errOut)
	}
}

func TestEnginesFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"name": "a", "command": "./a", "movetime": "fast"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("COLONY_ENGINES", "")
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"engines"}, "engines: no engines file is named (give --engines FILE or set $COLONY_ENGINES)"},
		{[]string{"--engines", bad, "engines"}, `engines: engines file ` + bad + `: engine 1 (a): movetime: want a duration above 0, as "100ms" or "2s", got "fast"`},
		{[]string{"--game", "kalah", "analyze", "--player", "engine:a"}, `analyze: --player: player "engine:a": no engines file is named (give --engines FILE or set $COLONY_ENGINES)`},
		{[]string{"--game", "kalah", "--engines", bad, "tournament", "-p", "engine:a", "-p", "random"}, `tournament: --player: engines file ` + bad + `: engine 1 (a): movetime`},
		{[]string{"--game", "kalah", "--engines", bad, "selfplay", "--player", "engine:a"}, `selfplay: --player: engines file ` + bad},
		{[]string{"--engines", bad, "serve"}, `serve: engines file ` + bad},
	} {
		code, _, errOut := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.says) {
			t.Errorf("colony %q: exit %d, %q; want %d and %q", tc.args, code, errOut, exitUsage, tc.says)
		}
	}
	// A file that is not named is never read, even when a player names no engine.
	if code, _, errOut := cli(t, "--engines", bad, "--game", "kalah", "analyze", "--player", "ab:depth=1"); code != 0 {
		t.Errorf("analyze with a bad engines file it does not use: exit %d, %q", code, errOut)
	}
}

// TestEnginesFilePlayers plays the engines of a file by name in a tournament (one of
// them renamed, one with its settings replaced), the SPRT driver, analyze and selfplay.
func TestEnginesFilePlayers(t *testing.T) {
	path, _ := enginesFixture(t)
	out := t.TempDir()
	engineTourn(t, "--engines", path, "tournament", "--game", "kalah", "-p", "engine:py", "-p", "mine=engine:test,depth=1",
		"--games", "2", "--concurrency", "1", "--progress", "off", "--out", out)
	data, err := os.ReadFile(filepath.Join(out, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	strip := regexp.MustCompile(`path=[^,]*,|dir=[^,]*,|args=("[^"]*"|[^,]*),|,seed=[0-9]*`)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g struct {
			Type    string   `json:"type"`
			Players []string `json:"players"`
			Specs   []string `json:"specs"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil || g.Type != "game" {
			continue // the header
		}
		var sides []string
		for i, name := range g.Players {
			sides = append(sides, name+" "+strip.ReplaceAllString(g.Specs[i], ""))
		}
		games = append(games, strings.Join(sides, " v "))
	}
	if got := strings.Join(games, "|"); got != "py cmd:name=py,option.seed=3 v mine cmd:name=test,depth=1|mine cmd:name=test,depth=1 v py cmd:name=py,option.seed=3" {
		t.Errorf("games file players %q", got)
	}
	sum, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil || !strings.Contains(string(sum), `"forfeits": 0`) {
		t.Errorf("summary (%v): want no forfeits: %s", err, sum)
	}

	code, aout, errOut := cli(t, "--engines", path, "analyze", "--game", "kalah", "--player", "engine:test")
	lines := strings.Split(strings.TrimSpace(aout), "\n")
	if code != 0 || !strings.HasPrefix(lines[0], "depth=1 ") || !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
		t.Errorf("analyze engine:test: exit %d, %q, %q", code, aout, errOut)
	}
	// The SPRT driver's tasks are given the engines file.
	code, dout, errOut := cli(t, "--engines", path, "--game", "kalah", "tournament", "sprt-driver", "--sprt", "elo0=0,elo1=200",
		"--batch-pairs", "2", "--tasks", "2", "--out", filepath.Join(out, "driver"), "--", "-p", "engine:py", "-p", "random", "--games", "4")
	if code != 0 || !strings.Contains(dout, "batch 1: ") {
		t.Errorf("sprt-driver engine:py: exit %d, %q, %q", code, dout, errOut)
	}
	code, sout, errOut := cli(t, "--engines", path, "selfplay", "--game", "kalah", "--player", "engine:py", "--games", "2",
		"--concurrency", "1", "--progress", "off", "--out", filepath.Join(out, "selfplay"))
	if code != 0 || !strings.HasPrefix(sout, "selfplay: 2 games, ") {
		t.Errorf("selfplay engine:py: exit %d, %q, %q", code, sout, errOut)
	}
}

// TestServeEnginesFile: serve offers the engines of the file, as engine:NAME, with
// those of --engine; a name given twice is refused.
func TestServeEnginesFile(t *testing.T) {
	path, _ := enginesFixture(t)
	code, _, errOut := cli(t, "--engines", path, "serve", "--engine", "py=cmd:python3")
	if code != exitUsage || !strings.Contains(errOut, "serve: --engine py: the engines file "+path+" names an engine py too") {
		t.Errorf("serve with a name twice: exit %d, %q", code, errOut)
	}
	serve, out, _, _ := startColony(t, "--engines", path, "--game", "kalah", "serve", "--addr", "127.0.0.1:0", "--engine", "other=cmd:python3")
	t.Cleanup(func() { _ = serve.Process.Kill() })
	var url string
	for deadline := time.Now().Add(time.Minute); url == ""; time.Sleep(20 * time.Millisecond) {
		url = regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(out.String())
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no address: %q", out.String())
		}
	}
	resp, err := http.Get(url + "api/config")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var cfg struct {
		Engines []string `json:"engines"`
	}
	if err := json.Unmarshal(body, &cfg); err != nil {
		t.Fatalf("api/config: %v: %s", err, body)
	}
	if got := strings.Join(cfg.Engines, " "); got != "engine:other engine:py engine:test" {
		t.Errorf("serve's engines: %q", got)
	}
}
