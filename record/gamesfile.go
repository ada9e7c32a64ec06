package record

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrGamesFileExists is the error of OpenGamesFile, wrapped, when the games file
// already holds games and resume is not set.
var ErrGamesFileExists = errors.New("already holds games")

// ErrGamesFileInUse is the error of OpenGamesFile, wrapped, when another run holds the
// games file (a file has one writer: OpenGamesFile takes an exclusive lock on it for
// as long as the writer is open).
var ErrGamesFileInUse = errors.New("is in use by another run (a games file has one writer; wait for it to end, or use another file)")

// ResumeError is the error of OpenGamesFile when the games file cannot be resumed:
// it cannot be read, or it holds another tournament or another shard.
type ResumeError struct{ Err error }

// Error returns the message of the underlying error.
func (e *ResumeError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ResumeError) Unwrap() error { return e.Err }

// WriteError is the error of OpenGamesFile when the games file was opened but could
// not be written: its header, or cutting its torn last line.
type WriteError struct{ Err error }

// Error returns the message of the underlying error.
func (e *WriteError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *WriteError) Unwrap() error { return e.Err }

// GamesFileWriter is a games file opened by OpenGamesFile, positioned at its end,
// for appending the lines of the games played (a tournament runner's Records).
type GamesFileWriter struct {
	f       *os.File
	name    string
	created bool
	// made reports that the path did not exist before: Discard may remove it. A file
	// that existed (empty) is only emptied again.
	made bool
	// Done holds the games already recorded in the file (when resuming), in file
	// order, without their moves, per-move figures and specs: a runner's games done.
	// It is nil when the file holds more than MaxKeptRecords games: Resumed holds
	// them all.
	Done []Record
	// Resumed holds the games already recorded in the file as summaries, in file
	// order.
	Resumed *GameList
	// version is the version of the file's lines (its header's).
	version int
}

// Versioner is a writer of a games file's lines (a tournament runner's Records) that
// takes them in a version of its own: RecordVersion returns that version. Without it a
// runner writes the current version (the constant RecordVersion). It exists for
// GamesFileWriter, which appends to a resumed older file in that file's version.
type Versioner interface {
	RecordVersion() int
}

var _ Versioner = (*GamesFileWriter)(nil)

// RecordVersion returns the version of the games file's format that the file is
// written in: RecordVersion for a new file, the file's own for a resumed one (a run
// appends to an older file in its version).
func (w *GamesFileWriter) RecordVersion() int { return w.version }

// OpenGamesFile opens the games file name of the tournament cfg for appending the
// games played:
//
//   - a file that does not exist is created (with its directory) and gets cfg's
//     header; an existing empty file gets the header too, and is never removed,
//     even when writing the header fails;
//   - what is not a regular file is refused (checkGamesFileKind): a named pipe, a
//     directory, a device such as /dev/null (which would lose every game);
//   - a file that holds games is refused with ErrGamesFileExists unless resume is
//     set;
//   - with resume, the file must hold the same tournament (SameTournament) and the
//     same shard, and every record must be a game of it (Header.CheckRecord): a
//     ResumeError otherwise, naming the file (and the line); its torn last line (a
//     run killed while writing it) is cut off, and its games are in Done.
//
// The file is opened for appending and locked (an exclusive advisory lock, flock) for
// as long as the writer is open: a second run on it is refused with
// ErrGamesFileInUse, and nothing is read or written before the lock is held. Where
// the file system has no locks, the file is used without one.
//
// An error writing the new header or cutting the torn line is a WriteError.
func OpenGamesFile(name string, cfg Config, resume bool) (*GamesFileWriter, error) {
	return OpenGamesFileContext(context.Background(), name, cfg, resume)
}

// OpenGamesFileContext is OpenGamesFile, reading the games of a resumed file one at
// a time (ScanGamesFile) until ctx is done: then it returns ctx's error.
func OpenGamesFileContext(ctx context.Context, name string, cfg Config, resume bool) (*GamesFileWriter, error) {
	header := NewHeader(cfg)
	if err := checkGamesFileKind(name); err != nil {
		return nil, err
	}
	_, statErr := os.Stat(name)
	existed := statErr == nil                        // an empty file is used, never removed
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND // records are appended, never written at an offset
	if !existed {
		if dir := filepath.Dir(name); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
		}
		flags |= os.O_EXCL // what this run creates, it may remove
	}
	f, err := os.OpenFile(name, flags, 0o644)
	if err != nil {
		if !existed && errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("games file %s %w", name, ErrGamesFileInUse) // made by another run meanwhile
		}
		return nil, fmt.Errorf("games file: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("games file %s %w", name, ErrGamesFileInUse)
		}
		return nil, fmt.Errorf("games file %s: locking it: %w", name, err)
	}
	// Under the lock, what the file holds is this run's to judge.
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("games file: %w", err)
	}
	if info.Size() == 0 {
		if err := WriteHeader(f, header); err != nil {
			f.Close()
			if !existed {
				os.Remove(name)
			}
			return nil, &WriteError{fmt.Errorf("games file: %w", err)}
		}
		return &GamesFileWriter{f: f, name: name, created: true, made: !existed, version: header.Version}, nil
	}
	if !resume {
		f.Close()
		return nil, fmt.Errorf("games file %s %w", name, ErrGamesFileExists)
	}
	ld := &resumeLoad{name: name, line: 1, games: NewGameListOf(&cfg)}
	gf, err := ScanGamesFile(ctx, name, func(h *Header) error {
		if err := SameTournament(*h, header); err != nil {
			return fmt.Errorf("%s holds another tournament: %w", name, err)
		}
		if h.Shard != cfg.Shard || h.Shards != cfg.Shards {
			return fmt.Errorf("%s holds shard %d/%d, not %d/%d", name, h.Shard, h.Shards, cfg.Shard, cfg.Shards)
		}
		ld.header = h
		return nil
	}, ld.game)
	if err != nil {
		f.Close()
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			return nil, err
		}
		return nil, &ResumeError{err}
	}
	if gf.Torn > 0 {
		if err := f.Truncate(gf.ValidSize); err != nil {
			f.Close()
			return nil, &WriteError{fmt.Errorf("games file: cutting the torn last line: %w", err)}
		}
	}
	return &GamesFileWriter{f: f, name: name, Done: ld.records, Resumed: ld.games, version: gf.Header.Version}, nil
}

