package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
)

func open(t *testing.T, name string) catalog.Ruleset {
	t.Helper()
	g, err := catalog.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestParseSide(t *testing.T) {
	sides := [2]string{"south", "north"}
	tests := []struct {
		as   string
		want int
		ok   bool
	}{
		{"first", 0, true}, {"1", 0, true}, {"South", 0, true},
		{"second", 1, true}, {"2", 1, true}, {"NORTH", 1, true},
		{"red", 0, false}, {"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseSide(tt.as, sides)
		if (err == nil) != tt.ok || tt.ok && got != tt.want {
			t.Errorf("ParseSide(%q) = %d, %v; want %d (ok %v)", tt.as, got, err, tt.want, tt.ok)
		}
	}
}

// TestGame plays a game of Kalah against the engine: the person's choices by number
// and by text, a number out of range, an undo, a hint and the engine's turns.
func TestGame(t *testing.T) {
	ctx := context.Background()
	g := open(t, "kalah:4x3")
	if _, err := NewGame(g, "nosuchplayer", 0, g.StartPosition()); err == nil {
		t.Error("NewGame accepts a player that cannot play")
	}
	s, err := NewGame(g, "ab:depth=2", 0, g.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	if s.Name(0) != "south (you)" || s.Name(1) != "north (engine)" {
		t.Errorf("names %q, %q", s.Name(0), s.Name(1))
	}
	if _, ok := s.Undo(); ok {
		t.Error("an undo before any turn")
	}
	moves, err := s.Moves()
	if err != nil {
		t.Fatal(err)
	}
	var ne *NumberError
	if _, err := s.Choose("9", moves); !errors.As(err, &ne) || ne.Error() != "9: no such turn, type a number from 1 to 4" {
		t.Errorf("a number out of range: %v", err)
	}
	if _, err := s.Choose("z", moves); err == nil || errors.As(err, &ne) {
		t.Errorf("an illegal turn: %v", err)
	}
	a, number, err := s.Hint(ctx, moves)
	if err != nil || number < 1 || moves[number-1] != a.Best {
		t.Fatalf("hint %+v, number %d, %v", a, number, err)
	}
	turn, err := s.Choose("1", moves)
	if err != nil || turn.Turn != moves[0] || turn.Mover != 0 || turn.From != g.StartPosition() {
		t.Fatalf("choose 1: %+v, %v", turn, err)
	}
	for {
		toMove, o, err := s.Situation()
		if err != nil {
			t.Fatal(err)
		}
		if o != nil || toMove == 0 {
			break
		}
		if _, err := s.EngineTurn(ctx); err != nil {
			t.Fatal(err)
		}
	}
	played := s.Turns()
	if len(played) < 2 || played[1].Mover != 1 {
		t.Fatalf("the engine did not play: %+v", played)
	}
	taken, ok := s.Undo()
	if !ok || !slices.Equal(TurnTexts(taken), TurnTexts(played)) || s.Position() != g.StartPosition() || len(s.Turns()) != 0 {
		t.Errorf("undo took back %q, position %s", TurnTexts(taken), s.Position())
	}
	if s.Start() != g.StartPosition() || s.Sowing() != "" {
		t.Error("start or sowing after the undo")
	}
	// Played to the end, the engine against itself through the person's hints.
	for range 200 {
		toMove, o, err := s.Situation()
		if err != nil {
			t.Fatal(err)
		}
		if o != nil {
			board, err := s.Board()
			if err != nil || !strings.Contains(board, o.Text(g.Sides())) {
				t.Errorf("the final board lacks the result %q:\n%s", o.Text(g.Sides()), board)
			}
			return
		}
		if toMove != s.You() {
			if _, err := s.EngineTurn(ctx); err != nil {
				t.Fatal(err)
			}
			continue
		}
		moves, _ := s.Moves()
		a, _, err := s.Hint(ctx, moves)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Choose(a.Best, moves); err != nil {
			t.Fatal(err)
		}
	}
	t.Error("the game did not end")
}

// TestColonyTurn: a turn typed is recorded as the game lists it, with the path of its
// sowing.
func TestColonyTurn(t *testing.T) {
	g := open(t, "colony")
	s, err := NewGame(g, "random", 0, g.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := s.Moves()
	turn, err := s.Choose("C1", moves)
	if err != nil || turn.Turn != "C1" {
		t.Errorf("C1 recorded as %q (%v)", turn.Turn, err)
	}
	if s.Sowing() == "" {
		t.Error("no sowing text for C1")
	}
}

func TestStep(t *testing.T) {
	tests := []struct {
		command string
		k, n    int
		next    int
		quit    bool
		err     string
	}{
		{"", 0, 5, 1, false, ""},
		{"n", 2, 5, 3, false, ""},
		{"P", 2, 5, 1, false, ""},
		{"first", 4, 5, 0, false, ""},
		{"l", 0, 5, 5, false, ""},
		{"3", 0, 5, 3, false, ""},
		{"q", 2, 5, 2, true, ""},
		{"n", 5, 5, 5, false, "no position 6: the game has positions 0 to 5"},
		{"p", 0, 5, 0, false, "no position -1"},
		{"x", 1, 5, 1, false, `"x": type Enter or n, p, f, l, a position from 0 to 5, or q`},
	}
	for _, tt := range tests {
		next, quit, err := Step(tt.command, tt.k, tt.n)
		if next != tt.next || quit != tt.quit || (err == nil) != (tt.err == "") || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("Step(%q, %d, %d) = %d, %v, %v; want %d, %v, %q", tt.command, tt.k, tt.n, next, quit, err, tt.next, tt.quit, tt.err)
		}
	}
}

// TestReplay replays a recorded game of Kalah: its positions, turns, board and
// result.
func TestReplay(t *testing.T) {
	g := open(t, "kalah:4x3")
	pos, end, err := g.Play(g.StartPosition(), []string{"a", "b"})
	if err != nil || end != nil {
		t.Fatalf("%v %v", end, err)
	}
	rec := &record.Record{Index: 7, Players: [2]string{"x", "y"}, Specs: [2]string{"ab:depth=2", "greedy"},
		Opening: g.StartPosition(), Moves: []string{"a", "b"}, Info: []record.MoveInfo{{Score: 3, Depth: 2, Nodes: 40, Micros: 1500}},
		Winner: 1, Points: [2]int{10, 14}, Reason: "resigned", Detail: "a test"}
	r, err := NewReplay(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 2 || r.Position(0) != g.StartPosition() || r.Position(2) != pos {
		t.Errorf("positions %q %q", r.Position(0), r.Position(2))
	}
	if want := "game 7: x (south) ab:depth=2 - y (north) greedy, 2 turns"; r.Title() != want {
		t.Errorf("title %q, want %q", r.Title(), want)
	}
	first := r.Turn(0)
	if first.Number != 1 || first.Side != "south" || first.Player != "x" || first.Move != "a" ||
		first.Info != "score 0.03, depth 2, nodes 40, time 0.002s" {
		t.Errorf("turn 1: %+v", first)
	}
	if r.Turn(1).Info != "" {
		t.Errorf("turn 2 has info %q", r.Turn(1).Info)
	}
	if want := "result: north wins 10-14 (resigned): a test"; r.Result() != want {
		t.Errorf("result %q, want %q", r.Result(), want)
	}
	if b, err := r.Board(0); err != nil || !strings.Contains(b, g.StartPosition()) {
		t.Errorf("board 0: %v\n%s", err, b)
	}
	rec.Moves = []string{"a", "zz"}
	if _, err := NewReplay(g, rec); err == nil {
		t.Error("a record with an illegal turn replays")
	}
}

// TestGamesFile reads a games file and finds its games by index.
func TestGamesFile(t *testing.T) {
	gf, g, err := ListGames(filepath.Join("..", "..", "cmd", "colony", "testdata", "games-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if g == nil || len(gf.Games) == 0 {
		t.Fatal("no games")
	}
	first := gf.Games[0].Index
	if rec := FindGame(gf.Games, first); rec == nil || rec.Index != first {
		t.Errorf("FindGame(%d) = %v", first, rec)
	}
	if FindGame(gf.Games, -5) != nil {
		t.Error("FindGame finds index -5")
	}
	if !strings.Contains(IndexRange(gf.Games), "games, indexes") {
		t.Errorf("IndexRange %q", IndexRange(gf.Games))
	}
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ListGames(empty); err == nil {
		t.Error("an empty games file opens")
	}
}

// TestSowingNamesCapture: the path of a turn of The Colony names the log where its
// last egg was captured and the ant placed there (the board shows them), not the
// store alone.
func TestSowingNamesCapture(t *testing.T) {
	g := open(t, "colony")
	tests := []struct{ turn, want string }{
		{"B5", "from B5: C4, B4, A3 captured to store red; ant placed on A3"},
		{"C1", "from C1: C2, C3, B4 captured to store red; ant placed on B4"},
	}
	for _, tc := range tests {
		if got := Sowing(g, g.StartPosition(), tc.turn); got != tc.want {
			t.Errorf("Sowing(%s) = %q, want %q", tc.turn, got, tc.want)
		}
	}
}
