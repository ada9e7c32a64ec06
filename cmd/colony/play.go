package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/spf13/cobra"
)

// playDefaultPlayer is the engine of 'colony play' when --player is not given: quick
// (well under a second a turn of The Colony) and decent.
const playDefaultPlayer = "ab:depth=4"

func newPlayCmd(opts *options) *cobra.Command {
	var spec, as string
	c := gameCmd(opts, &cobra.Command{
		Use:   "play [--player SPEC] [--as first|second] [--position P]",
		Short: "Play a game against an engine in the terminal",
		Long: `play is a game between you and an engine (the player of --player, ab:depth=4
by default; 'colony players' lists the players). You play the side of --as:
first (the default) or second, or a side's name (red or black; south or north
for Kalah). The game starts from --position, or from the start position.

Before each of your turns the board is drawn (as show draws it, the position
line last) and your legal turns are listed, numbered. Type:

  a number        the turn of that number in the list
  a turn          any turn the game reads, as apply takes it (C1/B4-A4, c)
  undo            take back your last turn and the engine's reply
  hint            the engine's choice for you, with its score
  moves, help     list the turns again, and these commands
  quit            stop the game

A line that is none of these is reported on one line and the prompt comes
again. On the engine's turn play prints the turn it chose, its score (the lead
it expects, in the game's points, as analyze prints it), its search depth and
its nodes. At the end come the final board, the result line (as apply prints
it: the winner, the points and why the game ended) and the game's turns.

play reads its input line by line, so it can be driven through a pipe. Colours
are used only when the output is a terminal and NO_COLOR is not set. The exit
status is 0 when the game ends, when you quit, and at the end of the input
(which leaves the game unfinished, with a note).`,
		Example: `  colony play
  colony play --as second --player ab:depth=6
  colony --game kalah play --player mcts:sims=20000
  printf '1\n1\n1\nquit\n' | colony --game kalah play --player random`,
		Args: noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		if err := g.CheckPlayer(spec); err != nil {
			return fmt.Errorf("play: --player: %w", err)
		}
		you, err := parseSeat(as, g.Sides())
		if err != nil {
			return fmt.Errorf("play: --as: %w", err)
		}
		s := &playSession{
			g: g, spec: spec, you: you, pos: pos,
			in:   bufio.NewReader(cmd.InOrStdin()),
			out:  cmd.OutOrStdout(),
			ink:  newInk(cmd.OutOrStdout()),
			echo: !isTerminal(cmd.InOrStdin()),
		}
		return s.run(cmd)
	})
	c.Flags().StringVar(&spec, "player", playDefaultPlayer,
		"the engine's player `SPEC`, as in ab:depth=6 or mcts:sims=20000 ('colony players' lists them)")
	c.Flags().StringVar(&as, "as", "first", "your `SIDE`: first, second, or a side's name")
	return c
}

// parseSeat reads --as: first, second or a side's name.
func parseSeat(as string, sides [2]string) (int, error) {
	switch strings.ToLower(as) {
	case "first", "1":
		return 0, nil
	case "second", "2":
		return 1, nil
	case strings.ToLower(sides[0]):
		return 0, nil
	case strings.ToLower(sides[1]):
		return 1, nil
	}
	return 0, fmt.Errorf("%q: want first, second, %s or %s", as, sides[0], sides[1])
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f any) bool {
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
	return ink{on: os.Getenv("NO_COLOR") == "" && isTerminal(w)}
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

// playTurn is one turn of a game of play: the position it was played from, by whom,
// and the turn.
type playTurn struct {
	from  string
	mover int
	turn  string
}

// playSession is a game of play in progress.
type playSession struct {
	g     catalog.Ruleset
	spec  string
	you   int
	pos   string
	start string
	turns []playTurn
	in    *bufio.Reader
	out   io.Writer
	ink   ink
	// echo writes each line read after its prompt: the input is not a terminal,
	// which would show it.
	echo bool
	err  error // the first error writing out
	// outcome is how the last turn played ended the game (Play's word: the
	// position alone may give another reason), nil while it goes on.
	outcome *catalog.Outcome
}

func (s *playSession) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.out, format, args...)
	}
}

// name returns a side's name with who plays it: "red (you)", "black (engine)".
func (s *playSession) name(side int) string {
	who := "engine"
	if side == s.you {
		who = "you"
	}
	return s.g.Sides()[side] + " (" + who + ")"
}

