package web

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/stats"
)

// The Watch view's metrics of a games file, as Ludii shows a game's (branching
// factor, game length, first-player advantage), with the toolkit's statistics
// beside them: the first player's score with its interval and its Elo.

// maxBranchPositions bounds the positions whose legal turns are counted for the
// branching factor: the file's first games' positions, up to this many.
const maxBranchPositions = 20_000

// MetricsView is what the Watch view shows of a games file's games.
type MetricsView struct {
	Name  string    `json:"name"`
	Game  string    `json:"game"`
	Sides [2]string `json:"sides"`
	Games int       `json:"games"`
	// Branching is the mean number of legal turns of the positions counted
	// (Positions, of the first games of the file; Sampled when the bound
	// maxBranchPositions stopped the count before the file's end), BranchingMax the
	// most.
	Branching    float64 `json:"branching"`
	BranchingMax int     `json:"branchingMax"`
	Positions    int     `json:"positions"`
	Sampled      bool    `json:"sampled"`
	// Lengths counts the games by their length in turns, shortest first.
	Lengths []LengthCount `json:"lengths"`
	// Metrics are the report's (colony report): the first player's wins, draws and
	// losses, its score with the 95% Wilson interval, the lengths' quantiles, the
	// reasons.
	Metrics report.Metrics `json:"metrics"`
	// FirstElo is the first player's advantage as Elo with its 95% interval (the
	// trinomial model of stats.WDL).
	FirstElo stats.Estimate `json:"firstElo"`
}

// LengthCount is how many games lasted Turns turns.
type LengthCount struct {
	Turns int `json:"turns"`
	Games int `json:"games"`
}

// metrics answers the MetricsView of the games file named (name=, a path in the
// results directory, as /api/file's).
func (s *Server) metrics(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	lengths := map[int]int{}
	var recs []record.Record
	type sampled struct {
		opening string
		moves   []string
	}
	var sample []sampled
	kept := 0
	gf, g, err := s.readGamesFile(r.Context(), name, func(rec *record.Record) {
		lengths[len(rec.Moves)]++
		if kept < maxBranchPositions {
			sample = append(sample, sampled{rec.Opening, slices.Clone(rec.Moves)})
			kept += len(rec.Moves)
		}
		c := *rec
		c.Moves, c.Info = nil, nil // the summary needs neither
		recs = append(recs, c)
	})
	if err != nil {
		fail(w, err)
		return
	}
	v := MetricsView{Name: name, Game: g.Name(), Sides: g.Sides(), Games: len(recs), Lengths: []LengthCount{}}
	for turns, n := range lengths {
		v.Lengths = append(v.Lengths, LengthCount{turns, n})
	}
	slices.SortFunc(v.Lengths, func(a, b LengthCount) int { return a.Turns - b.Turns })
	total := 0
	for _, sm := range sample {
		pos := sm.opening
		if pos == "" {
			pos = g.StartPosition()
		}
		for _, m := range sm.moves {
			if v.Positions >= maxBranchPositions {
				v.Sampled = true
				break
			}
			if r.Context().Err() != nil {
				return
			}
			moves, err := g.Moves(pos)
			if err != nil {
				break // a game the file's game does not replay: counted as far as it goes
			}
			total += len(moves)
			v.BranchingMax = max(v.BranchingMax, len(moves))
			v.Positions++
			if pos, _, err = g.Play(pos, []string{m}); err != nil {
				break
			}
		}
	}
	if len(sample) < len(recs) {
		v.Sampled = true
	}
	if v.Positions > 0 {
		v.Branching = float64(total) / float64(v.Positions)
	}
	rep, err := report.Summarize(&gf.Header.Config, recs, g.Sides(), nil)
	if err != nil {
		fail(w, badRequest(fmt.Errorf("%s: %w", name, err)))
		return
	}
	v.Metrics = rep.Metrics
	v.FirstElo = stats.WDL{Wins: v.Metrics.FirstWins, Draws: v.Metrics.Draws, Losses: v.Metrics.SecondWins}.Estimate()
	writeJSON(w, http.StatusOK, v)
}
