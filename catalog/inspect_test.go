package catalog

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/games/piecepack"
)

// The classic games' types draw their positions.
var (
	_ game.Drawer[kalah.State]     = (*kalah.Game)(nil)
	_ game.Drawer[oware.State]     = (*oware.Game)(nil)
	_ game.Drawer[piecepack.State] = (*piecepack.Game)(nil)
)

func TestShowThroughTheRegistry(t *testing.T) {
	for _, name := range Names() {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		pos := g.StartPosition()
		out, err := g.Show(pos)
		if err != nil || !strings.HasSuffix(out, "\n"+pos+"\n") || !strings.Contains(out, " to move") {
			t.Errorf("%s: Show: %q, %v", name, out, err)
		}
		if !strings.Contains(out, "points") && name != "colony" {
			t.Errorf("%s: Show says no points: %q", name, out)
		}
		if _, err := g.Show("pits=4"); err == nil || !strings.Contains(err.Error(), "position") {
			t.Errorf("%s: Show of a bad position: %v", name, err)
		}
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		game, position string
		want           Situation
	}{
		{"kalah", "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", Situation{ToMove: 0}},
		{"kalah", "pits=4.4.0.0.6.6/5.5.4.4.4.4 stores=2,0 move=north", Situation{ToMove: 1, Points: [2]int{2, 0}}},
		// South's side is empty: North takes its seeds and wins.
		{"kalah:1x3", "pits=0/2 stores=3,1 move=north",
			Situation{ToMove: 1, Points: [2]int{3, 3}, End: &GameEnd{Winner: -1, Points: [2]int{3, 3}, Reason: "south has no seeds"}}},
		{"kalah:2x2", "pits=0.0/1.1 stores=5,1 move=south",
			Situation{ToMove: 0, Points: [2]int{5, 3}, End: &GameEnd{Winner: 0, Points: [2]int{5, 3}, Reason: "south has no seeds"}}},
		// Oware's points count the seeds on each side's row.
		{"oware", oware.StartPosition, Situation{ToMove: 0, Points: [2]int{24, 24}}},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.position, func(t *testing.T) {
			g, err := Open(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.Situation(tt.position)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*st, tt.want) {
				t.Errorf("Status: %+v (outcome %+v), want %+v (outcome %+v)", *st, st.End, tt.want, tt.want.End)
			}
		})
	}
}

func TestRandomGames(t *testing.T) {
	ctx := context.Background()
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			g, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			a, err := g.RandomGames(ctx, g.StartPosition(), 40, 7)
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.RandomGames(ctx, g.StartPosition(), 40, 7)
			if err != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("two runs with seed 7 differ (%v)", err)
			}
			if c, _ := g.RandomGames(ctx, g.StartPosition(), 40, 8); reflect.DeepEqual(a, c) {
				t.Errorf("seeds 7 and 8 give the same games")
			}
			sides := g.Sides()
			for i, r := range a.Games {
				if r.Turns < 1 || r.Decisions < r.Turns || int(r.Reason) >= len(a.Reasons) || a.Reasons[r.Reason] == "" {
					t.Fatalf("game %d: %+v (reasons %q)", i, r, a.Reasons)
				}
				switch {
				case r.Winner < 0 && r.Points[0] != r.Points[1],
					r.Winner >= 0 && !r.TieBreak && r.Points[r.Winner] <= r.Points[1-r.Winner]:
					t.Errorf("game %d: %+v: the winner does not have more points (%v)", i, r, sides)
				}
			}
		})
	}
	g, _ := Open("kalah:1x1")
	if _, err := g.RandomGames(ctx, "pits=0/0 stores=1,1 move=north", 5, 1); err == nil || !strings.Contains(err.Error(), "already over") {
		t.Errorf("from a finished game: %v", err)
	}
	if _, err := g.RandomGames(ctx, "pits=x/0 stores=1,1 move=north", 5, 1); err == nil || !strings.Contains(err.Error(), "position: pits") {
		t.Errorf("from a bad position: %v", err)
	}
}

// TestRandomGamesLength: in Kalah every decision is a turn, and a game from a
// position one move from the end lasts one turn.
func TestRandomGamesLength(t *testing.T) {
	g, _ := Open("kalah:2x1")
	res, err := g.RandomGames(context.Background(), "pits=0.1/0.1 stores=1,1 move=south", 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Games {
		if r.Turns != 1 || r.Decisions != 1 || res.Reasons[r.Reason] != "south has no seeds" {
			t.Errorf("%+v, reasons %q", r, res.Reasons)
		}
	}
}

func TestAnalyze(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game, spec string
		mcts       bool
	}{
		{"kalah", "ab:depth=4", false},
		{"oware", "ab:depth=3", false},
		{"kalah", "mcts:sims=300", true},
		{"nigerian", "mcts:sims=200", true},
		{"martian", "ab:depth=3", false},
		{"ethiopian", "greedy", false},
	} {
		t.Run(tc.game+" "+tc.spec, func(t *testing.T) {
			g, err := Open(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			pos := g.StartPosition()
			var its []AnalysisReport
			a, err := g.Analyze(ctx, tc.spec, pos, func(it AnalysisReport) { its = append(its, it) })
			if err != nil {
				t.Fatal(err)
			}
			moves, _ := g.Moves(pos)
			scale := 1 // the store difference: points
			if g.Evaluations()[0] == "linear" {
				scale = 100 // the linear evaluation: hundredths of a point
			}
			if !slices.Contains(moves, a.Best) || a.Scale != scale || !strings.HasPrefix(a.Spec, strings.Split(tc.spec, ":")[0]) {
				t.Errorf("analysis %+v: best not among %q", a, moves)
			}
			for _, it := range its {
				if (len(it.Children) > 0) != tc.mcts {
					t.Errorf("iteration %+v: children from a player that is not MCTS or none from MCTS", it)
				}
				if !slices.IsSortedFunc(it.Children, func(x, y Child) int { return int(y.Visits) - int(x.Visits) }) {
					t.Errorf("children not sorted by visits: %+v", it.Children)
				}
				// The principal variation plays, turn after turn.
				pv := it.PV
				if n := len(pv); n > 0 && strings.HasSuffix(pv[n-1], "...") {
					pv = pv[:n-1]
				}
				if _, _, err := g.Play(pos, pv); err != nil {
					t.Errorf("pv %q: %v", it.PV, err)
				}
			}
			if !tc.mcts && len(its) > 0 && its[len(its)-1].PV[0] != a.Best {
				t.Errorf("best %s is not the first turn of the last line %q", a.Best, its[len(its)-1].PV)
			}
			if tc.spec == "ab:depth=4" && len(its) != 4 {
				t.Errorf("ab:depth=4 reported %d iterations", len(its))
			}
		})
	}
	g, _ := Open("kalah")
	if _, err := g.Analyze(ctx, "foo", g.StartPosition(), nil); err == nil || !strings.Contains(err.Error(), "foo") {
		t.Errorf("unknown player: %v", err)
	}
	if _, err := g.Analyze(ctx, "greedy", "pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=24,0 move=south", nil); err == nil ||
		!strings.Contains(err.Error(), "already over") {
		t.Errorf("finished game: %v", err)
	}
}
