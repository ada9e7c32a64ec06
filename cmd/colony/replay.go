package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

func newReplayCmd(opts *options) *cobra.Command {
	var index string
	c := &cobra.Command{
		Use:   "replay GAMES.jsonl [--game N]",
		Short: "Step through a recorded tournament game",
		Long: `replay shows a game of a games file (the games.jsonl that tournament writes with
--out or --games-file) position by position: the board (as show draws it, the
position line last), the turn played from it, who played it, and what the
player's search reported for that move (its score in the game's points, as
analyze prints it, its depth, its nodes and the move's time). The last position
comes with the game's result and the reason it ended.

--game N picks the game whose index (the "index" of its record, as the
tournament numbered it) is N. Without it a file of one game shows that game;
otherwise the games are listed (index, players, result, reason, turns) and
replay asks for an index: an empty line takes the first game listed.

Position k is the position after k turns of the game (0: its opening). Type:

  Enter or n     the next position
  p              the previous position
  f, l           the first, the last position
  a number k     position k
  q              quit

replay reads its input line by line, so it can be driven through a pipe; it
stops at the end of the input (exit status 0). A games file that cannot be
read, a game index it does not hold, or a game whose turns are not legal in the
game the file's header names (a file of another game) is an error (exit status
2). The game is the one the file's header names (here --game is a game's
index, not the game's name; --rules and --board do not apply).`,
		Example: `  colony tournament -p ab:depth=3 -p greedy --games 2 --out run
  colony replay run/games.jsonl --game 1
  printf 'l\nq\n' | colony replay run/games.jsonl --game 0`,
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

// replaySession is a game of a games file being replayed.
type replaySession struct {
	g         catalog.Ruleset
	rec       *tournament.Record
	positions []string // positions[k]: after k turns
	movers    []int    // movers[k]: the side that played turn k+1
	scales    [2]int   // the score scales of the two specs
	in        *bufio.Reader
	out       io.Writer
	ink       ink
	echo      bool
	err       error
}

func (s *replaySession) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.out, format, args...)
	}
}

// readLine reads a line (trimmed), echoing it when the input is not a terminal; ok
// is false at the end of the input.
func (s *replaySession) readLine() (string, bool) {
	line, err := s.in.ReadString('\n')
	if err != nil && line == "" {
		s.printf("\n")
		return "", false
	}
	if s.echo {
		s.printf("%s\n", strings.TrimRight(line, "\r\n"))
	}
	return strings.TrimSpace(line), true
}

func runReplay(cmd *cobra.Command, file string, index int, chosen bool) error {
	gf, g, err := openGamesFile("replay", file)
	if err != nil {
		return err
	}
	s := &replaySession{
		g: g, in: bufio.NewReader(cmd.InOrStdin()), out: cmd.OutOrStdout(),
		ink: newInk(cmd.OutOrStdout()), echo: !isTerminal(cmd.InOrStdin()),
	}
	var rec *tournament.Record
	switch {
	case chosen:
		if rec, err = gameOfIndex("replay", file, gf, index); err != nil {
			return err
		}
	case len(gf.Games) == 1:
		rec = &gf.Games[0]
	default:
		if rec = s.choose(gf.Games); rec == nil {
			return fail(s.err)
		}
	}
	if err := s.load(rec); err != nil {
		return fmt.Errorf("replay: %s, game %d: %w", file, rec.Index, err)
	}
	s.step()
	return fail(s.err)
}

// openGamesFile reads a games file of at least one game and opens its game (for the
// command cmd's errors).
func openGamesFile(cmd, file string) (*tournament.GamesFile, catalog.Ruleset, error) {
	gf, err := tournament.ReadGamesFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", cmd, err)
	}
	if len(gf.Games) == 0 {
		return nil, nil, fmt.Errorf("%s: %s holds no games", cmd, file)
	}
	g, err := catalog.Open(gf.Header.Config.Game)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %s holds games of %q, which cannot be opened: %w", cmd, file, gf.Header.Config.Game, err)
	}
	return gf, g, nil
}

// gameOfIndex returns the record of the file's game of that index.
func gameOfIndex(cmd, file string, gf *tournament.GamesFile, index int) (*tournament.Record, error) {
	for i := range gf.Games {
		if gf.Games[i].Index == index {
			return &gf.Games[i], nil
		}
	}
	return nil, fmt.Errorf("%s: --game %d: %s holds no game of that index (%s)", cmd, index, file, indexRange(gf.Games))
}

// indexRange says which game indexes the games hold.
func indexRange(gs []tournament.Record) string {
	lo, hi := gs[0].Index, gs[0].Index
	for _, r := range gs {
		lo, hi = min(lo, r.Index), max(hi, r.Index)
	}
	return fmt.Sprintf("%d games, indexes %d to %d", len(gs), lo, hi)
}

