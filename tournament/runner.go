package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/colony-ai/colony/external"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/search"
)

// Runner plays the games of a tournament, Concurrency at a time, each on its own
// goroutine with its own two players. Games are numbered by the schedule (Config.Slot)
// and everything random in a game derives from the tournament's seed and the game's
// index, so with depth or node limits the same config gives the same games whatever
// the concurrency, and any game can be replayed alone.
//
// A timed move (a move time or a clock) is watched: the player's Play runs on a
// goroutine of its own, on its own copy of the position, and the runner waits for it
// until the player's time and the margin are over (the move time, or what is left on
// its clock, plus Limits.Margin, and at least 100 ms past the time). A player that has
// not replied by then loses the game on time (Detail "no reply after ..."), the
// record is written and the worker goes on to its next game, which builds new
// players as every game does. With Limits.MoveTimeout, the moves of untimed games
// are watched the same way, up to the timeout. Other moves (depth or node limits
// only) are played on the worker's goroutine, unwatched: a player stuck in one holds
// its game, and Run, until it returns, even when the run is cancelled.
//
// External engines (players of the cmd kind) keep their processes from game to
// game: the run lends its players an external.Pool, so that a program is started
// once per game slot and ended when Run returns (or after a fault that ended it: the
// slot's next game starts a new one). A player that is a search.Preparer is prepared
// before the game's first move, untimed (an engine's start and newgame); an error
// there, or in Play, loses the game, with the protocol's reason when it is an
// engine's fault (protocol.Fault: "stalled", "crashed", "disconnected", ...).
//
// With Config.Adjudication, a game is ended by the first of its rules that decides
// it (see Adjudication): the turn cap and the exact value at the start of a turn,
// resign and draw after each turn from the scores the players reported. The exact
// solver runs on the worker's goroutine between moves, bounded in nodes, and is not
// charged to any player's clock.
//
// Every player the runner builds is closed (search.Player's Close) exactly once,
// after its last Play: the players of a game by the goroutine that built them when
// the game ends, whatever ends it (its last turn, a forfeit, a panic or error in a
// player, a player of the game that could not be built, the run's cancellation), and
// the players built to check the specs (CheckPlayers) at once; except the abandoned
// players. The runner abandons a player when it stops waiting for its watched move:
// past its time and the margin or past the move timeout, or when the run is
// cancelled and the move has not returned shortly after (the margin, at least
// 100 ms and at most a second). It cancels the move's context and never uses the
// player again; the goroutine that runs the player's Play closes it when Play
// returns, after the runner has closed the game's other player, or never if Play
// never returns, and the error of that Close is not reported. Run returns only when
// every game in flight has ended, so no player outlives it but the abandoned ones,
// which Result.Abandoned counts: Run does not wait for them. A player's Close error
// (or panic) changes no game's result: the run goes on, and Run returns the first
// such error, with the number of others.
type Runner[S any] struct {
	Game      game.Game[S]
	Config    record.Config
	NewPlayer PlayerFactory[S]
	// Concurrency is the number of games played at once; 0 means runtime.NumCPU().
	Concurrency int
	// Records, if not nil, receives each finished game as one JSON line (Record),
	// written within about 12 ms of the game's end (games that end close together
	// share one write; a game not yet written when the process dies is replayed by
	// a resumed run). The caller writes the header (NewHeader) first. The lines are
	// of the current version of the games file (RecordVersion), or of the version
	// Records reports if it is a record.Versioner (a record.GamesFileWriter resuming an older
	// file).
	Records io.Writer
	// Done are the games of an earlier, interrupted run of the same tournament (read
	// from its games file): they count and are not played again. Resumed, when not
	// nil, gives them instead as summaries (of this tournament's players), with Done
	// their records when it holds as many (see record.GamesFileWriter).
	Done    []record.Record
	Resumed *record.GameList
	// Progress, if not nil, is called after each finished game, from one goroutine,
	// with a Progress that is reused: do not keep it.
	Progress func(*report.Progress)
	// EngineLogs, if not "", is the directory where the external engines (players of
	// the cmd kind) write their standard error, a file per game slot: NAME-SLOT.log
	// (see external.Pool). "" drops it.
	EngineLogs string
	// EngineLogLimit is how many bytes of an engine process's standard error its log
	// keeps (0: external.DefaultLogLimit; negative: all; see external.Pool).
	EngineLogLimit int64
	// Live, if not "", is the live file: Run keeps in it the games in flight with
	// their turns so far and the run's progress, for watchers (see LiveFile and
	// Follower), and leaves it in state LiveFinished or LiveStopped when it returns.
	// Session sets it beside the games file (LiveFileName).
	Live string
	// ScoreScale, if not nil, returns the scale of the scores of the player of a
	// spec: how many units of its search's score make one of the game's points
	// (catalog.ScoreScale: 100 for the toolkit's evaluations in hundredths and for
	// external engines, whose protocol scores are hundredths; 1 for an evaluation in
	// points). The resign and draw adjudications read each player's scores in points
	// with it. Nil, or a scale below 1, means 1: the scores are points.
	ScoreScale func(spec string) int

	// engines are the external engines' processes: those CheckPlayers started, then
	// the run's (nil before).
	engines *external.Pool
}

