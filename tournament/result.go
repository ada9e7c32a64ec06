package tournament

import (
	"fmt"
	"time"

	"github.com/colony-ai/colony/record"
)

// resultOf returns the Result of the games a run counted (c's Collection).
func resultOf(c *record.Collection) *Result {
	return &Result{Config: c.Config, Games: c.Games, Summaries: c.Summaries, SPRT: c.SPRT, Complete: c.Complete}
}

// Count returns the number of the result's games: of its Summaries, or of its Games
// when it has no summaries (a Result made by hand).
func (r *Result) Count() int {
	if r.Summaries != nil {
		return r.Summaries.Len()
	}
	return len(r.Games)
}

// Summary returns the lines of a run that played games (none when it played none):
// "played <n> games in <time> (<speed> games/s, concurrency <c>)", then, when the
// SPRT decided, the pair at which it did and the games counted, counted being the
// games of the report.
func (r *Result) Summary(concurrency, counted int) string {
	if r.Played == 0 {
		return ""
	}
	s := fmt.Sprintf("played %d games in %s (%.1f games/s, concurrency %d)\n", r.Played,
		r.Elapsed.Round(time.Millisecond), float64(r.Played)/r.Elapsed.Seconds(), concurrency)
	if r.SPRT != nil && r.SPRT.StopPair >= 0 {
		s += fmt.Sprintf("the SPRT decided at pair %d: the report counts the %d games up to it (games in flight then were finished, not counted)\n",
			r.SPRT.StopPair+1, counted)
	}
	return s
}

// Warnings returns the warnings of a run, without their newlines: the players
// abandoned in the middle of a move, the external engines killed at its end, and an
// error writing its live file. A nil Result (a run that failed) has none.
func (r *Result) Warnings() []string {
	if r == nil {
		return nil
	}
	var ws []string
	if r.Abandoned > 0 {
		players := "players were"
		if r.Abandoned == 1 {
			players = "player was"
		}
		ws = append(ws, fmt.Sprintf("%d %s abandoned in the middle of a move, with no reply in time (the time forfeits \"no reply after ...\")",
			r.Abandoned, players))
	}
	if r.EnginesKilled != nil {
		ws = append(ws, r.EnginesKilled.Error())
	}
	if r.LiveError != nil {
		ws = append(ws, r.LiveError.Error()+" (the live view of the run is not up to date; the games are recorded)")
	}
	return ws
}
