// Package terminal plays the games of the command line on a terminal: a game against
// an engine (Play) and the replay of a recorded game (Replay), reading lines and
// writing the board, with ANSI colours on a terminal only (and never with NO_COLOR).
package terminal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
)

// Play plays the game s on a terminal: it reads the person's lines from in and
// writes to out, until the game ends, quit or the end of the input. A line read is
// echoed after its prompt when in is not a terminal. The error is one of writing
// out, or of the game.
func Play(ctx context.Context, s *session.Game, in io.Reader, out io.Writer) error {
	t := &playTerminal{s: s, in: bufio.NewReader(in), out: out, ink: newInk(out), echo: !IsTerminal(in)}
	return t.run(ctx)
}

// IsTerminal reports whether f is a terminal (a character device).
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	info, err := file.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// ink writes with ANSI colours when they are on, and plain text otherwise.
type ink struct{ on bool }

// newInk returns the ink of w: colours only when w is a terminal and NO_COLOR is not
// set.
func newInk(w io.Writer) ink {
	return ink{on: os.Getenv("NO_COLOR") == "" && IsTerminal(w)}
}

func (k ink) paint(code, s string) string {
	if !k.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (k ink) bold(s string) string   { return k.paint("1", s) }
func (k ink) you(s string) string    { return k.paint("1;32", s) }
func (k ink) engine(s string) string { return k.paint("1;36", s) }
func (k ink) warn(s string) string   { return k.paint("33", s) }
func (k ink) dim(s string) string    { return k.paint("2", s) }

// The lists of turns: shown with the board when they take at most shortList lines,
// and only on request (moves) when longer; at most pvTurns turns of the engine's
// line are written.
const (
	shortList = 3
	pvTurns   = 8
)

// playTerminal is a game of play on a terminal: what it reads and prints.
type playTerminal struct {
	s   *session.Game
	in  *bufio.Reader
	out io.Writer
	ink ink
	// echo writes each line read after its prompt: the input is not a terminal,
	// which would show it.
	echo bool
	// news are the lines on the turns played since the board was last drawn (the
	// engine's), which come after the board, next to the prompt; last are the lines
	// on the turns the board marks, which board repeats.
	news, last []string
	err        error // the first error writing out
}

// outputWidth returns the width of the terminal out, read at each call (the window
// may change), or else $COLUMNS, or else 80.
func outputWidth(out io.Writer) int {
	w := terminalColumns(out)
	if w <= 0 {
		w, _ = strconv.Atoi(os.Getenv("COLUMNS"))
	}
	if w <= 0 {
		w = 80
	}
	return max(w, 20)
}

func (t *playTerminal) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.out, format, args...)
	}
}

// run plays the game to its end, to quit or to the end of the input.
func (t *playTerminal) run(ctx context.Context) error {
	s, k := t.s, t.ink
	sides := s.Ruleset().Sides()
	t.printf("%s\n", k.bold(fmt.Sprintf("You play %s against %s (%s).", sides[s.You()], sides[1-s.You()], s.Spec())))
	t.printf("Type a turn to play it, or moves, board, hint, undo, help or quit.\n%s prints the rules of the game.\n",
		rulesCommand(s.Ruleset().Name()))
	shown := "" // the position drawn last
	for t.err == nil {
		toMove, o, err := s.Situation()
		if err != nil {
			return fmt.Errorf("play: %w", err)
		}
		if o != nil {
			t.end(o)
			break
		}
		if toMove != s.You() {
			a, err := s.EngineTurn(ctx)
			if err != nil {
				return fmt.Errorf("play: %w", err)
			}
			t.news = append(t.news, fmt.Sprintf("%s %s  %s", k.engine(s.Name(toMove)+" plays"), k.bold(a.Best), k.dim(searchText(a))))
			if text := s.Sowing(); text != "" {
				t.news = append(t.news, "  "+k.dim("sowing: "+text))
			}
			continue
		}
		moves, err := s.Moves()
		if err != nil {
			return fmt.Errorf("play: %w", err)
		}
		short := strings.Count(numberedColumns(moves, outputWidth(t.out)-2), "\n") <= shortList
		if shown != s.Position() {
			// The board and the engine's turns last, next to the prompt: a long list
			// of turns (The Colony has over a hundred) waits for moves.
			if short {
				t.printf("\n")
				t.listMoves(moves)
			}
			t.screen()
			shown = s.Position()
		}
		numbers := fmt.Sprintf("1-%d", len(moves))
		if len(moves) == 1 {
			numbers = "1"
		}
		if short {
			t.printf("%s", k.you(fmt.Sprintf("%s, your turn (a turn or %s; help)> ", sides[s.You()], numbers)))
		} else {
			t.printf("%s", k.you(fmt.Sprintf("%s, your turn (%d turns, moves lists them; help)> ", sides[s.You()], len(moves))))
		}
		line, rerr := t.in.ReadString('\n')
		if rerr != nil && line == "" {
			t.printf("\n%s\n", k.warn("end of input: the game is left unfinished"))
			t.printTurns()
			break
		}
		if t.echo {
			t.printf("%s\n", strings.TrimRight(line, "\r\n"))
		}
		if t.command(ctx, strings.TrimSpace(line), moves) {
			break
		}
	}
	return t.err
}

