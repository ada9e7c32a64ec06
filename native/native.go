// Package native is the toolkit as a library for programs in other languages: the
// registered games, their states and their players behind opaque integer handles,
// with errors as codes and messages. Its functions are what the C ABI of the shared
// library (cmd/libcolony, built with go build -buildmode=c-shared) exports one for
// one, and what Python's colony_ai package (python/) calls through it.
//
// A Library is a table of handles: a caller opens a game by the name the command line
// uses ("kalah:6x4,capture=nonempty"), makes states of it and steps them a decision
// at a time, builds players from specs as analyze --player takes them and asks them
// to think. A handle is a positive integer that names one object until it is freed;
// no Go pointer ever leaves the package, so the caller keeps nothing the garbage
// collector must know of. Every method is safe for concurrent use; operations on one
// state or player are serialised by a lock of its own, so that threads working on
// different handles never wait for each other's work.
//
// The methods never panic on bad input: a handle that names nothing (or an object of
// another kind), an action that is not legal, a bad game name or spec are errors of
// type *Error, whose Code says what kind of error it is and whose message is the
// game's own. The exported functions of cmd/libcolony turn a panic that escapes a
// method (a bug) into an error as well.
package native

import (
	"errors"
	"fmt"
	"sync"

	"github.com/colony-ai/colony/catalog"
)

// Code is the kind of an error, as the C ABI returns it: 0 for no error, negative
// for an error.
type Code int32

// The codes of the C ABI.
const (
	// OK: no error.
	OK Code = 0
	// Failed: the operation failed; the message says why (a bad game name, position,
	// spec, a failed search).
	Failed Code = -1
	// Short: an output buffer is too small; the size needed is returned beside.
	Short Code = -2
	// BadHandle: the handle names no object of the kind the function takes (never
	// made, freed, or of another kind).
	BadHandle Code = -3
	// Illegal: an action or turn that is not legal in the state.
	Illegal Code = -4
	// Panic: the library caught a panic (a bug): the message holds it.
	Panic Code = -5
	// BadArgument: an argument out of range (a player other than 0 or 1, a negative
	// size).
	BadArgument Code = -6
)

// Error is an error of the library: its Code and its message.
type Error struct {
	Code Code
	Err  error
}

// Error returns the message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error of code c with the formatted message.
func errorf(c Code, format string, args ...any) *Error {
	return &Error{Code: c, Err: fmt.Errorf(format, args...)}
}

// failed returns err as an *Error: itself when it is one, code Illegal when it wraps
// catalog.ErrIllegal, Failed otherwise.
func failed(err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	if errors.Is(err, catalog.ErrIllegal) {
		return &Error{Code: Illegal, Err: err}
	}
	return &Error{Code: Failed, Err: err}
}

// CodeOf returns the code of err: OK for nil, the code of an *Error, Failed for any
// other error.
func CodeOf(err error) Code {
	if err == nil {
		return OK
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Failed
}

// Library is a table of handles to games, states and players. The zero Library is
// not ready: make one with New.
type Library struct {
	mu      sync.RWMutex
	next    int64
	objects map[int64]any
}

// New returns an empty Library.
func New() *Library { return &Library{objects: map[int64]any{}} }

// add stores o under a new handle and returns it.
func (l *Library) add(o any) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next++
	l.objects[l.next] = o
	return l.next
}

// get returns the object of handle h as a T, or a BadHandle error naming kind.
func get[T any](l *Library, h int64, kind string) (T, error) {
	l.mu.RLock()
	o, ok := l.objects[h]
	l.mu.RUnlock()
	t, isT := o.(T)
	switch {
	case !ok:
		return t, errorf(BadHandle, "handle %d: no %s (never made, or closed)", h, kind)
	case !isT:
		return t, errorf(BadHandle, "handle %d: not a %s", h, kind)
	}
	return t, nil
}

// Free frees the object of handle h: a game (its states, players and vectors stay
// usable), a state, a player, which is closed (an external engine's process ends), or
// a vector, whose workers stop. A handle that names nothing is a BadHandle error.
func (l *Library) Free(h int64) error {
	l.mu.Lock()
	o, ok := l.objects[h]
	delete(l.objects, h)
	l.mu.Unlock()
	if !ok {
		return errorf(BadHandle, "handle %d: nothing to free (never made, or closed)", h)
	}
	if p, ok := o.(*playerObject); ok {
		p.mu.Lock()
		defer p.mu.Unlock()
		return failed(p.p.Close())
	}
	if v, ok := o.(*vectorObject); ok {
		return v.free()
	}
	return nil
}

// Len returns the number of live handles (for tests of leaks).
func (l *Library) Len() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return len(l.objects)
}
