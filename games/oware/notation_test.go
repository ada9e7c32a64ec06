package oware

import (
	"fmt"
	"strings"
	"testing"
)

func TestParams(t *testing.T) {
	for _, tc := range []struct {
		ayo    bool
		params string
		name   string // canonical name, "" when params are refused
		err    string // part of the error
	}{
		{false, "", "oware", ""},
		{false, "oware", "oware", ""},
		{true, "", "ayo", ""},
		{true, "ayo", "ayo", ""},
		{false, "grandslam=nocapture", "oware", ""},
		{false, "grandslam=illegal", "oware:grandslam=illegal", ""},
		{false, "quiet=50,grandslam=capture", "oware:grandslam=capture,quiet=50", ""},
		{false, "feed=off", "oware:feed=off", ""},
		{false, "feed=on,quiet=100", "oware", ""},
		{false, "grandslam=sowagain", "oware:grandslam=sowagain", ""},
		{true, "feed=on", "ayo:feed=on", ""},
		{true, "skip=move,relay=50,quiet=100", "ayo:relay=50,skip=move", ""},
		{true, "skip=move,relay=50,quiet=99", "ayo:quiet=99,relay=50,skip=move", ""},
		{true, "skip=lap,relay=10000,feed=off", "ayo", ""},
		{false, "majority=on", "oware", ""},
		{false, "majority=off", "oware:majority=off", ""},
		{true, "majority=off", "ayo", ""},
		{true, "majority=on", "ayo:majority=on", ""},
		{false, "quiet=off", "oware:quiet=off", ""},
		{false, "quiet=off,majority=off,feed=off", "oware:feed=off,majority=off,quiet=off", ""},
		{true, "quiet=off,skip=move,majority=on", "ayo:majority=on,quiet=off,skip=move", ""},
		{false, "majority=yes", "", `majority="yes", want on or off`},
		{false, "majority=25", "", "majority"},
		{false, "quiet=Off", "", `quiet="Off", want a number from 1 to 100 or off`},
		{false, "quiet=on", "", "or off"},
		{false, "quiet=off,quiet=5", "", "twice"},
		{false, "grandslam=sowagain,feed=off", "", "needs feed=on"},
		{false, "grandslam=maybe", "", "grandslam"},
		{false, "relay=5", "", `unknown parameter "relay"`},
		{true, "grandslam=illegal", "", `unknown parameter "grandslam"`},
		{false, "quiet=0", "", "quiet"},
		{false, "quiet=101", "", "from 1 to 100 or off"},
		{false, "quiet=255", "", "quiet"},
		{false, "quiet=07", "", "quiet"},
		{false, "quiet=+7", "", "quiet"},
		{true, "relay=0", "", "relay"},
		{true, "relay=100001", "", "relay"},
		{true, "skip=none", "", "skip"},
		{false, "feed=yes", "", "feed"},
		{false, "feed", "", "not key=value"},
		{false, "feed=", "", "not key=value"},
		{false, "quiet=5,quiet=6", "", "twice"},
		{false, "quiet=5,", "", "not key=value"},
		{false, "ayo", "", "not key=value"},
	} {
		newFn, base := New, "oware"
		if tc.ayo {
			newFn, base = NewAyo, "ayo"
		}
		g, err := newFn(tc.params)
		if tc.name == "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %q: error %v, want one saying %q", base, tc.params, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", base, tc.params, err)
			continue
		}
		if g.Name() != tc.name {
			t.Errorf("%s %q: name %q, want %q", base, tc.params, g.Name(), tc.name)
		}
		// The name round-trips through New/NewAyo and through Parse.
		back, err := newFn(strings.TrimPrefix(g.Name(), base+":"))
		if err != nil || *back != *g {
			t.Errorf("%s %q: %q does not round-trip: %v", base, tc.params, g.Name(), err)
		}
		back, err = Parse(g.Name())
		if err != nil || *back != *g {
			t.Errorf("Parse(%q) does not round-trip: %v", g.Name(), err)
		}
	}
	for _, bad := range []string{"", "kalah", "oware:", "owarex", "ayo:feed"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	g := mustParse(t, "oware")
	for _, tc := range []struct{ pos, want string }{
		{"", "want 4 fields"},
		{StartPosition + " ", "want 4 fields"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4  stores=0,0 move=south", "field 2"},
		{"stores=0,0 pits=4.4.4.4.4.4/4.4.4.4.4.4 move=south quiet=0", "want pits="},
		{"pits=4.4.4.4.4.4 stores=0,0 move=south quiet=0", "two rows"},
		{"pits=4.4.4.4.4/4.4.4.4.4.4.4 stores=0,0 move=south quiet=0", "south row has 5"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.x stores=0,0 move=south quiet=0", "f2"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.04 stores=0,0 move=south quiet=0", "f2"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.-4 stores=0,0 move=south quiet=0", "f2"},
		{"pits=49.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0", "a1: 49 is more than 48"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0 move=south quiet=0", "stores"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,x move=south quiet=0", "north"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=1,0 move=south quiet=0", "49 seeds"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.3 stores=0,0 move=south quiet=0", "47 seeds"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=east quiet=0", "move="},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=101", "quiet"},
		{"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=", "quiet"},
	} {
		if _, err := g.ParsePosition(tc.pos); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePosition(%q): error %v, want one saying %q", tc.pos, err, tc.want)
		}
	}
	// Under quiet=off the count goes up to MaxHistory, where the game ends.
	off := mustParse(t, "oware:quiet=off")
	for _, tc := range []struct {
		quiet int
		ok    bool
		end   string
	}{
		{101, true, ""},
		{MaxHistory - 1, true, ""},
		{MaxHistory, true, "no capture in 1280 moves (the most the history holds)"},
		{MaxHistory + 1, false, "quiet: 1281 is more than 1280"},
	} {
		pos := fmt.Sprintf("pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=%d", tc.quiet)
		s, err := off.ParsePosition(pos)
		switch {
		case !tc.ok:
			if err == nil || !strings.Contains(err.Error(), tc.end) {
				t.Errorf("quiet=off: ParsePosition(%q): error %v, want one saying %q", pos, err, tc.end)
			}
		case err != nil:
			t.Errorf("quiet=off: ParsePosition(%q): %v", pos, err)
		case off.EndReason(&s) != tc.end || off.FormatPosition(&s) != pos:
			t.Errorf("quiet=off: %q reads as %q, end %q; want end %q", pos, off.FormatPosition(&s), off.EndReason(&s), tc.end)
		}
	}
}

func TestNotationColumns(t *testing.T) {
	// Column order in both rows: the k-th counts face each other; North's sowing
	// order runs f2..a2.
	g := mustParse(t, "oware")
	s, err := g.ParsePosition("pits=1.2.3.4.5.6/7.8.2.3.0.0 stores=3,4 move=north quiet=0")
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 6; c++ {
		if s.Pit(0, c) != c+1 || s.Seeds(c) != c+1 {
			t.Errorf("South column %d holds %d", c, s.Pit(0, c))
		}
	}
	if s.Pit(1, 0) != 7 || s.Seeds(11) != 7 || s.Seeds(6) != 0 || s.Pit(1, 3) != 3 || s.Seeds(8) != 3 {
		t.Errorf("North row read wrong: %s", g.FormatPosition(&s))
	}
	// North's legal moves are its non-empty pits, written a2..d2, as actions 5..2.
	if got := g.ActionString(&s, 5); got != "a2" {
		t.Errorf("action 5 of North is %q, want a2", got)
	}
	if got := g.ActionString(&s, 2); got != "d2" {
		t.Errorf("action 2 of North is %q, want d2", got)
	}
}