// choose lists the games and asks for one; nil at the end of the input.
func (s *replaySession) choose(gs []tournament.Record) *tournament.Record {
	s.printf("%s\n", s.ink.bold(fmt.Sprintf("%6s  %-30s  %-7s  %-24s  %s", "index", "players", "result", "reason", "turns")))
	for _, r := range gs {
		s.printf("%6d  %-30s  %-7s  %-24s  %d\n", r.Index, r.Players[0]+" - "+r.Players[1], r.Result, r.Reason, r.Turns)
	}
	for s.err == nil {
		s.printf("%s", s.ink.you(fmt.Sprintf("game (index, Enter for %d)> ", gs[0].Index)))
		line, ok := s.readLine()
		if !ok {
			return nil
		}
		if line == "" {
			return &gs[0]
		}
		if line == "q" || line == "quit" {
			return nil
		}
		n, err := strconv.Atoi(line)
		if err == nil {
			for i := range gs {
				if gs[i].Index == n {
					return &gs[i]
				}
			}
		}
		s.printf("%s\n", s.ink.warn(fmt.Sprintf("%q: not a game's index (%s)", line, indexRange(gs))))
	}
	return nil
}

// load plays the record's turns from its opening, checking each.
func (s *replaySession) load(rec *tournament.Record) error {
	positions, movers, err := gamepage.Replay(s.g, rec)
	if err != nil {
		return err
	}
	s.rec, s.positions, s.movers = rec, positions, movers
	for side := range 2 {
		s.scales[side] = catalog.ScoreScale(s.g, rec.Specs[side])
	}
	return nil
}

// step shows the positions as the person asks, until quit or the end of the input.
func (s *replaySession) step() {
	r := s.rec
	n := len(r.Moves)
	sides := s.g.Sides()
	s.printf("%s\n", s.ink.bold(fmt.Sprintf("game %d: %s (%s) %s - %s (%s) %s, %d turns",
		r.Index, r.Players[0], sides[0], r.Specs[0], r.Players[1], sides[1], r.Specs[1], n)))
	k := 0
	for s.err == nil {
		s.show(k)
		for s.err == nil {
			s.printf("%s", s.ink.you(fmt.Sprintf("position %d of %d (Enter/n, p, f, l, a number, q)> ", k, n)))
			line, ok := s.readLine()
			if !ok {
				return
			}
			next := k
			switch strings.ToLower(line) {
			case "", "n", "next":
				next = k + 1
			case "p", "prev", "previous":
				next = k - 1
			case "f", "first":
				next = 0
			case "l", "last":
				next = n
			case "q", "quit":
				return
			default:
				v, err := strconv.Atoi(line)
				if err != nil {
					s.printf("%s\n", s.ink.warn(fmt.Sprintf("%q: type Enter or n, p, f, l, a position from 0 to %d, or q", line, n)))
					continue
				}
				next = v
			}
			if next < 0 || next > n {
				s.printf("%s\n", s.ink.warn(fmt.Sprintf("no position %d: the game has positions 0 to %d", next, n)))
				continue
			}
			k = next
			break
		}
	}
}

// show draws position k and the turn played from it, or the result.
func (s *replaySession) show(k int) {
	r := s.rec
	n := len(r.Moves)
	var o *catalog.Outcome
	if k == n {
		o = &catalog.Outcome{Winner: r.Winner, Points: r.Points, Reason: r.Reason}
	}
	text, err := showOutcome(s.g, s.positions[k], o)
	if err != nil {
		s.printf("%s\n", s.ink.warn(oneLine(err.Error())))
		return
	}
	s.printf("\n%s\n%s", s.ink.bold(fmt.Sprintf("position %d of %d", k, n)), s.ink.board(text))
	if k == n {
		line := outcomeLine(s.g.Sides(), o)
		if r.Detail != "" {
			line += ": " + r.Detail
		}
		s.printf("%s\n", s.ink.bold(line))
		return
	}
	m := s.movers[k]
	s.printf("turn %d: %s (%s) plays %s", k+1, s.g.Sides()[m], r.Players[m], s.ink.bold(r.Moves[k]))
	if k < len(r.Info) {
		in := r.Info[k]
		s.printf("  %s", s.ink.dim(fmt.Sprintf("(score %s, depth %d, nodes %d, time %.3fs)",
			catalog.ScoreText(int(in.Score), s.scales[m]), in.Depth, in.Nodes, float64(in.Micros)/1e6)))
	}
	s.printf("\n")
	if text := sowingText(s.g, s.positions[k], r.Moves[k]); text != "" {
		s.printf("  %s\n", s.ink.dim("sowing: "+text))
	}
}

// sowingText returns the path of the sowings of turn from position in words
// (gamepage.PathText: "from A3: A2, A1; on from A1: B1, C1"), or "" for a turn that
// sows nothing or a game that does not trace its sowings.
func sowingText(g catalog.Ruleset, position, turn string) string {
	steps, err := g.Trace(position, turn)
	if err != nil {
		return ""
	}
	return gamepage.PathText(steps)
}
