package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/colony-ai/colony/search"
	"golang.org/x/sync/errgroup"
)

// Runner plays the games of a tournament, Concurrency at a time, each on its own
// goroutine with its own two players. Games are numbered by the schedule (Config.Slot)
// and everything random in a game derives from the tournament's seed and the game's
// index, so with depth or node limits the same config gives the same games whatever
// the concurrency, and any game can be replayed alone.
type Runner[S any] struct {
	Game      Game[S]
	Config    Config
	NewPlayer PlayerFactory[S]
	// Concurrency is the number of games played at once; 0 means runtime.NumCPU().
	Concurrency int
	// Records, if not nil, receives each finished game as one JSON line (Record),
	// written and flushed as the game ends (games that end at the same moment share
	// one write). The caller writes the header (NewHeader) first.
	Records io.Writer
	// Done are the games of an earlier, interrupted run of the same tournament (read
	// from its games file): they count and are not played again.
	Done []Record
	// Progress, if not nil, is called after each finished game, from one goroutine.
	Progress func(*Progress)
}

// Progress is the state of a running tournament, given to Runner.Progress.
type Progress struct {
	// Done counts the finished games of this run's schedule (Done included), of
	// Total; Played counts those this run played.
	Done, Total, Played int
	Elapsed             time.Duration
	// Tally holds the results so far, and Games the finished games (without their
	// moves) in the order they finished; both belong to the runner: read them only
	// during the call.
	Tally *Tally
	Games []Record
	// SPRT is the state of the match's SPRT, or nil without one.
	SPRT *SPRTState
}

// SPRTState is a running SPRT: the pairs it has counted, in the order of the schedule.
type SPRTState struct {
	Test        SPRT
	Pentanomial Pentanomial
	LLR         float64
	Verdict     Verdict
	// StopPair is the pair at which the test decided (-1 while it continues): the
	// result counts the pairs up to it, whatever games were in flight.
	StopPair int
}

// Result is what a run leaves: the games (in schedule order, without their moves)
// and the SPRT's state.
type Result struct {
	Config Config
	Games  []Record
	SPRT   *SPRTState
	// Played counts the games this run played (not the resumed ones); Elapsed is the
	// run's wall time.
	Played  int
	Elapsed time.Duration
	// Complete reports whether every game of this run's schedule was played (or the
	// SPRT decided).
	Complete bool
}

// errAborted ends a game that the run's context cancelled: it is not recorded.
var errAborted = errors.New("game aborted")

// panicError is a panic inside a player, turned into an error.
type panicError struct{ value any }

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// finished is one game sent from a worker to the collector.
type finished struct {
	rec  Record // without moves and info
	line []byte // the JSON line with them
}

