package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

// StartError is the error of Session.Run when no game could start (a player that
// cannot be built with the limits, say): nothing was played.
type StartError struct{ Err error }

// Error returns the message of the underlying error.
func (e *StartError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *StartError) Unwrap() error { return e.Err }

// A Session is one run of a Runnable with its games recorded in a games file, the
// way a command runs a tournament: a run that can be interrupted and resumed without
// losing or repeating a game.
type Session struct {
	Runner Runnable
	// GamesFile is the games file, "" for none (see record.OpenGamesFile): a new file gets
	// the header; one that holds games is continued when Resume is set, and refused
	// otherwise.
	GamesFile string
	Resume    bool
	// Progress, if not nil, is called after each finished game (see Runner).
	Progress func(*report.Progress)
	// Notef, if not nil, is told, as lines without their newline, where the external
	// engines' standard error goes and, before the games start, the line Describe
	// returns.
	Notef func(format string, args ...any)
	// Describe, if not nil, says what is played, given the games resumed from the
	// games file.
	Describe func(resumed int) string
	// NoLive, when set, keeps no live file (see Run).
	NoLive bool
	// KeepEngineLogs keeps the temporary directory of the engines' logs of a run
	// without a games file (see Run).
	KeepEngineLogs bool
}

// Run plays the runner's games, recorded in the games file, until they are all played
// (or the SPRT decided) or ctx is cancelled: a cancelled run is not an error, its
// result is not Complete and its finished games stay recorded. With a games file, the
// run keeps its live file beside it (LiveFileName; Runner.Live), unless NoLive is
// set: the games in flight, for watchers (Follower). The external engines'
// standard error goes to the directory engines beside the games file, or to a new
// temporary directory without one, which Run removes at its end unless a game was
// lost by a fault (Record.Forfeit), the run failed, or KeepEngineLogs is set: then
// Notef says where it is.
//
// Its errors are ErrResumeWithoutGamesFile, an *OpenError, a *StartError (nothing
// could be played: a games file the session created is removed, so that it does not
// refuse the next run), or an error of the run, with the result of the games that
// were finished when the result is not nil.
func (s *Session) Run(ctx context.Context) (res *Result, err error) {
	var gamesFile *record.GamesFileWriter
	var records io.Writer
	var done []record.Record
	if s.GamesFile != "" {
		var openErr error
		gamesFile, openErr = record.OpenGamesFileContext(ctx, s.GamesFile, *s.Runner.Settings(), s.Resume)
		if ctxErr := ctx.Err(); openErr != nil && ctxErr != nil && errors.Is(openErr, ctxErr) {
			return nil, &LoadInterrupted{Err: openErr}
		}
		if openErr != nil {
			return nil, &OpenError{openErr}
		}
		defer gamesFile.Close()
		records, done = gamesFile, gamesFile.Done
		if s.Resume && !gamesFile.Created() && ctx.Err() != nil {
			return nil, &LoadInterrupted{Err: ctx.Err()} // nothing is played
		}
	} else if s.Resume {
		return nil, ErrResumeWithoutGamesFile
	}
	if UsesEngines(s.Runner.Settings()) {
		dir := filepath.Join(filepath.Dir(s.GamesFile), "engines")
		if s.GamesFile == "" {
			tmp, mkErr := os.MkdirTemp("", "colony-engines-")
			if mkErr != nil {
				return nil, fmt.Errorf("engine logs: %w", mkErr)
			}
			dir = tmp
			defer func() { s.endTempLogs(dir, res, err) }()
		}
		s.Runner.SetEngineLogs(dir)
		s.notef("the engines' standard error goes to %s", filepath.Join(dir, "NAME-SLOT.log"))
	}
	s.Runner.Setup(records, done, s.Progress)
	if r, ok := s.Runner.(interface{ SetResumed(*record.GameList) }); ok && gamesFile != nil && gamesFile.Resumed != nil {
		r.SetResumed(gamesFile.Resumed)
	}
	if l, ok := s.Runner.(interface{ SetLive(name string) }); ok && gamesFile != nil && !s.NoLive {
		l.SetLive(record.LiveFileName(s.GamesFile))
	}
	if s.Describe != nil {
		s.notef("%s", s.Describe(resumedGames(gamesFile)))
	}
	res, err = s.Runner.Run(ctx)
	if res == nil {
		// Leave no header-only games file behind, which would refuse the next run.
		if gamesFile != nil {
			gamesFile.Discard()
		}
		return nil, &StartError{err}
	}
	if errors.Is(err, context.Canceled) {
		return res, nil
	}
	return res, err
}

// endTempLogs removes dir, the temporary directory of the engines' logs, unless the
// run (res, err) had a game lost by a fault, failed, or KeepEngineLogs is set: then
// it says where the logs are.
func (s *Session) endTempLogs(dir string, res *Result, err error) {
	why := ""
	switch {
	case s.KeepEngineLogs:
		why = "as asked"
	case err != nil:
		why = "the run failed"
	case res != nil:
		if n := res.Summaries.Forfeits(); n > 0 {
			why = fmt.Sprintf("%d game(s) lost by a fault", n)
		}
	}
	if why != "" {
		s.notef("the engines' logs are kept in %s (%s)", dir, why)
		return
	}
	_ = os.RemoveAll(dir)
}

// notef tells Notef, if there is one.
func (s *Session) notef(format string, args ...any) {
	if s.Notef != nil {
		s.Notef(format, args...)
	}
}

// ErrResumeWithoutGamesFile is the error of Session.Run when it is to resume a run
// but has no games file.
var ErrResumeWithoutGamesFile = errors.New("resuming needs the games file")

// OpenError is the error of Session.Run when its games file could not be opened:
// Err is record.OpenGamesFile's (record.ErrGamesFileExists, record.ErrGamesFileInUse, a *record.ResumeError, a
// *record.WriteError or another).
type OpenError struct{ Err error }

// Error returns the message of the underlying error.
func (e *OpenError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *OpenError) Unwrap() error { return e.Err }

// LoadInterrupted is the error of Session.Run when its context was done while it read
// the games file to resume: no game was played.
type LoadInterrupted struct{ Err error }

// Error says that the run was interrupted while reading the games file.
func (e *LoadInterrupted) Error() string {
	return "interrupted while reading the games file to resume: no game was played"
}

// Unwrap returns the context's error.
func (e *LoadInterrupted) Unwrap() error { return e.Err }

// resumedGames returns the number of games that w held when it was opened (0 for nil).
func resumedGames(w *record.GamesFileWriter) int {
	if w == nil {
		return 0
	}
	if w.Resumed != nil {
		return w.Resumed.Len()
	}
	return len(w.Done)
}
