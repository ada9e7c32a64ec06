package catalog

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// TestAnalyzeLines checks an analysis of several lines (AnalyzeWith): as many lines
// as asked (or turns), distinct first turns that are legal and lines that play,
// ordered by score for alpha-beta, the first the single-line analysis's score (and
// turn, unless another ties with it), every iteration with its lines, the node
// count published, and a number of lines out of bounds refused.
func TestAnalyzeLines(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game, spec string
		lines      int
	}{
		{"kalah", "ab:depth=8", 3},
		{"colony", "ab:depth=3", 4},
		{"oware", "ab:depth=6", 2},
		{"kalah", "mcts:sims=2000,seed=1", 3},
	} {
		t.Run(tc.game+" "+tc.spec, func(t *testing.T) {
			g, err := Open(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			pos := g.StartPosition()
			one, err := g.Analyze(ctx, tc.spec, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			var its []AnalysisReport
			var nodes atomic.Uint64
			a, err := g.AnalyzeWith(ctx, tc.spec, pos, AnalyzeOptions{Lines: tc.lines, Nodes: &nodes,
				Report: func(it AnalysisReport) { its = append(its, it) }})
			if err != nil {
				t.Fatal(err)
			}
			moves, _ := g.Moves(pos)
			if want := min(tc.lines, len(moves)); len(a.Lines) != want {
				t.Fatalf("%d lines, want %d: %+v", len(a.Lines), want, a.Lines)
			}
			mcts := strings.HasPrefix(tc.spec, "mcts")
			seen := map[string]bool{}
			for i, l := range a.Lines {
				if len(l.PV) == 0 || !slices.Contains(moves, l.PV[0]) || seen[l.PV[0]] {
					t.Fatalf("line %d %q: its first turn is not a legal turn of its own", i+1, l.PV)
				}
				seen[l.PV[0]] = true
				pv := l.PV
				if n := len(pv); strings.HasSuffix(pv[n-1], "...") {
					pv = pv[:n-1]
				}
				if _, _, err := g.Play(pos, pv); err != nil {
					t.Errorf("line %d %q: %v", i+1, l.PV, err)
				}
				if !mcts && i > 0 && l.Score > a.Lines[i-1].Score {
					t.Errorf("line %d scores %d, above line %d's %d", i+1, l.Score, i, a.Lines[i-1].Score)
				}
			}
			if len(its) == 0 || len(its[len(its)-1].Lines) != len(a.Lines) {
				t.Fatalf("%d iterations, the last with %d lines", len(its), len(its[len(its)-1].Lines))
			}
			if mcts {
				return
			}
			tied := len(a.Lines) > 1 && a.Lines[1].Score == a.Lines[0].Score
			if a.Score != one.Score || a.Lines[0].Score != one.Score || a.Depth != one.Depth || (!tied && a.Best != one.Best) {
				t.Errorf("multi-PV: best %s score %d depth %d; one line: %s %d %d", a.Best, a.Score, a.Depth, one.Best, one.Score, one.Depth)
			}
			if a.Best != a.Lines[0].PV[0] {
				t.Errorf("best %s is not the first line's turn %q", a.Best, a.Lines[0].PV)
			}
			if nodes.Load() == 0 || nodes.Load() > a.Nodes {
				t.Errorf("published %d nodes of %d", nodes.Load(), a.Nodes)
			}
		})
	}
	g, _ := Open("kalah")
	for _, n := range []int{-1, MaxLines + 1} {
		if _, err := g.AnalyzeWith(ctx, "ab:depth=2", g.StartPosition(), AnalyzeOptions{Lines: n}); err == nil || !strings.Contains(err.Error(), "lines=") {
			t.Errorf("lines=%d: %v", n, err)
		}
	}
}
