package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

func newReplayCmd(opts *options) *cobra.Command {
	var index string
	c := &cobra.Command{
		Use:     "replay GAMES.jsonl [--game N]",
		Short:   "Step through a recorded tournament game",
		Long:    helpText("replay"),
		Example: helpText("replay.example"),
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("replay needs one games file, got %d arguments (see 'colony replay --help')", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(index)
			if err != nil && index != "" {
				return fmt.Errorf("replay: --game: %q is not an integer", index)
			}
			return runReplay(cmd, args[0], n, index != "")
		},
	}
	c.Flags().StringVar(&index, "game", "", "the `INDEX` of the game to replay (default: the only game, or ask)")
	return c
}

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

func runReplay(cmd *cobra.Command, file string, index int, chosen bool) error {
	gf, g, err := openGamesFile("replay", file)
	if err != nil {
		return err
	}
	t := &replayTerminal{in: bufio.NewReader(cmd.InOrStdin()), out: cmd.OutOrStdout(),
		ink: newInk(cmd.OutOrStdout()), echo: !isTerminal(cmd.InOrStdin())}
	var rec *tournament.Record
	switch {
	case chosen:
		if rec, err = gameOfIndex("replay", file, gf, index); err != nil {
			return err
		}
	case len(gf.Games) == 1:
		rec = &gf.Games[0]
	default:
		if rec = t.choose(gf.Games); rec == nil {
			return fail(t.err)
		}
	}
	if t.r, err = session.NewReplay(g, rec); err != nil {
		return fmt.Errorf("replay: %s, game %d: %w", file, rec.Index, err)
	}
	t.step()
	return fail(t.err)
}

// openGamesFile reads a games file of at least one game and opens its game (for the
// command cmd's errors).
func openGamesFile(cmd, file string) (*tournament.GamesFile, catalog.Ruleset, error) {
	gf, g, err := session.OpenGamesFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", cmd, err)
	}
	return gf, g, nil
}

// gameOfIndex returns the record of the file's game of that index.
func gameOfIndex(cmd, file string, gf *tournament.GamesFile, index int) (*tournament.Record, error) {
	if rec := session.FindGame(gf.Games, index); rec != nil {
		return rec, nil
	}
	return nil, fmt.Errorf("%s: --game %d: %s holds no game of that index (%s)", cmd, index, file, session.IndexRange(gf.Games))
}

// choose lists the games and asks for one; nil at the end of the input.
func (t *replayTerminal) choose(gs []tournament.Record) *tournament.Record {
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
