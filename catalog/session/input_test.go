package session

import (
	"context"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

func TestReadCommand(t *testing.T) {
	kalah8 := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	tests := []struct {
		line  string
		moves []string
		want  Command
	}{
		{"b", kalah8, PlayTurn},
		{"h", kalah8, PlayTurn},
		{" h \r", kalah8, PlayTurn},
		{"B", kalah8, PlayTurn},
		{"3", kalah8, PlayTurn},
		{"xyzzy", kalah8, PlayTurn},
		{"", kalah8, Nothing},
		{"  ", kalah8, Nothing},
		{"board", kalah8, ShowBoard},
		{"help", kalah8, ShowHelp},
		{"?", kalah8, ShowHelp},
		{"Moves", kalah8, ListMoves},
		{"undo", kalah8, TakeBack},
		{"HINT", kalah8, AskHint},
		{"quit", kalah8, Stop},
		{"exit", kalah8, Stop},
		{"q", kalah8, PlayTurn},
		// A legal turn wins over a command's word, whatever the game.
		{"help", []string{"help", "moves"}, PlayTurn},
		{"Help", []string{"help", "moves"}, ShowHelp},
	}
	for _, tt := range tests {
		if got := ReadCommand(tt.line, tt.moves); got != tt.want {
			t.Errorf("ReadCommand(%q, %q) = %d, want %d", tt.line, tt.moves, got, tt.want)
		}
	}
}

// TestNoCommandIsATurn: in every registered game, with its largest boards and its
// variants, at the start and in positions of random games, every legal turn reads as
// a turn, no command's word is a turn in any case nor a text the game plays, and no
// turn is a number (a number picks a turn from the list).
func TestNoCommandIsATurn(t *testing.T) {
	games := append(catalog.Names(), "kalah:8x4", "kalah:12x4", "kalah:12x1,capture=nonempty",
		"martian:8x321", "colony:choice=selected", "oware:grandslam=illegal")
	words := CommandWords()
	for _, name := range games {
		g := open(t, name)
		positions := append([]string{g.StartPosition()}, g.SamplePositions(30, 1)...)
		for _, pos := range positions {
			moves, err := g.Moves(pos)
			if err != nil {
				t.Fatalf("%s %s: %v", name, pos, err)
			}
			for _, m := range moves {
				if ReadCommand(m, moves) != PlayTurn {
					t.Errorf("%s %s: the turn %q does not read as a turn", name, pos, m)
				}
				if _, ok := words[strings.ToLower(m)]; ok {
					t.Errorf("%s %s: the turn %q is a command's word", name, pos, m)
				}
				if strings.Trim(m, "0123456789") == "" {
					t.Errorf("%s %s: the turn %q is a number", name, pos, m)
				}
			}
			for w := range words {
				for _, text := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
					if _, _, err := g.Play(pos, []string{text}); err == nil {
						t.Errorf("%s %s: the command %q plays as a turn", name, pos, text)
					}
				}
			}
		}
	}
}

