package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// ErrAborted ends a game that the run's context cancelled: it is not recorded.
var ErrAborted = errors.New("game aborted")

// Finished is a game a Worker played: its record, without its moves and per-move
// figures, and its line in the games file, with them (Line, from a pool: give it
// back with Release once written).
type Finished struct {
	Record record.Record
	Line   *[]byte
}

// Release gives the buffer of f's line back to the pool; f.Line is not used after.
func (f Finished) Release() { linePool.Put(f.Line) }

// CheckTimeout bounds the preparation of a player that Games.CheckPlayers checks.
const CheckTimeout = 30 * time.Second

// checkPlayers is Games.CheckPlayers.
func checkPlayers[S any](ctx context.Context, cfg *record.Config, newPlayer PlayerFactory[S], env search.Env) ([]Template, error) {
	templates := make([]Template, len(cfg.Players))
	for i, p := range cfg.Players {
		t, err := cfg.Template(p.Spec)
		if err == nil {
			templates[i] = Template{SpecTemplate: t}
			var pl search.Player[S]
			pl, err = newPlayer(t.ForGame(cfg.GameSeed(0), 0), search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0, Env: env, Name: p.Name})
			if err == nil {
				templates[i].TableBytes = search.TableBytes(pl)
				if pr, ok := pl.(search.Preparer); ok {
					pctx, cancel := context.WithTimeout(ctx, CheckTimeout)
					err = pr.Prepare(pctx)
					cancel()
				}
				if cerr := closePlayer(pl); cerr != nil && err == nil {
					err = fmt.Errorf("close: %w", cerr)
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("player %d (%s): %w", i+1, p.Name, err)
		}
	}
	return templates, nil
}

// worker is the Worker of a state type: it plays games one after another, reusing
// its buffers.
type worker[S any] struct {
	g         game.Game[S]
	newPlayer PlayerFactory[S]
	cfg       *record.Config
	openings  *openingCache[S]
	referee   *game.Referee[S] // checks and plays the players' turns
	// opts are what the run lends the worker: the players' templates, the
	// environment, the games file's version, the observer, the faults' reasons and
	// the record of the players' Close.
	opts WorkerOptions

	text  []byte // the moves' notation, back to back
	ends  []int  // where each move's notation ends in text
	info  []record.MoveInfo
	turns []string // the course's turns, for players that want them (reused)
	maker openingMaker[S]
	// tables lends the players of each game alpha-beta's transposition tables, so that
	// a game does not allocate its own (the search does not change; see search.Tables).
	// A game with an abandoned player leaves its Tables to that player: the worker
	// takes a new one.
	tables *search.Tables

	// calls run the watched moves of each seat (see watchedPlay), reused from move to
	// move; timer is the watchdog's.
	calls [2]*moveCall[S]
	timer *time.Timer
	// stalled is the call of the current game's abandoned player, if any: the worker
	// does not close that player, and releases the call when it has closed the other.
	stalled     *moveCall[S]
	stalledSeat int
	// adj adjudicates the worker's games (nil: no adjudication).
	adj *adjudicator[S]
}

// Free gives the tables' memory back to the budget.
func (w *worker[S]) Free() { w.tables.Free() }

// Play plays one game and returns its record. The game's players are closed when it
// returns, whatever ends the game.
func (w *worker[S]) Play(ctx context.Context, sl record.Slot) (Finished, error) {
	if ctx.Err() != nil {
		return Finished{}, ErrAborted
	}
	g, cfg := w.g, w.cfg
	seed := cfg.GameSeed(sl.Index)
	rec := record.Record{Type: "game", Index: sl.Index, Pair: sl.Pair, Round: sl.Round, Seed: record.Seed(seed), Winner: -1}
	var players [2]search.Player[S]
	defer w.closePlayers(sl.Index, &players, &rec.Players)
	// The last game's players gave their tables back when closed; Release frees
	// those of players that do not (a factory's wrapper that drops Close).
	w.tables.Release()
	opts := search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0, Tables: w.tables, Env: w.opts.Env}
	for seat, pi := range sl.Seats {
		p := cfg.Players[pi]
		rec.Players[seat] = p.Name
		spec := w.opts.Templates[pi].ForGame(seed, seat)
		rec.Specs[seat] = spec
		opts.Name = p.Name
		var err error
		if players[seat], err = w.newPlayer(spec, opts); err != nil {
			return Finished{}, fmt.Errorf("game %d: player %s: %w", sl.Index, p.Name, err)
		}
	}
	s, text, err := w.openings.get(sl.Round, &w.maker)
	if err != nil {
		return Finished{}, fmt.Errorf("game %d: opening: %w", sl.Index, err)
	}
	rec.Opening = text

	w.text, w.ends, w.info = w.text[:0], w.ends[:0], w.info[:0]
	gameStart := time.Now()
	if obs := w.opts.Observer; obs != nil {
		var clock [2]time.Duration
		if tc := cfg.Limits.TimeControl; tc.Base > 0 {
			clock = [2]time.Duration{tc.Base, tc.Base}
		}
		obs.Started(sl, rec.Players, rec.Specs, text, clock, gameStart)
		defer obs.Ended()
	}
	if err := w.playMoves(ctx, &s, players, &rec); err != nil {
		return Finished{}, err
	}
	rec.Seconds = time.Since(gameStart).Seconds()
	rec.Turns = len(w.ends)
	rec.Points = g.Points(&s)
	if rec.Reason == "" {
		rec.Winner, _ = g.Result(&s)
		rec.Reason = g.EndReason(&s)
		rec.Tie = rec.Winner >= 0 && g.TieBreak(&s)
	}
	rec.Result = resultText(rec.Winner)

	rec.Info = w.info
	line := linePool.Get().(*[]byte)
	*line = record.AppendRecordVersion((*line)[:0], &rec, w.text, w.ends, w.opts.Version)
	rec.Info = nil
	return Finished{Record: rec, Line: line}, nil
}