// run plays the game to its end, to quit or to the end of the input.
func (s *playSession) run(cmd *cobra.Command) error {
	ctx := cmdContext(cmd)
	s.start = s.pos
	sides := s.g.Sides()
	s.printf("%s\n", s.ink.bold(fmt.Sprintf("You play %s against %s (%s).", sides[s.you], sides[1-s.you], s.spec)))
	s.printf("Type a number or a turn; undo, hint, moves, help or quit.\n\n")
	shown := "" // the position drawn last
	for s.err == nil {
		st, err := s.g.Standing(s.pos)
		if err != nil {
			return fail(fmt.Errorf("play: %w", err))
		}
		if o := s.outcome; o != nil || st.Outcome != nil {
			if o == nil {
				o = st.Outcome // a position that was over from the start
			}
			s.end(o)
			break
		}
		if st.ToMove != s.you {
			a, err := s.g.Analyze(ctx, s.spec, s.pos, nil)
			if err != nil {
				return fail(fmt.Errorf("play: the engine: %w", err))
			}
			if err := s.playTurn(a.Best, st.ToMove); err != nil {
				return fail(fmt.Errorf("play: the engine's turn %q: %w", a.Best, err))
			}
			s.printf("%s %s  %s\n", s.ink.engine(s.name(st.ToMove)+" plays"), s.ink.bold(a.Best),
				s.ink.dim(fmt.Sprintf("(score %s, depth %d, nodes %d)", catalog.ScoreText(a.Score, a.Scale), a.Depth, a.Nodes)))
			s.sowing()
			continue
		}
		moves, err := s.g.Moves(s.pos)
		if err != nil {
			return fail(fmt.Errorf("play: %w", err))
		}
		if shown != s.pos {
			// The list first and the board last, next to the prompt: a long list
			// (The Colony has over a hundred turns) must not push the board off a
			// terminal's screen.
			s.listMoves(moves)
			s.board()
			if n := len(s.turns); n > 0 {
				t := s.turns[n-1]
				s.printf("last turn: %s %s\n", s.name(t.mover), s.ink.bold(t.turn))
			}
			shown = s.pos
		}
		s.printf("%s", s.ink.you(fmt.Sprintf("%s, your turn (1-%d, a turn, or help)> ", sides[s.you], len(moves))))
		line, rerr := s.in.ReadString('\n')
		if rerr != nil && line == "" {
			s.printf("\n%s\n", s.ink.warn("end of input: the game is left unfinished"))
			s.printTurns()
			break
		}
		if s.echo {
			s.printf("%s\n", strings.TrimRight(line, "\r\n"))
		}
		if s.command(ctx, strings.TrimSpace(line), moves) {
			break
		}
	}
	return fail(s.err)
}

// command does what the person typed on their turn and reports whether the game
// stops (quit).
func (s *playSession) command(ctx context.Context, line string, moves []string) bool {
	switch strings.ToLower(line) {
	case "":
		return false
	case "quit", "q", "exit":
		s.printf("%s\n", s.ink.warn("you quit: the game is left unfinished"))
		s.printTurns()
		return true
	case "moves", "m", "help", "h", "?":
		s.listMoves(moves)
		s.printf("Type a number or a turn to play it; undo takes back your last turn and the\n" +
			"engine's reply, hint asks the engine for a turn, quit stops the game.\n")
		return false
	case "board", "b", "show":
		s.board()
		return false
	case "undo", "u":
		s.undo()
		return false
	case "hint":
		a, err := s.g.Analyze(ctx, s.spec, s.pos, nil)
		if err != nil {
			s.printf("%s\n", s.ink.warn("hint: "+oneLine(err.Error())))
			return false
		}
		n := ""
		for i, m := range moves {
			if m == a.Best {
				n = fmt.Sprintf(" (number %d)", i+1)
			}
		}
		s.printf("hint: %s%s  %s\n", s.ink.bold(a.Best), n,
			s.ink.dim(fmt.Sprintf("(score %s, depth %d, nodes %d)", catalog.ScoreText(a.Score, a.Scale), a.Depth, a.Nodes)))
		return false
	}
	turn := line
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(moves) {
			s.printf("%s\n", s.ink.warn(fmt.Sprintf("%d: no such turn, type a number from 1 to %d", n, len(moves))))
			return false
		}
		turn = moves[n-1]
	}
	mover := s.you
	if err := s.playTurn(turn, mover); err != nil {
		msg := oneLine(err.Error())
		if i := strings.Index(msg, " (legal: "); i >= 0 {
			msg = msg[:i]
		}
		s.printf("%s\n", s.ink.warn(msg+"; type a number from the list, a turn, or help"))
		return false
	}
	s.printf("%s %s\n", s.ink.you(s.name(mover)+" plays"), s.ink.bold(s.turns[len(s.turns)-1].turn))
	s.sowing()
	return false
}

