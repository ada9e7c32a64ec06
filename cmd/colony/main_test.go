package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

// cli runs the command line in-process and returns the exit status and outputs.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// mustRun runs the command line and fails the test unless it succeeds silently on
// stderr.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := cli(t, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("colony %q: exit %d, stderr %q", args, code, errOut)
	}
	return out
}

// Positions that end after one move.
const (
	// Red's only log to select is A3; its one egg is captured by Red's ant on A2 and
	// Black is left without a log to select. All 57 eggs are then owned, so the scores
	// cannot be equal.
	posEndsNoLog = "eggs=0.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=30,26 move=red ants=optional turn=40"
	// Ant moves are mandatory and Red's only ant, on A1, is hemmed in by Black's on A2,
	// B1 and B2: after sowing A4, Red cannot move an ant. The scores are equal and Red,
	// who could not complete the turn, loses.
	posEndsNoAnt = "eggs=0.0.0.1.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A1 black=A2,B1,B2 hand=5,3 store=28,28 move=red ants=mandatory turn=40"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{
			name: "one move from the start",
			args: []string{"apply", "C1"},
			want: "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/0.4.4.3.3.3 red=B4 black=- hand=5,6 store=1,0 move=black ants=optional turn=2\n",
		},
		{
			name: "three moves with a fork",
			args: []string{"apply", "C1", "A3", "A2>B2"},
			want: "eggs=4.0.0.3.3.3/3.4.4.3.3.3.3/0.4.5.3.3.3 red=B4 black=B1 hand=5,5 store=2,1 move=black ants=optional turn=4\n",
		},
		{
			name: "explicit start position",
			args: []string{"apply", "--position", colony.StartPosition, "C1"},
			want: "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/0.4.4.3.3.3 red=B4 black=- hand=5,6 store=1,0 move=black ants=optional turn=2\n",
		},
		{
			name: "game ends: no log to select",
			args: []string{"apply", "--position", posEndsNoLog, "A3"},
			want: "eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=31,26 move=black ants=optional turn=41\n" +
				"result: red wins 31-26 (no log to select)\n",
		},
		{
			name: "game ends: no ant can move, tie goes to the player who completed the last turn",
			args: []string{"apply", "--position", posEndsNoAnt, "A4"},
			want: "eggs=0.0.0.0.1.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A1 black=A2,B1,B2 hand=5,3 store=28,28 move=red ants=mandatory turn=40\n" +
				"result: black wins 28-28 (no ant can move)\n",
		},
		{
			name: "game ends: turn cap",
			args: []string{"--rules", "colony:turncap=1", "apply", "C1"},
			want: "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/0.4.4.3.3.3 red=B4 black=- hand=5,6 store=1,0 move=black ants=optional turn=2\n" +
				"result: red wins 4-0 (turn cap)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustRun(t, tt.args...); got != tt.want {
				t.Errorf("colony %q:\n got %q\nwant %q", tt.args, got, tt.want)
			}
		})
	}
}

func TestMovesStart(t *testing.T) {
	out := mustRun(t, "moves")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 122 {
		t.Fatalf("moves of the start position: got %d lines, want 122", len(lines))
	}
	if !slices.IsSorted(lines) {
		t.Errorf("moves are not sorted in byte-wise order")
	}
	if len(slices.Compact(slices.Clone(lines))) != len(lines) {
		t.Errorf("moves are listed more than once")
	}
	// Every line is a legal move, and each one the engine generates is listed.
	r := colony.Default()
	s := r.Start()
	var list colony.MoveList
	n, err := r.LegalMoves(&s, list[:])
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range list[:n] {
		want = append(want, m.String())
	}
	slices.Sort(want)
	if !slices.Equal(lines, want) {
		t.Errorf("moves differ from LegalMoves")
	}
	for _, l := range lines {
		if _, err := r.ParseMove(&s, l); err != nil {
			t.Errorf("listed move %q does not parse: %v", l, err)
		}
	}
	for _, must := range []string{"A2>A1", "A2>B2", "C1", "C6"} {
		if !slices.Contains(lines, must) {
			t.Errorf("moves of the start position lack %q", must)
		}
	}
}

