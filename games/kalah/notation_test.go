package kalah

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

func TestNewParams(t *testing.T) {
	cases := []struct {
		params, name string
		m, n         int
		empty, fill  bool // captureEmpty, endEither
	}{
		{"", "kalah", 6, 4, true, true},
		{"kalah", "kalah", 6, 4, true, true},
		{"6x4", "kalah", 6, 4, true, true},
		{"4x3", "kalah:4x3", 4, 3, true, true},
		{"capture=nonempty", "kalah:capture=nonempty", 6, 4, false, true},
		{"capture=empty,end=either", "kalah", 6, 4, true, true},
		{"end=mover,3x3,capture=nonempty", "kalah:3x3,capture=nonempty,end=mover", 3, 3, false, false},
		{"kalah:12x10", "kalah:12x10", 12, 10, true, true},
		{"1x127", "kalah:1x127", 1, 127, true, true},
	}
	for _, c := range cases {
		g, err := New(c.params)
		if err != nil {
			t.Fatalf("New(%q): %v", c.params, err)
		}
		if g.Name() != c.name || g.Pits() != c.m || g.Seeds() != c.n || g.CaptureEmpty() != c.empty || g.EndEither() != c.fill {
			t.Errorf("New(%q): %s %dx%d %v %v", c.params, g.Name(), g.Pits(), g.Seeds(), g.CaptureEmpty(), g.EndEither())
		}
		// The name round-trips, with or without the game's name.
		for _, p := range []string{g.Name(), strings.TrimPrefix(g.Name(), "kalah:")} {
			h, err := New(p)
			if err != nil || h.Name() != g.Name() {
				t.Errorf("New(%q) from %q: %v, %v", p, g.Name(), h, err)
			}
		}
	}
	bad := []struct{ params, want string }{
		{"13x4", `"13x4"`},
		{"0x4", "1 to 12"},
		{"6x0", "at least 1"},
		{"6x22", "at most 255"},
		{"6x", `seeds ""`},
		{"x4", `pits ""`},
		{"06x4", "not a number"},
		{"6x4,4x3", "given twice"},
		{"capture=always", "capture must be"},
		{"end=never", "end must be"},
		{"seeds=4", `unknown parameter "seeds"`},
		{"6y4", "not a board size"},
		{"capture=empty,capture=nonempty", "given twice"},
		{",", "not a board size"},
	}
	for _, c := range bad {
		_, err := New(c.params)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%q): error %v, want one containing %q", c.params, err, c.want)
		}
	}
}

func TestPositionNotation(t *testing.T) {
	g := mustNew(t, "")
	start := g.Start()
	const startText = "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south"
	if got := g.FormatPosition(&start); got != startText {
		t.Errorf("start: %s", got)
	}
	if s := mustParse(t, g, startText); s != start {
		t.Errorf("start reads as %x", s.w)
	}
	// Reading a position in which a side is empty ends the game there.
	s := mustParse(t, g, "pits=0.0.0.0.0.0/1.2.3.4.5.6 stores=20,7 move=north")
	if !s.Over() || g.FormatPosition(&s) != "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=20,28 move=north" ||
		g.EndReason(&s) != "south has no seeds" {
		t.Errorf("empty side: %s over=%v %q", g.FormatPosition(&s), s.Over(), g.EndReason(&s))
	}
	// With end=mover only the mover's empty side ends it.
	gm := mustNew(t, "end=mover")
	if s := mustParse(t, gm, "pits=0.0.0.0.0.0/1.2.3.4.5.6 stores=20,7 move=north"); s.Over() {
		t.Errorf("end=mover: North to move with seeds is over")
	}
	if s := mustParse(t, gm, "pits=0.0.0.0.0.0/1.2.3.4.5.6 stores=20,7 move=south"); !s.Over() || s.Store(1) != 28 {
		t.Errorf("end=mover: South to move without seeds: %s", gm.FormatPosition(&s))
	}
	bad := []struct{ text, want string }{
		{"", "want 3 fields"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0  move=south", "want 3 fields"},
		{"stores=0,0 pits=4.4.4.4.4.4/4.4.4.4.4.4 move=south", "field 1"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 mover=south", "field 3"},
		{"pits=4.4.4.4.4.4.4.4.4.4.4.4 stores=0,0 move=south", "two sides"},
		{"pits=4.4.4.4.4/4.4.4.4.4.8 stores=0,0 move=south", "south has 5 pits"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4.0 stores=0,0 move=south", "north has 7 pits"},
		{"pits=4.4.x.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", "south pit c"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.-4 stores=0,0 move=south", "north pit f"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.04 stores=0,0 move=south", "north pit f"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.49 stores=0,0 move=south", "more than the 48"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0 move=south", "stores: want two"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,+0 move=south", "stores: north"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=1,0 move=south", "hold 49 seeds, want 48"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=east", "move="},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=South", "move="},
	}
	for _, c := range bad {
		_, err := g.ParsePosition(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q): error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

func TestActionNotation(t *testing.T) {
	g := mustNew(t, "")
	s := mustParse(t, g, "pits=4.0.4.4.4.4/4.4.4.4.4.4 stores=4,0 move=south")
	for _, c := range []struct {
		text string
		want game.Action
	}{{"a", 0}, {"A", 0}, {"1", 0}, {"f", 5}, {"F", 5}, {"6", 5}, {"c", 2}} {
		if a, err := g.ParseAction(&s, c.text); err != nil || a != c.want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", c.text, a, err, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"b", "south's pit b is empty"},
		{"2", "south's pit b is empty"},
		{"g", "unknown pit"},
		{"7", "unknown pit"},
		{"0", "unknown pit"},
		{"", "unknown pit"},
		{"ab", "unknown pit"},
		{"-1", "unknown pit"},
	} {
		_, err := g.ParseAction(&s, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseAction(%q): error %v, want one containing %q", c.text, err, c.want)
		}
	}
	over := mustParse(t, g, "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24 move=south")
	if _, err := g.ParseAction(&over, "a"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("ParseAction on a finished game: %v", err)
	}
	if got := string(g.AppendAction([]byte("x"), &s, 5)); got != "xf" {
		t.Errorf("AppendAction: %q", got)
	}
	if g.ActionString(3) != "d" {
		t.Errorf("ActionString(3) = %q", g.ActionString(3))
	}
	if g.Sides() != [2]string{"south", "north"} {
		t.Errorf("Sides %v", g.Sides())
	}
}
