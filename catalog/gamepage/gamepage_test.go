package gamepage

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/pagescript"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/record"
)

// The places a turn changed: the pit sown from, the pits sown into and the store.
func TestChanged(t *testing.T) {
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Opening: g.StartPosition(), Moves: []string{"c"}, Players: [2]string{"a", "b"},
		Specs: [2]string{"greedy", "greedy"}, Info: []record.MoveInfo{{Score: 2, Depth: 1, Nodes: 6, Micros: 10}}, Result: "*"}
	p, err := New(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Boards) != 2 || len(p.Positions) != 2 {
		t.Fatalf("%d boards, %d positions", len(p.Boards), len(p.Positions))
	}
	svg, err := g.SVG(p.Positions[1])
	if err != nil {
		t.Fatal(err)
	}
	ids, _, err := Regions(svg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 14 {
		t.Fatalf("ids %v, want Kalah's 12 pits and 2 stores", ids)
	}
	// The first player is south, whose pits come after north's six.
	if got := fmt.Sprint(p.Data.Changed[1]); got != "[pit-south-c pit-south-d pit-south-e pit-south-f store-S]" {
		t.Errorf("turn c changed %s", got)
	}
	if got, want := p.Data.Paths[1], "from south-c: south-d, south-e, south-f, store S"; got != want {
		t.Errorf("the path of turn c is %q, want %q", got, want)
	}
	// The path drawn on the board after the turn: a ring on c, a line through c, d,
	// e, f and the store with an arrowhead a leg, and the drops numbered 1 to 4.
	board := string(p.Boards[1])
	for _, want := range []string{`class="path-lift"`, `class="path-line"`, `>1</text>`, `>4</text>`} {
		if !strings.Contains(board, want) {
			t.Errorf("the board of position 1 has no %s", want)
		}
	}
	if got := strings.Count(board, `class="path-arrow"`); got != 4 {
		t.Errorf("%d arrowheads, want 4", got)
	}
	if strings.Contains(string(p.Boards[0]), `class="path`) || strings.Contains(board, ` id="`) {
		t.Error("the opening has a path, or a board keeps ids")
	}
	if tu := p.Data.Turns[0]; tu.Move != "c" || tu.Score != catalog.ScoreText(2, catalog.ScoreScale(g, "greedy")) || tu.Side != g.Sides()[0] || tu.Player != "a" {
		t.Errorf("turn %+v", tu)
	}
	page, err := p.HTML()
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)[:strings.Index(string(page), `<script type="application/json"`)] // before the data
	if strings.Count(html, `<div class="board"`) != 1 || strings.Count(html, "<svg") != 2 {
		t.Error("not one board and the graph")
	}
	// The edits turn position 0's lines into position 1's.
	if got := strings.Join(applyEdits(p.Data.Base, p.Data.Edits[1]), "\n"); got != strings.TrimSuffix(string(p.Boards[1]), "\n") {
		t.Errorf("the edits of turn 1 give\n%s\nwant\n%s", got, p.Boards[1])
	}
	if p.Data.Numbers[0] != 1 || p.Data.Numbers[1] != 2 || p.Data.Opening != "The game began at the start position." {
		t.Errorf("numbers %v, opening %q", p.Data.Numbers, p.Data.Opening)
	}
	// A turn that is not legal is an error.
	rec.Moves = []string{"c", "z"}
	if _, err := New(g, rec); err == nil || !strings.Contains(err.Error(), "turn 2") {
		t.Errorf("an illegal turn: %v", err)
	}
}

// PathText in words, for laps, relays and takes.
func TestPathText(t *testing.T) {
	sow := func(p string) game.TraceStep { return game.TraceStep{Kind: game.Sow, Place: p} }
	lift := func(p string) game.TraceStep { return game.TraceStep{Kind: game.Lift, Place: p} }
	tests := []struct {
		steps []game.TraceStep
		want  string
	}{
		{nil, ""},
		{[]game.TraceStep{lift("log-A3"), sow("log-A2"), sow("log-A1"), lift("log-A1"), sow("log-B1"), sow("log-C1")},
			"from A3: A2, A1; on from A1: B1, C1"},
		{[]game.TraceStep{sow("log-A6"), sow("store-red")}, "A6, store red"},
		{[]game.TraceStep{lift("pit-south-f"), sow("pit-north-a"), sow("pit-south-a"),
			{Kind: game.Take, Place: "pit-south-a", To: "store-S"}, {Kind: game.Take, Place: "pit-north-f", To: "store-S"}},
			"from south-f: north-a, south-a; south-a taken to store S; north-f taken to store S"},
	}
	// A relay of a thousand laps: 24 written out, then the count.
	var long []game.TraceStep
	for i := range 1000 {
		long = append(long, lift(fmt.Sprintf("pit-%d", i)), sow("pit-x"), sow("pit-y"))
	}
	tests = append(tests, struct {
		steps []game.TraceStep
		want  string
	}{long, "from 0: x, y; on from 1: x, y; on from 2: x, y; on from 3: x, y; on from 4: x, y; on from 5: x, y; " +
		"on from 6: x, y; on from 7: x, y; on from 8: x, y; on from 9: x, y; on from 10: x, y; on from 11: x, y; " +
		"on from 12: x, y; on from 13: x, y; on from 14: x, y; on from 15: x, y; on from 16: x, y; on from 17: x, y; " +
		"on from 18: x, y; on from 19: x, y; on from 20: x, y; on from 21: x, y; on from 22: x, y; on from 23: x, y; " +
		"and so on: 1000 laps and 2000 drops in all"})
	for _, tc := range tests {
		if got := PathText(tc.steps); got != tc.want {
			t.Errorf("PathText(%v) = %q, want %q", tc.steps, got, tc.want)
		}
	}
}

