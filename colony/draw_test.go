package colony

import (
	"strings"
	"testing"
)

// TestFlowText: the legend of the arrows, on the default board and on a board of one
// loop through the 19 logs, without forks or centre.
func TestFlowText(t *testing.T) {
	want := []string{
		"eggs go round B4 A3 A2 A1 B1 C1 C2 C3 B4 A4 A5 A6 B7 C6 C5 C4 B4",
		"a lap starting on a fork may take its other way: A2>B2 A5>B6 B1>B2 B4>A4 B7>B6",
	}
	if got := FlowText(DefaultBoard()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("FlowText(default) = %q, want %q", got, want)
	}
	var text strings.Builder
	text.WriteString("board ring\n")
	for _, l := range strings.Split(DefaultBoardText(), "\n") {
		if strings.HasPrefix(l, "neighbours ") {
			text.WriteString(l + "\n")
		}
	}
	ring := strings.Fields("A1 A2 A3 A4 A5 A6 B7 C6 B6 B5 C5 C4 B4 B3 C3 C2 B2 C1 B1 A1")
	for i := range len(ring) - 1 {
		text.WriteString("arrow " + ring[i] + " " + ring[i+1] + "\n")
	}
	b, err := ParseBoard(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := FlowText(b); len(got) != 1 || got[0] != "eggs go round "+strings.Join(ring, " ") {
		t.Errorf("FlowText(ring) = %q", got)
	}
	// The drawing has the legend under the board.
	g := NewGame(Default())
	s := g.Start()
	if d := g.Draw(&s); !strings.Contains(d, "ant\n  "+want[0]+"\n  "+want[1]+"\n\n") {
		t.Errorf("the drawing lacks the arrows' legend:\n%s", d)
	}
}
