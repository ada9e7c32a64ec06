package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/search"
)

// exampleEngine returns the path of examples/engine/kalah_greedy.py; it skips t when
// python3 is not installed.
func exampleEngine(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python example engine is not run")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	return script
}

// specSeed returns the seed setting of a recorded spec, and whether it has one.
func specSeed(t *testing.T, spec string) (string, bool) {
	t.Helper()
	sp, err := search.ParseSpec(spec)
	if err != nil {
		t.Fatalf("recorded spec %q: %v", spec, err)
	}
	v, ok := sp.Settings["seed"]
	return v, ok
}

// TestExampleEngineSeedsReplay: the example engine, which breaks ties at random,
// declares the full range of 64-bit seeds, so that every game's seed reaches it: two
// runs of the same tournament give the same games, and a run interrupted (its games
// file cut after five games, in the middle of the sixth's line, as a kill leaves it)
// and resumed gives the games of the uninterrupted run. Each record's spec says the
// seed sent, the one the tournament derived (in the engine's range, it is sent as it
// is).
func TestExampleEngineSeedsReplay(t *testing.T) {
	script := exampleEngine(t)
	dir := t.TempDir()
	args := []string{"tournament", "--game", "kalah", "-p", "py=cmd:" + script, "-p", "py2=cmd:" + script,
		"--games", "12", "--concurrency", "2", "--progress", "off", "--seed", "17096708196053657205"}
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	engineTourn(t, append(args, "--out", first)...)
	engineTourn(t, append(args, "--out", second)...)
	a := readGames(t, filepath.Join(first, "games.jsonl"))
	b := readGames(t, filepath.Join(second, "games.jsonl"))
	if len(a.Games) != 12 {
		t.Fatalf("%d games, want 12", len(a.Games))
	}
	if !reflect.DeepEqual(untimed(a.Games), untimed(b.Games)) {
		t.Errorf("two runs of the same tournament differ:\n%+v\n%+v", untimed(a.Games), untimed(b.Games))
	}
	distinct := map[string]bool{}
	for _, g := range a.Games {
		distinct[strings.Join(g.Moves, " ")] = true
		for seat, spec := range g.Specs {
			v, ok := specSeed(t, spec)
			if !ok {
				t.Fatalf("game %d: spec %q records no seed", g.Index, spec)
			}
			if _, err := strconv.ParseUint(v, 10, 64); err != nil {
				t.Errorf("game %d seat %d: seed %q: %v", g.Index, seat, v, err)
			}
		}
	}
	if len(distinct) < 6 {
		t.Errorf("%d distinct games of 12: the seeds do not reach the engine", len(distinct))
	}

	// Interrupted after five games and a half, then resumed.
	data, err := os.ReadFile(filepath.Join(first, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	cut := strings.Join(lines[:6], "") + lines[6][:len(lines[6])/2] // the header, five games, half a line
	resumed := filepath.Join(dir, "resumed")
	if err := os.MkdirAll(resumed, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(resumed, "games.jsonl"), []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	engineTourn(t, append(args, "--out", resumed, "--resume")...)
	c := readGames(t, filepath.Join(resumed, "games.jsonl"))
	if c.Torn != 0 {
		t.Errorf("the resumed games file has %d torn bytes", c.Torn)
	}
	if !reflect.DeepEqual(untimed(a.Games), untimed(c.Games)) {
		t.Errorf("the resumed run differs from the uninterrupted one:\n%+v\n%+v", untimed(a.Games), untimed(c.Games))
	}
}

// TestEngineSeedMappedIntoItsRange: an engine that declares a small range for its
// option seed (10 to 19) is sent, for every game, the game's seed mapped into it
// (10 + (seed-10) mod 10), and the games file's specs say the values it was sent
// (the engine writes each to its log); an engine that declares no seed is sent none,
// and its specs have none.
func TestEngineSeedMappedIntoItsRange(t *testing.T) {
	script := exampleEngine(t)
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	text := string(src)
	for _, r := range [][2]string{
		{"default 1 min 0 max 18446744073709551615", "default 10 min 10 max 19"},
		{"rng.seed(int(words[4]))", "rng.seed(int(words[4])); print('seed', words[4], file=sys.stderr, flush=True)"},
	} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("%s has no %q", script, r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	small := filepath.Join(dir, "small.py")
	noSeed := filepath.Join(dir, "noseed.py")
	if err := os.WriteFile(small, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	decl := `"option name seed type int default 1 min 0 max 18446744073709551615", `
	if !strings.Contains(string(src), decl) {
		t.Fatalf("%s has no %q", script, decl)
	}
	if err := os.WriteFile(noSeed, []byte(strings.Replace(string(src), decl, "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	engineTourn(t, "tournament", "--game", "kalah", "-p", "small=cmd:path=python3,args="+small,
		"-p", "noseed=cmd:path=python3,args="+noSeed, "--games", "8", "--concurrency", "1", "--progress", "off", "--out", out)
	gf := readGames(t, filepath.Join(out, "games.jsonl"))
	var recorded []string
	for _, g := range gf.Games {
		for seat, spec := range g.Specs {
			v, ok := specSeed(t, spec)
			switch g.Players[seat] {
			case "small":
				n, err := strconv.Atoi(v)
				if !ok || err != nil || n < 10 || n > 19 {
					t.Errorf("game %d: spec %q: want a seed from 10 to 19", g.Index, spec)
				}
				recorded = append(recorded, v)
			case "noseed":
				if ok {
					t.Errorf("game %d: spec %q: a seed for an engine that declares none", g.Index, spec)
				}
			}
		}
	}
	logs, err := os.ReadFile(filepath.Join(out, "engines", "small-1.log"))
	if err != nil {
		t.Fatal(err)
	}
	var sent []string
	for _, m := range regexp.MustCompile(`(?m)^seed (\S+)$`).FindAllStringSubmatch(string(logs), -1) {
		sent = append(sent, m[1])
	}
	// Seeds may have been sent before the games, by the checks of the players (the
	// command's and the runner's, on the process the games then use).
	if extra := len(sent) - len(recorded); extra < 0 || extra > 2 || !slices.Equal(sent[extra:], recorded) {
		t.Errorf("seeds sent %q, recorded %q (after the check's)", sent, recorded)
	}
}
