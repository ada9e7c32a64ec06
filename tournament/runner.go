package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/colony-ai/colony/external"
	"github.com/colony-ai/colony/match"
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
type Runner struct {
	// Games is the game and its players (match.Bind).
	Games  match.Games
	Config record.Config
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

// Run plays the games of the schedule that are not done. It returns when all are
// played, the SPRT decides or ctx is done; games cut short by ctx are not recorded
// (a later run with Done set plays them). The error is not nil when a game could not
// be set up (a bad opening, a player that cannot be built) or a record could not be
// written; games already finished stay recorded.
func (r *Runner) Run(ctx context.Context) (*Result, error) {
	cfg := r.Config
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if r.Games == nil {
		return nil, errors.New("tournament: no game")
	}
	// The check's engines are the games' (each process is started once): those
	// CheckPlayers started, or new ones. They live as long as the run: Close ends
	// those kept (the players of games in flight have given theirs back when Run
	// returns).
	engines := r.enginePool(false)
	r.engines = nil // a later Run starts its own
	defer engines.Close()
	templates, err := r.Games.CheckPlayers(ctx, &cfg, external.WithPool(search.Env{}, engines))
	if err != nil {
		return nil, err
	}
	// The schedule is never built: the workers take the games of this run by their
	// rank in it (a run of ten million games holds one bit per game).
	schedule := cfg.RunSchedule()
	// The games of Done by index: one bit per game up to the last done.
	var done record.IndexSet
	plan, err := r.Games.Prepare(ctx, &cfg, func(round int) int {
		per := 2 * len(schedule.Pairings())
		return done.Count(round*per, (round+1)*per)
	})
	if err != nil {
		return nil, err
	}
	total := schedule.Len()
	c := record.NewCollector(&cfg, total)
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
	results := make(chan []match.Finished, 2*n)
	g, gctx := errgroup.WithContext(runCtx)
	version := record.RecordVersion
	if v, ok := r.Records.(record.Versioner); ok {
		version = v.RecordVersion()
	}
	var closes match.Closes
	for i := range n {
		o := match.WorkerOptions{Templates: templates, Env: external.WithPool(search.Env{}, engines),
			Version: version, Faults: faultReason, Closes: &closes}
		if cpuSets != nil {
			o.Env = external.WithCPUs(o.Env, cpuSets[i])
		}
		if board != nil {
			o.Observer = liveObserver{board, board.Slot(i)}
		}
		w := plan.NewWorker(o)
		g.Go(func() error {
			var batch []match.Finished
			var batchStart time.Time
			// The tables' memory goes back to the budget when the worker is done
			// (those of an abandoned player's game when it is collected).
			defer w.Free()
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
				f, err := w.Play(gctx, sl)
				if errors.Is(err, match.ErrAborted) {
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
		var batch []match.Finished
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
			if writeErr != nil {
				break
			}
			if out != nil {
				_, err := out.Write(*f.Line)
				f.Release()
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
				f.Release()
			}
			played++
			if err := c.Add(f.Record); err != nil {
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
	res.Abandoned = closes.Abandoned()
	res.EnginesKilled = killed
	if board != nil {
		final := record.LiveStopped
		if res.Complete {
			final = record.LiveFinished
		}
		res.LiveError = board.Close(final)
	}
	return res, errors.Join(err, writeErr, closes.Err())
}

// addDone counts the games of an earlier run (Resumed, or Done) in c and done, and
// returns their number.
func (r *Runner) addDone(c *record.Collector, done *record.IndexSet) (int, error) {
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
// external engine is started and asked to start a game), within
// match.CheckTimeout.
func CheckPlayers(cfg *record.Config, g match.Games) error {
	engines := &external.Pool{Strict: cfg.Strict}
	_, err := g.CheckPlayers(context.Background(), cfg, external.WithPool(search.Env{}, engines))
	_ = engines.Close() // in parallel: an engine killed after quit costs a second, not one each
	return err
}

// whose standard error goes to log files (Runner.EngineLogs).
func UsesEngines(cfg *record.Config) bool {
	for _, p := range cfg.Players {
		if sp, err := search.ParseSpec(p.Spec); err == nil && sp.Kind == "cmd" {
			return true
		}
	}
	return false
}

// Runnable is what a Session runs: a Runner, or a runner of the caller's that
// plays the same way.
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
func (r *Runner) Setup(records io.Writer, done []record.Record, progress func(*report.Progress)) {
	r.Records, r.Done, r.Progress = records, done, progress
}

// SetResumed sets Resumed (Session calls it through an interface of its own, so that
// a Runnable need not have it).
func (r *Runner) SetResumed(games *record.GameList) { r.Resumed = games }

// SetEngineLogs sets EngineLogs; the logs of the engines that CheckPlayers started
// (held in memory until then) are written there.
func (r *Runner) SetEngineLogs(dir string) {
	r.EngineLogs = dir
	if r.engines != nil {
		_ = r.engines.SetLogDir(dir) // a log that cannot be opened: the run's logs fail the same way
	}
}

// SetEngineLogLimit sets EngineLogLimit (bytes; 0 keeps all: a negative limit).
func (r *Runner) SetEngineLogLimit(n int64) {
	if n == 0 {
		n = -1
	}
	r.EngineLogLimit = n
}

// enginePool returns the pool of CheckPlayers, or a new one that holds its logs
// until SetEngineLogs when hold is set and there is no EngineLogs yet.
func (r *Runner) enginePool(hold bool) *external.Pool {
	if r.engines != nil {
		return r.engines
	}
	return &external.Pool{LogDir: r.EngineLogs, LogLimit: r.EngineLogLimit, HoldLogs: hold && r.EngineLogs == "", Strict: r.Config.Strict}
}

// SetLive sets Live (Session calls it through an interface of its own, so that a
// Runnable need not have it).
func (r *Runner) SetLive(name string) { r.Live = name }

// Settings returns the runner's config.
func (r *Runner) Settings() *record.Config { return &r.Config }

// Sides returns the names of the game's sides.
func (r *Runner) Sides() [2]string { return r.Games.Sides() }

// CheckPlayers builds every player once with the tournament's limits.
//
// The engines it starts are kept for Run, which plays with them (an engine is not
// started twice); their standard error is held in memory until SetEngineLogs says
// where it goes. A failed check ends them. It checks too that the game can apply
// the tournament's adjudication.
func (r *Runner) CheckPlayers() error {
	if err := r.Games.CheckAdjudication(r.Config.Adjudication); err != nil {
		return err
	}
	if r.engines == nil {
		r.engines = r.enginePool(true)
	}
	templates, err := r.Games.CheckPlayers(context.Background(), &r.Config, external.WithPool(search.Env{}, r.engines))
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

// faultReason is the runner's match.WorkerOptions.Faults: the reason and detail of
// a game lost by an external engine's fault (protocol.Fault: "stalled", "crashed",
// "disconnected", ...).
func faultReason(err error) (reason, detail string, ok bool) {
	if f := protocol.AsFault(err); f != nil {
		return f.Reason, f.Detail, true
	}
	return "", "", false
}

// liveObserver tells a worker's games to its slot of the live board.
type liveObserver struct {
	board *record.LiveBoard
	slot  *record.LiveSlot
}

func (o liveObserver) Started(sl record.Slot, players, specs [2]string, opening string, clock [2]time.Duration, now time.Time) {
	o.slot.Start(sl, players, specs, opening, clock, now)
	o.board.Notify()
}

func (o liveObserver) Turn(text []byte, clock [2]time.Duration) { o.slot.Turn(text, clock) }

func (o liveObserver) Ended() {
	o.slot.End()
	o.board.Notify()
}
