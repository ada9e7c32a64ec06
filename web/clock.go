package web

import (
	"fmt"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// The Play view's clocks and endings: the engine's search limit taken from its
// clock as the tournament runner takes it, and the ways a game on the page ends
// that are not the rules' (a resignation, a flag fallen, a draw agreed).

// ClockRequest is the engine's clock when it is asked for its turn (ThinkRequest):
// the time per move (MoveMillis), or the time left on its clock for the game with
// the increment it gets after each turn (LeftMillis, IncMillis).
type ClockRequest struct {
	MoveMillis int64 `json:"moveMillis,omitempty"`
	LeftMillis int64 `json:"leftMillis,omitempty"`
	IncMillis  int64 `json:"incMillis,omitempty"`
}

// budget returns the time the engine may take for its turn, at most most: the
// move's time, or, for a clock of the game, moveBudget of the time left and the
// increment (the runner's share).
func (c *ClockRequest) budget(most time.Duration) (time.Duration, error) {
	if c.MoveMillis < 0 || c.LeftMillis < 0 || c.IncMillis < 0 {
		return 0, fmt.Errorf("clock: move %d ms, left %d ms, increment %d ms: want 0 or more", c.MoveMillis, c.LeftMillis, c.IncMillis)
	}
	ms := time.Millisecond
	var b time.Duration
	switch {
	case c.MoveMillis > 0:
		if c.LeftMillis > 0 || c.IncMillis > 0 {
			return 0, fmt.Errorf("clock: a time per move or a time for the game, not both")
		}
		b = time.Duration(min(c.MoveMillis, int64(most/ms))) * ms
	case c.LeftMillis > 0:
		const day = int64(24 * time.Hour / time.Millisecond) // no overflow
		b = search.MoveBudget(time.Duration(min(c.LeftMillis, day))*ms, time.Duration(min(c.IncMillis, day))*ms)
	default:
		return 0, fmt.Errorf("clock: no time given (moveMillis, or leftMillis with incMillis)")
	}
	return min(b, most), nil
}

// clockSpec returns spec with its time limit at most budget: the kind's time
// setting set (kept when already shorter); a kind without one is bounded by the
// search's deadline alone.
func clockSpec(spec string, budget time.Duration) (string, error) {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	kind, ok := search.LookupKind(sp.Kind)
	if !ok {
		return spec, nil
	}
	st, ok := kind.SettingFor(search.RoleTime)
	if !ok {
		return spec, nil
	}
	if v, has := sp.Settings[st.Key]; has {
		if d, err := search.ParseDuration(v); err == nil && d <= budget {
			return spec, nil
		}
	}
	return sp.With(st.Key, budget.String()).String(), nil
}

// The reasons of the games the page ends before the rules do (RecordRequest's
// End): a resignation, a flag fallen (the runner's forfeit on time) and a draw
// agreed.
const (
	ReasonResigned    = "resigned"
	ReasonDrawAgreed  = "draw agreed"
	reasonTimeForfeit = record.ReasonTime
)

// EndRequest is how a game saved from the page ended when the rules did not end
// it: the winner (0 or 1, -1 for a draw) and the reason, one of "resigned" (the
// loser resigned), "time forfeit" (the loser's flag fell) and "draw agreed".
type EndRequest struct {
	Winner int    `json:"winner"`
	Reason string `json:"reason"`
}

// check returns an error when the end is not one the page makes: a reason it
// does not know, a winner that does not go with it, or a game the rules ended.
func (e *EndRequest) check(rulesEnd *catalog.GameEnd) error {
	if rulesEnd != nil {
		return fmt.Errorf("end: the game ended by its rules (%s): it takes no other end", rulesEnd.Reason)
	}
	switch e.Reason {
	case ReasonResigned, reasonTimeForfeit:
		if e.Winner != 0 && e.Winner != 1 {
			return fmt.Errorf("end: %s with winner %d: want 0 or 1", e.Reason, e.Winner)
		}
	case ReasonDrawAgreed:
		if e.Winner != -1 {
			return fmt.Errorf("end: %s with winner %d: want -1", e.Reason, e.Winner)
		}
	default:
		return fmt.Errorf("end: reason %q: want %q, %q or %q", e.Reason, ReasonResigned, reasonTimeForfeit, ReasonDrawAgreed)
	}
	return nil
}

// clockGrace is how long past its share of the clock the server lets a search run
// before it stops it (a player without a time setting of its own, an engine slow
// to stop); the page's clock decides whether its flag fell.
const clockGrace = 250 * time.Millisecond
