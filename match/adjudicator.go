package match

import (
	"context"
	"fmt"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// adjudicator applies a tournament's adjudication to the games of one worker.
type adjudicator[S any] struct {
	g      game.Game[S]
	rules  record.Adjudication
	bound  game.SolveBounder[S] // the pieces in play, for Exact
	table  game.EndgameTable[S] // Exact's database, or nil
	solver game.Rules[S]        // the rules the solver searches
	scales map[string]int       // the scale of each player's scores, by name (absent: 1)
	sides  [2]string            // the current game's players, as "name (side)"
	scale  [2]int64             // the current game's players' scales

	// The current game's state: each seat's streak of winning, losing and drawn
	// scores, and the fewest pieces at which a solve ran out of nodes.
	win, lose, even [2]int
	failedAt        int
}

// newAdjudicator returns the adjudicator of a's rules for game g, or nil when a has
// none; the endgame database of a.Exact is table (nil for none), and scales gives
// the scale of each player's scores by the player's name (see Bind's scale; a
// name it lacks has scores in points).
func newAdjudicator[S any](g game.Game[S], a *record.Adjudication, table game.EndgameTable[S], scales map[string]int) *adjudicator[S] {
	if a == nil || (*a == record.Adjudication{}) {
		return nil
	}
	ad := &adjudicator[S]{g: g, rules: *a, table: table, solver: game.Rules[S](g), scales: scales}
	ad.bound = game.PartsOf(game.Rules[S](g)).SolveBounder
	return ad
}

// checkAdjudication checks that game g can apply a and, when build is true, builds
// the endgame database of a.Exact when it asks for one.
func checkAdjudication[S any](ctx context.Context, g game.Game[S], a *record.Adjudication, build bool) (game.EndgameTable[S], error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	if a == nil || a.Exact == nil {
		return nil, nil
	}
	fast := game.PartsOf(game.Rules[S](g))
	if fast.SolveBounder == nil {
		return nil, fmt.Errorf("exact adjudication: %s does not count its pieces in play (only games with an exact solver's bounds do: kalah)", g.Name())
	}
	if a.Exact.Endgames == 0 {
		return nil, nil
	}
	if fast.Endgamer == nil {
		return nil, fmt.Errorf("exact adjudication: endgames=%d: %s has no endgame databases", a.Exact.Endgames, g.Name())
	}
	if !build {
		return nil, nil
	}
	t, err := fast.Endgamer.Endgames(ctx, a.Exact.Endgames, "")
	if err != nil {
		return nil, fmt.Errorf("exact adjudication: %w", err)
	}
	return t, nil
}

// verdict is an adjudication: the winner (-1 a draw), the reason and its detail.
type verdict struct {
	winner         int
	reason, detail string
}

// newGame resets the adjudicator for a new game of the players named players.
func (a *adjudicator[S]) newGame(players [2]string) {
	sides := a.g.Sides()
	for seat := range 2 {
		a.sides[seat] = players[seat] + " (" + sides[seat] + ")"
		a.scale[seat] = int64(max(1, a.scales[players[seat]]))
	}
	a.win, a.lose, a.even = [2]int{}, [2]int{}, [2]int{}
	a.failedAt = 1 << 30
}

// before returns the verdict on s, the position at the start of a turn of a game not
// over after turns turns, before the turn is played: the turn cap and the exact
// value.
func (a *adjudicator[S]) before(ctx context.Context, s *S, turns int) (verdict, bool) {
	if c := a.rules.TurnCap; c > 0 && turns >= c {
		p := a.g.Points(s)
		v := verdict{winner: -1, reason: record.ReasonTurnCap}
		switch {
		case p[0] > p[1]:
			v.winner = 0
		case p[1] > p[0]:
			v.winner = 1
		}
		v.detail = fmt.Sprintf("%d turns: points %d-%d", turns, p[0], p[1])
		return v, true
	}
	e := a.rules.Exact
	if e == nil || a.bound == nil {
		return verdict{}, false
	}
	k := a.bound.SolveRemaining(s)
	if k > e.Pieces || k >= a.failedAt {
		return verdict{}, false
	}
	mover := a.g.ToMove(s)
	var value int // the final margin under perfect play, from the mover's side
	var how string
	if a.table != nil && k <= a.table.Pieces() {
		value = a.bound.SolveOffset(s) + a.table.Value(s)
		how = fmt.Sprintf("endgame database of %d pieces", a.table.Pieces())
	} else {
		res, err := search.Solve(ctx, a.solver, s, search.SolveOptions{TableMB: exactTableMB, GuessNodes: -1,
			Guess: a.bound.SolveOffset(s), MaxNodes: e.Nodes})
		if err != nil {
			// Out of nodes (or the run is stopping): played on, tried again with
			// fewer pieces.
			a.failedAt = k
			return verdict{}, false
		}
		value = res.Value
		how = fmt.Sprintf("solved in %d nodes", res.Nodes)
	}
	v := verdict{winner: -1, reason: record.ReasonExact}
	switch {
	case value > 0:
		v.winner = mover
	case value < 0:
		v.winner = 1 - mover
	}
	if v.winner < 0 {
		v.detail = fmt.Sprintf("%d pieces in play: a draw under perfect play (%s)", k, how)
	} else {
		v.detail = fmt.Sprintf("%d pieces in play: %s wins by %d under perfect play (%s)", k, a.sides[v.winner], abs(value), how)
	}
	return v, true
}

// after returns the verdict after a turn of seat that reported score (in the units
// of the seat's player: a.scale[seat] of them make a point), the game's turns-th
// turn: resign and draw. A turn whose player reported no search (searched is false:
// no depth and no nodes, as the random player or an engine that sends no info) has
// no score to read: it neither counts for a streak nor breaks one.
func (a *adjudicator[S]) after(seat int, score int64, searched bool, turns int) (verdict, bool) {
	if !searched {
		return verdict{}, false
	}
	scale := a.scale[seat]
	if r := a.rules.Resign; r != nil {
		a.win[seat] = streak(a.win[seat], atLeast(score, scale, r.Score))
		a.lose[seat] = streak(a.lose[seat], atLeast(-score, scale, r.Score))
		for leader := range 2 {
			if a.win[leader] >= r.Turns && a.lose[1-leader] >= r.Turns {
				return verdict{winner: leader, reason: record.ReasonResign,
					detail: fmt.Sprintf("%s's score at least %s and %s's at most %s for %d turns each",
						a.sides[leader], pointsOf(r.Score), a.sides[1-leader], pointsOf(-r.Score), r.Turns)}, true
			}
		}
	}
	if r := a.rules.Draw; r != nil {
		a.even[seat] = streak(a.even[seat], turns > r.After && within(score, scale, r.Score))
		if a.even[0] >= r.Turns && a.even[1] >= r.Turns {
			return verdict{winner: -1, reason: record.ReasonDraw,
				detail: fmt.Sprintf("both scores within %s of 0 for %d turns each after turn %d", pointsOf(r.Score), r.Turns, r.After)}, true
		}
	}
	return verdict{}, false
}

// atLeast reports whether score, in units of which scale make a point, is at least
// t hundredths of a point: a proven win always is, a proven loss never.
func atLeast(score, scale, t int64) bool {
	switch {
	case score >= search.WinScore:
		return true
	case score <= -search.WinScore:
		return false
	}
	return score*100 >= t*scale
}

// within reports whether score, in units of which scale make a point, is within t
// hundredths of a point of zero: a proven result never is.
func within(score, scale, t int64) bool {
	if score >= search.WinScore || score <= -search.WinScore {
		return false
	}
	return score*100 >= -t*scale && score*100 <= t*scale
}

// streak returns n+1 when the condition holds, 0 when it does not.
func streak(n int, holds bool) int {
	if holds {
		return n + 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pointsOf writes h hundredths of a point with the unit: "15 points", "1 point".
func pointsOf(h int64) string {
	if h == 100 || h == -100 {
		return record.FormatPoints(h) + " point"
	}
	return record.FormatPoints(h) + " points"
}

// exactTableMB is the solver's table of an exact adjudication (small: the positions
// it solves are small).
const exactTableMB = 2
