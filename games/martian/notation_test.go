package martian_test

import (
	"fmt"
	"testing"

	"github.com/colony-ai/colony/games/martian"
)

func TestNew(t *testing.T) {
	for _, tc := range []struct{ params, want string }{
		{"", "martian"},
		{"martian", "martian"},
		{"martian:6x321", "martian"},
		{"6x321,cap=200", "martian"},
		{"8x3321", "martian:8x3321"},
		{"cap=50,2x3", "martian:2x3,cap=50"},
		{"martian:8x3333,cap=65535", "martian:8x3333,cap=65535"},
		{"1x1", "martian:1x1"},
		{"6", `martian: parameter "6": not a size NxSTACK (e.g. 6x321) nor key=value`},
		{"9x321", `martian: parameter "9x321": spaces a side "9": want a number from 1 to 8`},
		{"0x321", `martian: parameter "0x321": spaces a side "0": want a number from 1 to 8`},
		{"6x", `martian: parameter "6x": stack "": want 1 to 8 pieces, each 1, 2 or 3 pips, top piece first`},
		{"6x340", `martian: parameter "6x340": stack "340": piece 2 is "4", want 1, 2 or 3 pips`},
		{"6x123456789", `martian: parameter "6x123456789": stack "123456789": want 1 to 8 pieces, each 1, 2 or 3 pips, top piece first`},
		{"8x33211", `martian: parameter "8x33211": 80 pieces in all, want at most 64`},
		{"cap=0", `martian: parameter "cap=0": cap must be a number of turns from 1 to 65535`},
		{"cap=x", `martian: parameter "cap=x": cap must be a number of turns from 1 to 65535`},
		{"laps=3", `martian: parameter "laps=3": unknown parameter "laps" (known: NxSTACK, cap=)`},
		{"6x321,6x321", `martian: parameter "6x321": size given twice`},
	} {
		g, err := martian.New(tc.params)
		got := fmt.Sprint(err)
		if err == nil {
			got = g.Name()
			again, err := martian.New(g.Name())
			if err != nil || again.Name() != g.Name() {
				t.Errorf("New(%q): the name %q reads back as %v, %v", tc.params, g.Name(), again, err)
			}
		}
		if got != tc.want {
			t.Errorf("New(%q) = %s, want %s", tc.params, got, tc.want)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	g, err := martian.New("2x321")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{
		{"pits=321.321/321.321 stores=-,- move=south ply=0", "ok"},
		{"pits=321.321/321.321 stores=-,- move=south", "position: want 4 fields separated by single spaces (pits stores move ply), got 3"},
		{"pits=321.321/321.321 stores=-,- move=east ply=0", `position: move="east", want south or north`},
		{"pits=321.321.321/321.321 stores=-,- move=south ply=0", "position: pits: south has 3 spaces, want 2"},
		{"pits=321.321/321. stores=-,- move=south ply=0", "position: pits: north space b is empty text, want pips or '-'"},
		{"pits=321.421/321.321 stores=-,- move=south ply=0", `position: pits: south space b: "421" is not a stack of pieces of 1, 2 or 3 pips (top first) or '-'`},
		{"pits=321.321/321.32 stores=-,1 move=south ply=0", "ok"},
		{"pits=321.321/321.32 stores=-,- move=south ply=0", "position: 3 pieces of 1 pips on the spaces and in the mancalas, want 4"},
		{"pits=321.321/321.32 stores=2,- move=south ply=0", "position: 3 pieces of 1 pips on the spaces and in the mancalas, want 4"},
		{"pits=321.321/321.32 stores=,1 move=south ply=0", `position: stores: south: "" is not the pips of its pieces or '-'`},
		{"pits=321.321/321.32 stores=-,x move=south ply=0", `position: stores: north: "x" is not the pips of its pieces (1, 2 or 3 each) or '-'`},
		{"pits=321.321/321.32 stores=1 move=south ply=0", `position: stores: want two counts separated by ',', got "1"`},
		{"pits=321.321/321.321 stores=-,- move=south ply=201", `position: ply="201", want the turns played, from 0 to the move cap 200`},
		{"pits=321.321/321.321 stores=-,- move=south ply=01", `position: ply="01", want the turns played, from 0 to the move cap 200`},
	} {
		_, err := g.ParsePosition(tc.text)
		got := "ok"
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParsePosition(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}

// TestParsePositionEnd: a position with an empty side or at the cap is a finished
// game; the player who moved last is the opponent of move=.
func TestParsePositionEnd(t *testing.T) {
	g, err := martian.New("2x321,cap=10")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text   string
		reason string
		points [2]int
	}{
		{"pits=321.321/321.321 stores=-,- move=south ply=9", "", [2]int{0, 0}},
		{"pits=321.321/321.321 stores=-,- move=south ply=10", "move cap", [2]int{0, 24}},
		{"pits=-.-/321.321 stores=321,321 move=north ply=3", "south's spaces are empty", [2]int{18, 6}},
		{"pits=-.-/321.321 stores=321,321 move=south ply=3", "south's spaces are empty", [2]int{6, 18}},
	} {
		s, err := g.ParsePosition(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		if g.EndReason(&s) != tc.reason || g.Points(&s) != tc.points || g.FormatPosition(&s) != tc.text {
			t.Errorf("%q: end %q, points %v, formats as %q; want %q, %v", tc.text, g.EndReason(&s), g.Points(&s), g.FormatPosition(&s), tc.reason, tc.points)
		}
	}
}

func TestParseAction(t *testing.T) {
	g, err := martian.New("")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("pits=-.321.321.3321.321.2321/321.321.321.321.321.321 stores=1,- move=south ply=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{
		{"b", "1"}, {"F", "5"},
		{"a", `move "a": south's space a is empty`},
		{"g", `move "g": not a space letter a to f`},
		{"", `move "": not a space letter a to f`},
		{"bb", `move "bb": not a space letter a to f`},
	} {
		a, err := g.ParseAction(&s, tc.text)
		got := fmt.Sprint(a)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParseAction(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}

func TestDraw(t *testing.T) {
	g, err := martian.New("3x321")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("pits=-.1.33321/321.-.321 stores=21,3221 move=north ply=4")
	if err != nil {
		t.Fatal(err)
	}
	want := "" +
		"         (c 321  ) (b -    ) (a 321  )         north\n" +
		"  [N  8]                               [S  3]\n" +
		"         (a -    ) (b 1    ) (c 33321)         south\n" +
		"\n" +
		"  (space stack, top piece first)  [N pips] north's mancala  [S pips] south's mancala\n" +
		"  pieces move their pips counter-clockwise, through both mancalas\n" +
		"  turns played: 4 (the game ends at 200)\n" +
		"\n" +
		"                    south  north\n" +
		"  points                3      8\n" +
		"\n" +
		"  north to move\n" +
		"  rules martian:3x321\n"
	if got := g.Draw(&s); got != want {
		t.Errorf("Draw:\n%s\nwant:\n%s", got, want)
	}
}