// rulesCommand returns the command that prints the rules of the game name.
func rulesCommand(name string) string {
	if base, _, _ := strings.Cut(name, ":"); base == "colony" {
		return "'colony rules'"
	}
	return "'colony --game " + name + " rules'"
}

// searchText says what the engine's search saw: its score, depth and nodes, and its
// line when it has one beyond the turn.
func searchText(a *catalog.Analysis) string {
	text := fmt.Sprintf("(score %s, depth %d, nodes %d", catalog.ScoreText(a.Score, a.Scale), a.Depth, a.Nodes)
	if len(a.PV) > 1 {
		pv := a.PV[:min(len(a.PV), pvTurns)]
		text += "; line " + strings.Join(pv, " ")
		if len(a.PV) > pvTurns {
			text += " ..."
		}
	}
	return text + ")"
}

// command does what the person typed on their turn and reports whether the game
// stops (quit).
func (t *playTerminal) command(ctx context.Context, line string, moves []string) bool {
	s, k := t.s, t.ink
	switch session.ReadCommand(line, moves) {
	case session.Nothing:
	case session.Stop:
		t.printf("%s\n", k.warn("you quit: the game is left unfinished"))
		t.printTurns()
		return true
	case session.ListMoves:
		t.listMoves(moves)
	case session.ShowHelp:
		t.help(moves)
	case session.ShowBoard:
		t.screen()
	case session.TakeBack:
		if taken, ok := s.Undo(); ok {
			t.printf("%s\n", k.warn(fmt.Sprintf("took back %s", strings.Join(session.TurnTexts(taken), " "))))
			t.last, t.news = nil, nil
		} else {
			t.printf("%s\n", k.warn("nothing to undo: you have not played a turn"))
		}
	case session.AskHint:
		a, number, err := s.Hint(ctx, moves)
		if err != nil {
			t.printf("%s\n", k.warn("hint: "+oneLine(err.Error())))
			return false
		}
		n := ""
		if number > 0 {
			n = fmt.Sprintf(" (number %d)", number)
		}
		t.printf("hint: %s%s  %s\n", k.bold(a.Best), n, k.dim(searchText(a)))
	default:
		turn, err := s.Choose(line, moves)
		var ne *session.NumberError
		if errors.As(err, &ne) {
			t.printf("%s\n", k.warn(ne.Error()))
			return false
		}
		if err != nil {
			msg := oneLine(err.Error())
			if i := strings.Index(msg, " (legal: "); i >= 0 {
				msg = msg[:i]
			}
			t.printf("%s\n", k.warn(msg+"; type a turn as moves lists it, its number there, or help"))
			return false
		}
		t.printf("%s %s\n", k.you(s.Name(turn.Mover)+" plays"), k.bold(turn.Turn))
		if text := s.Sowing(); text != "" {
			t.printf("  %s\n", k.dim("sowing: "+text))
		}
		t.last, t.news = nil, nil
	}
	return false
}

// help lists the commands, with the first and the longest legal turn as examples of
// the notation.
func (t *playTerminal) help(moves []string) {
	examples := ""
	if len(moves) > 0 {
		longest := moves[0]
		for _, m := range moves {
			if len(m) > len(longest) {
				longest = m
			}
		}
		if longest == moves[0] {
			longest = moves[len(moves)-1]
		}
		examples = " Your turns look like " + moves[0]
		if longest != moves[0] {
			examples += " or " + longest
		}
		examples += "."
	}
	t.printf("Type a turn to play it: its name as moves lists it (in any case), or its\n"+
		"number in that list.%s The commands:\n"+
		"  moves   list your legal turns, numbered\n"+
		"  board   draw the board again, the places the last turns changed marked *\n"+
		"  hint    the engine's choice for you, with its score\n"+
		"  undo    take back your last turn and the engine's reply\n"+
		"  quit    stop the game (exit too)\n"+
		"  help    this text (? too)\n"+
		"%s prints the rules of the game.\n", examples, rulesCommand(t.s.Ruleset().Name()))
}