// applyEdits does what the page's script does with Data.Edits.
func applyEdits(prev []string, ed []any) []string {
	var out []string
	i := 0
	for _, o := range ed {
		switch o := o.(type) {
		case string:
			out = append(out, o)
		case int:
			if o > 0 {
				out = append(out, prev[i:i+o]...)
				i += o
			} else {
				i -= o
			}
		}
	}
	return append(out, prev[i:]...)
}

// The edits of two lists of lines, checked by applying them.
func TestEdits(t *testing.T) {
	tests := []struct {
		a, b string
		want string
	}{
		{"a b c", "a b c", "[]"},
		{"a b c", "a x c", "[1 x -1]"},
		{"a b c d", "a c d e", "[1 -1 2 e]"},
		{"", "x y", "[x y -1]"},
	}
	for _, tc := range tests {
		a, b := strings.Fields(tc.a), strings.Fields(tc.b)
		if len(a) == 0 {
			a = []string{""}
		}
		e := edits(a, b)
		if got := fmt.Sprint(e); got != tc.want {
			t.Errorf("edits(%q, %q) = %s, want %s", tc.a, tc.b, got, tc.want)
		}
		if got := strings.Join(applyEdits(a, e), " "); got != tc.b {
			t.Errorf("applying edits(%q, %q) gives %q", tc.a, tc.b, got)
		}
	}
}

// MarksText names what the steps do not: the log where the last egg was captured
// and the ant placed there.
func TestMarksText(t *testing.T) {
	tests := []struct {
		marks []picture.Mark
		want  string
	}{
		{nil, ""},
		{[]picture.Mark{{Kind: picture.MarkLift, Place: "log-B5"}, {Kind: picture.MarkSow, Place: "log-C4"}, {Kind: picture.MarkSow, Place: "log-B4"},
			{Kind: picture.MarkCatch, Place: "log-A3", To: "store-red"}, {Kind: picture.MarkPut, Place: "log-A3"}},
			"from B5: C4, B4, A3 captured to store red; ant placed on A3"},
		{[]picture.Mark{{Kind: picture.MarkLift, Place: "log-A2"}, {Kind: picture.MarkCatch, Place: "log-B2", To: "store-black"},
			{Kind: picture.MarkWalk, Place: "log-B4", To: "log-A4"}},
			"from A2: B2 captured to store black"},
	}
	for _, tc := range tests {
		if got := MarksText(tc.marks); got != tc.want {
			t.Errorf("MarksText(%v) = %q, want %q", tc.marks, got, tc.want)
		}
	}
}

// TestNames: the page's data names in words every place a turn changed (the
// page's script maps no id itself).
func TestNames(t *testing.T) {
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Opening: g.StartPosition(), Moves: []string{"c", "a"}, Players: [2]string{"a", "b"},
		Specs: [2]string{"greedy", "greedy"}, Result: "*"}
	p, err := New(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	for k, ids := range p.Data.Changed {
		for _, id := range ids {
			if p.Data.Names[id] != picture.PlaceName(id) {
				t.Errorf("turn %d changed %s, named %q, want %q", k, id, p.Data.Names[id], picture.PlaceName(id))
			}
		}
	}
	if p.Data.Names["store-S"] != "store S" || p.Data.Names["pit-south-c"] != "south-c" {
		t.Errorf("names %v", p.Data.Names)
	}
}

// TestSharedScript: the page has the replay module that the web page's Watch view
// imports inline, from the same file, in the module script that steps the page.
func TestSharedScript(t *testing.T) {
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Opening: g.StartPosition(), Moves: []string{"c"}, Players: [2]string{"a", "b"},
		Specs: [2]string{"greedy", "greedy"}, Result: "*"}
	page, err := HTML(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<script type=\"module\">\n"+pagescript.Replay) {
		t.Error("the page has not the replay module inline")
	}
}
