package oware

import (
	"errors"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestReadTurnSpellings: the turn parser takes the column letter alone for the
// mover's row, as RULES.md promises, as apply and the engines' runner read turns;
// anything else is not a turn, with ParseAction's reason.
func TestReadTurnSpellings(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text    string
		want    []game.Action
		wantErr string
	}{
		{text: "c1", want: []game.Action{2}},
		{text: "c", want: []game.Action{2}},
		{text: "f", want: []game.Action{5}},
		{text: "c2", wantErr: `not a legal turn: move "c2": the pit is north's, and south is to move`},
		{text: "C1", wantErr: `not a legal turn: move "C1": unknown pit (want a1..f1 or a2..f2)`},
		{text: "g", wantErr: `not a legal turn: move "g": unknown pit (want a1..f1 or a2..f2)`},
	}
	for _, tt := range tests {
		s := g.Start()
		got, err := game.ParseTurn[State](g, &s, tt.text)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr || !errors.Is(err, game.ErrNotATurn) {
				t.Errorf("ParseTurn(%q) = %v, %v; want the error %q (ErrNotATurn)", tt.text, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseTurn(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
	}
	// North's turn: the letter alone is North's pit.
	s := g.Start()
	g.Apply(&s, 2) // c1
	got, err := game.ParseTurn[State](g, &s, "e")
	want, err2 := game.ParseTurn[State](g, &s, "e2")
	if err != nil || err2 != nil || !slices.Equal(got, want) {
		t.Errorf("North's e: %v, %v; e2: %v, %v", got, err, want, err2)
	}
}