// sowing writes the path of the last turn's sowing, for the games that trace it.
func (s *playSession) sowing() {
	t := s.turns[len(s.turns)-1]
	if text := sowingText(s.g, t.from, t.turn); text != "" {
		s.printf("  %s\n", s.ink.dim("sowing: "+text))
	}
}

// playTurn plays turn, by mover, from the current position, and records it in its
// canonical notation when the game has one (the legal turn the text names).
func (s *playSession) playTurn(turn string, mover int) error {
	after, o, err := s.g.Play(s.pos, []string{turn})
	if err != nil {
		return err
	}
	s.outcome = o
	s.turns = append(s.turns, playTurn{from: s.pos, mover: mover, turn: s.canonical(turn, after)})
	s.pos = after
	return nil
}

// canonical returns the legal turn of the current position that reaches after as
// turn does: the listed spelling of a turn typed another way.
func (s *playSession) canonical(turn, after string) string {
	moves, err := s.g.Moves(s.pos)
	if err != nil {
		return turn
	}
	for _, m := range moves {
		if m == turn {
			return turn
		}
	}
	for _, m := range moves {
		if p, _, err := s.g.Play(s.pos, []string{m}); err == nil && p == after {
			return m
		}
	}
	return turn
}

// undo takes back the person's last turn and the engine's turns after it.
func (s *playSession) undo() {
	for i := len(s.turns) - 1; i >= 0; i-- {
		if s.turns[i].mover == s.you {
			s.pos = s.turns[i].from
			s.printf("%s\n", s.ink.warn(fmt.Sprintf("took back %s", strings.Join(turnTexts(s.turns[i:]), " "))))
			s.turns = s.turns[:i]
			s.outcome = nil
			return
		}
	}
	s.printf("%s\n", s.ink.warn("nothing to undo: you have not played a turn"))
}

// board draws the current position.
func (s *playSession) board() {
	text, err := showOutcome(s.g, s.pos, s.outcome)
	if err != nil {
		s.printf("%s\n", s.ink.warn(oneLine(err.Error())))
		return
	}
	s.printf("\n%s", s.ink.board(text))
}

// showOutcome is the game's Show of pos, a finished position, with its result
// written as o says when o is not nil: the outcome the last turn's Play gave (or a
// games file recorded) may name another reason than the position alone does (a
// Kalah game that ended as South ran out of seeds reads back as "both sides are
// empty").
func showOutcome(g catalog.Ruleset, pos string, o *catalog.Outcome) (string, error) {
	text, err := g.Show(pos)
	if err != nil || o == nil {
		return text, err
	}
	st, err := g.Standing(pos)
	if err != nil || st.Outcome == nil {
		return text, err
	}
	return strings.Replace(text, st.Outcome.Text(g.Sides()), o.Text(g.Sides()), 1), nil
}

// board colours a drawing: The Colony's ants, R in red and B in blue.
func (k ink) board(text string) string {
	if !k.on {
		return text
	}
	return antMark.ReplaceAllStringFunc(text, func(m string) string {
		code := "1;31"
		if m[len(m)-2] == 'B' {
			code = "1;34"
		}
		return m[:len(m)-2] + k.paint(code, m[len(m)-2:len(m)-1]) + "]"
	})
}

// antMark is a log with an ant in The Colony's drawing: "[C2  3 R]".
var antMark = regexp.MustCompile(`\[[A-C][1-7] +\d+ [RB]\]`)

// listMoves lists the legal turns, numbered, in columns.
func (s *playSession) listMoves(moves []string) {
	s.printf("%s\n", s.ink.bold(fmt.Sprintf("Your turns (%d):", len(moves))))
	s.printf("%s", numberedColumns(moves, 78))
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

// end prints the final board, the result and the game's turns.
func (s *playSession) end(o *catalog.Outcome) {
	s.board()
	s.printf("%s\n", s.ink.bold(outcomeLine(s.g.Sides(), o)))
	switch {
	case o.Winner == s.you:
		s.printf("%s\n", s.ink.you("You win."))
	case o.Winner == 1-s.you:
		s.printf("%s\n", s.ink.engine("The engine wins."))
	default:
		s.printf("A draw.\n")
	}
	s.printTurns()
}

// printTurns lists the game's turns, from the start position.
func (s *playSession) printTurns() {
	s.printf("turns: %s\n", strings.Join(turnTexts(s.turns), " "))
	if s.start != s.g.StartPosition() {
		s.printf("from: %s\n", s.start)
	}
}

func turnTexts(ts []playTurn) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.turn
	}
	return out
}
