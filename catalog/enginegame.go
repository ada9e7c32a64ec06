package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/search"
)

// EngineGame is a game as an engine of the toolkit's players plays it (package
// engine, which serves them over the Mancala Engine Protocol), without its state
// type: it reads the positions, keeps the player of the game and runs its searches.
// Its methods are called one at a time.
type EngineGame interface {
	// Prepare builds the player of spec (with search.Options.UntilDone when
	// untilDone), unless the player kept is that one: the player of the next search.
	Prepare(spec string, untilDone bool) error
	// Search searches the last position of a game, from start (the game's start
	// position when "") with moves played, as plan says, telling info what the
	// search sees; it returns the player's turn in the game's notation.
	Search(ctx context.Context, start string, moves []string, plan EngineSearch, info func(EngineInfo)) (string, error)
	// Close closes the player kept.
	Close() error
}

// EngineSearch is how an EngineGame's search runs: the spec of its player, built
// with search.Options.UntilDone or not, the deadline of its context (0: none), the
// notes told before it starts, and whether the player scores its turns without
// counting nodes (its kind has an evaluation but no depth or node limit: greedy).
type EngineSearch struct {
	Spec            string
	UntilDone       bool
	Deadline        time.Duration
	Notes           []string
	ScoresUncounted bool
}

// EngineInfo is what an EngineGame's search tells of itself: a note (Text), or an
// iteration of the search from the root: its depth, score (Scored: given when it
// searched nodes or the player scores without counting them), nodes, time and
// principal variation, in whole turns.
type EngineInfo struct {
	Text   string
	Depth  int
	Score  int
	Scored bool
	Nodes  uint64
	Time   time.Duration
	PV     []string
}

// EngineGame returns the game's engine side; its alpha-beta players take their
// tables from tables, and its players what outlives them from env (an external
// engine's processes).
func (x *generic[S]) EngineGame(tables *search.Tables, env search.Env) EngineGame {
	return &engineGameOf[S]{x: x, tables: tables, env: env}
}

// engineGameOf is the engine side of a game of state type S.
type engineGameOf[S any] struct {
	x      *generic[S]
	tables *search.Tables
	env    search.Env // lends a cmd spec's player its processes

	player    search.Player[S] // the player kept, nil when none
	spec      string           // the spec it was built from
	untilDone bool             // and whether with UntilDone

	// Of the search running, for the player's Report.
	root            S
	info            func(EngineInfo) // nil when no search runs
	scoresUncounted bool             // EngineSearch's
	reported        bool             // an iteration was reported
	lastNodes       uint64           // the nodes of the last one

	// The last position read, by its start and turns: a runner sends the whole
	// game with every go, and the next position only adds turns to it.
	last      S
	lastStart string
	lastMoves []string
	lastOK    bool
}

func (eg *engineGameOf[S]) Prepare(spec string, untilDone bool) error {
	if eg.player != nil && eg.spec == spec && eg.untilDone == untilDone {
		return nil
	}
	if err := eg.Close(); err != nil {
		return err
	}
	p, err := eg.x.factory(spec, search.Options{Report: eg.report, UntilDone: untilDone, Tables: eg.tables, Env: eg.env})
	if err != nil {
		return err
	}
	eg.player, eg.spec, eg.untilDone = p, spec, untilDone
	if pr, ok := p.(search.Preparer); ok {
		// An external engine starts now (newgame's isready waits for it), not at
		// the first search.
		if err := pr.Prepare(context.Background()); err != nil {
			return errors.Join(err, eg.Close())
		}
	}
	return nil
}

func (eg *engineGameOf[S]) Close() error {
	if eg.player == nil {
		return nil
	}
	err := eg.player.Close()
	eg.player = nil
	return err
}