// playMoves plays the game from s to its end, or to a forfeit (which it writes into
// rec). It returns ErrAborted when ctx is done.
func (w *worker[S]) playMoves(ctx context.Context, s *S, players [2]search.Player[S], rec *record.Record) (err error) {
	g, lim := w.g, w.cfg.Limits
	forfeit := func(seat int, reason, detail string) {
		rec.Winner, rec.Reason = 1-seat, reason
		rec.Detail = fmt.Sprintf("%s (%s): %s", rec.Players[seat], g.Sides()[seat], detail)
	}
	// A panic in a player loses the game for the player whose turn it was (one
	// recover for the whole game: a deferred call per turn costs more than a random
	// player's turn).
	seat := -1
	inPlayer := false
	defer func() {
		if p := recover(); p != nil {
			if !inPlayer {
				panic(p) // the runner's own bug
			}
			forfeit(seat, record.ReasonCrash, fmt.Sprintf("panic: %v", p))
			err = nil
		}
	}()
	var clock [2]time.Duration
	if lim.TimeControl.Base > 0 {
		clock = [2]time.Duration{lim.TimeControl.Base, lim.TimeControl.Base}
	}
	grace := stallGrace(lim)
	// The course of the game, kept only for players that want it (external engines).
	var course *search.Course
	for _, p := range players {
		if _, ok := p.(search.CoursePlayer[S]); ok {
			course = &search.Course{Start: rec.Opening, Turns: w.turns[:0]}
		}
	}
	defer func() {
		if course != nil {
			w.turns = course.Turns[:0]
		}
	}()
	// Players that get ready before the game (external engines) do it now, untimed.
	for seat = range players {
		pr, ok := players[seat].(search.Preparer)
		if !ok {
			continue
		}
		inPlayer = true
		err := pr.Prepare(ctx)
		inPlayer = false
		if ctx.Err() != nil {
			return ErrAborted
		}
		if err != nil {
			reason, detail := w.faultReason(err)
			forfeit(seat, reason, detail)
			return nil
		}
		if ps, ok := players[seat].(search.PlayedSpecer); ok {
			rec.Specs[seat] = ps.PlayedSpec() // the seed the engine was sent
		}
	}
	adjudicate := func(v verdict) {
		rec.Winner, rec.Reason, rec.Detail = v.winner, v.reason, v.detail
	}
	if w.adj != nil {
		w.adj.newGame(rec.Players)
	}
	for !g.Terminal(s) {
		if w.adj != nil {
			if v, ok := w.adj.before(ctx, s, len(w.ends)); ok {
				adjudicate(v)
				return nil
			}
		}
		seat = g.ToMove(s)
		// budget is the move's time (its context's deadline), watch when the runner
		// stops waiting for it (0: the move is not watched).
		var budget, watch time.Duration
		switch {
		case lim.MoveTime > 0:
			budget = lim.MoveTime
			watch = budget + grace
		case lim.TimeControl.Base > 0:
			budget = search.MoveBudget(clock[seat], lim.TimeControl.Increment)
			watch = max(clock[seat], 0) + grace
		case lim.MoveTimeout > 0:
			watch = lim.MoveTimeout
		}
		if course != nil {
			course.Timing = search.Timing{MoveTime: lim.MoveTime, Margin: lim.Margin, Timeout: lim.MoveTimeout}
			if lim.TimeControl.Base > 0 {
				inc := lim.TimeControl.Increment
				course.Timing.Clock = &[2]search.Clock{{Left: clock[seat], Increment: inc}, {Left: clock[1-seat], Increment: inc}}
			}
		}
		if watch > 0 {
			if sg, ok := players[seat].(search.StopGracer); ok {
				// The player keeps its deadline itself: its verdict comes first.
				watch += sg.StopGrace()
			}
		}
		var d search.Decision
		var playErr error
		if watch == 0 {
			// Untimed moves keep the time the player measured (reading the clock, or
			// starting a goroutine, costs more than a random player's turn).
			inPlayer = true
			d, playErr = playMove(ctx, players[seat], course, s)
			inPlayer = false
		} else {
			r := w.watchedPlay(ctx, seat, players[seat], course, s, budget, watch)
			switch {
			case r.outcome == moveAborted:
				return ErrAborted
			case r.outcome == moveStalled:
				forfeit(seat, record.ReasonTime, stallDetail(lim, watch, clock[seat]))
				return nil
			case r.panicked:
				forfeit(seat, record.ReasonCrash, fmt.Sprintf("panic: %v", r.panicValue))
				return nil
			}
			d, playErr = r.d, r.err
			if budget > 0 {
				d.Time = r.took // timed moves are timed by the runner
			}
		}
		if ctx.Err() != nil {
			return ErrAborted
		}
		if playErr != nil {
			reason, detail := w.faultReason(playErr)
			forfeit(seat, reason, detail)
			return nil
		}
		if lim.MoveTime > 0 && d.Time > lim.MoveTime+lim.Margin {
			forfeit(seat, record.ReasonTime, fmt.Sprintf("took %v for a move time of %v", d.Time.Round(time.Millisecond), lim.MoveTime))
			return nil
		}
		if lim.TimeControl.Base > 0 {
			clock[seat] -= d.Time
			if clock[seat] < -lim.Margin {
				forfeit(seat, record.ReasonTime, fmt.Sprintf("over its time by %v", (-clock[seat]).Round(time.Millisecond)))
				return nil
			}
			clock[seat] += lim.TimeControl.Increment
		}
		if detail := w.apply(s, d.Actions); detail != "" {
			forfeit(seat, record.ReasonIllegal, detail)
			return nil
		}
		w.info = append(w.info, record.MoveInfo{Score: int64(d.Score), Depth: int64(d.Depth), Nodes: int64(min(d.Nodes, 1<<62)), Micros: d.Time.Microseconds()})
		if course != nil || w.opts.Observer != nil {
			from := 0
			if n := len(w.ends); n > 1 {
				from = w.ends[n-2]
			}
			turn := w.text[from:w.ends[len(w.ends)-1]]
			if course != nil {
				course.Turns = append(course.Turns, string(turn))
			}
			if w.opts.Observer != nil {
				w.opts.Observer.Turn(turn, clock)
			}
		}
		if w.adj != nil && !g.Terminal(s) {
			if v, ok := w.adj.after(seat, int64(d.Score), d.Depth > 0 || d.Nodes > 0, len(w.ends)); ok {
				adjudicate(v)
				return nil
			}
		}
	}
	return nil
}

