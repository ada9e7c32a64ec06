package terminal

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/record"
)

// Replay steps through a recorded game of g on a terminal, as the person asks (lines
// read from in), writing to out: the game rec, or, when rec is nil, the one of games
// the person chooses from their list. It ends at quit or the end of the input; the
// error is one of writing out, or of a record whose turns are not legal in g.
func Replay(g catalog.Ruleset, games []record.Record, rec *record.Record, in io.Reader, out io.Writer) error {
	return replay(g, games, rec, nil, in, out)
}

// ReplayFile is Replay on a game of the games file file, read one line at a time: the
// game of that index when chosen is set, else the file's only game or the one the
// person chooses from the list of its games (only the game chosen is read in full).
// An error reading the file is a *FileError (its Err a *session.NoGameError when the
// file has no game of that index).
func ReplayFile(file string, index int, chosen bool, in io.Reader, out io.Writer) error {
	load := func(i int) (*record.Record, error) {
		_, rec, _, err := session.OpenGame(file, i, false)
		if err != nil {
			return nil, &FileError{File: file, Err: err}
		}
		return rec, nil
	}
	var g catalog.Ruleset
	var rec *record.Record
	var games []record.Record // without their moves: the list to choose from
	var err error
	if chosen {
		_, rec, g, err = session.OpenGame(file, index, false)
	} else {
		var gf *record.GamesFile
		if gf, g, err = session.ListGames(file); err == nil {
			if games = gf.Games; len(games) == 1 {
				rec, err = load(games[0].Index)
			}
		}
	}
	if fe := (*FileError)(nil); err != nil && !errors.As(err, &fe) {
		err = &FileError{File: file, Err: err}
	}
	if err != nil {
		return err
	}
	return replay(g, games, rec, load, in, out)
}

// FileError is ReplayFile's error reading its games file.
type FileError struct {
	File string
	Err  error
}

// Error says what is wrong with the file.
func (e *FileError) Error() string { return e.Err.Error() }

// Unwrap returns what is wrong.
func (e *FileError) Unwrap() error { return e.Err }

// replay is Replay where games may be records without their moves (a list to choose
// from, see session.ListGames): the game chosen is then read in full by load (nil:
// the chosen record is replayed as it is).
func replay(g catalog.Ruleset, games []record.Record, rec *record.Record, load func(index int) (*record.Record, error),
	in io.Reader, out io.Writer) error {
	t := &replayTerminal{in: bufio.NewReader(in), out: out, ink: newInk(out), echo: !IsTerminal(in)}
	if rec == nil {
		if rec = t.choose(games); rec == nil {
			return t.err
		}
		if load != nil {
			full, err := load(rec.Index)
			if err != nil {
				return err
			}
			rec = full
		}
	}
	r, err := session.NewReplay(g, rec)
	if err != nil {
		return &RecordError{Index: rec.Index, Err: err}
	}
	t.r = r
	t.step()
	return t.err
}

// RecordError is Replay's error for a record whose turns cannot be replayed.
type RecordError struct {
	Index int
	Err   error
}

// Error names the game and what is wrong.
func (e *RecordError) Error() string { return fmt.Sprintf("game %d: %v", e.Index, e.Err) }

// Unwrap returns what is wrong.
func (e *RecordError) Unwrap() error { return e.Err }

// replayTerminal is a game of a games file being replayed on a terminal.
type replayTerminal struct {
	r    *session.Replay
	in   *bufio.Reader
	out  io.Writer
	ink  ink
	echo bool
	err  error
}

func (t *replayTerminal) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.out, format, args...)
	}
}

// readLine reads a line (trimmed), echoing it when the input is not a terminal; ok
// is false at the end of the input.
func (t *replayTerminal) readLine() (string, bool) {
	line, err := t.in.ReadString('\n')
	if err != nil && line == "" {
		t.printf("\n")
		return "", false
	}
	if t.echo {
		t.printf("%s\n", strings.TrimRight(line, "\r\n"))
	}
	return strings.TrimSpace(line), true
}

// choose lists the games and asks for one; nil at the end of the input.
func (t *replayTerminal) choose(gs []record.Record) *record.Record {
	t.printf("%s\n", t.ink.bold(fmt.Sprintf("%6s  %-30s  %-7s  %-24s  %s", "index", "players", "result", "reason", "turns")))
	for _, r := range gs {
		t.printf("%6d  %-30s  %-7s  %-24s  %d\n", r.Index, r.Players[0]+" - "+r.Players[1], r.Result, r.Reason, r.Turns)
	}
	for t.err == nil {
		t.printf("%s", t.ink.you(fmt.Sprintf("game (index, Enter for %d)> ", gs[0].Index)))
		line, ok := t.readLine()
		switch {
		case !ok || line == "q" || line == "quit":
			return nil
		case line == "":
			return &gs[0]
		}
		if n, err := strconv.Atoi(line); err == nil {
			if rec := session.FindGame(gs, n); rec != nil {
				return rec
			}
		}
		t.printf("%s\n", t.ink.warn(fmt.Sprintf("%q: not a game's index (%s)", line, session.IndexRange(gs))))
	}
	return nil
}

// step shows the positions as the person asks, until quit or the end of the input.
func (t *replayTerminal) step() {
	n := t.r.Len()
	t.printf("%s\n", t.ink.bold(t.r.Title()))
	for k := 0; t.err == nil; {
		t.show(k)
		for t.err == nil {
			t.printf("%s", t.ink.you(fmt.Sprintf("position %d of %d (Enter/n, p, f, l, a number, q)> ", k, n)))
			line, ok := t.readLine()
			if !ok {
				return
			}
			next, quit, err := session.Step(line, k, n)
			if quit {
				return
			}
			if err != nil {
				t.printf("%s\n", t.ink.warn(err.Error()))
				continue
			}
			k = next
			break
		}
	}
}

// show draws position k and the turn played from it, or the result.
func (t *replayTerminal) show(k int) {
	n := t.r.Len()
	text, err := t.r.Board(k)
	if err != nil {
		t.printf("%s\n", t.ink.warn(oneLine(err.Error())))
		return
	}
	t.printf("\n%s\n%s", t.ink.bold(fmt.Sprintf("position %d of %d", k, n)), t.ink.board(text))
	if k == n {
		t.printf("%s\n", t.ink.bold(t.r.Result()))
		return
	}
	turn := t.r.Turn(k)
	t.printf("turn %d: %s (%s) plays %s", turn.Number, turn.Side, turn.Player, t.ink.bold(turn.Move))
	if turn.Info != "" {
		t.printf("  %s", t.ink.dim("("+turn.Info+")"))
	}
	t.printf("\n")
	if turn.Sowing != "" {
		t.printf("  %s\n", t.ink.dim("sowing: "+turn.Sowing))
	}
}
