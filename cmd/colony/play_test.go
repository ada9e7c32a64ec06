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
		"> xyzzy\nmove \"xyzzy\" is not a legal turn here; type a turn as moves lists it, its number there, or help\n",
		"south (you) plays a\n",
		"nothing to undo: you have not played a turn\n",
		"you quit: the game is left unfinished\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	hint := regexp.MustCompile(`hint: (\S+) \(number (\d)\)  \(score -?\d+\.\d\d, depth 2, nodes \d+(; line( [a-f])+)?\)\n`).FindStringSubmatch(out)
	if hint == nil {
		t.Fatalf("no hint line:\n%s", out)
	}
	moves, _ := g.Moves(g.StartPosition())
	if n := int(hint[2][0] - '0'); moves[n-1] != hint[1] {
		t.Errorf("hint %s is not turn %d of %q", hint[1], n, moves)
	}
	if !regexp.MustCompile(`north \(engine\) plays \S+  \(score -?\d+\.\d\d, depth 2, nodes \d+; line( [a-f])+\)\n`).MatchString(out) {
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
	if !strings.Contains(out, o.ResultLine(g.Sides())+"\n") {
		t.Errorf("no result line:\n%s", out)
	}
}

// kalahB is the whole transcript of the user report's command, with a deterministic
// engine: the pit b typed plays b (it used to redraw the board), and after the
// engine's reply come the list of turns (short), the board with the places the reply
// changed marked *, and last, next to the prompt, the engine's line and its sowing.
const kalahB = `You play south against north (ab:depth=2).
Type a turn to play it, or moves, board, hint, undo, help or quit.
'colony --game kalah rules' prints the rules of the game.

Your turns (6):
  1. a   2. b   3. c   4. d   5. e   6. f

         (f  4) (e  4) (d  4) (c  4) (b  4) (a  4)         north
  [N  0]                                           [S  0]
         (a  4) (b  4) (c  4) (d  4) (e  4) (f  4)         south

  (pit seeds)  [N seeds] north's store  [S seeds] south's store
  sowing runs counter-clockwise, through the mover's store only

                    south  north
  points                0      0

  south to move

pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south
south, your turn (a turn or 1-6; help)> b
south (you) plays b
  sowing: from south-b: south-c, south-d, south-e, south-f

Your turns (6):
  1. a   2. b   3. c   4. d   5. e   6. f

        *(f  0) (e  4) (d  4) (c  4) (b  4) (a  4)         north
 *[N  1]                                           [S  0]
        *(a  5)*(b  1)*(c  6) (d  5) (e  5) (f  5)         south

  (pit seeds)  [N seeds] north's store  [S seeds] south's store
  sowing runs counter-clockwise, through the mover's store only

                    south  north
  points                0      1

  south to move

pits=5.1.6.5.5.5/4.4.4.4.4.0 stores=0,1 move=south
north (engine) plays f  (score 3.26, depth 2, nodes 29; line f a)
  sowing: from north-f: store N, south-a, south-b, south-c
south, your turn (a turn or 1-6; help)> quit
you quit: the game is left unfinished
turns: b f
`

// TestPlayTypedPit: typing a pit's name plays it, b and h included (b used to redraw
// the board and h to print the help), on six and eight pits, in any case.
func TestPlayTypedPit(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	if out := mustPlay(t, "b\nquit\n", "--game", "kalah", "play", "--player", "ab:depth=2"); out != kalahB {
		t.Errorf("transcript:\n%s\nwant\n%s", out, kalahB)
	}
	// Always the first turn against ab:depth=2: south ends with one turn left.
	if out := mustPlay(t, strings.Repeat("1\n", 100), "--game", "kalah", "play", "--player", "ab:depth=2"); !strings.Contains(out, "\nsouth, your turn (a turn or 1; help)> 1\n") {
		t.Errorf("no prompt for one turn:\n%s", out)
	}
	// c ends in south's store: the board marks it, and says south plays again.
	out := mustPlay(t, "c\nquit\n", "--game", "kalah", "play", "--player", "random")
	for _, s := range []string{
		"  [N  0]                                          *[S  1]\n" +
			"         (a  4) (b  4)*(c  0)*(d  5)*(e  5)*(f  5)         south\n",
		"\npits=4.4.0.5.5.5/4.4.4.4.4.4 stores=1,0 move=south\nlast turn: south (you) c: you play again\n" +
			"south, your turn (a turn or 1-5; help)> quit\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("the extra turn: output lacks %q:\n%s", s, out)
		}
	}
	for _, tc := range []struct{ game, typed, want string }{
		{"kalah", "b", "b"},
		{"kalah", "B", "b"},
		{"kalah:8x4", "h", "h"},
		{"kalah:8x4", "b", "b"},
		{"kalah:12x4", "h", "h"},
		{"egyptian", "b", "b"},
		{"ethiopian", "b<", "b<"},
		{"oware", "b1", "b1"},
		{"martian", "h", ""}, // six spaces: no h, reported
	} {
		out := mustPlay(t, tc.typed+"\nquit\n", "--game", tc.game, "play", "--player", "random")
		turns, who := playedTurns(out)
		if tc.want == "" {
			if len(turns) != 0 || !strings.Contains(out, `move "h" is not a legal turn here`) {
				t.Errorf("%s %q: turns %q:\n%s", tc.game, tc.typed, turns, out)
			}
			continue
		}
		if len(turns) < 1 || turns[0] != tc.want || who[0] != "you" {
			t.Errorf("%s %q: turns %q by %q:\n%s", tc.game, tc.typed, turns, who, out)
		}
	}
}