// Run plays the games of the schedule that are not done. It returns when all are
// played, the SPRT decides or ctx is done; games cut short by ctx are not recorded
// (a later run with Done set plays them). The error is not nil when a game could not
// be set up (a bad opening, a player that cannot be built) or a record could not be
// written; games already finished stay recorded.
func (r *Runner[S]) Run(ctx context.Context) (*Result, error) {
	cfg := r.Config
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if r.NewPlayer == nil {
		return nil, errors.New("tournament: no player factory")
	}
	// Build every player once, so that a bad spec fails before any game starts.
	for i, p := range cfg.Players {
		spec, err := cfg.gameSpec(p.Spec, cfg.GameSeed(0), 0)
		if err == nil {
			_, err = r.NewPlayer(spec, search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0})
		}
		if err != nil {
			return nil, fmt.Errorf("player %d (%s): %w", i+1, p.Name, err)
		}
	}
	book, err := newOpeningBook(r.Game, &cfg)
	if err != nil {
		return nil, err
	}
	schedule := cfg.Schedule()
	total := len(schedule)
	inSchedule := make(map[int]bool, total)
	for _, sl := range schedule {
		inSchedule[sl.Index] = true
	}

	c := newCollector(&cfg, total)
	for _, rec := range r.Done {
		if !inSchedule[rec.Index] {
			return nil, fmt.Errorf("game %d of the games file is not in this run's schedule", rec.Index)
		}
		if err := c.add(rec); err != nil {
			return nil, err
		}
	}
	var todo []Slot
	for _, sl := range schedule {
		if !c.has(sl.Index) {
			todo = append(todo, sl)
		}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if c.sprt != nil && c.sprt.Verdict != Continue {
		todo = nil // the resumed games already decided the test
	}
	n := r.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	n = max(1, min(n, len(todo)))

	start := time.Now()
	jobs := make(chan Slot)
	results := make(chan finished, 4*n)
	g, gctx := errgroup.WithContext(runCtx)
	g.Go(func() error {
		defer close(jobs)
		for _, sl := range todo {
			select {
			case jobs <- sl:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	for range n {
		w := &worker[S]{r: r, cfg: &cfg, book: book}
		g.Go(func() error {
			for sl := range jobs {
				f, err := w.play(gctx, sl)
				if errors.Is(err, errAborted) {
					return nil
				}
				if err != nil {
					return err
				}
				select {
				case results <- f:
				case <-gctx.Done():
					return nil
				}
			}
			return nil
		})
	}
	waitErr := make(chan error, 1)
	go func() {
		waitErr <- g.Wait()
		close(results)
	}()

	var out *bufio.Writer
	if r.Records != nil {
		out = bufio.NewWriterSize(r.Records, 1<<16)
	}
	var writeErr error
	played := 0
	for f := range results {
		if writeErr != nil {
			continue
		}
		if out != nil {
			if _, err := out.Write(f.line); err != nil {
				writeErr = fmt.Errorf("games file: %w", err)
				cancel()
				continue
			}
			// Flush when no other game is waiting: every game is on disk as soon as
			// the collector is idle, and fast games share writes.
			if len(results) == 0 {
				if err := out.Flush(); err != nil {
					writeErr = fmt.Errorf("games file: %w", err)
					cancel()
					continue
				}
			}
		}
		played++
		if err := c.add(f.rec); err != nil {
			writeErr = err
			cancel()
			continue
		}
		if c.sprt != nil && c.sprt.Verdict != Continue {
			cancel()
		}
		if r.Progress != nil {
			r.Progress(&Progress{Done: len(c.games), Total: total, Played: played,
				Elapsed: time.Since(start), Tally: c.tally, Games: c.order, SPRT: c.sprt})
		}
	}
	err = <-waitErr
	if out != nil && writeErr == nil {
		if ferr := out.Flush(); ferr != nil {
			writeErr = fmt.Errorf("games file: %w", ferr)
		}
	}
	res := c.result()
	res.Played = played
	res.Elapsed = time.Since(start)
	res.Complete = len(c.games) == total || (c.sprt != nil && c.sprt.Verdict != Continue)
	return res, errors.Join(err, writeErr)
}

// worker plays games one after another, reusing its buffers.
type worker[S any] struct {
	r    *Runner[S]
	cfg  *Config
	book *openingBook[S]

	text  []byte // the moves' notation, back to back
	ends  []int  // where each move's notation ends in text
	moves []string
	info  [][4]int64
	line  []byte
	// scratch is where a turn is checked, kept here because pointers passed to
	// interface methods escape.
	scratch S
}

// play plays one game and returns its record.
func (w *worker[S]) play(ctx context.Context, sl Slot) (finished, error) {
	if ctx.Err() != nil {
		return finished{}, errAborted
	}
	g, cfg := w.r.Game, w.cfg
	seed := cfg.GameSeed(sl.Index)
	rec := Record{Type: "game", Index: sl.Index, Pair: sl.Pair, Round: sl.Round, Seed: seed, Winner: -1}
	var players [2]search.Player[S]
	opts := search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0}
	for seat, pi := range sl.Seats {
		p := cfg.Players[pi]
		rec.Players[seat] = p.Name
		spec, err := cfg.gameSpec(p.Spec, seed, seat)
		if err != nil {
			return finished{}, fmt.Errorf("game %d: player %s: %w", sl.Index, p.Name, err)
		}
		rec.Specs[seat] = spec
		if players[seat], err = w.r.NewPlayer(spec, opts); err != nil {
			return finished{}, fmt.Errorf("game %d: player %s: %w", sl.Index, p.Name, err)
		}
	}
	s, err := w.book.opening(sl.Round)
	if err != nil {
		return finished{}, fmt.Errorf("game %d: opening: %w", sl.Index, err)
	}
	rec.Opening = g.FormatPosition(&s)

	w.text, w.ends, w.info = w.text[:0], w.ends[:0], w.info[:0]
	lim := cfg.Limits
	var clock [2]time.Duration
	if lim.TimeControl.Base > 0 {
		clock = [2]time.Duration{lim.TimeControl.Base, lim.TimeControl.Base}
	}
	checker, fast := g.(legalChecker[S])
	var buf search.ActionBuffer
	isLegal := func(s *S, a search.Action) bool {
		if fast {
			return checker.IsLegal(s, a)
		}
		return slices.Contains(g.LegalActions(s, &buf), a)
	}
	gameStart := time.Now()
	last := gameStart // the end of the last move: untimed moves take one clock reading
	forfeit := func(seat int, reason, detail string) {
		rec.Winner, rec.Reason = 1-seat, reason
		rec.Detail = fmt.Sprintf("%s (%s): %s", rec.Players[seat], g.Sides()[seat], detail)
	}

	for !g.Terminal(&s) {
		seat := g.ToMove(&s)
		moveCtx, stop := ctx, context.CancelFunc(nil)
		var budget time.Duration
		switch {
		case lim.MoveTime > 0:
			budget = lim.MoveTime
		case lim.TimeControl.Base > 0:
			budget = moveBudget(clock[seat], lim.TimeControl.Increment)
		}
		var moveStart time.Time
		if budget > 0 {
			moveStart = time.Now()
			moveCtx, stop = context.WithTimeout(ctx, budget)
		}
		d, err := safePlay(moveCtx, players[seat], &s)
		now := time.Now()
		if stop != nil {
			stop()
			d.Time = now.Sub(moveStart)
		} else {
			// The time since the last move ended: the move, and the runner's check of
			// the last one (well under a microsecond).
			d.Time = now.Sub(last)
		}
		last = now
		if ctx.Err() != nil {
			return finished{}, errAborted
		}
		if err != nil {
			var pe *panicError
			if errors.As(err, &pe) {
				forfeit(seat, ReasonCrash, err.Error())
			} else {
				forfeit(seat, ReasonError, err.Error())
			}
			break
		}
		if lim.MoveTime > 0 && d.Time > lim.MoveTime+lim.Margin {
			forfeit(seat, ReasonTime, fmt.Sprintf("took %v for a move time of %v", d.Time.Round(time.Millisecond), lim.MoveTime))
			break
		}
		if lim.TimeControl.Base > 0 {
			clock[seat] -= d.Time
			if clock[seat] < -lim.Margin {
				forfeit(seat, ReasonTime, fmt.Sprintf("over its time by %v", (-clock[seat]).Round(time.Millisecond)))
				break
			}
			clock[seat] += lim.TimeControl.Increment
		}
		if detail := w.apply(&s, d.Actions, isLegal); detail != "" {
			forfeit(seat, ReasonIllegal, detail)
			break
		}
		w.info = append(w.info, [4]int64{int64(d.Score), int64(d.Depth), int64(min(d.Nodes, 1<<62)), d.Time.Microseconds()})
	}
	rec.Seconds = time.Since(gameStart).Seconds()
	rec.Turns = len(w.ends)
	if rec.Reason == "" {
		rec.Winner, _ = g.Result(&s)
		rec.Points = g.Points(&s)
		rec.Reason = g.EndReason(&s)
		rec.Tie = rec.Winner >= 0 && g.TieBreak(&s)
	} else {
		rec.Points = g.Points(&s)
	}
	rec.Result = resultText(rec.Winner)

	// The moves as strings: one string for all, sliced.
	all := string(w.text)
	w.moves = w.moves[:0]
	from := 0
	for _, end := range w.ends {
		w.moves = append(w.moves, all[from:end])
		from = end
	}
	rec.Moves, rec.Info = w.moves, w.info
	w.line = appendRecord(w.line[:0], &rec)
	rec.Moves, rec.Info = nil, nil
	return finished{rec: rec, line: slices.Clone(w.line)}, nil
}

// apply checks that actions are exactly one legal turn from s and plays them, writing
// the turn's notation; it returns what is wrong, or "".
func (w *worker[S]) apply(s *S, actions []search.Action, isLegal func(*S, search.Action) bool) string {
	g := w.r.Game
	c := &w.scratch
	*c = *s
	mark := len(w.text)
	for i, a := range actions {
		if g.Terminal(c) || (i > 0 && g.TurnStart(c)) {
			w.text = w.text[:mark]
			return fmt.Sprintf("its decisions %v are more than one turn", actions)
		}
		if !isLegal(c, a) {
			bad := string(g.AppendAction(nil, c, a))
			w.text = w.text[:mark]
			return fmt.Sprintf("its decision %d (%d, %q) is not legal after %q", i+1, a, bad, w.text[mark:])
		}
		w.text = g.AppendAction(w.text, c, a)
		g.Apply(c, a)
	}
	if len(actions) == 0 || !g.TurnStart(c) {
		w.text = w.text[:mark]
		return fmt.Sprintf("its decisions %v are not a whole turn", actions)
	}
	*s = *c
	w.ends = append(w.ends, len(w.text))
	return ""
}

// moveBudget is the time given to one move from a clock with remaining time left and
// increment inc: a thirtieth of the time left plus three quarters of the increment,
// never more than half of what is left (at least a millisecond).
func moveBudget(left, inc time.Duration) time.Duration {
	b := left/30 + inc*3/4
	b = min(b, left/2)
	return max(b, time.Millisecond)
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
