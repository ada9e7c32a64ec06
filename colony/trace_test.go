package colony_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
)

// TestTrace checks the steps of sowings against the default board's arrows
// (docs/colony-board.md), one case a rule of the sowing.
func TestTrace(t *testing.T) {
	const (
		start      = "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1"
		a3, a5, c1 = colony.Action(2), colony.Action(4), colony.Action(13)
		towardsA6  = colony.DirectionBase + 5
	)
	tests := []struct {
		name, rules, position string
		before                []colony.Action // played first
		action                colony.Action
		antMove               bool // the action is the first legal ant move
		want                  string
	}{
		{name: "R5: the last egg on a log of 3 eggs goes to the store", position: start, action: c1,
			want: "lift log-C1, sow log-C2, sow log-C3, sow store-red"},
		{name: "R5: a relay lap from a log that held eggs, then the last egg on an empty log",
			position: "eggs=1.3.2.3.3.3/3.3.3.3.3.3.3/0.3.3.3.3.3 red=- black=- hand=6,6 store=3,3 move=red ants=optional turn=1",
			action:   a3, want: "lift log-A3, sow log-A2, sow log-A1, lift log-A1, sow log-B1, sow log-C1"},
		{name: "R4: a fork waits for the player's direction",
			position: "eggs=3.3.3.3.2.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=1,0 move=red ants=optional turn=1",
			action:   a5, want: "lift log-A5"},
		{name: "R4: the direction chosen, the eggs in hand are sown",
			position: "eggs=3.3.3.3.2.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=1,0 move=red ants=optional turn=1",
			before:   []colony.Action{a5}, action: towardsA6, want: "sow log-A6, sow store-red"},
		{name: "R6: the sowing cap puts the eggs left in hand down together", rules: "sowcap=3",
			position: "eggs=3.3.5.2.2.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
			action:   a3, want: "lift log-A3, sow log-A2, sow log-A1, sow log-B1, sow log-C1, sow log-C1"},
		{name: "R7: an ant move moves no egg", position: start, before: []colony.Action{c1}, antMove: true, want: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := colony.Open(tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.ParsePosition(tc.position)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range tc.before {
				if err := g.Rules.Step(&s, a); err != nil {
					t.Fatal(err)
				}
			}
			if tc.antMove {
				var buf game.ActionBuffer
				legal := g.LegalActions(&s, &buf)
				i := slices.IndexFunc(legal, func(a game.Action) bool { return colony.Action(a) >= colony.AntBase })
				if i < 0 {
					t.Fatalf("%v: no ant move in %v", &s, legal)
				}
				tc.action = colony.Action(legal[i])
			}
			if !g.IsLegal(&s, game.Action(tc.action)) {
				t.Fatalf("%v: %q is not legal", &s, g.Rules.ActionString(tc.action))
			}
			var got []string
			for _, st := range g.Trace(&s, game.Action(tc.action)) {
				got = append(got, fmt.Sprintf("%v %s", st.Kind, st.Place))
			}
			if strings.Join(got, ", ") != tc.want {
				t.Errorf("Trace = %q\nwant    %q", strings.Join(got, ", "), tc.want)
			}
		})
	}
}
