//go:build unix

package report

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestStandingsOnSignal(t *testing.T) {
	cfg, games := handGames()
	var w strings.Builder
	s := &Standings{W: &w, Display: NewProgressDisplay(&w, "off"), Config: &cfg}
	stop := s.OnSignal(syscall.SIGUSR1)
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
		t.Skip("cannot signal this process:", err)
	}
	for deadline := time.Now().Add(5 * time.Second); !s.wanted.Load(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the signal did not request the standings")
		}
	}
	s.Progress(&Progress{Done: 6, Total: 6, Games: games})
	if !strings.HasPrefix(w.String(), "\n--- standings after 6 games ---\n") {
		t.Errorf("wrote %q", w.String())
	}
}
