package match

import (
	"context"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// PlayerFactory builds a fresh player from a spec string (the runner has already
// added its seed and limits to the spec). A game's two players are built for it
// alone, so players may keep state between the turns of one game.
type PlayerFactory[S any] func(spec string, opts search.Options) (search.Player[S], error)

// Games is a game and the factory of its players, seen without the game's state
// type: what a tournament needs of a game to play its games (Bind makes one). Its
// methods are called once a run or once a worker, never once a move, so a runner
// over Games plays as fast as one over the game's own type.
type Games interface {
	// Name returns the game's name; Sides the names of its two sides.
	Name() string
	Sides() [2]string
	// CheckPlayers builds every player of cfg once, with the tournament's limits, so
	// that a spec that cannot be played fails before any game starts, and closes
	// each at once. A player that is a search.Preparer is prepared too (an external
	// engine is started and asked to start a game), within CheckTimeout or until ctx
	// ends. env lends the players what outlives them (an engine process pool). It
	// returns the players' templates, by index in cfg.Players.
	CheckPlayers(ctx context.Context, cfg *record.Config, env search.Env) ([]Template, error)
	// CheckAdjudication checks that the game can apply a (its rules need what the
	// game offers), without building anything.
	CheckAdjudication(a *record.Adjudication) error
	// Prepare readies the games of a run of cfg: it checks the adjudication and
	// builds its endgame database when Exact asks for one, and reads the openings.
	// doneIn counts the games of a round that an earlier run played (the workers
	// share each round's opening among the games that start from it); it is called
	// only while the games are played.
	Prepare(ctx context.Context, cfg *record.Config, doneIn func(round int) int) (Plan, error)
	// Movers returns, for the games of cfg, the side to move in the opening of each
	// round (0 or 1): the first player of its games.
	Movers(cfg *record.Config) (func(round int) (int, error), error)
}

// Plan is a run of a tournament on one game, ready to be played (Games.Prepare).
type Plan interface {
	// NewWorker returns a worker that plays the run's games one after another.
	NewWorker(o WorkerOptions) Worker
}

// Worker plays games one after another on the caller's goroutine, keeping its
// buffers and its players' tables from game to game.
type Worker interface {
	// Play plays the game of slot sl and returns it, or ErrAborted when ctx ended it
	// (it is not recorded). The game's players are closed when Play returns,
	// whatever ends the game (see WorkerOptions.Closes), except an abandoned one.
	Play(ctx context.Context, sl record.Slot) (Finished, error)
	// Free gives the memory of the worker's tables back to the budget: call it when
	// the worker is done.
	Free()
}

// WorkerOptions are what a Worker is lent by its run.
type WorkerOptions struct {
	// Templates are the players' spec templates, by index in the config's Players
	// (Games.CheckPlayers).
	Templates []Template
	// Env lends the players what outlives them: the run's engine processes and the
	// slot's CPUs.
	Env search.Env
	// Version is the games file's version the records' lines are written in
	// (record.RecordVersion for the current one).
	Version int
	// Observer, if not nil, is told of the games as they are played (a live file).
	Observer Observer
	// Faults, if not nil, classifies the error of a player's Play or Prepare: the
	// reason and detail of the game it loses (an external engine's fault, say), and
	// whether it knew the error. Errors it does not know lose with
	// record.ReasonError and the error's text.
	Faults func(err error) (reason, detail string, ok bool)
	// Closes collects the errors of the players' Close and counts the abandoned
	// players, for every worker of the run; it must not be nil.
	Closes *Closes
}

// Observer is told of a worker's games as they are played, from the worker's
// goroutine.
type Observer interface {
	// Started: the game of slot sl starts from opening, between players (by their
	// names and specs, by seat), with clock on each side's clock (zero without a
	// time control), at now.
	Started(sl record.Slot, players, specs [2]string, opening string, clock [2]time.Duration, now time.Time)
	// Turn: a turn was played, its notation text (valid during the call alone), with
	// clock left on the clocks.
	Turn(text []byte, clock [2]time.Duration)
	// Ended: the game is over (or abandoned).
	Ended()
}

// Template is a player's spec template (record.SpecTemplate) with the memory of its
// table.
type Template struct {
	record.SpecTemplate
	// TableBytes is the memory of the player's table (search.TableBytes).
	TableBytes uint64
}

// Bind returns the Games of g with the players of newPlayer; scale, if not nil,
// returns the scale of the scores of the player of a spec: how many units of its
// search's score make one of the game's points (100 for evaluations in hundredths
// and for external engines; 1 for an evaluation in points). The adjudication's
// resign and draw rules read each player's scores in points with it. Nil, or a
// scale below 1, means 1: the scores are points.
func Bind[S any](g game.Game[S], newPlayer PlayerFactory[S], scale func(spec string) int) Games {
	return &games[S]{g: g, newPlayer: newPlayer, scale: scale}
}

// games is the Games of a state type.
type games[S any] struct {
	g         game.Game[S]
	newPlayer PlayerFactory[S]
	scale     func(spec string) int
}

func (x *games[S]) Name() string     { return x.g.Name() }
func (x *games[S]) Sides() [2]string { return x.g.Sides() }

func (x *games[S]) CheckPlayers(ctx context.Context, cfg *record.Config, env search.Env) ([]Template, error) {
	return checkPlayers(ctx, cfg, x.newPlayer, env)
}

func (x *games[S]) CheckAdjudication(a *record.Adjudication) error {
	_, err := checkAdjudication(context.Background(), x.g, a, false)
	return err
}

func (x *games[S]) Prepare(ctx context.Context, cfg *record.Config, doneIn func(round int) int) (Plan, error) {
	endgames, err := checkAdjudication(ctx, x.g, cfg.Adjudication, true)
	if err != nil {
		return nil, err
	}
	book, err := newOpeningBook(x.g, cfg)
	if err != nil {
		return nil, err
	}
	return &plan[S]{
		x:        x,
		cfg:      cfg,
		endgames: endgames,
		scales:   x.scoreScales(cfg),
		openings: newOpeningCache(book, cfg.RunSchedule(), doneIn),
	}, nil
}

func (x *games[S]) Movers(cfg *record.Config) (func(round int) (int, error), error) {
	book, err := newOpeningBook(x.g, cfg)
	if err != nil {
		return nil, err
	}
	var maker openingMaker[S]
	return func(round int) (int, error) {
		s, err := book.opening(round, &maker)
		if err != nil {
			return 0, err
		}
		return x.g.ToMove(&s), nil
	}, nil
}

// scoreScales returns the scale of each player's scores by its name (Bind's scale),
// for the adjudication's resign and draw rules; nil when they are off.
func (x *games[S]) scoreScales(cfg *record.Config) map[string]int {
	if a := cfg.Adjudication; a == nil || (a.Resign == nil && a.Draw == nil) || x.scale == nil {
		return nil
	}
	scales := make(map[string]int, len(cfg.Players))
	for _, e := range cfg.Players {
		scales[e.Name] = x.scale(e.Spec)
	}
	return scales
}

// plan is the Plan of a state type.
type plan[S any] struct {
	x        *games[S]
	cfg      *record.Config
	endgames game.EndgameTable[S]
	scales   map[string]int
	openings *openingCache[S]
}

func (p *plan[S]) NewWorker(o WorkerOptions) Worker {
	w := &worker[S]{g: p.x.g, newPlayer: p.x.newPlayer, cfg: p.cfg, openings: p.openings, opts: o, tables: new(search.Tables)}
	w.referee = game.NewReferee(p.x.g)
	w.adj = newAdjudicator(p.x.g, p.cfg.Adjudication, p.endgames, p.scales)
	return w
}