// faultReason returns the reason and detail of a game lost by err, an error of a
// player's Play or Prepare: as WorkerOptions.Faults classifies it, or ReasonError.
func (w *worker[S]) faultReason(err error) (reason, detail string) {
	if w.opts.Faults != nil {
		if reason, detail, ok := w.opts.Faults(err); ok {
			return reason, detail
		}
	}
	return record.ReasonError, err.Error()
}

// playMove asks p for its move in s: with the game's course when p wants it and the
// course is known (course not nil).
func playMove[S any](ctx context.Context, p search.Player[S], course *search.Course, s *S) (search.Decision, error) {
	if course != nil {
		if cp, ok := p.(search.CoursePlayer[S]); ok {
			return cp.PlayCourse(ctx, *course, s)
		}
	}
	return p.Play(ctx, s)
}

// closePlayers closes the players of game index that were built, recording errors
// for the run (Closes); a player abandoned in the game is left to the goroutine of
// its Play, which closes it when Play returns, after the others.
func (w *worker[S]) closePlayers(index int, players *[2]search.Player[S], names *[2]string) {
	stalled := w.stalled
	if stalled != nil {
		players[w.stalledSeat] = nil
		w.stalled = nil
		defer close(stalled.release)
	}
	for seat, p := range players {
		if p == nil {
			continue
		}
		players[seat] = nil
		if err := closePlayer(p); err != nil {
			w.opts.Closes.add(fmt.Errorf("game %d: player %s: close: %w", index, names[seat], err))
		}
	}
}