func TestMarkChanges(t *testing.T) {
	g := open(t, "kalah")
	before, err := g.Show(g.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	pos, _, err := g.Play(g.StartPosition(), []string{"c"})
	if err != nil {
		t.Fatal(err)
	}
	after, err := g.Show(pos)
	if err != nil {
		t.Fatal(err)
	}
	got := MarkChanges(before, after)
	want := strings.Replace(strings.Replace(after,
		"  [N  0]                                           [S  1]\n",
		"  [N  0]                                          *[S  1]\n", 1),
		"         (a  4) (b  4) (c  0) (d  5) (e  5) (f  5)         south\n",
		"         (a  4) (b  4)*(c  0)*(d  5)*(e  5)*(f  5)         south\n", 1)
	if want == after || got != want {
		t.Errorf("MarkChanges:\n%s\nwant\n%s", got, want)
	}
	if got := MarkChanges(after, after); got != after {
		t.Errorf("no change marked:\n%s", got)
	}
	// Only the board's lines, before the first empty line, are compared.
	if got := MarkChanges("(a 1)\n\n(b 2)\n", "(a 2)\n\n(b 3)\n"); got != "(a 2)\n\n(b 3)\n" {
		t.Errorf("a place at the line's start, or below the board, marked: %q", got)
	}
	if got := MarkChanges(" (a 1) (b 2)\n\n", " (a 2) (b 2)\n\n"); got != "*(a 2) (b 2)\n\n" {
		t.Errorf("MarkChanges %q", got)
	}
	if got := MarkChanges(" (a 1) (b 2)\n", " (a 2)\n"); got != " (a 2)\n" {
		t.Errorf("places that do not pair up marked: %q", got)
	}
}

// TestChanges: the board marks the engine's turns since the person's last (its reply
// and its extra turns), or the person's last turn when it gave an extra turn.
func TestChanges(t *testing.T) {
	g := open(t, "kalah")
	s, err := NewGame(g, "ab:depth=1", 0, g.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	if from, turns := s.Changes(); from != g.StartPosition() || turns != nil {
		t.Errorf("changes before the first turn: %q, %v", from, turns)
	}
	board, _ := s.Board()
	if marked, err := s.MarkedBoard(); err != nil || marked != board {
		t.Errorf("marked board before the first turn:\n%s", marked)
	}
	moves, _ := s.Moves()
	if _, err := s.Choose("c", moves); err != nil { // c ends in the store: south again
		t.Fatal(err)
	}
	afterC := s.Position()
	if from, turns := s.Changes(); from != g.StartPosition() || len(turns) != 1 || turns[0].Turn != "c" {
		t.Errorf("changes after c: %q, %v", from, turns)
	}
	moves, _ = s.Moves()
	if _, err := s.Choose("F", moves); err != nil { // in another case
		t.Fatal(err)
	}
	if from, turns := s.Changes(); from != afterC || len(turns) != 1 || turns[0].Turn != "f" || turns[0].Mover != 0 {
		t.Errorf("changes after f: %q, %v", from, turns)
	}
	afterF := s.Position()
	if _, err := s.EngineTurn(context.Background()); err != nil {
		t.Fatal(err)
	}
	from, turns := s.Changes()
	if from != afterF || len(turns) != 1 || turns[0].Mover != 1 {
		t.Errorf("changes after the engine's turn: %q, %v", from, turns)
	}
	before, _ := g.Show(afterF)
	after, _ := s.Board()
	if marked, err := s.MarkedBoard(); err != nil || marked != MarkChanges(before, after) || marked == after {
		t.Errorf("marked board after the engine's turn:\n%s", marked)
	}
}

// TestChooseInAnyCase: a turn typed in another case plays the one legal turn it
// names.
func TestChooseInAnyCase(t *testing.T) {
	for _, tt := range []struct{ game, typed, want string }{
		{"kalah", "B", "b"},
		{"oware", "C1", "c1"},
		{"colony", "c1/b4-a4", "C1/B4-A4"},
		{"colony", "a2>b2", "A2>B2"},
	} {
		g := open(t, tt.game)
		s, err := NewGame(g, "random", 0, g.StartPosition())
		if err != nil {
			t.Fatal(err)
		}
		moves, _ := s.Moves()
		turn, err := s.Choose(tt.typed, moves)
		if err != nil || turn.Turn != tt.want {
			t.Errorf("%s: %q played %q (%v), want %q", tt.game, tt.typed, turn.Turn, err, tt.want)
		}
	}
	g := open(t, "kalah")
	s, _ := NewGame(g, "random", 0, g.StartPosition())
	moves, _ := s.Moves()
	if _, err := s.Choose("BB", moves); err == nil || !strings.Contains(err.Error(), `"BB" is not a legal turn`) {
		t.Errorf("BB: %v", err)
	}
}