func TestMovesAfterMoveAndGameOver(t *testing.T) {
	pos := strings.TrimSpace(mustRun(t, "apply", "C1"))
	out := mustRun(t, "moves", "--position", pos)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !slices.IsSorted(lines) || len(lines) == 0 {
		t.Errorf("moves after C1: %d lines, sorted %v", len(lines), slices.IsSorted(lines))
	}
	// A finished game has no moves: nothing at all is printed.
	ended := firstLine(mustRun(t, "apply", "--position", posEndsNoLog, "A3"))
	if out := mustRun(t, "moves", "--position", ended); out != "" {
		t.Errorf("moves of a finished game: got %q, want nothing", out)
	}
	if out := mustRun(t, "moves", "--position", posEndsNoLog); out != "A3\nA3/A2-A1\nA3/A2-A3\nA3/A2-B2\nA3/A2-B3\n" {
		t.Errorf("moves: got %q", out)
	}
}

var perftLine = regexp.MustCompile(`^perft depth=(\d+) nodes=(\d+) time=\d+\.\d{3}s nps=\d+$`)

// parsePerft checks the perft line and returns its depth and node count.
func parsePerft(t *testing.T, line string) (depth int, nodes uint64) {
	t.Helper()
	m := perftLine.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("perft line %q does not match %v", line, perftLine)
	}
	depth, _ = strconv.Atoi(m[1])
	nodes, _ = strconv.ParseUint(m[2], 10, 64)
	return depth, nodes
}

func TestPerft(t *testing.T) {
	tests := []struct {
		depth int
		nodes uint64
	}{{1, 122}, {2, 9948}}
	for _, tt := range tests {
		t.Run(fmt.Sprint("depth", tt.depth), func(t *testing.T) {
			out := mustRun(t, "perft", "--depth", strconv.Itoa(tt.depth))
			if strings.Count(out, "\n") != 1 {
				t.Fatalf("perft printed %q, want one line", out)
			}
			d, n := parsePerft(t, strings.TrimSpace(out))
			if d != tt.depth || n != tt.nodes {
				t.Errorf("perft depth %d: got depth=%d nodes=%d, want nodes=%d", tt.depth, d, n, tt.nodes)
			}
		})
	}
}

func TestPerftDivide(t *testing.T) {
	for _, depth := range []int{1, 2} {
		out := mustRun(t, "perft", "--depth", strconv.Itoa(depth), "--divide")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		_, total := parsePerft(t, lines[len(lines)-1])
		div := lines[:len(lines)-1]
		if len(div) != 122 {
			t.Fatalf("depth %d: %d divide lines, want 122", depth, len(div))
		}
		var sum uint64
		var moves []string
		for _, l := range div {
			mv, count, ok := strings.Cut(l, " ")
			n, err := strconv.ParseUint(count, 10, 64)
			if !ok || err != nil {
				t.Fatalf("divide line %q: want <move> <count>", l)
			}
			if depth == 1 && n != 1 {
				t.Errorf("depth 1: %q, want count 1", l)
			}
			sum += n
			moves = append(moves, mv)
		}
		if sum != total {
			t.Errorf("depth %d: divide counts add up to %d, perft line says %d", depth, sum, total)
		}
		if want := []uint64{122, 9948}[depth-1]; total != want {
			t.Errorf("depth %d: total %d, want %d", depth, total, want)
		}
		if want := strings.Split(strings.TrimSpace(mustRun(t, "moves")), "\n"); !slices.Equal(moves, want) {
			t.Errorf("depth %d: divide moves differ from 'colony moves'", depth)
		}
	}
}

func TestPerftFinishedGame(t *testing.T) {
	ended := firstLine(mustRun(t, "apply", "--position", posEndsNoLog, "A3"))
	out := mustRun(t, "perft", "--depth", "3", "--divide", "--position", ended)
	_, n := parsePerft(t, strings.TrimSpace(out))
	if n != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("perft of a finished game: got %q", out)
	}
	// One turn ends the game: depth 1 counts it, depth 2 does not.
	for depth, want := range map[int]uint64{1: 5, 2: 0} {
		_, n := parsePerft(t, strings.TrimSpace(mustRun(t, "perft", "--depth", strconv.Itoa(depth), "--position", posEndsNoLog)))
		if n != want {
			t.Errorf("perft depth %d from posEndsNoLog: %d, want %d", depth, n, want)
		}
	}
}

