package catalog

import (
	"math"
	"testing"
	"time"
)

func TestSignedAndBoundText(t *testing.T) {
	tests := []struct {
		n             int
		signed, bound string
	}{
		{8, "+8", "+8"}, {-2, "-2", "-2"}, {0, "0", "0"},
		{math.MaxInt16, "+32767", "+inf"}, {-math.MaxInt16, "-32767", "-inf"},
	}
	for _, tt := range tests {
		if got := SignedInt(tt.n); got != tt.signed {
			t.Errorf("SignedInt(%d) = %q, want %q", tt.n, got, tt.signed)
		}
		if got := BoundText(tt.n); got != tt.bound {
			t.Errorf("BoundText(%d) = %q, want %q", tt.n, got, tt.bound)
		}
	}
}

func TestResultTexts(t *testing.T) {
	sides := [2]string{"south", "north"}
	tests := []struct {
		name, got, want string
	}{
		{"standing", (&Situation{Points: [2]int{3, 4}}).Text(sides), "south=3 north=4 over=no winner=-\n"},
		{"won", (&Situation{Points: [2]int{30, 18}, End: &GameEnd{Winner: 0, Points: [2]int{30, 18}, Reason: "r"}}).Text(sides),
			"south=30 north=18 over=yes winner=south\nresult: south wins 30-18 (r)\n"},
		{"draw", (&Situation{Points: [2]int{24, 24}, End: &GameEnd{Winner: -1, Points: [2]int{24, 24}, Reason: "r"}}).Text(sides),
			"south=24 north=24 over=yes winner=draw\nresult: draw 24-24 (r)\n"},
		{"iteration", AnalysisReport{Depth: 3, Score: 150, Scale: 100, Nodes: 2000, Time: time.Second, PV: []string{"a", "b..."}}.Text(),
			"depth=3 score=1.50 nodes=2000 nps=2000 time=1.000s pv a b...\n"},
		{"mcts", AnalysisReport{Depth: 1, Score: 2, Scale: 1, Nodes: 10, Children: []Child{{Decision: "c", Visits: 7, Value: 0.5, Proven: 1}, {Decision: "d", Visits: 3, Value: -1, Proven: -1}}}.Text(),
			"depth=1 score=2 sims=10 sps=0 time=0.000s pv\n  root c visits=7 value=+0.500 proven=win\n  root d visits=3 value=-1.000 proven=loss\n"},
		{"lines", AnalysisReport{Scale: 100, Lines: []Line{{Score: 150, PV: []string{"a", "b"}}, {Score: -20, PV: []string{"c"}, Visits: 9}}}.LinesText(),
			"  line 1 score=1.50 pv a b\n  line 2 score=-0.20 visits=9 pv c\n"},
		{"one line", AnalysisReport{Scale: 100}.LinesText(), ""},
		{"analysis", (&Analysis{Depth: 2, Score: 1, Scale: 1, Nodes: 5, PV: []string{"a"}}).Report().Text(),
			"depth=2 score=1 nodes=5 nps=0 time=0.000s pv a\n"},
		{"closing, reported", (&Analysis{Best: "a", Depth: 2, Score: 150, Scale: 100, Nodes: 5, PV: []string{"a"}}).ClosingText(true),
			"bestmove a score=1.50\n"},
		{"closing, not reported", (&Analysis{Best: "a", Depth: 2, Score: 150, Scale: 100, Nodes: 5, PV: []string{"a"}}).ClosingText(false),
			"depth=2 score=1.50 nodes=5 nps=0 time=0.000s pv a\nbestmove a score=1.50\n"},
		{"closing, unfinished", (&Analysis{Best: "b", Depth: 2, PartialDepth: 3, Score: -1, Scale: 1, Nodes: 9, PV: []string{"b"}}).ClosingText(true),
			"unfinished depth=3 score=-1 nodes=9 nps=0 time=0.000s pv b\nbestmove b score=-1\n"},
		{"result line", (&GameEnd{Winner: 1, Points: [2]int{10, 38}, Reason: "r"}).ResultLine(sides), "result: north wins 10-38 (r)"},
		{"perft", PerftText(3, 8902, nil, nil, 2*time.Second), "perft depth=3 nodes=8902 time=2.000s nps=4451\n"},
		{"perft divide", PerftText(2, 99, []string{"a", "b"}, []uint64{5, 7}, 0), "a 5\nb 7\nperft depth=2 nodes=12 time=0.000s nps=0\n"},
		{"solution", (&Solution{Value: 2, MoverValue: -2, Best: "c", PV: []string{"c", "d"}, Nodes: 100, Searches: 3, Time: time.Second}).Text("kalah:2x2"),
			"game=kalah:2x2\nvalue=+2\nbest=c\nmover value=-2\npv c d\nnodes=100 searches=3 time=1.000s nps=100\n"},
		{"solution with guess", (&Solution{Guess: 1, GuessDepth: 4, GuessNodes: 9, Endgames: "built", EndgameTime: time.Second}).Text("k"),
			"game=k\nvalue=0\nbest=\nmover value=0\npv \nguess=+1 guess_depth=4 guess_nodes=9\nnodes=0 searches=0 time=0.000s nps=0\nendgames: built; 1.000s\n"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, tt.got, tt.want)
		}
	}
}
