package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// cliIn runs the command line with input on stdin.
func cliIn(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runWithInput(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

// mustPlay runs colony play (args after the global flags gflags) with input and
// fails unless it exits 0 with nothing on stderr.
func mustPlay(t *testing.T, input string, args ...string) string {
	t.Helper()
	code, out, errOut := cliIn(t, input, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("colony %q: exit %d, stderr %q\n%s", args, code, errOut, out)
	}
	return out
}

var playsLine = regexp.MustCompile(`(?m)^(\S+) \((you|engine)\) plays (\S+)`)

// playedTurns returns the turns the transcript says were played, in order, with
// who played each ("you" or "engine").
func playedTurns(out string) (turns, who []string) {
	for _, m := range playsLine.FindAllStringSubmatch(out, -1) {
		turns = append(turns, m[3])
		who = append(who, m[2])
	}
	return turns, who
}

// positionsShown returns the position lines of the boards drawn, in order.
func positionsShown(out string, g catalog.Ruleset) []string {
	var ps []string
	for _, l := range strings.Split(out, "\n") {
		if p, err := g.Position(l); err == nil && p == l && l != "" {
			ps = append(ps, l)
		}
	}
	return ps
}

func openTestGame(t *testing.T, name string) catalog.Ruleset {
	t.Helper()
	g, err := catalog.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPlayKalahToTheEnd plays a whole game of Kalah through a pipe, always choosing
// turn 1, and checks every turn with the registry.
func TestPlayKalahToTheEnd(t *testing.T) {
	g := openTestGame(t, "kalah")
	out := mustPlay(t, strings.Repeat("1\n", 200), "--game", "kalah", "play", "--player", "random")
	if !strings.HasPrefix(out, "You play south against north (random).\n") {
		t.Errorf("no opening line:\n%s", out)
	}
	res := regexp.MustCompile(`(?m)^result: (south wins|north wins|draw) \d+-\d+ \(.+\)$`).FindString(out)
	if res == "" {
		t.Fatalf("no result line:\n%s", out)
	}
	turns, who := playedTurns(out)
	if len(turns) < 2 || !strings.Contains(strings.Join(who, " "), "engine") {
		t.Fatalf("turns %q by %q", turns, who)
	}
	final, end, err := g.Play(g.StartPosition(), turns)
	if err != nil {
		t.Fatalf("the transcript's turns do not replay: %v", err)
	}
	if end == nil || "result: "+end.Text(g.Sides()) != res {
		t.Errorf("replayed result %v, the transcript's %q", end, res)
	}
	if over := "game over: " + strings.TrimPrefix(res, "result: ") + "\n"; !strings.Contains(out, over) {
		t.Errorf("the final board does not say %q:\n%s", over, out)
	}
	shown := positionsShown(out, g)
	if len(shown) == 0 || shown[len(shown)-1] != final {
		t.Errorf("last position shown is not the replayed %q", final)
	}
	if !strings.Contains(out, "\nturns: "+strings.Join(turns, " ")+"\n") {
		t.Errorf("the turns line does not list the turns %q:\n%s", turns, out)
	}
	// Every board drawn before a person's turn is the position the turns reached.
	pos := g.StartPosition()
	want := []string{}
	for i, tn := range turns {
		if who[i] == "you" {
			want = append(want, pos)
		}
		pos, _, _ = g.Play(pos, []string{tn})
	}
	want = append(want, pos)
	if strings.Join(shown, "\n") != strings.Join(want, "\n") {
		t.Errorf("positions shown\n%s\nwant\n%s", strings.Join(shown, "\n"), strings.Join(want, "\n"))
	}
}

// TestPlayCommands: numbers out of range and gibberish are reported and the game goes
// on; a turn can be typed; hint names a legal turn; undo restores the position; quit
// stops with exit status 0.
func TestPlayCommands(t *testing.T) {
	g := openTestGame(t, "kalah")
	out := mustPlay(t, "0\n99\nxyzzy\n\nhint\na\nundo\nundo\nhelp\n2\nquit\n",
		"--game", "kalah", "play", "--player", "ab:depth=2")
	for _, s := range []string{
		"> 0\n0: no such turn, type a number from 1 to 6\n",
		"> 99\n99: no such turn, type a number from 1 to 6\n",
		"> xyzzy\nmove \"xyzzy\" is not a legal turn here; type a number from the list, a turn, or help\n",
		"south (you) plays a\n",
		"nothing to undo: you have not played a turn\n",
		"you quit: the game is left unfinished\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	hint := regexp.MustCompile(`hint: (\S+) \(number (\d)\)  \(score -?\d+\.\d\d, depth 2, nodes \d+\)\n`).FindStringSubmatch(out)
	if hint == nil {
		t.Fatalf("no hint line:\n%s", out)
	}
	moves, _ := g.Moves(g.StartPosition())
	if n := int(hint[2][0] - '0'); moves[n-1] != hint[1] {
		t.Errorf("hint %s is not turn %d of %q", hint[1], n, moves)
	}
	if !regexp.MustCompile(`north \(engine\) plays \S+  \(score -?\d+\.\d\d, depth 2, nodes \d+\)\n`).MatchString(out) {
		t.Errorf("no engine line with its score, depth and nodes:\n%s", out)
	}
	// The undo took back a and the engine's replies: the next board is the start.
	turns, who := playedTurns(out)
	second := strings.LastIndex(strings.Join(who, " "), "you")
	second = strings.Count(strings.Join(who, " ")[:second], " ")
	took := regexp.MustCompile(`took back (.+)\n`).FindStringSubmatch(out)
	if took == nil || turns[0] != "a" || took[1] != strings.Join(turns[:second], " ") {
		t.Fatalf("took back %q of turns %q by %q", took, turns, who)
	}
	after := out[strings.Index(out, "took back"):]
	if shown := positionsShown(after, g); len(shown) == 0 || shown[0] != g.StartPosition() {
		t.Errorf("undo does not show the start position again: %q", shown)
	}
	// The turns left: turn 2 (b) and the engine's replies, from the start.
	last := regexp.MustCompile(`\nturns: (.*)\n`).FindStringSubmatch(out)
	if last == nil || !strings.HasPrefix(last[1], "b") {
		t.Errorf("turns after the undo: %q", last)
	}
	if _, _, err := g.Play(g.StartPosition(), strings.Fields(last[1])); err != nil {
		t.Errorf("turns %q: %v", last[1], err)
	}
}

// TestPlayAsSecond: with --as second the engine moves first.
func TestPlayAsSecond(t *testing.T) {
	for _, as := range []string{"second", "north"} {
		out := mustPlay(t, "quit\n", "--game", "kalah", "play", "--player", "random", "--as", as)
		turns, who := playedTurns(out)
		if len(who) == 0 || who[0] != "engine" || !strings.HasPrefix(out, "You play north against south") {
			t.Errorf("--as %s: turns %q by %q:\n%s", as, turns, who, out)
		}
	}
}

// TestPlayEndOfInput: the end of the input leaves the game, exit status 0.
func TestPlayEndOfInput(t *testing.T) {
	out := mustPlay(t, "1\n", "--game", "kalah", "play", "--player", "random")
	if !strings.Contains(out, "end of input: the game is left unfinished\nturns: ") {
		t.Errorf("no end-of-input note:\n%s", out)
	}
}

// TestPlayColony plays a few turns of The Colony, typed as numbers and as a turn,
// and takes one back.
func TestPlayColony(t *testing.T) {
	g := openTestGame(t, "colony")
	out := mustPlay(t, "1\n5\nundo\nmoves\n3\nquit\n", "play", "--player", "random", "--position", g.StartPosition())
	for _, s := range []string{"You play red against black (random).\n", "ants in hand", "turn 1: red to move", "took back "} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	turns, who := playedTurns(out)
	if len(turns) != 6 || who[0] != "you" || who[1] != "engine" {
		t.Fatalf("turns %q by %q", turns, who)
	}
	// Before the undo: 1, reply, 5, reply. After it: 3, reply.
	pos := g.StartPosition()
	afterFirst, _, err := g.Play(pos, turns[:2])
	if err != nil {
		t.Fatal(err)
	}
	after := out[strings.Index(out, "took back"):]
	if shown := positionsShown(after, g); len(shown) < 1 || shown[0] != afterFirst {
		t.Errorf("undo does not restore the position after the first exchange %q: %q", afterFirst, shown)
	}
	want := strings.Join(append(turns[:2:2], turns[4:]...), " ")
	if !strings.Contains(out, "\nturns: "+want+"\n") {
		t.Errorf("turns line is not %q:\n%s", want, out)
	}
	if _, _, err := g.Play(pos, strings.Fields(want)); err != nil {
		t.Error(err)
	}
}

// TestPlayErrors: a bad --as or --player is bad input (exit 2).
func TestPlayErrors(t *testing.T) {
	for _, args := range [][]string{
		{"play", "--as", "third"},
		{"play", "--player", "nosuch"},
		{"play", "extra"},
	} {
		code, out, errOut := cliIn(t, "", args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "colony: play") {
			t.Errorf("colony %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestPlayOver: a finished position prints the result at once.
func TestPlayOver(t *testing.T) {
	g := openTestGame(t, "colony")
	end, o, err := g.Play(posEndsNoLog, []string{"A3"})
	if err != nil || o == nil {
		t.Fatal(err, o)
	}
	out := mustPlay(t, "", "play", "--position", end)
	if !strings.Contains(out, outcomeLine(g.Sides(), o)+"\n") {
		t.Errorf("no result line:\n%s", out)
	}
}

// TestInk: colours only when on; the ants of The Colony's drawing are coloured.
func TestInk(t *testing.T) {
	text := "  [C2  3 R] (C3  4  ) [B6 10 B]\n"
	if got := (ink{}).board(text); got != text {
		t.Errorf("plain ink changed the drawing: %q", got)
	}
	want := "  [C2  3 \x1b[1;31mR\x1b[0m] (C3  4  ) [B6 10 \x1b[1;34mB\x1b[0m]\n"
	if got := (ink{on: true}).board(text); got != want {
		t.Errorf("coloured drawing %q, want %q", got, want)
	}
	if got := (ink{on: true}).bold("x"); got != "\x1b[1mx\x1b[0m" {
		t.Errorf("bold %q", got)
	}
	if newInk(&bytes.Buffer{}).on {
		t.Error("colours on a buffer")
	}
}