func TestScore(t *testing.T) {
	after := func(args ...string) string {
		return firstLine(mustRun(t, append([]string{"apply"}, args...)...))
	}
	tests := []struct {
		name     string
		position string
		want     string
	}{
		{"start", colony.StartPosition, "red=0 black=0 over=no winner=-\n"},
		{"after C1", after("C1"), "red=4 black=0 over=no winner=-\n"},
		{"no log to select", after("--position", posEndsNoLog, "A3"),
			"red=31 black=26 over=yes winner=red\nresult: red wins 31-26 (no log to select)\n"},
		{"before the end", posEndsNoAnt, "red=28 black=28 over=no winner=-\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustRun(t, "score", "--position", tt.position); got != tt.want {
				t.Errorf("score: got %q, want %q", got, tt.want)
			}
		})
	}
	// The default position is the start.
	if got := mustRun(t, "score"); got != tests[0].want {
		t.Errorf("score: got %q", got)
	}
}

func TestShow(t *testing.T) {
	out := mustRun(t, "show")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if last := lines[len(lines)-1]; last != colony.StartPosition {
		t.Errorf("last line %q, want the position line", last)
	}
	wantBoard := []string{
		"       (A1  3  ) (A2  3  ) (A3  3  ) (A4  3  ) (A5  3  ) (A6  3  )",
		"  (B1  3  ) (B2  3  ) (B3  3  ) (B4  3  ) (B5  3  ) (B6  3  ) (B7  3  )",
		"       (C1  3  ) (C2  3  ) (C3  3  ) (C4  3  ) (C5  3  ) (C6  3  )",
	}
	if !slices.Equal(lines[:3], wantBoard) {
		t.Errorf("board drawing:\n%s\nwant\n%s", strings.Join(lines[:3], "\n"), strings.Join(wantBoard, "\n"))
	}

	pos := "eggs=5.1.10.4.0.0/5.5.0.0.0.1.1/7.3.2.0.1.4 red=B1,B3 black=A3,B4,C2 hand=4,3 store=5,3 move=black ants=mandatory turn=16"
	out = mustRun(t, "show", "--position", pos)
	for _, want := range []string{
		"[A3 10 B]", "[B1  5 R]", "[B3  0 R]", "[B4  0 B]", "[C2  3 B]", "(C1  7  )",
		"score                10     16",
		"turn 16: black to move; ant moves are mandatory",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "\n"+pos+"\n") {
		t.Errorf("show does not end with the position line")
	}
	// Rows are offset like a hex grid: A and C are shifted half a cell from B.
	lines = strings.Split(out, "\n")
	a, b, c := strings.Index(lines[0], "A1"), strings.Index(lines[1], "B1"), strings.Index(lines[2], "C1")
	if a != c || a-b != (9+1)/2 { // cells of 9 characters, 1 apart
		t.Errorf("row offsets: A1 at %d, B1 at %d, C1 at %d", a, b, c)
	}

	ended := firstLine(mustRun(t, "apply", "--position", posEndsNoLog, "A3"))
	out = mustRun(t, "show", "--position", ended)
	if !strings.Contains(out, "game over at turn 41: red wins 31-26 (no log to select)") {
		t.Errorf("show of a finished game:\n%s", out)
	}
}

func TestPlayout(t *testing.T) {
	out1 := mustRun(t, "playout", "--games", "300", "--seed", "5")
	out2 := mustRun(t, "playout", "--seed", "5", "--games", "300")
	if dropTime(out1) != dropTime(out2) {
		t.Errorf("same seed, different reports")
	}
	out3 := mustRun(t, "playout", "--games", "300", "--seed", "6")
	if dropTime(out1) == dropTime(out3) {
		t.Errorf("different seeds, same report")
	}
	for _, want := range []string{
		"playout: 300 games from the start position",
		"Game length (turns played)", "How games ended", "Results", "Final score",
		"no log to select", "no ant can move", "turn cap", "red wins", "black wins",
		"decided by the tie rule", "95% interval (Wilson)", "playouts/s",
	} {
		if !strings.Contains(out1, want) {
			t.Errorf("playout report lacks %q:\n%s", want, out1)
		}
	}
	// The game counts add up to the games played.
	r := colony.Default()
	res := colonyGames(t, r, colony.StartPosition, 300, 5)
	var wins [2]int
	for _, g := range res.Games {
		wins[g.Winner]++
		if g.Turns < 1 || res.Reasons[g.Reason] == colony.NotOver.String() {
			t.Fatalf("game %+v", g)
		}
	}
	if wins[0]+wins[1] != 300 || !strings.Contains(out1, fmt.Sprintf("│ red wins                │ %5d │", wins[colony.Red])) {
		t.Errorf("red wins %d not in the report:\n%s", wins[colony.Red], out1)
	}
	// Default: 1000 games.
	if out := mustRun(t, "playout"); !strings.Contains(out, "playout: 1000 games") {
		t.Errorf("default playout: %s", firstLine(out))
	}
}

