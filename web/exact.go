package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
)

// Exact values: where the toolkit knows a position's value under perfect play (the
// exact solver within a bound of nodes, over Kalah's endgame database of the
// positions with few seeds in play), the analysis shows it in place of a
// heuristic score.

const (
	// exactNodes bounds the solver's nodes a position: a few tenths of a second.
	exactNodes = 300_000
	// exactEndgames is the most seeds in play of the endgame database the server
	// builds (once, in memory) for a game that has them: Kalah's six pits a side
	// take about a second.
	exactEndgames = 10
	// exactTime bounds an exact value's request, the database's building included;
	// a database not built within it is given up for the game.
	exactTime = 5 * time.Second
	// exactTableMiB is the solver's table.
	exactTableMiB = 16
)

// exactSolvers are the server's exact solvers, one a rule set, each with its
// endgame database once built.
type exactSolvers struct {
	mu sync.Mutex
	by map[string]*catalog.Exact
}

// get returns the exact solver of g (noDatabase: one without an endgame database).
func (e *exactSolvers) get(g catalog.Ruleset, noDatabase bool) (*catalog.Exact, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ex, ok := e.by[g.Name()]; ok && (!noDatabase || ex.Endgames == 0) {
		return ex, nil
	}
	n := exactEndgames
	if noDatabase {
		n = 0
	}
	ex, err := catalog.NewExact(g, n)
	if err != nil {
		return nil, err
	}
	if e.by == nil {
		e.by = map[string]*catalog.Exact{}
	}
	e.by[g.Name()] = ex
	return ex, nil
}

// ExactView is a position's exact value, or why there is none: Exact says whether
// the solver found it within its bounds (Why, when not); Score is the value from
// the mover's view in words ("win+3", "loss-2", "draw"), Value the final margin
// from the mover's view and First from the first side's; Best and PV a line of
// best play; Nodes and Millis the solver's work; Endgames the most seeds in play of
// the endgame database it looked positions up in (0: none).
type ExactView struct {
	Exact    bool     `json:"exact"`
	Why      string   `json:"why,omitempty"`
	Score    string   `json:"score,omitempty"`
	Value    int      `json:"value"`
	First    int      `json:"first"`
	Best     string   `json:"best,omitempty"`
	PV       []string `json:"pv"`
	Nodes    uint64   `json:"nodes"`
	Millis   int64    `json:"millis"`
	Endgames int      `json:"endgames"`
	MaxNodes int      `json:"maxNodes"`
}

// exactScore writes a final margin from the mover's view as the analysis does a
// proven result.
func exactScore(margin int) string {
	switch {
	case margin > 0:
		return "win+" + strconv.Itoa(margin)
	case margin < 0:
		return "loss-" + strconv.Itoa(-margin)
	}
	return "draw"
}

// exact answers the position's exact value (ExactView; 200 also when the solver
// did not find it within its bounds, with why). It takes a search slot, at most
// exactNodes nodes of the solver and exactTime in all.
func (s *Server) exact(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, pos, err := s.openPosition(q.Get("game"), q.Get("position"))
	if err != nil {
		fail(w, err)
		return
	}
	if st, err := g.Situation(pos); err == nil && st.End != nil {
		fail(w, badRequest(fmt.Errorf("the game in the position is over (%s)", st.End.Text(g.Sides()))))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), exactTime)
	defer cancel()
	release, err := s.acquire(ctx)
	if err != nil {
		fail(w, err)
		return
	}
	defer release()
	v, err := s.solveExact(ctx, g, pos)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// solveExact solves the position within the bounds. A database not built in time
// is given up for the game (the next positions are solved without one).
func (s *Server) solveExact(ctx context.Context, g catalog.Ruleset, pos string) (*ExactView, error) {
	ex, err := s.exacts.get(g, false)
	if err != nil {
		return nil, err
	}
	v := &ExactView{PV: []string{}, Endgames: ex.Endgames, MaxNodes: exactNodes}
	start := time.Now()
	sol, err := ex.Solve(ctx, pos, search.SolveOptions{TableMB: min(exactTableMiB, s.cfg.MaxTableMiB), GuessNodes: 20_000, MaxNodes: exactNodes})
	v.Millis = time.Since(start).Milliseconds()
	switch {
	case err == nil:
		v.Exact, v.Score, v.Value, v.First, v.Best, v.Nodes = true, exactScore(sol.MoverValue), sol.MoverValue, sol.Value, sol.Best, sol.Nodes
		if sol.PV != nil {
			v.PV = sol.PV
		}
	case errors.Is(err, search.ErrNodeLimit):
		v.Why = fmt.Sprintf("beyond the solver's bound of %d nodes", exactNodes)
		if sol != nil {
			v.Nodes = sol.Nodes
		}
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		v.Why = fmt.Sprintf("not found within %s", exactTime)
		if sol == nil && ex.Endgames > 0 {
			v.Why += " (the endgame database was not built in that time: the server goes on without it)"
			if _, err := s.exacts.get(g, true); err != nil {
				return nil, err
			}
		}
	case ctx.Err() != nil:
		return nil, ctx.Err()
	default:
		return nil, badRequest(err)
	}
	return v, nil
}
