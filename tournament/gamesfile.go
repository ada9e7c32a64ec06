package tournament

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ErrGamesFileExists is the error of OpenGamesFile, wrapped, when the games file
// already holds games and resume is not set.
var ErrGamesFileExists = errors.New("already holds games")

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

// GamesFileWriter is a games file opened by OpenGamesFile, positioned at its end: a
// Runner's Records writer.
type GamesFileWriter struct {
	f       *os.File
	name    string
	created bool
	// Done holds the games already recorded in the file (when resuming), in file
	// order: a Runner's Done.
	Done []Record
}

// OpenGamesFile opens the games file name of the tournament cfg for appending the
// games played:
//
//   - a file that does not exist or is empty is created (with its directory) and
//     gets cfg's header;
//   - a file that holds games is refused with ErrGamesFileExists unless resume is
//     set;
//   - with resume, the file must hold the same tournament (SameTournament) and the
//     same shard (a ResumeError otherwise); its torn last line (a run killed while
//     writing it) is cut off, and its games are in Done.
//
// An error writing the new header or cutting the torn line is a WriteError.
func OpenGamesFile(name string, cfg Config, resume bool) (*GamesFileWriter, error) {
	header := NewHeader(cfg)
	info, statErr := os.Stat(name)
	exists := statErr == nil && info.Size() > 0
	if exists && !resume {
		return nil, fmt.Errorf("games file %s %w", name, ErrGamesFileExists)
	}
	if !exists {
		if dir := filepath.Dir(name); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
		}
		f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return nil, fmt.Errorf("games file: %w", err)
		}
		if err := WriteHeader(f, header); err != nil {
			f.Close()
			os.Remove(name)
			return nil, &WriteError{fmt.Errorf("games file: %w", err)}
		}
		return &GamesFileWriter{f: f, name: name, created: true}, nil
	}
	gf, err := ReadGamesFile(name)
	if err != nil {
		return nil, &ResumeError{err}
	}
	if err := SameTournament(gf.Header, header); err != nil {
		return nil, &ResumeError{fmt.Errorf("%s holds another tournament: %w", name, err)}
	}
	if gf.Header.Shard != cfg.Shard || gf.Header.Shards != cfg.Shards {
		return nil, &ResumeError{fmt.Errorf("%s holds shard %d/%d, not %d/%d", name, gf.Header.Shard, gf.Header.Shards, cfg.Shard, cfg.Shards)}
	}
	f, err := os.OpenFile(name, os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("games file: %w", err)
	}
	if gf.Torn > 0 {
		if err := f.Truncate(gf.ValidSize); err != nil {
			f.Close()
			return nil, &WriteError{fmt.Errorf("games file: cutting the torn last line: %w", err)}
		}
	}
	if _, err := f.Seek(gf.ValidSize, io.SeekStart); err != nil {
		f.Close()
		return nil, &WriteError{err}
	}
	return &GamesFileWriter{f: f, name: name, Done: gf.Games}, nil
}

// Write appends p to the file.
func (w *GamesFileWriter) Write(p []byte) (int, error) { return w.f.Write(p) }

// Created reports whether OpenGamesFile created the file (it held no games).
func (w *GamesFileWriter) Created() bool { return w.created }

// Close closes the file.
func (w *GamesFileWriter) Close() error { return w.f.Close() }

// Discard closes the file and, when OpenGamesFile created it, removes it: a run in
// which no game could start leaves no header-only file behind, which would refuse
// the next run.
func (w *GamesFileWriter) Discard() error {
	err := w.f.Close()
	if w.created {
		return errors.Join(err, os.Remove(w.name))
	}
	return err
}