func TestPlayoutLengthDefinition(t *testing.T) {
	r := colony.Default()
	// A game ending at a turn boundary: the turns played.
	res := colonyGames(t, r, posEndsNoLog, 20, 1)
	for _, g := range res.Games {
		if g.Turns != 1 || res.Reasons[g.Reason] != colony.NoLogToSelect.String() {
			t.Errorf("from posEndsNoLog: %+v, want 1 turn, no log to select", g)
		}
	}
	// A game ending because no ant can move: the unfinished turn counts.
	res = colonyGames(t, r, posEndsNoAnt, 20, 1)
	for _, g := range res.Games {
		if g.Turns != 1 || res.Reasons[g.Reason] != colony.NoAntCanMove.String() || colony.Color(g.Winner) != colony.Black ||
			g.Points[0] != g.Points[1] || !g.TieBreak {
			t.Errorf("from posEndsNoAnt: %+v, want 1 turn, no ant can move, black wins a tie", g)
		}
	}
	out := mustRun(t, "playout", "--games", "7", "--position", posEndsNoAnt)
	for _, want := range []string{
		"playout: 7 games from the given position",
		"│ no ant can move  │     7 │ 100.0% │",
		"│ decided by the tie rule │     7 │ 100.0% │",
		"red won 0, black won 7",
		"│  1.0 │ 0.0 │   1 │   1 │   1 │   1 │   1 │   1 │",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("playout report lacks %q:\n%s", want, out)
		}
	}
	// From the start, a game's length is Turn()-1 at the end, or Turn() after "no
	// ant can move".
	start := r.Start()
	for i, g := range colonyGames(t, r, colony.StartPosition, 50, 9).Games {
		s := start
		pcg := rand.NewPCG(9, uint64(i))
		r.RandomPlayout(&s, pcg)
		want := s.Turn() - 1
		if s.EndReason() == colony.NoAntCanMove {
			want = s.Turn()
		}
		if int(g.Turns) != want {
			t.Errorf("game %d: %d turns, want %d", i, g.Turns, want)
		}
	}
}

