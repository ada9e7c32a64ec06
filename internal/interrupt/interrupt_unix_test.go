//go:build unix

package interrupt

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// TestContext sends each signal to the process and checks the context ends and the
// exit status: 130, 143, 129.
func TestContext(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			parent, rec := WithRecorder(context.Background())
			ctx, stop := Context(parent)
			defer stop()
			if _, ok := rec.ExitStatus(); ok {
				t.Fatal("a signal recorded before any came")
			}
			if err := syscall.Kill(syscall.Getpid(), tc.sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(time.Minute): // generous: it ends at once
				t.Fatal("the context did not end")
			}
			if got, ok := rec.ExitStatus(); !ok || got != tc.want {
				t.Errorf("exit status %d (%v), want %d", got, ok, tc.want)
			}
		})
	}
}

// TestContextStop checks that a stopped context records nothing.
func TestContextStop(t *testing.T) {
	parent, rec := WithRecorder(context.Background())
	ctx, stop := Context(parent)
	stop()
	<-ctx.Done()
	if rec.Signal() != 0 {
		t.Errorf("recorded %v", rec.Signal())
	}
}
