package kalah

import (
	"errors"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestReadTurnSpellings: the turn parser takes every spelling RULES.md promises
// (the letter, its capital, the pit's number), as apply and the engines' runner
// read turns; anything else is not a turn, with ParseAction's reason.
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
		{text: "c", want: []game.Action{2}},
		{text: "C", want: []game.Action{2}},
		{text: "3", want: []game.Action{2}},
		{text: "F", want: []game.Action{5}},
		{text: "6", want: []game.Action{5}},
		{text: "7", wantErr: `not a legal turn: move "7": unknown pit (want a letter a-f or a number 1-6)`},
		{text: "G", wantErr: `not a legal turn: move "G": unknown pit (want a letter a-f or a number 1-6)`},
		{text: "zz", wantErr: `not a legal turn: move "zz": unknown pit (want a letter a-f or a number 1-6)`},
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
		// game.ReadTurn plays it: the same position as the canonical letter.
		c, want := g.Start(), g.Start()
		g.Apply(&want, tt.want[0])
		if err := game.ReadTurn[State](g, &c, tt.text); err != nil || g.FormatPosition(&c) != g.FormatPosition(&want) {
			t.Errorf("ReadTurn(%q): %q, %v; want %q", tt.text, g.FormatPosition(&c), err, g.FormatPosition(&want))
		}
	}
	// An empty pit is refused with its reason, and the state is unchanged.
	s := g.Start()
	g.Apply(&s, 2) // c: an extra turn, pit c now empty
	before := g.FormatPosition(&s)
	if err := g.ReadTurn(&s, "C"); err == nil || err.Error() != `not a legal turn: move "C": south's pit c is empty` {
		t.Errorf("ReadTurn(C) of an empty pit: %v", err)
	}
	if g.FormatPosition(&s) != before {
		t.Errorf("a refused turn changed the state: %q, was %q", g.FormatPosition(&s), before)
	}
}
