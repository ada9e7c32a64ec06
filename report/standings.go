package report

// What a command line shows of a running tournament besides its progress: the
// standings on request (a signal), the lines of a finished run and its warnings.

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"

	"github.com/colony-ai/colony/record"
)

// Standings writes a running tournament's standings when asked: after Request, the
// next Progress clears the progress display and writes "--- standings after <n>
// games ---" and the report of the games finished so far (Report.WriteText). The
// zero value is not usable: W, Display and Config must be set.
type Standings struct {
	// W is where the standings go (standard error), Display the run's progress
	// display on it.
	W       io.Writer
	Display *ProgressDisplay
	// Config is the tournament's, Sides the game's side names (see Summarize).
	Config *record.Config
	Sides  [2]string
	wanted atomic.Bool
}

// Request asks for the standings at the next Progress; it is safe to call from any
// goroutine.
func (s *Standings) Request() { s.wanted.Store(true) }

// Progress writes the standings after p when they were requested since the last
// time; it is a tournament run's Progress function. Standings that cannot
// be summarized, or written, are skipped: they are a courtesy of a running
// tournament.
func (s *Standings) Progress(p *Progress) {
	if !s.wanted.Swap(false) {
		return
	}
	var rep *Report
	var err error
	if p.Summaries != nil {
		rep, err = SummarizeGames(s.Config, p.Summaries, s.Sides, p.SPRT)
	} else {
		rep, err = Summarize(s.Config, p.Games, s.Sides, p.SPRT)
	}
	if err != nil {
		return
	}
	s.Display.Clear()
	fmt.Fprintf(s.W, "\n--- standings after %d games ---\n", p.Done)
	_ = rep.WriteText(s.W)
}

// OnSignal makes each of the signals sig (such as SIGUSR1) Request the standings, and
// returns the function that stops listening.
func (s *Standings) OnSignal(sig ...os.Signal) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sig...)
	go func() {
		for range ch {
			s.Request()
		}
	}()
	return func() {
		signal.Stop(ch)
		close(ch) // ends the goroutine
	}
}