// screen draws the board, the places the last turns changed marked, then the lines
// on the turns played since it was last drawn (the engine's); when there are none,
// the line of the last turns it marks.
func (t *playTerminal) screen() {
	text, err := t.s.MarkedBoard()
	if err != nil {
		t.printf("%s\n", t.ink.warn(oneLine(err.Error())))
		return
	}
	t.printf("\n%s", t.ink.board(text))
	if len(t.news) > 0 {
		t.last, t.news = t.news, nil
	}
	if len(t.last) == 0 {
		if _, turns := t.s.Changes(); len(turns) > 0 {
			line := fmt.Sprintf("last turn: %s %s", t.s.Name(turns[0].Mover), t.ink.bold(strings.Join(session.TurnTexts(turns), " ")))
			if toMove, o, err := t.s.Situation(); err == nil && o == nil && turns[0].Mover == t.s.You() && toMove == t.s.You() {
				line += ": you play again"
			}
			t.last = []string{line}
		}
	}
	for _, l := range t.last {
		t.printf("%s\n", l)
	}
}

// board colours a drawing: the marks of the places changed in yellow, The Colony's
// ants, R in red and B in blue.
func (k ink) board(text string) string {
	if !k.on {
		return text
	}
	text = changeMark.ReplaceAllStringFunc(text, func(m string) string { return k.paint("1;33", "*") + m[1:] })
	return antMark.ReplaceAllStringFunc(text, func(m string) string {
		code := "1;31"
		if m[len(m)-2] == 'B' {
			code = "1;34"
		}
		return m[:len(m)-2] + k.paint(code, m[len(m)-2:len(m)-1]) + "]"
	})
}

// antMark is a log with an ant in The Colony's drawing: "[C2  3 R]"; changeMark a
// place marked changed: "*(a  5)".
var (
	antMark    = regexp.MustCompile(`\[[A-C][1-7] +\d+ [RB]\]`)
	changeMark = regexp.MustCompile(`\*[(\[]`)
)

// listMoves lists the legal turns, numbered, in columns as wide as the terminal.
func (t *playTerminal) listMoves(moves []string) {
	t.printf("%s\n", t.ink.bold(fmt.Sprintf("Your turns (%d):", len(moves))))
	t.printf("%s", numberedColumns(moves, outputWidth(t.out)-2))
}

// numberedColumns writes items as "<n>. <item>" in columns that fit width, numbered
// from 1 down the columns.
func numberedColumns(items []string, width int) string {
	if len(items) == 0 {
		return ""
	}
	cell := 0
	for i, it := range items {
		cell = max(cell, len(strconv.Itoa(i+1))+2+len(it))
	}
	cell += 3
	cols := max(1, width/cell)
	rows := (len(items) + cols - 1) / cols
	var sb strings.Builder
	for r := range rows {
		line := ""
		for c := range cols {
			i := c*rows + r
			if i >= len(items) {
				break
			}
			entry := fmt.Sprintf("%*d. %s", len(strconv.Itoa(len(items))), i+1, items[i])
			line += fmt.Sprintf("  %-*s", cell-2, entry)
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return sb.String()
}

// end prints the final board, the engine's last turns, the result and the game's
// turns.
func (t *playTerminal) end(o *catalog.GameEnd) {
	t.screen()
	t.printf("%s\n", t.ink.bold(o.ResultLine(t.s.Ruleset().Sides())))
	switch you := t.s.You(); o.Winner {
	case you:
		t.printf("%s\n", t.ink.you("You win."))
	case 1 - you:
		t.printf("%s\n", t.ink.engine("The engine wins."))
	default:
		t.printf("A draw.\n")
	}
	t.printTurns()
}

// printTurns lists the game's turns, from the start position.
func (t *playTerminal) printTurns() {
	t.printf("turns: %s\n", strings.Join(session.TurnTexts(t.s.Turns()), " "))
	if start := t.s.Start(); start != t.s.Ruleset().StartPosition() {
		t.printf("from: %s\n", start)
	}
}

// oneLine returns an error's message on one line.
func oneLine(msg string) string { return strings.ReplaceAll(strings.TrimSpace(msg), "\n", " ") }
