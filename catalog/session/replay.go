package session

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/record"
)

// NoGameError is the error of OpenGame when the games file holds no game of the
// index asked for.
type NoGameError struct {
	File  string
	Index int
	// Range says which indexes the file holds (see IndexRange).
	Range string
}

// Error says that the file holds no game of that index, and which it holds.
func (e *NoGameError) Error() string {
	return fmt.Sprintf("%s holds no game of that index (%s)", e.File, e.Range)
}

// OpenGame reads the games file file one line at a time for its game of that index
// (its first game when first is set), keeping that game only, and opens the game
// its header names. It returns the file without its games (its header), the game,
// and the ruleset; a *NoGameError when the file holds no game of that index.
func OpenGame(file string, index int, first bool) (*record.GamesFile, *record.Record, catalog.Ruleset, error) {
	var found *record.Record
	n, lo, hi := 0, 0, 0
	gf, err := record.ScanGamesFile(context.Background(), file, nil, func(r *record.Record) error {
		if n == 0 {
			lo, hi = r.Index, r.Index
		}
		n++
		lo, hi = min(lo, r.Index), max(hi, r.Index)
		if found == nil && (first || r.Index == index) {
			found = r
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	if n == 0 {
		return nil, nil, nil, fmt.Errorf("%s holds no games", file)
	}
	g, err := catalog.OpenHeader(&gf.Header)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s holds games of %q, which cannot be opened: %w", file, gf.Header.Config.Game, err)
	}
	if found == nil {
		return nil, nil, nil, &NoGameError{File: file, Index: index, Range: fmt.Sprintf("%d games, indexes %d to %d", n, lo, hi)}
	}
	return gf, found, g, nil
}

// ListGames reads the games file file one line at a time and returns its games
// without their moves, per-move figures and specs (for a list to choose from), and
// the ruleset of the game its header names. OpenGame reads a game in full.
func ListGames(file string) (*record.GamesFile, catalog.Ruleset, error) {
	var games []record.Record
	gf, err := record.ScanGamesFile(context.Background(), file, nil, func(r *record.Record) error {
		r.Moves, r.Info, r.Specs = nil, nil, [2]string{}
		games = append(games, *r)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(games) == 0 {
		return nil, nil, fmt.Errorf("%s holds no games", file)
	}
	gf.Games = games
	g, err := catalog.OpenHeader(&gf.Header)
	if err != nil {
		return nil, nil, fmt.Errorf("%s holds games of %q, which cannot be opened: %w", file, gf.Header.Config.Game, err)
	}
	return gf, g, nil
}

// FindGame returns the record of the game of that index among gs, or nil.
func FindGame(gs []record.Record, index int) *record.Record {
	for i := range gs {
		if gs[i].Index == index {
			return &gs[i]
		}
	}
	return nil
}

// IndexRange says which game indexes gs (at least one game) holds: "<n> games,
// indexes <lo> to <hi>".
func IndexRange(gs []record.Record) string {
	lo, hi := gs[0].Index, gs[0].Index
	for _, r := range gs {
		lo, hi = min(lo, r.Index), max(hi, r.Index)
	}
	return fmt.Sprintf("%d games, indexes %d to %d", len(gs), lo, hi)
}

// Replay is a recorded game of a games file, position by position: position k is the
// position after k turns (0: the opening, Len: the end).
type Replay struct {
	g         catalog.Ruleset
	rec       *record.Record
	positions []string
	movers    []int
	scales    [2]int // the score scales of the two specs
}

// NewReplay plays the record's turns in g from its opening, checking each.
func NewReplay(g catalog.Ruleset, rec *record.Record) (*Replay, error) {
	positions, movers, err := gamepage.Replay(g, rec)
	if err != nil {
		return nil, err
	}
	r := &Replay{g: g, rec: rec, positions: positions, movers: movers}
	for side := range 2 {
		r.scales[side] = catalog.ScoreScale(g, rec.Specs[side])
	}
	return r, nil
}

// Len returns the number of turns of the game: its positions are 0 to Len.
func (r *Replay) Len() int { return len(r.rec.Moves) }

// Title returns the line that introduces the game: its index, its players with
// their sides and specs, and its turns.
func (r *Replay) Title() string {
	rec, sides := r.rec, r.g.Sides()
	return fmt.Sprintf("game %d: %s (%s) %s - %s (%s) %s, %d turns", rec.Index, rec.Players[0], sides[0], rec.Specs[0],
		rec.Players[1], sides[1], rec.Specs[1], r.Len())
}

// Position returns position k.
func (r *Replay) Position(k int) string { return r.positions[k] }

// Board draws position k as the game's Show does, the last with the recorded result.
func (r *Replay) Board(k int) (string, error) {
	var o *catalog.GameEnd
	if k == r.Len() {
		o = r.outcome()
	}
	return Show(r.g, r.positions[k], o)
}

func (r *Replay) outcome() *catalog.GameEnd {
	return &catalog.GameEnd{Winner: r.rec.Winner, Points: r.rec.Points, Reason: r.rec.Reason}
}

// Result returns the game's result line, "result: " and the recorded outcome, with
// the record's detail after a colon when it has one.
func (r *Replay) Result() string {
	line := r.outcome().ResultLine(r.g.Sides())
	if r.rec.Detail != "" {
		line += ": " + r.rec.Detail
	}
	return line
}

// ReplayTurn is the turn played from a position of a Replay.
type ReplayTurn struct {
	// Number is the turn's number by the game's own count of turns (The Colony's
	// turn=N, which counts the opening's turns, as its pictures and the page of a
	// game number them), or k+1 for turn k of a game that does not count its turns;
	// Side is the mover's side name, Player its player's name, Move the turn.
	Number             int
	Side, Player, Move string
	// Info is what the mover's search recorded ("score 1.25, depth 6, nodes 812,
	// time 0.004s"), "" when the record has nothing; Sowing the path of the turn's
	// sowing in words (see Sowing), "" when the game traces none.
	Info, Sowing string
}

// Turn returns the turn played from position k (k < Len).
func (r *Replay) Turn(k int) ReplayTurn {
	m := r.movers[k]
	number := k + 1
	if n, counted, err := r.g.TurnNumber(r.positions[k]); err == nil && counted {
		number = n
	}
	t := ReplayTurn{Number: number, Side: r.g.Sides()[m], Player: r.rec.Players[m], Move: r.rec.Moves[k],
		Sowing: Sowing(r.g, r.positions[k], r.rec.Moves[k])}
	if k < len(r.rec.Info) {
		in := r.rec.Info[k]
		t.Info = fmt.Sprintf("score %s, depth %d, nodes %d, time %.3fs",
			catalog.ScoreText(int(in.Score), r.scales[m]), in.Depth, in.Nodes, float64(in.Micros)/1e6)
	}
	return t
}

// Step reads a step command at position k of a game of n turns and returns the
// position it asks for: "", n or next (the next), p or prev(ious), f or first, l or
// last, or a position's number; quit is true for q or quit. A command that is none of
// these, or a position out of 0 to n, is an error.
func Step(command string, k, n int) (next int, quit bool, err error) {
	next = k
	switch strings.ToLower(command) {
	case "", "n", "next":
		next = k + 1
	case "p", "prev", "previous":
		next = k - 1
	case "f", "first":
		next = 0
	case "l", "last":
		next = n
	case "q", "quit":
		return k, true, nil
	default:
		v, err := strconv.Atoi(command)
		if err != nil {
			return k, false, fmt.Errorf("%q: type Enter or n, p, f, l, a position from 0 to %d, or q", command, n)
		}
		next = v
	}
	if next < 0 || next > n {
		return k, false, fmt.Errorf("no position %d: the game has positions 0 to %d", next, n)
	}
	return next, false, nil
}

// RecordPosition replays the record rec in g and returns its position after move
// turns from the opening, and the turn played from it ("" at the end).
func RecordPosition(g catalog.Ruleset, rec *record.Record, move int) (position, next string, err error) {
	positions, _, err := gamepage.Replay(g, rec)
	if err != nil {
		return "", "", fmt.Errorf("game %d: %w", rec.Index, err)
	}
	if move < 0 || move >= len(positions) {
		return "", "", fmt.Errorf("game %d has positions 0 to %d", rec.Index, len(positions)-1)
	}
	if move < len(rec.Moves) {
		next = rec.Moves[move]
	}
	return positions[move], next, nil
}
