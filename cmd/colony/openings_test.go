package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// TestOpeningsFile builds a small Kalah suite twice, with one and with three
// positions scored at once: the same file, which the tournament's openings loader
// reads back; the summary and the report lines say what was done.
func TestOpeningsFile(t *testing.T) {
	dir := t.TempDir()
	build := func(name, concurrency string, extra ...string) (string, string) {
		t.Helper()
		file := filepath.Join(dir, name)
		args := append([]string{"--game", "kalah", "openings", "--player", "ab:depth=2", "--band", "1", "--positions", "5",
			"--candidates", "200", "--turns", "3", "--seed", "4", "--concurrency", concurrency, "--out", file}, extra...)
		out := mustRun(t, args...)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(data), out
	}
	one, out := build("one.txt", "1", "--check-player", "")
	three, _ := build("three.txt", "3", "--check-player", "")
	if one != three {
		t.Fatalf("concurrency 1 and 3 gave different files:\n%s\n%s", one, three)
	}
	summary := regexp.MustCompile(`^openings: 5 positions \(of \d+ drawn: \d+ repeated, \d+ outside the band\); judge ab:depth=2, band ±1 points, 3 random turns, seed 4\n$`)
	if !summary.MatchString(out) {
		t.Errorf("output %q", out)
	}
	// The first line is the command that made the file, every flag that decides it
	// written out: run as it stands, it makes the same file.
	const command = "colony --game kalah openings --player ab:depth=2 --band 1 --positions 5 --candidates 200 --turns 3 --seed 4"
	if !strings.HasPrefix(one, "# "+command+"\n# 5 positions (of ") {
		t.Errorf("file starts %q", one[:min(len(one), 160)])
	}
	again := filepath.Join(dir, "again.txt")
	mustRun(t, append(strings.Fields(command)[1:], "--check-player", "", "--out", again)...)
	if data, err := os.ReadFile(again); err != nil || string(data) != one {
		t.Errorf("the recorded command made another file (%v):\n%s\nnot\n%s", err, data, one)
	}
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	positions, err := g.LoadOpenings(filepath.Join(dir, "one.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(positions) != 5 {
		t.Errorf("%d positions read back, want 5", len(positions))
	}
	// Every score is within the band, and comes before its position.
	score := regexp.MustCompile(`^# candidate \d+, score (-?[01](\.\d+)?|-?0)$`)
	lines := strings.Split(strings.TrimSpace(one), "\n")[2:]
	for i := 0; i < len(lines); i += 2 {
		if !score.MatchString(lines[i]) || lines[i+1] != positions[i/2] {
			t.Errorf("lines %q, %q", lines[i], lines[i+1])
		}
	}
	// The report: the suite and random openings, played by a player against itself.
	_, out = build("report.txt", "2", "--check-player", "ab:depth=1", "--check-pairs", "3")
	report := regexp.MustCompile(`first player, ab:depth=1 against itself, (suite|random openings of 3 turns): \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(\d+ wins, \d+ draws, \d+ losses in 6 games from 3 openings\)\n`)
	if got := report.FindAllStringSubmatch(out, -1); len(got) != 2 || got[0][1] != "suite" {
		t.Errorf("report %q", out)
	}
}

// TestOpeningsCheck: --check plays the report on an existing suite alone, the same
// line as the report of a build on the same suite and seed.
func TestOpeningsCheck(t *testing.T) {
	file := filepath.Join(t.TempDir(), "suite.txt")
	built := mustRun(t, "--game", "kalah", "openings", "--player", "ab:depth=2", "--band", "1", "--positions", "3",
		"--candidates", "200", "--seed", "4", "--out", file, "--check-player", "ab:depth=1")
	out := mustRun(t, "--game", "kalah", "openings", "--check", file, "--check-player", "ab:depth=1", "--seed", "4", "--concurrency", "1")
	line := regexp.MustCompile(`^(first player, ab:depth=1 against itself, suite: \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(\d+ wins, \d+ draws, \d+ losses in 6 games from 3 openings\)\n)` +
		`\d of 3 pairs split one game each \(the first player won both games of \d, the second of \d\)\n$`)
	if !line.MatchString(out) {
		t.Fatalf("output %q", out)
	}
	if !strings.Contains(built, line.FindStringSubmatch(out)[1]) {
		t.Errorf("--check gave %q; the build's report was %q", out, built)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--band", "1"}, "openings: --band builds a suite, and --check reads one: give one or the other"},
		{[]string{"--out", file}, "openings: --out builds a suite"},
		{[]string{"--check-player", ""}, "openings: --check: the report needs a player"},
		{[]string{"--concurrency", "0"}, "openings: --concurrency: 0: want at least 1"},
	} {
		args := append([]string{"--game", "kalah", "openings", "--check", file}, tt.args...)
		if code, _, errOut := cli(t, args...); code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
	if code, _, errOut := cli(t, "--game", "kalah", "openings", "--check", filepath.Join(t.TempDir(), "none.txt")); code != 2 ||
		!strings.Contains(errOut, "openings: --check: opening file: open ") {
		t.Errorf("a missing file: exit %d, stderr %q", code, errOut)
	}
}

// TestOpeningsToStdout: without --out the file goes to standard output, the
// summary and the report to standard error.
func TestOpeningsToStdout(t *testing.T) {
	code, out, errOut := cli(t, "--game", "kalah", "openings", "--player", "ab:depth=2", "--band", "1", "--positions", "2",
		"--candidates", "100", "--seed", "4", "--check-player", "ab:depth=1", "--check-pairs", "1")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "stdout.txt")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if positions, err := g.LoadOpenings(file); err != nil || len(positions) != 2 {
		t.Errorf("standard output is not an opening file of 2 positions: %v, %v\n%s", positions, err, out)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "openings: 2 positions (of ") ||
		!strings.HasPrefix(lines[1], "first player, ab:depth=1 against itself, suite: ") ||
		!strings.HasPrefix(lines[2], "first player, ab:depth=1 against itself, random openings of 4 turns: ") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestOpeningsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--band", "-1"}, "openings: --band: -1 points: want 0 to 1000000"},
		{[]string{"--positions", "0"}, "openings: --positions: 0: want at least 1"},
		{[]string{"--candidates", "0"}, "openings: --candidates: 0: want 1 to 1000000"},
		{[]string{"--turns", "-2"}, "openings: --turns: -2: want 0 to 1000"},
		{[]string{"--concurrency", "0"}, "openings: --concurrency: 0: want at least 1"},
		{[]string{"--player", ""}, "openings: --player: no judging player"},
		{[]string{"--player", "nosuch:depth=2"}, "openings: --player: "},
		{[]string{"--check-pairs", "-1"}, "openings: --check-pairs: -1: want 0 to "},
		{[]string{"--player", "ab:depth=1", "--candidates", "5", "--check-player", "nosuch"}, "openings: --check-player: "},
		{[]string{"extra"}, "openings takes no arguments"},
	}
	for _, tt := range tests {
		args := append([]string{"--game", "kalah", "openings", "--out", filepath.Join(t.TempDir(), "x.txt")}, tt.args...)
		code, _, errOut := cli(t, args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestOpeningsCommandBoard: a suite on a board file records --board (the game's name
// says only the board's name) and the rule set's flag as given; the line makes the
// same file.
func TestOpeningsCommandBoard(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "my board.txt")
	if err := os.WriteFile(board, []byte(mustRun(t, "rules", "--board-file")), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "suite.txt")
	mustRun(t, "--rules", "colony:turncap=300", "--board", board, "openings", "--player", "ab:depth=1", "--band", "50",
		"--positions", "2", "--candidates", "4", "--check-player", "", "--out", file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	want := "# colony --game colony --rules colony:turncap=300 --board '" + board + "'" + // a path with a space, in single quotes
		" openings --player ab:depth=1 --band 50 --positions 2 --candidates 4 --turns 4 --seed 1"
	if first != want {
		t.Fatalf("first line %q, want %q", first, want)
	}
	again := filepath.Join(dir, "again.txt")
	mustRun(t, "--rules", "colony:turncap=300", "--board", board, "openings", "--player", "ab:depth=1", "--band", "50",
		"--positions", "2", "--candidates", "4", "--turns", "4", "--seed", "1", "--check-player", "", "--out", again)
	if b, err := os.ReadFile(again); err != nil || string(b) != string(data) {
		t.Errorf("the recorded flags made another file (%v)", err)
	}
}
