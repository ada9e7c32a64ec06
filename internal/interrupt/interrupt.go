// Package interrupt stops a command's work on the signals that ask a program to end
// (Ctrl-C, SIGTERM, SIGHUP of a closed terminal or SSH session) and remembers which
// one came, for the exit status: 128 plus its number, as shells report it.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// Recorder holds the first signal that interrupted a context of Context.
type Recorder struct{ number atomic.Int32 }

// recorderKey is the context key of the Recorder.
type recorderKey struct{}

// WithRecorder returns ctx carrying a new Recorder, which the contexts Context derives
// from it fill.
func WithRecorder(ctx context.Context) (context.Context, *Recorder) {
	r := new(Recorder)
	return context.WithValue(ctx, recorderKey{}, r), r
}

// Signal returns the signal recorded, 0 for none.
func (r *Recorder) Signal() syscall.Signal { return syscall.Signal(r.number.Load()) }

// ExitStatus returns the exit status of a program ended by the signal recorded (128
// plus its number: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), and false when
// no signal came.
func (r *Recorder) ExitStatus() (int, bool) {
	sig := r.Signal()
	return 128 + int(sig), sig != 0
}

// Context returns a context of parent cancelled by the first Ctrl-C, SIGTERM or
// SIGHUP, which it records in parent's Recorder (if any), and the function that stops
// listening. Only the first signal is caught: a second Ctrl-C ends the program at
// once, as usual, when something the program waits for does not stop.
func Context(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		defer signal.Stop(signals)
		select {
		case sig := <-signals:
			if r, ok := parent.Value(recorderKey{}).(*Recorder); ok {
				if s, ok := sig.(syscall.Signal); ok {
					r.number.CompareAndSwap(0, int32(s))
				}
			}
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