// TestPlayHelpAndMoves: help lists the commands, not the turns; moves lists the turns
// numbered in columns as wide as the terminal; board draws the board again, with the
// engine's line after it.
func TestPlayHelpAndMoves(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	out := mustPlay(t, "help\n", "--game", "kalah", "play", "--player", "random")
	help := `south, your turn (a turn or 1-6; help)> help
Type a turn to play it: its name as moves lists it (in any case), or its
number in that list. Your turns look like a or f. The commands:
  moves   list your legal turns, numbered
  board   draw the board again, the places the last turns changed marked *
  hint    the engine's choice for you, with its score
  undo    take back your last turn and the engine's reply
  quit    stop the game (exit too)
  help    this text (? too)
'colony --game kalah rules' prints the rules of the game.
south, your turn (a turn or 1-6; help)> 
end of input: the game is left unfinished
turns: 
`
	if !strings.HasSuffix(out, help) {
		t.Errorf("help:\n%s\nwant the end\n%s", out, help)
	}

	g := openTestGame(t, "colony")
	moves, _ := g.Moves(g.StartPosition())
	out = mustPlay(t, "?\nmoves\n", "play", "--player", "random")
	if i := strings.Index(out, "Your turns ("); i < strings.Index(out, "> moves") {
		t.Errorf("The Colony's 122 turns listed before moves:\n%s", out)
	}
	if !strings.Contains(out, "red, your turn (122 turns, moves lists them; help)> ?\nType a turn to play it") ||
		!strings.Contains(out, "Your turns look like A1 or A2>A1/C1-B1.") {
		t.Errorf("help of The Colony:\n%s", out)
	}
	list := out[strings.Index(out, "> moves\n")+len("> moves\n"):]
	lines := strings.Split(strings.TrimSuffix(list, "\n"), "\n")
	if lines[0] != "Your turns (122):" {
		t.Fatalf("moves:\n%s", list)
	}
	// 122 turns of at most 13 characters, numbered: 4 columns of 18 in 78.
	if want := "    1. A1            32. A6            63. B4>A4         94. C1/B4-C3"; lines[1] != want {
		t.Errorf("first line of the list %q, want %q", lines[1], want)
	}
	for i, l := range lines[1:32] {
		if len(l) > 78 {
			t.Errorf("line %d of the list is %d wide: %q", i+1, len(l), l)
		}
	}
	if strings.Count(list, ". ") != len(moves) {
		t.Errorf("the list does not number the %d turns:\n%s", len(moves), list)
	}
	t.Setenv("COLUMNS", "40")
	out = mustPlay(t, "moves\n", "play", "--player", "random")
	if !strings.Contains(out, "\nYour turns (122):\n    1. A1            62. B4>A3/A1-B2\n") {
		t.Errorf("moves on 40 columns:\n%s", out)
	}
}

// TestPlayEngineLast: after the engine's turn of The Colony, the board with the places
// it changed marked, then the engine's line (turn, score, depth, nodes, line) and its
// sowing are the last thing before the prompt, and all of it, from the board's first
// row, fits a terminal of 30 lines and 100 columns; board draws it again.
func TestPlayEngineLast(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	g := openTestGame(t, "colony")
	out := mustPlay(t, "C1\nboard\nquit\n", "play", "--player", "ab:depth=2")
	screen := out[:strings.Index(out, "> board\n")+len("> ")]
	engine := regexp.MustCompile(`\nblack \(engine\) plays (\S+)  \(score -?\d+\.\d\d, depth 2, nodes \d+; line \S+( \S+)*\)\n  sowing: from [A-C][1-7]: [^\n]+\nred, your turn \(\d+ turns, moves lists them; help\)> $`)
	m := engine.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("the screen does not end with the engine's line, its sowing and the prompt:\n%s", screen)
	}
	after, _, err := g.Play(g.StartPosition(), []string{"C1", m[1]})
	if err != nil {
		t.Fatal(err)
	}
	board := screen[strings.LastIndex(screen, "\n\n       (A1")+1:]
	if !strings.Contains(board, "\n"+after+"\nblack (engine) plays") {
		t.Errorf("the board before the engine's line is not the position %q:\n%s", after, board)
	}
	if !strings.Contains(board, "*(") && !strings.Contains(board, "*[") {
		t.Errorf("no place marked changed:\n%s", board)
	}
	rows := 0
	for _, l := range strings.Split(board, "\n") {
		rows += max(1, (len(l)+99)/100)
	}
	if rows > 30 {
		t.Errorf("the board and the engine's line take %d rows of 100 columns:\n%s", rows, board)
	}
	// board draws the same again, the engine's line after it.
	again := out[strings.Index(out, "> board\n")+len("> board\n"):]
	again = again[:strings.Index(again, "> quit")+2]
	if again != board {
		t.Errorf("board draws\n%s\nnot\n%s", again, board)
	}
}