// resumeLoad keeps the games of a resumed games file as they are read.
type resumeLoad struct {
	header  *Header // the file's
	name    string  // the file
	line    int     // the line of the last record read
	games   *GameList
	records []Record // while there are at most MaxKeptRecords
	full    bool     // records dropped
}

// game keeps one game of the file (called for each, in file order, with ld.header
// the file's header): every record of a resumed file passes here.
func (ld *resumeLoad) game(r *Record) error {
	ld.line++ // game lines follow the header
	if err := ld.header.CheckRecord(r); err != nil {
		return fmt.Errorf("%s:%d: %w", ld.name, ld.line, err)
	}
	if err := ld.games.Add(r); err != nil {
		return err
	}
	if ld.full {
		return nil
	}
	if len(ld.records) == MaxKeptRecords {
		ld.records, ld.full = nil, true
		return nil
	}
	r.Moves, r.Info, r.Specs = nil, nil, [2]string{} // the run does not need them
	ld.records = append(ld.records, *r)
	return nil
}

// Name returns the file's name, as OpenGamesFile was given it.
func (w *GamesFileWriter) Name() string { return w.name }

// Write appends p to the file.
func (w *GamesFileWriter) Write(p []byte) (int, error) { return w.f.Write(p) }

// Created reports whether OpenGamesFile created the file (it held no games).
func (w *GamesFileWriter) Created() bool { return w.created }

// Close closes the file.
func (w *GamesFileWriter) Close() error { return w.f.Close() }

// Discard closes the file and undoes what OpenGamesFile did to a file that held no
// games, so that the next run starts it afresh: a file it made is removed, an empty
// file it wrote the header into is emptied again (never removed: the run did not make
// it), and a resumed file is left as it is. A run in which no game could start calls
// it.
func (w *GamesFileWriter) Discard() error {
	if w.created && !w.made {
		if info, err := w.f.Stat(); err == nil && info.Mode().IsRegular() {
			if err := w.f.Truncate(0); err != nil {
				return errors.Join(err, w.f.Close())
			}
		}
	}
	err := w.f.Close()
	if w.made {
		return errors.Join(err, os.Remove(w.name))
	}
	return err
}

// checkGamesFileKind refuses, before anything is opened, a games file name that
// cannot be one: a symbolic link to nothing (it would be taken for a file another
// run has just made), a named pipe or socket (opening a pipe waits for a reader
// forever, and a games file is read back on resume), a device (/dev/null would take
// every game and keep none) or a directory. A regular file and a name that does not
// exist yet are fine.
func checkGamesFileKind(name string) error {
	linfo, err := os.Lstat(name)
	if err != nil {
		return nil // nothing there yet: OpenGamesFile creates it
	}
	info := linfo
	if linfo.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(name)
		info, err = os.Stat(name)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("games file %s is a symbolic link to %s, which does not exist: create that file (or its directory), or name another games file", name, target)
		}
		if err != nil {
			return fmt.Errorf("games file: %w", err)
		}
	}
	mode := info.Mode()
	switch {
	case mode.IsRegular():
		return nil
	case mode.IsDir():
		return fmt.Errorf("games file %s is a directory (--out names a directory; --games-file a file)", name)
	case mode&fs.ModeNamedPipe != 0:
		return fmt.Errorf("games file %s is a named pipe: a games file must be a regular file, since a run appends to it and --resume, merge and replay read it back", name)
	case mode&fs.ModeDevice != 0:
		return fmt.Errorf("games file %s is a device: a games file must be a regular file, which keeps the games a run appends to it (for --resume, merge and replay); for no games file, give no --games-file", name)
	}
	return fmt.Errorf("games file %s is not a regular file (%v): a games file must be one", name, mode.Type())
}