// colonyGames plays n random games of The Colony under r from position, as playout
// does: through the facade's RandomGames, game i with PCG(seed, i).
func colonyGames(t *testing.T, r *colony.Rules, position string, n int, seed uint64) *catalog.RandomGames {
	t.Helper()
	res, err := catalog.Colony(r).RandomGames(t.Context(), position, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// dropTime removes the timing line of a playout report.
func dropTime(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "time ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// TestRulesCommand: rules prints The Colony's rules document (colony/RULES.md) after
// the rule set's name and caps; --board-file prints its board file, which reads back
// as the default board; the other games have no board file.
func TestRulesCommand(t *testing.T) {
	out := mustRun(t, "rules")
	head := "# rule set colony\n# sowing cap 10000 (eggs put down one by one in a turn, R6)\n# turn cap 1000 (full turns, R10)\n\n"
	if out != head+colony.RulesText {
		t.Errorf("rules is not the header and colony/RULES.md:\n%.400s", out)
	}
	for _, s := range []string{"## The game in brief\n", "## Notation\n", "`C1/B4-A4`"} {
		if !strings.Contains(out, s) {
			t.Errorf("the rules document lacks %q", s)
		}
	}
	out = mustRun(t, "--rules", "colony:turncap=300,sowcap=500", "rules")
	if !strings.HasPrefix(out, "# rule set colony:turncap=300,sowcap=500\n# sowing cap 500 ") || !strings.Contains(out, "# turn cap 300 ") {
		t.Errorf("rules header:\n%.300s", out)
	}

	out = mustRun(t, "rules", "--board-file")
	if !strings.HasPrefix(out, "# rule set colony\n# sowing cap 10000 ") || !strings.Contains(out, "# turn cap 1000 ") {
		t.Errorf("rules --board-file header:\n%.300s", out)
	}
	b, err := colony.ParseBoard(strings.NewReader(out))
	if err != nil {
		t.Fatalf("rules --board-file output is not a board file: %v", err)
	}
	if b.Format() != colony.DefaultBoard().Format() {
		t.Errorf("rules --board-file output is not the default board")
	}
	out = mustRun(t, "--rules", "colony:turncap=300,sowcap=500", "rules", "--board-file")
	if !strings.HasPrefix(out, "# rule set colony:turncap=300,sowcap=500\n# sowing cap 500 ") || !strings.Contains(out, "# turn cap 300 ") {
		t.Errorf("rules --board-file header:\n%.300s", out)
	}
	code, out, errOut := cli(t, "--game", "kalah", "rules", "--board-file")
	if want := "colony: rules: --board-file: kalah has no board file: board files are The Colony's\n"; code != 2 || out != "" || errOut != want {
		t.Errorf("kalah rules --board-file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestBoardFlag(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "copy.board")
	if err := os.WriteFile(good, []byte(mustRun(t, "rules", "--board-file")), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same board loaded from a file plays the same game.
	if got := mustRun(t, "--board", good, "apply", "C1"); got != mustRun(t, "apply", "C1") {
		t.Errorf("apply on the copied board: %q", got)
	}
	if got := mustRun(t, "--board", good, "perft", "--depth", "2"); !strings.Contains(got, "nodes=9948 ") {
		t.Errorf("perft on the copied board: %q", got)
	}
	// The rule set's caps still apply on a board file.
	out := mustRun(t, "--board", good, "--rules", "colony:turncap=1", "apply", "C1")
	if !strings.HasSuffix(out, "result: red wins 4-0 (turn cap)\n") {
		t.Errorf("turn cap on a board file: %q", out)
	}
	if out := mustRun(t, "--board", good, "rules"); !strings.HasPrefix(out, "# rule set colony:board=default\n") {
		t.Errorf("rules on a board file: %s", firstLine(out))
	}
	// So does the R4 variant: a relay on the fork B7 goes on without a choice.
	relay := "eggs=0.0.0.0.2.0/0.5.0.0.0.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10"
	out = mustRun(t, "--board", good, "--rules", "colony:choice=selected", "moves", "--position", relay)
	if out != "A5>A6\nA5>B6\nB2\nB7>B6\nB7>C6\n" {
		t.Errorf("moves with choice=selected on a board file:\n%s", out)
	}
	if out := mustRun(t, "--board", good, "--rules", "colony:choice=selected", "rules"); !strings.HasPrefix(out, "# rule set colony:choice=selected,board=default\n") {
		t.Errorf("rules with choice=selected on a board file: %s", firstLine(out))
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	malformed := filepath.Join(dir, "bad.board")
	if err := os.WriteFile(malformed, []byte("board bad\nneighbours A1 A2\nteleport A1 C6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	incomplete := filepath.Join(dir, "incomplete.board")
	if err := os.WriteFile(incomplete, []byte("board bad\nneighbours A1 A2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ended := firstLine(mustRun(t, "apply", "--position", posEndsNoLog, "A3"))
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of the error line
	}{
		{"unknown command", []string{"shwo"}, 2, []string{`unknown command "shwo"`, "did you mean show?"}},
		{"help on unknown command", []string{"help", "nope"}, 2, []string{`unknown command "nope"`}},
		{"unknown flag", []string{"show", "--colour"}, 2, []string{"show", "unknown flag: --colour"}},
		{"unknown global flag", []string{"--verbose", "moves"}, 2, []string{"unknown flag: --verbose"}},
		{"stray argument", []string{"moves", "C1"}, 2, []string{"moves takes no arguments", `"C1"`}},
		{"malformed position", []string{"show", "--position", "eggs=3.3.3"}, 2, []string{"position:", "8 fields"}},
		{"position with wrong egg total", []string{"moves", "--position", strings.Replace(colony.StartPosition, "store=0,0", "store=1,0", 1)}, 2, []string{"position:", "58 eggs"}},
		{"position flag without value", []string{"score", "--position"}, 2, []string{"--position"}},
		{"apply without moves", []string{"apply"}, 2, []string{"at least one move"}},
		{"illegal move: empty log", []string{"apply", "C1", "C1"}, 2, []string{"argument 2", "move C1", "C1 has no eggs"}},
		{"illegal move: fork without direction", []string{"apply", "A2"}, 2, []string{"move A2", "needs a direction"}},
		{"malformed move", []string{"apply", "Z9"}, 2, []string{`move "Z9"`, `unknown log "Z9"`}},
		{"illegal ant move", []string{"apply", "C1", "A3", "C2/B1-A1"}, 2, []string{"argument 3", "move C2/B1-A1", "no red ant on B1"}},
		{"move after the game is over", []string{"apply", "--position", posEndsNoLog, "A3", "A1"}, 2, []string{"argument 2", "move A1", "the game is over"}},
		{"move in a finished position", []string{"apply", "--position", ended, "A2"}, 2, []string{"move A2", "the game is over (no log to select)"}},
		{"perft without depth", []string{"perft"}, 2, []string{"--depth is required"}},
		{"perft depth 0", []string{"perft", "--depth", "0"}, 2, []string{"--depth must be at least 1, got 0"}},
		{"perft negative depth", []string{"perft", "--depth", "-2"}, 2, []string{"--depth must be at least 1, got -2"}},
		{"perft depth not a number", []string{"perft", "--depth", "two"}, 2, []string{`--depth: "two" is not an integer`}},
		{"playout zero games", []string{"playout", "--games", "0"}, 2, []string{"--games must be from 1 to 10000000, got 0"}},
		{"playout too many games", []string{"playout", "--games", "10000001"}, 2, []string{"--games must be from 1 to 10000000"}},
		{"playout negative seed", []string{"playout", "--seed", "-1"}, 2, []string{`--seed: "-1" is not a non-negative integer`}},
		{"playout from a finished game", []string{"playout", "--position", ended}, 2, []string{"already over"}},
		{"unknown rule set", []string{"--rules", "chess", "show"}, 2, []string{"--rules", `unknown rule set "chess"`}},
		{"bad rule setting", []string{"--rules", "colony:turncap=0", "moves"}, 2, []string{"--rules", "turn cap 0"}},
		{"unknown rule setting", []string{"--rules", "colony:speed=3", "score"}, 2, []string{"--rules", `unknown setting "speed"`}},
		{"missing board file", []string{"--board", filepath.Join(dir, "nope.board"), "show"}, 2, []string{"--board", "nope.board", "no such file"}},
		{"malformed board file", []string{"--board", malformed, "moves"}, 2, []string{"--board", "bad.board", "line 3", `unknown directive "teleport"`}},
		{"incomplete board file", []string{"--board", incomplete, "rules"}, 2, []string{"--board", "incomplete.board", "A2: no neighbours line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errOut, "colony: ") || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
				t.Errorf("stderr %q, want one line starting with 'colony: '", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
			if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "Usage:") {
				t.Errorf("stderr has a stack trace or a usage dump: %q", errOut)
			}
		})
	}
}

// TestNoSharedState runs commands with different flags in turn: nothing carries over.
func TestNoSharedState(t *testing.T) {
	capped := mustRun(t, "--rules", "colony:turncap=1", "apply", "C1")
	plain := mustRun(t, "apply", "C1")
	if capped == plain || strings.Contains(plain, "result:") {
		t.Errorf("--rules carried over between runs: %q", plain)
	}
	mustRun(t, "perft", "--depth", "1", "--divide")
	if out := mustRun(t, "perft", "--depth", "1"); strings.Count(out, "\n") != 1 {
		t.Errorf("--divide carried over between runs")
	}
}

func TestHelp(t *testing.T) {
	root := newRootCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Short == "" || c.Long == "" || c.Example == "" {
			t.Errorf("command %q lacks a Short, Long or Example", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	names := []string{"apply", "help", "moves", "perft", "play", "playout", "replay", "rules", "score", "show"}
	for _, name := range names {
		out := mustRun(t, name, "--help")
		if !strings.Contains(out, "Examples:") {
			t.Errorf("colony %s --help has no examples", name)
		}
		c, _, err := root.Find([]string{name})
		if name == "help" {
			continue // cobra adds the help command when it runs
		}
		if err != nil || c.Name() != name {
			t.Fatalf("no command %q", name)
		}
		if out2 := mustRun(t, "help", name); !strings.Contains(out2, c.Long) || !strings.Contains(out2, c.Example) {
			t.Errorf("colony help %s lacks the command's help", name)
		}
	}
	if out := mustRun(t); !strings.Contains(out, "Available Commands:") {
		t.Errorf("colony with no arguments does not print help")
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"unknown command \"shwo\" for \"colony\"\n\nDid you mean this?\n\tshow\n", `unknown command "shwo" for "colony" (did you mean show?)`},
		{"a\n  b\n", "a; b"},
	}
	for _, tt := range tests {
		if got := oneLine(tt.in); got != tt.want {
			t.Errorf("oneLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// brokenWriter fails every write, like a closed pipe.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestOutputError(t *testing.T) {
	var errOut bytes.Buffer
	if code := run([]string{"moves"}, brokenWriter{}, &errOut); code != 1 {
		t.Errorf("moves to a broken stdout: exit %d, want 1", code)
	}
	if !strings.HasPrefix(errOut.String(), "colony: ") || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("stderr %q", errOut.String())
	}
}
