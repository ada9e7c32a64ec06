package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readDoc returns the file of the repository at path (from its root), its white space
// runs made single spaces, so that a sentence is found whatever its line breaks.
func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(b)), " ")
}

// TestRulesDocsTurnSpellings: the spellings of a move that games/kalah/RULES.md and
// games/oware/RULES.md promise are taken by apply as the canonical one.
func TestRulesDocsTurnSpellings(t *testing.T) {
	tests := []struct {
		doc, claim string
		game       string
		canonical  string
		spellings  []string
	}{
		{"games/kalah/RULES.md", "`ParseAction` also accepts capital letters and pit numbers 1..M", "kalah", "c", []string{"C", "3"}},
		{"games/kalah/RULES.md", "`ParseAction` also accepts capital letters and pit numbers 1..M", "kalah:4x3", "d", []string{"D", "4"}},
		{"games/oware/RULES.md", "`ParseAction` also takes the column letter alone for the mover's row", "oware", "c1", []string{"c"}},
	}
	for _, tt := range tests {
		if !strings.Contains(readDoc(t, tt.doc), tt.claim) {
			t.Errorf("%s no longer says %q: update this test", tt.doc, tt.claim)
			continue
		}
		want := mustRun(t, "--game", tt.game, "apply", tt.canonical)
		for _, sp := range tt.spellings {
			code, out, errOut := cli(t, "--game", tt.game, "apply", sp)
			if code != 0 || out != want {
				t.Errorf("colony --game %s apply %s: exit %d, %q, %q; want %q (as %s)", tt.game, sp, code, out, errOut, want, tt.canonical)
			}
		}
	}
}

// TestProtocolDocFlags: every flag docs/protocol.md names is a flag of tournament or
// engine, the commands it describes.
func TestProtocolDocFlags(t *testing.T) {
	doc := readDoc(t, "docs/protocol.md")
	flags := regexp.MustCompile("`(--[a-z][a-z-]*)").FindAllStringSubmatch(doc, -1)
	if len(flags) == 0 {
		t.Fatal("docs/protocol.md names no flag")
	}
	var help string
	for _, cmd := range []string{"tournament", "engine"} {
		_, out, errOut := cli(t, cmd, "--help")
		help += out + errOut
	}
	for _, f := range flags {
		if !regexp.MustCompile(`\s` + regexp.QuoteMeta(f[1]) + `\b`).MatchString(help) {
			t.Errorf("docs/protocol.md names %s, which neither tournament nor engine has", f[1])
		}
	}
	if !strings.Contains(doc, "`--time-margin`") {
		t.Error("docs/protocol.md does not name the margin's flag, --time-margin")
	}
}

// TestProtocolDocPositionExamples: the examples of `position` in docs/protocol.md
// are positions and turns of the games the text says, in that order: apply plays
// each.
func TestProtocolDocPositionExamples(t *testing.T) {
	doc := readDoc(t, "docs/protocol.md")
	const intro = "For example, in The Colony from its start, in Kalah and in Oware from a position written in the game's notation: ```"
	_, block, ok := strings.Cut(doc, intro)
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatalf("docs/protocol.md has no block after %q", intro)
	}
	games := []string{"colony", "kalah", "oware"}
	lines := strings.Split(strings.TrimSpace(block), "> ")[1:]
	if len(lines) != len(games) {
		t.Fatalf("%d examples of position, want %d: %q", len(lines), len(games), lines)
	}
	for i, line := range lines {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "position ")
		if !ok {
			t.Fatalf("example %q is not a position command", line)
		}
		head, moves, _ := strings.Cut(rest, " moves ")
		args := []string{"--game", games[i], "apply"}
		if pos, ok := strings.CutPrefix(head, "set "); ok {
			args = append(args, "--position", pos)
		} else if head != "start" {
			t.Fatalf("example %q: neither start nor set", line)
		}
		args = append(args, strings.Fields(moves)...)
		if code, _, errOut := cli(t, args...); code != 0 {
			t.Errorf("example %q is not a position and turns of %s: colony %q: %s", line, games[i], args, errOut)
		}
	}
}

// TestProtocolDocScoreUnit: an engine's `score N` is hundredths of a point, as
// docs/protocol.md says: analyze prints N/100. The engine (Python) also answers its
// turn as a capital letter and its principal variation as a pit number, which Kalah's
// notation reads.
func TestProtocolDocScoreUnit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an engine process")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	if doc := readDoc(t, "docs/protocol.md"); !strings.Contains(doc, "in **hundredths of a point** of the game") ||
		!strings.Contains(doc, "`colony analyze` prints *n*/100 (`score=1.50`)") {
		t.Fatal("docs/protocol.md no longer states the unit of score as this test checks it")
	}
	script := filepath.Join(t.TempDir(), "engine.py")
	const src = `import sys
for line in sys.stdin:
    w = line.split()
    if w[0] == "mep":
        print("id name unit\nmepok 1", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "go":
        print("info depth 1 score 150 pv C 6\nbestturn C", flush=True)
    elif w[0] == "quit":
        break
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := cli(t, "--game", "kalah", "analyze", "--player", "cmd:path=python3,args="+script)
	if code != 0 {
		t.Fatalf("analyze: exit %d, %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if want := []string{"bestmove c score=1.50"}; !slices.Equal(lines[len(lines)-1:], want) || !strings.Contains(out, "score=1.50") || !strings.Contains(out, "pv c f") {
		t.Errorf("analyze printed %q; want a line with score=1.50 and pv c f, and last %q", out, want)
	}
}

// TestScriptsNamedExist: every script of the repository (scripts/NAME) that a
// command's help, README.md or docs/*.md names is a file of the repository.
func TestScriptsNamedExist(t *testing.T) {
	texts := map[string]string{}
	helps, err := helpTexts.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range helps {
		b, err := helpTexts.ReadFile("help/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		texts["cmd/colony/help/"+e.Name()] = string(b)
	}
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append([]string{"README.md"}, docs...) {
		name := strings.TrimPrefix(filepath.ToSlash(d), "../../")
		texts[name] = readDoc(t, name)
	}
	script := regexp.MustCompile(`\bscripts/[A-Za-z0-9._/-]*[A-Za-z0-9_]`)
	named := 0
	for name, text := range texts {
		for _, s := range script.FindAllString(text, -1) {
			named++
			if _, err := os.Stat(filepath.Join("..", "..", s)); err != nil {
				t.Errorf("%s names %s, which is not a file of the repository", name, s)
			}
		}
	}
	if named == 0 {
		t.Error("no text names a script: update this test")
	}
}
