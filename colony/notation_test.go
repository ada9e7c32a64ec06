package colony

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestStartPositionNotation(t *testing.T) {
	r := Default()
	s := r.Start()
	if s.String() != StartPosition {
		t.Errorf("Start().String() = %q, want %q", s.String(), StartPosition)
	}
	p, err := r.ParsePosition(StartPosition)
	if err != nil {
		t.Fatal(err)
	}
	if p != s {
		t.Errorf("ParsePosition(StartPosition) differs from Start()")
	}
	if p.Hash() != s.Hash() || p.String() != StartPosition {
		t.Errorf("hash %#x / %#x, string %q", p.Hash(), s.Hash(), p.String())
	}
}

// TestPositionRoundTrip reads back every position between turns of random games, and
// the finished positions, with the same string, hash and state.
func TestPositionRoundTrip(t *testing.T) {
	r := Default()
	capped, err := NewRules(DefaultBoard(), DefaultSowingCap, 25)
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range []*Rules{r, capped} {
		n := 0
		for g := 0; g < invGames(100); g++ {
			rng := rand.NewPCG(11, uint64(g))
			s := rules.Start()
			for {
				if invTurnEnded(&s) || s.Turn() == 1 && s.Phase() == PhaseSelect {
					text := s.String()
					p, err := rules.ParsePosition(text)
					if err != nil {
						t.Fatalf("ParsePosition(%q): %v", text, err)
					}
					if back := p.String(); back != text {
						t.Fatalf("%q reads back as %q", text, back)
					}
					if p.Hash() != s.Hash() || p != s {
						t.Fatalf("%q (phase %v, %v) reads back as another state (phase %v, %v)", text, s.Phase(), s.EndReason(), p.Phase(), p.EndReason())
					}
					if err := invCheckState(rules, &p); err != nil {
						t.Fatalf("%q: %v", text, err)
					}
					n++
				}
				if s.Over() {
					break
				}
				rules.Apply(&s, rules.RandomAction(&s, rng))
			}
		}
		if n == 0 {
			t.Fatalf("%v: no positions", rules)
		}
	}
}

