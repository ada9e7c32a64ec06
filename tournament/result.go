package tournament

import "github.com/colony-ai/colony/record"

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
