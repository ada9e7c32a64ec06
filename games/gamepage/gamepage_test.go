package gamepage

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/games"
	"github.com/colony-ai/colony/tournament"
)

// The places a turn changed: the pit sown from, the pits sown into and the store.
func TestChanged(t *testing.T) {
	g, err := games.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	rec := &tournament.Record{Opening: g.StartPosition(), Moves: []string{"c"}, Players: [2]string{"a", "b"},
		Specs: [2]string{"greedy", "greedy"}, Info: []tournament.MoveInfo{{Score: 2, Depth: 1, Nodes: 6, Micros: 10}}, Result: "*"}
	p, err := New(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Boards) != 2 || len(p.Positions) != 2 {
		t.Fatalf("%d boards, %d positions", len(p.Boards), len(p.Positions))
	}
	ids, _, err := Regions(p.Boards[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 14 {
		t.Fatalf("ids %v, want Kalah's 12 pits and 2 stores", ids)
	}
	// The first player is south, whose pits come after north's six.
	if got := fmt.Sprint(p.Data.Names[1]); got != "[pit-c pit-d pit-e pit-f store-S]" {
		t.Errorf("turn c changed %s (%v)", got, p.Data.Changed[1])
	}
	if got := fmt.Sprint(p.Data.Changed[1]); got != "[8 9 10 11 13]" {
		t.Errorf("turn c changed the ids of ordinals %s", got)
	}
	if tu := p.Data.Turns[0]; tu.Move != "c" || tu.Score != games.ScoreText(2, games.ScoreScale(g, "greedy")) || tu.Side != g.Sides()[0] || tu.Player != "a" {
		t.Errorf("turn %+v", tu)
	}
	page, err := p.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(page), `<div class="board"`) != 2 {
		t.Error("not a board a position")
	}
	// A turn that is not legal is an error.
	rec.Moves = []string{"c", "z"}
	if _, err := New(g, rec); err == nil || !strings.Contains(err.Error(), "turn 2") {
		t.Errorf("an illegal turn: %v", err)
	}
}
