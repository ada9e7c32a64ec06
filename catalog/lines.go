package catalog

import (
	"sync/atomic"

	"github.com/colony-ai/colony/search"
)

// MaxLines bounds AnalyzeOptions.Lines: the lines of one analysis.
const MaxLines = 16

// AnalyzeOptions are the settings of an analysis (Ruleset.AnalyzeWith).
type AnalyzeOptions struct {
	// Report, when not nil, is called with every iteration the search reports
	// (possibly from another goroutine, one call at a time).
	Report func(AnalysisReport)
	// Lines, above 1, asks for that many lines (multi-PV: the best turns, each with
	// its score and line; search.Options.MultiPV), at most MaxLines; 0 or 1 for one,
	// the search unchanged. Players that give no lines (random, greedy, minimax,
	// external engines) ignore it.
	Lines int
	// Nodes, when not nil, receives the search's node count as it goes (alpha-beta's,
	// every 1024 nodes; search.Options.Nodes), for a live counter.
	Nodes *atomic.Uint64
}

// Line is one line of an analysis of several (AnalyzeOptions.Lines): its score, as
// Iteration's, its principal variation, a turn a string, whose first turn is the
// line's, and, for MCTS, its first decision's visits.
type Line struct {
	Score  int
	PV     []string
	Visits uint64
}

// lines writes the search's lines from the root s in the game's notation; nil for
// none.
func (x *generic[S]) lines(s S, lines []search.Line) []Line {
	if len(lines) == 0 {
		return nil
	}
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = Line{Score: l.Score, PV: x.pvTurns(s, l.PV), Visits: l.Visits}
	}
	return out
}