// TestPositionMidTurn: a position line says nothing of a turn in progress, so a
// state waiting for a direction writes without the eggs in hand and does not read back.
func TestPositionMidTurn(t *testing.T) {
	r := Default()
	s := r.Start()
	r.Apply(&s, SelectBase+Action(mdLog(t, "A2")))
	if s.Phase() != PhaseDirection {
		t.Fatalf("phase %v", s.Phase())
	}
	if _, err := r.ParsePosition(s.String()); err == nil || !strings.Contains(err.Error(), "54 eggs") {
		t.Errorf("ParsePosition of a state waiting for a direction: %v, want a count of 54 eggs", err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	r := Default()
	const (
		eggs  = "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3"
		rest  = " red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1"
		tail  = " hand=6,6 store=0,0 move=red ants=optional turn=1"
		front = eggs + " red=- black=- hand=6,6 store=0,0"
	)
	tests := []struct {
		name string
		text string
		want []string // the message must contain each
	}{
		{"empty", "", []string{"want 8 fields", "got 1"}},
		{"7 fields", eggs + " red=- black=- hand=6,6 store=0,0 move=red ants=optional", []string{"want 8 fields", "got 7"}},
		{"9 fields", StartPosition + " extra=1", []string{"want 8 fields", "got 9"}},
		{"wrong field order", eggs + " black=- red=-" + tail, []string{"field 2", `"black=-"`, "want red="}},
		{"unknown field", eggs + " red=- black=- hands=6,6 store=0,0 move=red ants=optional turn=1", []string{"field 4", "want hand="}},
		{"field without =", eggs + " red black=-" + tail, []string{"field 2", `"red"`}},
		{"double space", eggs + "  red=- black=-" + tail, []string{"single spaces", "got 9"}},
		{"leading space", " " + StartPosition, []string{"single spaces"}},
		{"trailing space", StartPosition + " ", []string{"single spaces"}},
		{"tab", strings.Replace(StartPosition, " ", "\t", 1), []string{"want 8 fields"}},
		{"18 egg counts", "eggs=3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"eggs", "row A has 5 counts, want 6"}},
		{"20 egg counts", "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3.3" + rest, []string{"eggs", "row C has 7 counts, want 6"}},
		{"20 egg counts in row B", "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"row B has 8 counts, want 7"}},
		{"two rows", "eggs=3.3.3.3.3.3.3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"three rows", "got 2"}},
		{"four rows", "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3/3" + rest, []string{"three rows", "got 4"}},
		{"non-number", "eggs=3.3.x.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"eggs", "log A3", `"x" is not a count`}},
		{"negative", "eggs=3.3.3.3.3.3/3.3.-3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"log B3", `"-3" is not a count`}},
		{"plus sign", "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.+3" + rest, []string{"log C6", `"+3" is not a count`}},
		{"empty count", "eggs=3..3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"log A2", `"" is not a count`}},
		{"leading zero in eggs", "eggs=03.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"log A1", `"03" is not a count`}},
		{"leading zero in turn", front + " move=red ants=optional turn=01", []string{"turn=", `"01"`}},
		{"leading zero in hand", eggs + " red=- black=- hand=06,6 store=0,0 move=red ants=optional turn=1", []string{"hand", `"06"`}},
		{"leading zero in store", eggs + " red=- black=- hand=6,6 store=0,00 move=red ants=optional turn=1", []string{"store", `"00"`}},
		{"too many eggs on a log", "eggs=58.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3" + rest, []string{"log A1", "58 is more than 57"}},
		{"unknown log in ants", eggs + " red=A1,Z9 black=-" + tail, []string{"red", "unknown log", `"Z9"`}},
		{"lower-case log in ants", eggs + " red=- black=b4" + tail, []string{"black", "unknown log", `"b4"`}},
		{"empty ant list", eggs + " red= black=-" + tail, []string{"red", "unknown log", `""`}},
		{"ant log listed twice", eggs + " red=A1,A1 black=- hand=4,6 store=0,0 move=red ants=optional turn=1", []string{"red", "log A1 listed twice"}},
		{"ant logs out of order", eggs + " red=B1,A1 black=- hand=4,6 store=0,0 move=red ants=optional turn=1", []string{"canonical order", "A1 after B1"}},
		{"a log with both colours", eggs + " red=A1 black=A1 hand=5,5 store=0,0 move=red ants=optional turn=1", []string{"log A1 holds a red and a black ant"}},
		{"ants on board + hand != 6", eggs + " red=A1 black=-" + tail, []string{"red has 1 ants on the board and 6 in hand", "want 6"}},
		{"too few ants", eggs + " red=- black=- hand=6,5 store=0,0 move=red ants=optional turn=1", []string{"black has 0 ants on the board and 5 in hand"}},
		{"hand above 6", eggs + " red=- black=- hand=7,6 store=0,0 move=red ants=optional turn=1", []string{"hand", "7 is more than 6"}},
		{"hand with one number", eggs + " red=- black=- hand=6 store=0,0 move=red ants=optional turn=1", []string{"hand", "want <red>,<black>"}},
		{"hand with three numbers", eggs + " red=- black=- hand=6,6,6 store=0,0 move=red ants=optional turn=1", []string{"hand", `"6,6"`}},
		{"eggs + stores != 57", eggs + " red=- black=- hand=6,6 store=1,0 move=red ants=optional turn=1", []string{"58 eggs", "want 57"}},
		{"eggs missing", "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.0" + rest, []string{"54 eggs", "want 57"}},
		{"move=green", front + " move=green ants=optional turn=1", []string{`move="green"`, "want red or black"}},
		{"move=Red", front + " move=Red ants=optional turn=1", []string{`move="Red"`}},
		{"ants=sometimes", front + " move=red ants=sometimes turn=1", []string{`ants="sometimes"`, "optional or mandatory"}},
		{"turn=0", front + " move=red ants=optional turn=0", []string{`turn="0"`, "from 1"}},
		{"turn too large", front + " move=red ants=optional turn=60001", []string{`turn="60001"`}},
		{"turn not a number", front + " move=red ants=optional turn=one", []string{`turn="one"`}},
		{"turn empty", front + " move=red ants=optional turn=", []string{`turn=""`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.text)
			if err == nil {
				t.Fatalf("ParsePosition(%q) = %q, want an error", tc.text, s.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("ParsePosition(%q): error %q does not contain %q", tc.text, err, w)
				}
			}
		})
	}
}

// Positions for the move tests.
const (
	// Red has no ant; A1 holds one egg and B1 none, so "A1" drops it on B1 and ends.
	posNoAnt = "eggs=1.3.3.3.3.3/0.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=5,0 move=red ants=optional turn=5"
	// The same with a red ant on B4 and a black ant on A4.
	posAnts = "eggs=1.3.3.3.3.3/0.3.3.3.3.3.3/3.3.3.3.3.3 red=B4 black=A4 hand=5,5 store=5,0 move=red ants=optional turn=5"
	// Red's only ant, on B1, is boxed in by black ants on A1, B2 and C1; "A6" drops one
	// egg on the empty B7.
	posBoxed = "eggs=3.3.3.3.3.1/3.3.3.3.3.3.0/3.3.3.3.3.3 red=B1 black=A1,B2,C1 hand=5,3 store=5,0 move=red ants=optional turn=30"
	// No log to select: the game is over.
	posOver = "eggs=9.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.9 red=A1 black=C6 hand=5,5 store=30,9 move=black ants=optional turn=20"
)

func TestParseMove(t *testing.T) {
	r := Default()
	mandatory := func(p string) string { return strings.Replace(p, "ants=optional", "ants=mandatory", 1) }
	tests := []struct {
		name string
		pos  string
		text string
		want []string // nil: the move is legal
	}{
		// Legal moves.
		{"select and place", StartPosition, "C1", nil},
		{"select, place and move the ant", StartPosition, "C1/B4-A4", nil},
		{"fork", StartPosition, "A2>B2", nil},
		{"fork, the other way", StartPosition, "A2>A1", nil},
		{"centre", StartPosition, "B4>A3", nil},
		{"no ant", posNoAnt, "A1", nil},
		{"optional ant move made", posAnts, "A1/B4-B5", nil},
		{"optional ant move skipped", posAnts, "A1", nil},
		{"mandatory ant move", mandatory(posAnts), "A1/B4-C3", nil},
		{"boxed ant, optional", posBoxed, "A6", nil},
		{"boxed ant, mandatory: the game ends", mandatory(posBoxed), "A6", nil},

		// Syntax.
		{"empty", StartPosition, "", []string{"no log selected"}},
		{"unknown log", StartPosition, "Z9", []string{"unknown log", `"Z9"`}},
		{"lower case", StartPosition, "c1", []string{"unknown log", `"c1"`}},
		{"trailing space", StartPosition, "C1 ", []string{"unknown log", `"C1 "`}},
		{"A1>", StartPosition, "A1>", []string{"missing log after '>'"}},
		{"A2>>B2", StartPosition, "A2>>B2", []string{"missing log after '>'"}},
		{"ant move alone", StartPosition, "/B4-A4", []string{"no log selected"}},
		{"ant move without its log", StartPosition, "B4-A4", []string{`"B4-A4" is an ant move`, "after the log selected and a '/'", "C1/B4-A4"}},
		{"ant move after a direction", StartPosition, "A2>B2-A1", []string{`"B2-A1" is an ant move`}},
		{"a '-' between other text", StartPosition, "B4-Z9", []string{"unknown log", `"B4-Z9"`}},
		{"ant move without -", StartPosition, "C1/B4", []string{`ant move "B4"`, "/<from>-<to>"}},
		{"ant move to an unknown log", StartPosition, "C1/B4-Z9", []string{"ant move", "unknown log", `"Z9"`}},
		{"ant move from an unknown log", StartPosition, "C1/Z9-B4", []string{"ant move", "unknown log", `"Z9"`}},
		{"two ant moves", StartPosition, "C1/B4-A4/A4-A5", []string{"unknown log", `"A4/A4-A5"`}},
		{"empty ant move", StartPosition, "C1/", []string{"/<from>-<to>"}},
		{"too many directions", StartPosition, "B4" + strings.Repeat(">A3", MaxDirections+1), []string{"more than"}},

		// Selection.
		{"select an empty log", posNoAnt, "B1", []string{"B1 has no eggs"}},
		{"select a protected log", posAnts, "B4", []string{"B4 is protected by a red ant"}},
		{"select under the opponent's ant", posAnts, "A4", []string{"A4 is protected by a black ant"}},
		{"game over", posOver, "A1", []string{"the game is over", "no log to select"}},

		// Directions.
		{"illegal direction", StartPosition, "A2>B3", []string{"B3 is not an exit of A2", "A1 or B2"}},
		{"illegal centre direction", StartPosition, "B4>C3", []string{"C3 is not an exit of B4", "A3 or A4"}},
		{"missing direction", StartPosition, "A2", []string{"the lap starting on A2 needs a direction", "A1 or B2"}},
		{"missing centre direction", StartPosition, "B4/B4-A4", []string{"the lap starting on B4 needs a direction"}},
		{"direction where there is no choice", StartPosition, "A1>B1", []string{"no first direction choice"}},
		{"a second direction too many", StartPosition, "A2>B2>B3", []string{"no second direction choice"}},

		// Ant moves.
		{"ant move when there is no ant", posNoAnt, "A1/B4-A4", []string{"red has no ant on the board"}},
		{"ant onto an occupied log", posAnts, "A1/B4-A4", []string{"A4 already holds a black ant"}},
		{"ant to a non-neighbour", posAnts, "A1/B4-A1", []string{"A1 is not a neighbour of B4"}},
		{"ant to its own log", posAnts, "A1/B4-B4", []string{"B4 is not a neighbour of B4"}},
		{"ant from a log without an own ant", posAnts, "A1/A3-A2", []string{"there is no red ant on A3"}},
		{"moving the opponent's ant", posAnts, "A1/A4-A5", []string{"there is no red ant on A4"}},
		{"mandatory ant move missing", mandatory(posAnts), "A1", []string{"an ant move is mandatory"}},
		{"boxed ant cannot move", posBoxed, "A6/B1-B2", []string{"none of red's ants can move"}},
		{"ant move after the game ended", mandatory(posBoxed), "A6/B1-B2", []string{"the game ends after the sowing", "no ant can move"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			before := s
			m, err := r.ParseMove(&s, tc.text)
			if s != before {
				t.Fatalf("ParseMove changed the state")
			}
			if tc.want == nil {
				if err != nil {
					t.Fatalf("ParseMove(%q): %v", tc.text, err)
				}
				if m.String() != tc.text {
					t.Errorf("ParseMove(%q).String() = %q", tc.text, m.String())
				}
				if err := r.CheckMove(&s, m); err != nil {
					t.Errorf("CheckMove(%q): %v", tc.text, err)
				}
				c := s
				if err := r.PlayMove(&c, m); err != nil {
					t.Fatalf("PlayMove(%q): %v", tc.text, err)
				}
				if !invTurnEnded(&c) && !c.Over() {
					t.Errorf("after %q the state is in phase %v", tc.text, c.Phase())
				}
				if err := invCheckState(r, &c); err != nil {
					t.Errorf("after %q: %v", tc.text, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an error", tc.text, m)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("ParseMove(%q): error %q does not contain %q", tc.text, err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), "move ") {
				t.Errorf("ParseMove(%q): error %q does not start with the move", tc.text, err)
			}
		})
	}
}

// TestCheckMove covers moves built by hand rather than parsed.
func TestCheckMove(t *testing.T) {
	r := Default()
	s := r.Start()
	mv := func(sel Log, dirs []Log, from, to Log) Move {
		m := Move{Select: sel, AntFrom: from, AntTo: to}
		m.NumDirs = uint8(copy(m.Dirs[:], dirs))
		return m
	}
	tests := []struct {
		name string
		m    Move
		want string
	}{
		{"legal", mv(mdLog(t, "C1"), nil, NoLog, NoLog), ""},
		{"no log", mv(NoLog, nil, NoLog, NoLog), "no log selected"},
		{"log out of range", mv(Log(40), nil, NoLog, NoLog), "no log selected"},
		{"ant from out of range", mv(mdLog(t, "C1"), nil, Log(40), mdLog(t, "A4")), "no red ant"},
		{"ant to NoLog", mv(mdLog(t, "C1"), nil, mdLog(t, "B4"), NoLog), "not a neighbour"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := r.CheckMove(&s, tc.m)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("CheckMove = %v, want an error containing %q", err, tc.want)
			}
			c := s
			if r.PlayMove(&c, tc.m) == nil || c != s {
				t.Errorf("PlayMove accepted the move or changed the state")
			}
		})
	}
	// In the middle of a turn no move is legal.
	mid := s
	r.Apply(&mid, SelectBase+Action(mdLog(t, "A2")))
	if err := r.CheckMove(&mid, mv(mdLog(t, "C1"), nil, NoLog, NoLog)); err == nil || !strings.Contains(err.Error(), "middle of a turn") {
		t.Errorf("CheckMove in the middle of a turn: %v", err)
	}
}

func TestParseRulesNames(t *testing.T) {
	tests := []struct {
		name    string
		want    string // canonical name, "" for an error
		turnCap int
		sowCap  int
	}{
		{"colony", "colony", DefaultTurnCap, DefaultSowingCap},
		{"colony:turncap=300", "colony:turncap=300", 300, DefaultSowingCap},
		{"colony:sowcap=50,turncap=20", "colony:turncap=20,sowcap=50", 20, 50},
		{"colony:", "", 0, 0},
		{"kalah", "", 0, 0},
		{"colony:turncap=0", "", 0, 0},
		{"colony:turncap=x", "", 0, 0},
		{"colony:speed=3", "", 0, 0},
	}
	for _, tc := range tests {
		r, err := ParseRules(tc.name)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseRules(%q) = %v, want an error", tc.name, r)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseRules(%q): %v", tc.name, err)
			continue
		}
		if r.Name() != tc.want || r.TurnCap() != tc.turnCap || r.SowingCap() != tc.sowCap {
			t.Errorf("ParseRules(%q) = %q turncap %d sowcap %d", tc.name, r.Name(), r.TurnCap(), r.SowingCap())
		}
		back, err := ParseRules(r.Name())
		if err != nil || back.Name() != r.Name() {
			t.Errorf("ParseRules(%q) = %v, %v", r.Name(), back, err)
		}
	}
}
