package colony

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

func TestIllustrate(t *testing.T) {
	const pos = "eggs=5.1.10.4.0.0/5.5.0.0.0.1.1/7.3.2.0.1.4 red=B1,B3 black=A3,B4,C2 hand=4,3 store=5,3 move=black ants=mandatory turn=16"
	tests := []struct {
		name, rules, position string
		red, black            int // ants on the board
		title                 string
	}{
		{"start", "", StartPosition, 0, 0, "The Colony — turn 1: red to move, ant moves optional"},
		{"mid-game", "", pos, 2, 3, "The Colony — turn 16: black to move, ant moves mandatory"},
		{"turn cap", "turncap=300", pos, 2, 3, "The Colony — turn 16: black to move, ant moves mandatory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Open(tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.ParsePosition(tt.position)
			if err != nil {
				t.Fatal(err)
			}
			p := g.Illustrate(&s)
			if !p.Complete {
				t.Error("the picture does not say it is complete")
			}
			count := map[string]int{}
			texts := map[string]bool{}
			ids := map[string]picture.Shape{}
			for _, sh := range p.Shapes {
				count[sh.Class]++
				if sh.Kind == picture.Text {
					texts[sh.Text] = true
				}
				if sh.ID != "" {
					ids[sh.ID] = sh
				}
				if sh.Kind != picture.Polygon && (sh.X < 0 || sh.X > p.W || sh.Y < 0 || sh.Y > p.H) {
					t.Errorf("shape %s %q at (%v, %v) lies outside the %vx%v picture", sh.Class, sh.Text, sh.X, sh.Y, p.W, p.H)
				}
			}
			if count["log"] != NumLogs {
				t.Errorf("%d logs, want %d", count["log"], NumLogs)
			}
			// Each ant colour is drawn once on every log it holds, in the legend and in
			// the players' table.
			if got, want := count["ant ant-red"], tt.red+2; got != want {
				t.Errorf("%d red ants drawn, want %d", got, want)
			}
			if got, want := count["ant ant-black"], tt.black+2; got != want {
				t.Errorf("%d black ants drawn, want %d", got, want)
			}
			// An arrow is a line and a head; two more show the legend's arrows.
			arrows := 0
			b := g.Rules.Board()
			for l := range Log(NumLogs) {
				arrows += len(b.Exits(l))
			}
			if count["arrow"] != 2*arrows {
				t.Errorf("%d arrow shapes, want %d for %d arrows", count["arrow"], 2*arrows, arrows)
			}
			for l := range Log(NumLogs) {
				if _, ok := ids["log-"+l.String()]; !ok {
					t.Errorf("no log with id log-%v", l)
				}
				if !texts[l.String()] || !texts[strconv.Itoa(s.Eggs(l))] {
					t.Errorf("log %v lacks its name or its eggs", l)
				}
			}
			if !texts[tt.title] {
				t.Errorf("no title %q", tt.title)
			}
			if rules := "rules " + g.Rules.Name(); texts[rules] != (tt.rules != "") {
				t.Errorf("text %q shown: %v, want %v", rules, texts[rules], tt.rules != "")
			}
		})
	}
}

// TestTurnMarks checks the marks of C1/B4-A4 from the start (RULES.md): the
// sowing lifted from C1, its last egg caught on B4 (not sown into the store) with
// an ant put there, then that ant's move to A4 as a walk.
func TestTurnMarks(t *testing.T) {
	g := Game{Rules: Default()}
	s, err := g.ParsePosition(StartPosition)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	m, err := g.Rules.ParseMove(&s, "C1/B4-A4")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range g.Rules.Actions(&s, m, nil) {
		for _, mk := range g.TurnMarks(&s, game.Action(a)) {
			got = append(got, fmt.Sprintf("%d %s %s", mk.Kind, mk.Place, mk.To))
		}
		g.Apply(&s, game.Action(a))
	}
	want := []string{
		fmt.Sprintf("%d log-C1 ", picture.MarkLift),
		fmt.Sprintf("%d log-C2 ", picture.MarkSow),
		fmt.Sprintf("%d log-C3 ", picture.MarkSow),
		fmt.Sprintf("%d log-B4 store-red", picture.MarkCatch),
		fmt.Sprintf("%d log-B4 ", picture.MarkPut),
		fmt.Sprintf("%d log-B4 log-A4", picture.MarkWalk),
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("the marks of C1/B4-A4:\n got %v\nwant %v", got, want)
	}
}
