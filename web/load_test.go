package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// TestLoadGame checks /api/load: turns pasted (from the start, or from a position on
// the first line), a games file (a game the page saved; a game picked by index),
// each replayed into its positions and turns; and the refusals, with why: an illegal
// turn, a games file of another game or without the game asked, nothing pasted,
// another origin.
func TestLoadGame(t *testing.T) {
	s, url := startServer(t, Config{Game: "kalah"})
	g, err := catalog.Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	// Five turns of Kalah, each the first legal one.
	pos := g.StartPosition()
	var turns []string
	for range 5 {
		moves, err := g.Moves(pos)
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, moves[0])
		if pos, _, err = g.Play(pos, moves[:1]); err != nil {
			t.Fatal(err)
		}
	}
	mid, _, err := g.Play(g.StartPosition(), turns[:2])
	if err != nil {
		t.Fatal(err)
	}
	saved, err := s.gamesFile(RecordRequest{Game: "kalah", Specs: [2]string{"human", "ab:depth=2"}, Turns: turns})
	if err != nil {
		t.Fatal(err)
	}
	colonySaved, err := s.gamesFile(RecordRequest{Game: "colony", Turns: []string{"C1"}})
	if err != nil {
		t.Fatal(err)
	}
	load := func(req LoadRequest, headers map[string]string) (int, string) {
		body, _ := json.Marshal(req)
		return do(t, "POST", url+"/api/load", string(body), headers)
	}
	zero, five := 0, 5
	for _, tc := range []struct {
		name  string
		req   LoadRequest
		turns []string
	}{
		{"turns", LoadRequest{Game: "kalah", Text: strings.Join(turns, " ")}, turns},
		{"turns on lines", LoadRequest{Text: "\n" + strings.Join(turns, "\n") + "\n"}, turns},
		{"a position, then turns", LoadRequest{Text: mid + "\n" + strings.Join(turns[2:], " ")}, turns[2:]},
		{"a saved game", LoadRequest{Text: string(saved)}, turns},
		{"a saved game by index", LoadRequest{Text: string(saved), Index: &zero}, turns},
	} {
		status, body := load(tc.req, nil)
		if status != 200 {
			t.Errorf("%s: %d %s", tc.name, status, body)
			continue
		}
		var v RecordedGame
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tv := range v.Turns {
			got = append(got, tv.Turn)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.turns) || len(v.Positions) != len(tc.turns)+1 || v.Positions[len(v.Positions)-1] != pos {
			t.Errorf("%s: turns %q, %d positions ending %q; want %q ending %q", tc.name, got, len(v.Positions), v.Positions[len(v.Positions)-1], tc.turns, pos)
		}
	}
	for _, tc := range []struct {
		name   string
		req    LoadRequest
		header map[string]string
		status int
		says   string
	}{
		{"an illegal turn", LoadRequest{Text: turns[0] + " zz"}, nil, 400, `turn 2 \"zz\": move`},
		{"nothing", LoadRequest{Text: "  \n"}, nil, 400, "paste a games file or turns"},
		{"another game's file", LoadRequest{Text: string(colonySaved)}, nil, 400, "the games file is of colony, the page's game is kalah"},
		{"no such game", LoadRequest{Text: string(saved), Index: &five}, nil, 400, "holds no game 5"},
		{"a torn games file", LoadRequest{Text: "{\"type\":"}, nil, 400, "the games file: "},
		{"another origin", LoadRequest{Text: turns[0]}, map[string]string{"Origin": "http://evil.example"}, 403, ""},
	} {
		status, body := load(tc.req, tc.header)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %s; want %d saying %q", tc.name, status, body, tc.status, tc.says)
		}
	}
}
