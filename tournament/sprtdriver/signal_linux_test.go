package sprtdriver

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestSignalContext sends this process SIGHUP: the context is cancelled, as by
// SIGTERM or Ctrl-C.
func TestSignalContext(t *testing.T) {
	if got := fmt.Sprint(Signals()); got != "[interrupt terminated hangup]" {
		t.Errorf("Signals() = %s", got)
	}
	ctx, stop := SignalContext(context.Background())
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Skip("cannot signal this process:", err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatal("SIGHUP did not cancel the context within a minute")
	}
}