// Result is what a run leaves: the games in schedule order, as summaries and, up to
// MaxKeptRecords games, as records (without their moves, per-move figures and specs;
// nil past it), and the SPRT's state.
type Result struct {
	Config    record.Config
	Games     []record.Record
	Summaries *record.GameList
	SPRT      *record.SPRTState
	// Played counts the games this run played (not the resumed ones); Elapsed is the
	// run's wall time.
	Played  int
	Elapsed time.Duration
	// Complete reports whether every game of this run's schedule was played (or the
	// SPRT decided).
	Complete bool
	// Abandoned counts the players the run stopped waiting for in the middle of a
	// move (see Runner): each is closed when its Play returns, if it ever does.
	Abandoned int
	// EnginesKilled, if not nil, names the external engines that did not exit
	// within a second of quit at the end of the run and were killed: a warning, it
	// changes no game.
	EnginesKilled error
	// LiveError, if not nil, is the first error writing the live file
	// (Runner.Live): a warning, it changes no game.
	LiveError error
}

// batchDelay is the longest a worker keeps finished games before it sends them to
// the collector.
const batchDelay = 2 * time.Millisecond

// flushDelay is the longest a finished game waits in the buffer before it is written
// to the games file.
const flushDelay = 10 * time.Millisecond

// errAborted ends a game that the run's context cancelled: it is not recorded.
var errAborted = errors.New("game aborted")