// position returns the last position of a game: start (the game's start position
// when "") with moves played, at the start of a turn of a game that is not over.
func (eg *engineGameOf[S]) position(start string, moves []string) (S, error) {
	g := eg.x.g
	s := g.Start()
	from := 0
	if eg.lastOK && start == eg.lastStart && len(moves) >= len(eg.lastMoves) && slices.Equal(moves[:len(eg.lastMoves)], eg.lastMoves) {
		// The last position's game, with the turns played since (the state holds
		// what the rules keep of the history, Oware's positions for repetitions).
		s, from = eg.last, len(eg.lastMoves)
	} else if start != "" {
		var err error
		if s, err = g.ParsePosition(start); err != nil {
			return s, positionError(err)
		}
	}
	eg.lastOK = false
	for i := from; i < len(moves); i++ {
		turn := moves[i]
		if !g.Terminal(&s) && !g.TurnStart(&s) {
			return s, errors.New("position: the position is in the middle of a turn (send the position at the turn's start and the whole turns since)")
		}
		if err := eg.x.playTurn(&s, turn); err != nil {
			return s, fmt.Errorf("position: turn %d of the moves, %s: %w", i+1, turn, err)
		}
	}
	switch {
	case g.Terminal(&s):
		return s, fmt.Errorf("position: the game is over (%s): there is no turn to search", g.EndReason(&s))
	case !g.TurnStart(&s):
		return s, errors.New("position: the position is in the middle of a turn (send the position at the turn's start and the whole turns since)")
	}
	eg.last, eg.lastStart, eg.lastMoves, eg.lastOK = s, start, append(eg.lastMoves[:0], moves...), true
	return s, nil
}

func (eg *engineGameOf[S]) Search(ctx context.Context, start string, moves []string, plan EngineSearch, info func(EngineInfo)) (string, error) {
	s, err := eg.position(start, moves)
	if err != nil {
		return "", err
	}
	if err := eg.Prepare(plan.Spec, plan.UntilDone); err != nil {
		return "", err
	}
	for _, note := range plan.Notes {
		info(EngineInfo{Text: note})
	}
	if plan.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, plan.Deadline)
		defer cancel()
	}
	eg.root, eg.info, eg.scoresUncounted, eg.reported, eg.lastNodes = s, info, plan.ScoresUncounted, false, 0
	defer func() { eg.info = nil }()
	c := s
	var d search.Decision
	if cp, ok := eg.player.(search.CoursePlayer[S]); ok {
		if start == "" {
			start = eg.x.StartPosition()
		}
		d, err = cp.PlayCourse(ctx, search.Course{Start: start, Turns: moves}, &c)
	} else {
		d, err = eg.player.Play(ctx, &c)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", eg.player.Spec(), err)
	}
	turn, err := eg.x.oneTurn(s, d.Actions)
	if err != nil {
		return "", fmt.Errorf("%s: %w", eg.player.Spec(), err)
	}
	// What the search saw, when its reports did not say it all (a player that does
	// not report, an iteration interrupted): the depth of the iteration the turn
	// came from, the interrupted one when it did (as UCI engines' last info).
	if !eg.reported || d.Nodes != eg.lastNodes {
		pv := d.PV
		if len(pv) == 0 {
			pv = d.Actions
		}
		depth := d.Depth
		if d.PartialDepth > 0 {
			depth = d.PartialDepth
		}
		info(eg.infoOf(depth, d.Score, d.Nodes, d.Time, pv))
	}
	return turn, nil
}

// report is the player's search.Options.Report: an info line for each iteration.
func (eg *engineGameOf[S]) report(it search.Iteration) {
	if eg.info == nil {
		return
	}
	eg.reported, eg.lastNodes = true, it.Nodes
	eg.info(eg.infoOf(it.Depth, it.Score, it.Nodes, it.Time, it.PV))
}

// infoOf returns what a search from the root tells: its depth, score (given when it
// searched nodes, or the player scores without counting them: not random's, nor
// that of a search stopped before its first node), nodes, time and principal
// variation, in whole turns.
func (eg *engineGameOf[S]) infoOf(depth, score int, nodes uint64, elapsed time.Duration, pv []game.Action) EngineInfo {
	in := EngineInfo{Depth: depth, Nodes: nodes, Time: elapsed, Score: score, Scored: nodes > 0 || eg.scoresUncounted}
	in.PV, _, _ = eg.x.turnsOf(eg.root, pv)
	return in
}
