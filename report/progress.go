package report

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// Progress is the state of a running tournament, as a runner gives it to its progress
// function after each finished game (the display's Update, Standings.Progress).
type Progress struct {
	// Done counts the finished games of this run's schedule (Done included), of
	// Total; Played counts those this run played.
	Done, Total, Played int
	Elapsed             time.Duration
	// Tally holds the results so far, Summaries the finished games in the order they
	// finished, and Games their records (without their moves) while there are at most
	// record.MaxKeptRecords (nil past it); they belong to the runner: read them only
	// during the call.
	Tally     *stats.Tally
	Games     []record.Record
	Summaries *record.GameList
	// SPRT is the state of the match's SPRT, or nil without one.
	SPRT *record.SPRTState
}

// ProgressDisplay shows the progress of a run, a tournament's (Update) or a tuning
// run's steps (Step), on a writer such as standard error: in bar mode as one line
// redrawn in place at most ten times a second, in lines mode as a line now and then,
// or not at all. It is not safe for concurrent use.
type ProgressDisplay struct {
	w      io.Writer
	bar    bool // redraw one line; otherwise print a line now and then
	off    bool
	last   time.Time
	drawn  bool
	lastAt int
	// BySeat shows the results by seat (SelfPlayProgressLine) in place of a
	// player's score and Elo: for a player against itself, whose Elo says nothing.
	BySeat bool
}

// NewProgressDisplay returns a display on w in mode: "bar", "lines", "off", or "auto"
// (bar when w is a terminal, lines otherwise). Any other mode is lines.
func NewProgressDisplay(w io.Writer, mode string) *ProgressDisplay {
	p := &ProgressDisplay{w: w}
	switch mode {
	case "off":
		p.off = true
	case "bar":
		p.bar = true
	case "auto":
		if f, ok := w.(*os.File); ok {
			if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
				p.bar = true
			}
		}
	}
	return p
}

// Update shows a tournament's progress (ProgressLine): in bar mode at most ten times
// a second, in lines mode every tenth of the games or every 30 seconds; the last game
// always.
func (p *ProgressDisplay) Update(pr *Progress) {
	if p.off {
		return
	}
	now := time.Now()
	last := pr.Done == pr.Total
	if p.bar {
		if !last && now.Sub(p.last) < 100*time.Millisecond {
			return
		}
		p.last = now
		fmt.Fprintf(p.w, "\r%s\x1b[K", progressLine(pr, true, p.BySeat))
		p.drawn = true
		return
	}
	step := max(pr.Total/10, 1)
	if !last && pr.Done/step == p.lastAt/step && now.Sub(p.last) < 30*time.Second {
		return
	}
	p.last, p.lastAt = now, pr.Done
	fmt.Fprintln(p.w, progressLine(pr, false, p.BySeat))
}

// Step shows step of total steps of a run with a text about it, "<step>/<total>
// <text>": in bar mode after a bar and at most ten times a second, in lines mode
// every tenth of the steps; the last step always.
func (p *ProgressDisplay) Step(step, total int, text string) {
	if p.off {
		return
	}
	if p.bar {
		if step < total && time.Since(p.last) < 100*time.Millisecond {
			return
		}
		p.last = time.Now()
		fmt.Fprintf(p.w, "\r%s%d/%d %s\x1b[K", progressBar(step, total), step, total, text)
		p.drawn = true
		return
	}
	if step == total || step%max(total/10, 1) == 0 {
		fmt.Fprintf(p.w, "%d/%d %s\n", step, total, text)
	}
}

// Clear erases the bar, if one is drawn, so that other text can be written.
func (p *ProgressDisplay) Clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// Finish ends the bar's line, if one is drawn: call it when the run ends.
func (p *ProgressDisplay) Finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// progressBar returns the bar of done out of total: "[######..........] ".
func progressBar(done, total int) string {
	const width = 24
	filled := width * min(done, total) / max(total, 1)
	return "[" + strings.Repeat("#", filled) + strings.Repeat(".", width-filled) + "] "
}

// ProgressLine writes a tournament's progress in one line: the games done, the
// leader's (or, in a match, the first player's) score and Elo, the SPRT's LLR and
// bounds, the speed and the time left, such as
//
//	12/100 games · a 58.3% elo +58 ±201 · llr 0.12 [-2.94, 2.94] · 3.1 games/s · eta 28s
//
// With bar, a bar of the games done comes first.
func ProgressLine(pr *Progress, bar bool) string { return progressLine(pr, bar, false) }

// SelfPlayProgressLine is ProgressLine for a player against itself: the first
// player's (the side to move in the opening's) score, wins, draws and losses in place
// of a player's score and Elo, such as
//
//	12/100 games · first player 58.3% (6 wins, 2 draws, 4 losses) · 3.1 games/s · eta 28s
func SelfPlayProgressLine(pr *Progress, bar bool) string { return progressLine(pr, bar, true) }

// progressLine is ProgressLine, or with bySeat SelfPlayProgressLine.
func progressLine(pr *Progress, bar, bySeat bool) string {
	var sb strings.Builder
	if bar {
		sb.WriteString(progressBar(pr.Done, pr.Total))
	}
	fmt.Fprintf(&sb, "%d/%d games", pr.Done, pr.Total)
	t := pr.Tally
	if t != nil && t.Games() > 0 && bySeat {
		score := (float64(t.FirstWins) + float64(t.Draws)/2) / float64(t.Games())
		fmt.Fprintf(&sb, " · first player %.1f%% (%d wins, %d draws, %d losses)", 100*score, t.FirstWins, t.Draws, t.SecondWins)
	} else if t != nil && t.Games() > 0 {
		best := 0
		if len(t.Names) > 2 {
			for i := range t.Names {
				if t.Player(i).Score() > t.Player(best).Score() {
					best = i
				}
			}
		}
		e := t.Player(best).Estimate()
		fmt.Fprintf(&sb, " · %s %.1f%% elo %s", t.Names[best], 100*e.Score, FormatElo(e.Elo, 0))
		if !math.IsInf(e.EloLow, 0) && !math.IsInf(e.EloHigh, 0) {
			fmt.Fprintf(&sb, " ±%.0f", (e.EloHigh-e.EloLow)/2)
		}
	}
	if s := pr.SPRT; s != nil {
		lo, hi := s.Test.Bounds()
		fmt.Fprintf(&sb, " · llr %.2f [%.2f, %.2f]", s.LLR, lo, hi)
	}
	if pr.Played > 0 && pr.Elapsed > 0 {
		rate := float64(pr.Played) / pr.Elapsed.Seconds()
		fmt.Fprintf(&sb, " · %.1f games/s", rate)
		if left := pr.Total - pr.Done; left > 0 && rate > 0 {
			eta := (time.Duration(float64(left)/rate) * time.Second).Round(time.Second)
			if pr.SPRT != nil {
				// The SPRT stops the run when it decides, mostly long before the
				// last game: the time left is a bound, not an estimate.
				fmt.Fprintf(&sb, " · at most %s left", eta)
			} else {
				fmt.Fprintf(&sb, " · eta %s", eta)
			}
		}
	}
	return sb.String()
}

// CheckProgressMode checks a mode of NewProgressDisplay: auto, bar, lines or off.
func CheckProgressMode(mode string) error {
	switch mode {
	case "auto", "bar", "lines", "off":
		return nil
	}
	return fmt.Errorf("%q: want auto, bar, lines or off", mode)
}