// finished is one game sent from a worker to the collector.
type finished struct {
	rec  record.Record // without moves and info
	line *[]byte       // the JSON line with them, from linePool
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
	// The check's engines are the games' (each process is started once): those
	// CheckPlayers started, or new ones. They live as long as the run: Close ends
	// those kept (the players of games in flight have given theirs back when Run
	// returns).
	engines := r.enginePool(false)
	r.engines = nil // a later Run starts its own
	defer engines.Close()
	templates, err := checkPlayers(ctx, &cfg, r.NewPlayer, engines)
	if err != nil {
		return nil, err
	}
	endgames, err := checkAdjudication(ctx, r.Game, cfg.Adjudication, true)
	if err != nil {
		return nil, err
	}
	scales := r.scoreScales(&cfg)
	book, err := newOpeningBook(r.Game, &cfg)
	if err != nil {
		return nil, err
	}
	// The schedule is never built: the workers take the games of this run by their
	// rank in it (a run of ten million games holds one bit per game).
	schedule := cfg.RunSchedule()
	total := schedule.Len()
	c := record.NewCollector(&cfg, total)
	// The games of Done by index: one bit per game up to the last done.
	var done record.IndexSet
	resumed, err := r.addDone(c, &done)
	if err != nil {
		return nil, err
	}
	todo := total - resumed

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if c.Decided() {
		todo = 0 // the resumed games already decided the test
	}
	n := r.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	asked := n
	n = max(1, min(n, todo))
	if err := checkTableMemory(&cfg, templates, asked, n); err != nil {
		return nil, err
	}
	var cpuSets [][]int
	if cfg.Affinity {
		if cpuSets, err = external.CPUSets(n); err != nil {
			return nil, err
		}
	}

	start := time.Now()
	var board *record.LiveBoard
	if r.Live != "" {
		gamesFile := ""
		if gw, ok := r.Records.(*record.GamesFileWriter); ok {
			gamesFile = gw.Name()
		}
		board = record.NewLiveBoard(r.Live, gamesFile, &cfg, n, total, resumed, start)
		go board.Run()
	}
	// Workers take the games in schedule order, and send finished games in batches
	// (a game as soon as it took batchDelay or more): fast games do not wake the
	// collector one by one.
	var nextJob atomic.Int64
	results := make(chan []finished, 2*n)
	g, gctx := errgroup.WithContext(runCtx)
	openings := newOpeningCache(book, schedule, func(round int) int {
		per := 2 * len(schedule.Pairings())
		return done.Count(round*per, (round+1)*per)
	})
	var closeErrs closeErrors
	for i := range n {
		w := newWorker(r, &cfg, openings, templates, &closeErrs)
		w.adj = newAdjudicator(r.Game, cfg.Adjudication, endgames, scales)
		w.env = external.WithPool(search.Env{}, engines)
		if cpuSets != nil {
			w.env = external.WithCPUs(w.env, cpuSets[i])
		}
		if board != nil {
			w.board, w.live = board, board.Slot(i)
		}
		g.Go(func() error {
			var batch []finished
			var batchStart time.Time
			// The tables' memory goes back to the budget when the worker is done
			// (those of an abandoned player's game when it is collected).
			defer func() { w.tables.Free() }()
			defer func() {
				if len(batch) > 0 {
					results <- batch // the collector reads until every worker is done
				}
			}()
			for {
				k := int(nextJob.Add(1) - 1)
				if k >= total || todo == 0 || gctx.Err() != nil {
					return nil
				}
				sl := schedule.Slot(k)
				if done.Has(sl.Index) {
					continue
				}
				f, err := w.play(gctx, sl)
				if errors.Is(err, errAborted) {
					return nil
				}
				if err != nil {
					return err
				}
				if len(batch) == 0 {
					batchStart = time.Now()
				}
				batch = append(batch, f)
				if time.Since(batchStart) >= batchDelay {
					results <- batch
					batch = nil
				}
			}
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
	var progress report.Progress
	played := 0
	// A finished game is written at once and flushed within flushDelay: games that
	// end close together share one write.
	flushTimer := time.NewTimer(time.Hour)
	flushTimer.Stop()
	flushPending := false
	flush := func() {
		flushPending = false
		if out != nil && writeErr == nil {
			if err := out.Flush(); err != nil {
				writeErr = fmt.Errorf("games file: %w", err)
				cancel()
			}
		}
	}
collect:
	for {
		var batch []finished
		select {
		case <-flushTimer.C:
			flush()
			continue
		case next, ok := <-results:
			if !ok {
				break collect
			}
			batch = next
		}
		for _, f := range batch {
			line := f.line
			if writeErr != nil {
				break
			}
			if out != nil {
				_, err := out.Write(*line)
				linePool.Put(line)
				if err != nil {
					writeErr = fmt.Errorf("games file: %w", err)
					cancel()
					break
				}
				if !flushPending {
					flushPending = true
					flushTimer.Reset(flushDelay)
				}
			} else {
				linePool.Put(line)
			}
			played++
			if err := c.Add(f.rec); err != nil {
				writeErr = err
				cancel()
				break
			}
			if board != nil {
				board.Finished(c.Count(), played)
			}
			if c.Decided() {
				cancel()
			}
			if r.Progress != nil {
				progress = report.Progress{Done: c.Count(), Total: total, Played: played,
					Elapsed: time.Since(start), Tally: c.Tally(), Games: c.Records(), Summaries: c.Summaries(), SPRT: c.SPRT()}
				r.Progress(&progress)
			}
		}
	}
	flushTimer.Stop()
	err = <-waitErr
	flush()
	killed := engines.Close()
	res := resultOf(c.Result())
	res.Played = played
	res.Elapsed = time.Since(start)
	res.Complete = c.Count() == total || c.Decided()
	res.Abandoned = closeErrs.abandonedPlayers()
	res.EnginesKilled = killed
	if board != nil {
		final := record.LiveStopped
		if res.Complete {
			final = record.LiveFinished
		}
		res.LiveError = board.Close(final)
	}
	return res, errors.Join(err, writeErr, closeErrs.err())
}

// addDone counts the games of an earlier run (Resumed, or Done) in c and done, and
// returns their number.
func (r *Runner[S]) addDone(c *record.Collector, done *record.IndexSet) (int, error) {
	cfg := c.Config()
	check := func(index int) error {
		if index < 0 || index >= c.Total() || !cfg.InShard(index/2) {
			return fmt.Errorf("game %d of the games file is not in this run's schedule", index)
		}
		if !cfg.InRun(index / 2) {
			return fmt.Errorf("game %d of the games file is in pair %d, past this run's limit of %d pairs (continue a games file with the same or a larger limit)",
				index, index/2, cfg.UntilPair)
		}
		return nil
	}
	if r.Resumed != nil {
		n := r.Resumed.Len()
		withRecords := len(r.Done) == n
		for i := range n {
			s := r.Resumed.At(i)
			if err := check(int(s.Index)); err != nil {
				return 0, err
			}
			var rec *record.Record
			if withRecords {
				rec = &r.Done[i]
			}
			if err := c.AddSummary(s, r.Resumed.Reason(&s), rec); err != nil {
				return 0, err
			}
			done.Add(int(s.Index))
		}
		return n, nil
	}
	for _, rec := range r.Done {
		if err := check(rec.Index); err != nil {
			return 0, err
		}
		if err := c.Add(rec); err != nil {
			return 0, err
		}
		done.Add(rec.Index)
	}
	return len(r.Done), nil
}

// CheckPlayers builds every player of cfg once, with the tournament's limits, so that
// a spec that cannot be played fails before any game starts (Run does it too), and
// closes each at once. A player that is a search.Preparer is prepared too (an
// external engine is started and asked to start a game), within checkTimeout.
func CheckPlayers[S any](cfg *record.Config, newPlayer PlayerFactory[S]) error {
	engines := &external.Pool{Strict: cfg.Strict}
	_, err := checkPlayers(context.Background(), cfg, newPlayer, engines)
	_ = engines.Close() // in parallel: an engine killed after quit costs a second, not one each
	return err
}

// checkTimeout bounds the preparation of a player that CheckPlayers checks.
const checkTimeout = 30 * time.Second

// playerTemplate is a player's spec template (record.SpecTemplate) with the memory
// of its table.
type playerTemplate struct {
	record.SpecTemplate
	// tableBytes is the memory of the player's table (search.TableBytes), set by
	// checkPlayers.
	tableBytes uint64
}

// checkPlayers is CheckPlayers, lending the players engines (nil: their own).
func checkPlayers[S any](ctx context.Context, cfg *record.Config, newPlayer PlayerFactory[S], engines *external.Pool) ([]playerTemplate, error) {
	templates := make([]playerTemplate, len(cfg.Players))
	for i, p := range cfg.Players {
		t, err := cfg.Template(p.Spec)
		if err == nil {
			templates[i] = playerTemplate{SpecTemplate: t}
			var pl search.Player[S]
			pl, err = newPlayer(t.ForGame(cfg.GameSeed(0), 0), search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0, Env: external.WithPool(search.Env{}, engines), Name: p.Name})
			if err == nil {
				templates[i].tableBytes = search.TableBytes(pl)
				if pr, ok := pl.(search.Preparer); ok {
					pctx, cancel := context.WithTimeout(ctx, checkTimeout)
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

// worker plays games one after another, reusing its buffers.
type worker[S any] struct {
	r         *Runner[S]
	cfg       *record.Config
	openings  *openingCache[S]
	templates []playerTemplate // the players' specs, by index in cfg.Players
	referee   *game.Referee[S] // checks and plays the players' turns
	version   int              // of the games file's lines

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
	// closeErrs collects the errors of the players' Close, for Run.
	closeErrs *closeErrors
	// env lends external engines their processes (the run's pool) and the slot's
	// CPUs (with Config.Affinity).
	env search.Env
	// live is the worker's slot of the run's live board, board the board (nil
	// without a live file).
	live  *record.LiveSlot
	board *record.LiveBoard

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

func newWorker[S any](r *Runner[S], cfg *record.Config, openings *openingCache[S], templates []playerTemplate, closeErrs *closeErrors) *worker[S] {
	w := &worker[S]{r: r, cfg: cfg, openings: openings, templates: templates, closeErrs: closeErrs, tables: new(search.Tables), version: record.RecordVersion}
	if v, ok := r.Records.(record.Versioner); ok {
		w.version = v.RecordVersion()
	}
	w.referee = game.NewReferee(r.Game)
	return w
}

// play plays one game and returns its record. The game's players are closed when it
// returns, whatever ends the game.
func (w *worker[S]) play(ctx context.Context, sl record.Slot) (finished, error) {
	if ctx.Err() != nil {
		return finished{}, errAborted
	}
	g, cfg := w.r.Game, w.cfg
	seed := cfg.GameSeed(sl.Index)
	rec := record.Record{Type: "game", Index: sl.Index, Pair: sl.Pair, Round: sl.Round, Seed: record.Seed(seed), Winner: -1}
	var players [2]search.Player[S]
	defer w.closePlayers(sl.Index, &players, &rec.Players)
	// The last game's players gave their tables back when closed; Release frees
	// those of players that do not (a factory's wrapper that drops Close).
	w.tables.Release()
	opts := search.Options{UntilDone: cfg.Limits.TimeControl.Base > 0, Tables: w.tables, Env: w.env}
	for seat, pi := range sl.Seats {
		p := cfg.Players[pi]
		rec.Players[seat] = p.Name
		spec := w.templates[pi].ForGame(seed, seat)
		rec.Specs[seat] = spec
		opts.Name = p.Name
		var err error
		if players[seat], err = w.r.NewPlayer(spec, opts); err != nil {
			return finished{}, fmt.Errorf("game %d: player %s: %w", sl.Index, p.Name, err)
		}
	}
	s, text, err := w.openings.get(sl.Round, &w.maker)
	if err != nil {
		return finished{}, fmt.Errorf("game %d: opening: %w", sl.Index, err)
	}
	rec.Opening = text

	w.text, w.ends, w.info = w.text[:0], w.ends[:0], w.info[:0]
	gameStart := time.Now()
	if w.live != nil {
		var clock [2]time.Duration
		if tc := cfg.Limits.TimeControl; tc.Base > 0 {
			clock = [2]time.Duration{tc.Base, tc.Base}
		}
		w.live.Start(sl, rec.Players, rec.Specs, text, clock, gameStart)
		w.board.Notify()
		defer func() {
			w.live.End()
			w.board.Notify()
		}()
	}
	if err := w.playMoves(ctx, &s, players, &rec); err != nil {
		return finished{}, err
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
	*line = record.AppendRecordVersion((*line)[:0], &rec, w.text, w.ends, w.version)
	rec.Info = nil
	return finished{rec: rec, line: line}, nil
}

// playMoves plays the game from s to its end, or to a forfeit (which it writes into
// rec). It returns errAborted when ctx is done.
func (w *worker[S]) playMoves(ctx context.Context, s *S, players [2]search.Player[S], rec *record.Record) (err error) {
	g, lim := w.r.Game, w.cfg.Limits
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
			return errAborted
		}
		if err != nil {
			reason, detail := faultReason(err)
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
			budget = moveBudget(clock[seat], lim.TimeControl.Increment)
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
				return errAborted
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
			return errAborted
		}
		if playErr != nil {
			reason, detail := faultReason(playErr)
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
		if course != nil || w.live != nil {
			from := 0
			if n := len(w.ends); n > 1 {
				from = w.ends[n-2]
			}
			turn := w.text[from:w.ends[len(w.ends)-1]]
			if course != nil {
				course.Turns = append(course.Turns, string(turn))
			}
			if w.live != nil {
				w.live.Turn(turn, clock)
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
// player's Play or Prepare: an external engine's fault's (protocol.Fault), or
// ReasonError.
func faultReason(err error) (reason, detail string) {
	if f := protocol.AsFault(err); f != nil {
		return f.Reason, f.Detail
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
// for Run; a player abandoned in the game is left to the goroutine of its Play,
// which closes it when Play returns, after the others.
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
			w.closeErrs.add(fmt.Errorf("game %d: player %s: close: %w", index, names[seat], err))
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

// closeErrors keeps the errors of the players' Close, from every worker: the first
// and how many; and how many players were abandoned.
type closeErrors struct {
	mu        sync.Mutex
	first     error
	n         int
	abandoned int
}

// add records err.
func (c *closeErrors) add(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.first == nil {
		c.first = err
	}
	c.n++
}

// err returns the first error, with the number of others, or nil.
func (c *closeErrors) err() error {
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

// UsesEngines reports whether a player of cfg is an external engine (the cmd kind),
// whose standard error goes to log files (Runner.EngineLogs).
func UsesEngines(cfg *record.Config) bool {
	for _, p := range cfg.Players {
		if sp, err := search.ParseSpec(p.Spec); err == nil && sp.Kind == "cmd" {
			return true
		}
	}
	return false
}

// scoreScales returns the scale of each player's scores by its name (ScoreScale),
// for the adjudication's resign and draw rules; nil when they are off.
func (r *Runner[S]) scoreScales(cfg *record.Config) map[string]int {
	if a := cfg.Adjudication; a == nil || (a.Resign == nil && a.Draw == nil) || r.ScoreScale == nil {
		return nil
	}
	scales := make(map[string]int, len(cfg.Players))
	for _, e := range cfg.Players {
		scales[e.Name] = r.ScoreScale(e.Spec)
	}
	return scales
}

// Runnable is a Runner of some game seen without its state type, for code that
// handles every registered game the same way (the command line).
type Runnable interface {
	// Setup sets the runner's Records, Done and Progress (see Runner).
	Setup(records io.Writer, done []record.Record, progress func(*report.Progress))
	// Run plays the games (see Runner.Run).
	Run(ctx context.Context) (*Result, error)
	// Settings returns the tournament's config.
	Settings() *record.Config
	// Sides returns the names of the game's two sides.
	Sides() [2]string
	// CheckPlayers builds every player once (see CheckPlayers).
	CheckPlayers() error
	// SetEngineLogs sets the directory of the external engines' logs (see
	// Runner.EngineLogs).
	SetEngineLogs(dir string)
}

// Setup sets Records, Done and Progress.
func (r *Runner[S]) Setup(records io.Writer, done []record.Record, progress func(*report.Progress)) {
	r.Records, r.Done, r.Progress = records, done, progress
}

// SetResumed sets Resumed (Session calls it through an interface of its own, so that
// a Runnable need not have it).
func (r *Runner[S]) SetResumed(games *record.GameList) { r.Resumed = games }

// SetEngineLogs sets EngineLogs; the logs of the engines that CheckPlayers started
// (held in memory until then) are written there.
func (r *Runner[S]) SetEngineLogs(dir string) {
	r.EngineLogs = dir
	if r.engines != nil {
		_ = r.engines.SetLogDir(dir) // a log that cannot be opened: the run's logs fail the same way
	}
}

// SetEngineLogLimit sets EngineLogLimit (bytes; 0 keeps all: a negative limit).
func (r *Runner[S]) SetEngineLogLimit(n int64) {
	if n == 0 {
		n = -1
	}
	r.EngineLogLimit = n
}

// enginePool returns the pool of CheckPlayers, or a new one that holds its logs
// until SetEngineLogs when hold is set and there is no EngineLogs yet.
func (r *Runner[S]) enginePool(hold bool) *external.Pool {
	if r.engines != nil {
		return r.engines
	}
	return &external.Pool{LogDir: r.EngineLogs, LogLimit: r.EngineLogLimit, HoldLogs: hold && r.EngineLogs == "", Strict: r.Config.Strict}
}

// SetLive sets Live (Session calls it through an interface of its own, so that a
// Runnable need not have it).
func (r *Runner[S]) SetLive(name string) { r.Live = name }

// Settings returns the runner's config.
func (r *Runner[S]) Settings() *record.Config { return &r.Config }

// Sides returns the names of the game's sides.
func (r *Runner[S]) Sides() [2]string { return r.Game.Sides() }

// CheckPlayers builds every player once with the tournament's limits.
//
// The engines it starts are kept for Run, which plays with them (an engine is not
// started twice); their standard error is held in memory until SetEngineLogs says
// where it goes. A failed check ends them. It checks too that the game can apply
// the tournament's adjudication.
func (r *Runner[S]) CheckPlayers() error {
	if _, err := checkAdjudication(context.Background(), r.Game, r.Config.Adjudication, false); err != nil {
		return err
	}
	if r.engines == nil {
		r.engines = r.enginePool(true)
	}
	templates, err := checkPlayers(context.Background(), &r.Config, r.NewPlayer, r.engines)
	if err == nil {
		asked, games := r.concurrency()
		err = checkTableMemory(&r.Config, templates, asked, games)
	}
	if err != nil {
		_ = r.engines.Close()
		r.engines = nil
	}
	return err
}