// closePlayer closes p, turning a panic in its Close into an error.
func closePlayer[S any](p search.Player[S]) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return p.Close()
}

// Closes keeps the errors of the players' Close, from every worker of a run: the
// first and how many; and how many players were abandoned. Its zero value is ready.
type Closes struct {
	mu        sync.Mutex
	first     error
	n         int
	abandoned int
}

// add records err.
func (c *Closes) add(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.first == nil {
		c.first = err
	}
	c.n++
}

// Err returns the first error, with the number of others, or nil.
func (c *Closes) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch c.n {
	case 0:
		return nil
	case 1:
		return c.first
	}
	return fmt.Errorf("%w (and %d more players that failed to close)", c.first, c.n-1)
}

// linePool recycles the buffers of record lines between the workers and the
// collector.
var linePool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// apply checks that actions are exactly one legal turn from s and plays them, writing
// the turn's notation; it returns what is wrong, or "".
func (w *worker[S]) apply(s *S, actions []game.Action) string {
	text, err := w.referee.PlayTurn(s, actions, w.text)
	w.text = text
	if err != nil {
		return err.Error()
	}
	w.ends = append(w.ends, len(w.text))
	return ""
}

// resultText writes a result as "1-0", "0-1" or "1/2-1/2".
func resultText(winner int) string {
	switch winner {
	case 0:
		return "1-0"
	case 1:
		return "0-1"
	}
	return "1/2-1/2"
}

// UsesEngines reports whether a player of cfg is an external engine (the cmd kind),
