package protocol

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseCommand(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line string
		want Command
		back string // the line the command writes, when not line
	}{
		{line: "mep 1", want: &MepCommand{Version: 1}},
		{line: "mep 2\r\n", want: &MepCommand{Version: 2}, back: "mep 2"},
		{line: "setoption name seed value 7", want: &SetOptionCommand{Name: "seed", Value: "7"}},
		{line: "setoption name Book value <empty>", want: &SetOptionCommand{Name: "Book", Value: ""}},
		{line: "setoption name Book value my  book.bin ", want: &SetOptionCommand{Name: "Book", Value: "my  book.bin "}},
		{line: "setoption name value value value", want: &SetOptionCommand{Name: "value", Value: "value"}},
		{line: "isready", want: &IsReadyCommand{}},
		{line: "stop\n", want: &StopCommand{}, back: "stop"},
		{line: "quit", want: &QuitCommand{}},
		{line: "newgame oware:grandslam=illegal,quiet=off", want: &NewGameCommand{Game: "oware:grandslam=illegal,quiet=off"}},
		{line: "position start", want: &PositionCommand{}},
		{line: "position start moves", want: &PositionCommand{}, back: "position start"},
		{line: "position start moves C1 A2>B2", want: &PositionCommand{Position: Position{Moves: []string{"C1", "A2>B2"}}}},
		{line: "position set pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0 moves c1 e2",
			want: &PositionCommand{Position: Position{Start: "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south quiet=0", Moves: []string{"c1", "e2"}}}},
		{line: "position set a movesx b", want: &PositionCommand{Position: Position{Start: "a movesx b"}}},
		{line: "position set a  moves b", want: &PositionCommand{Position: Position{Start: "a ", Moves: []string{"b"}}}},
		{line: "position set x moves", want: &PositionCommand{Position: Position{Start: "x"}}, back: "position set x"},
		{line: "go", want: &GoCommand{}},
		{line: "go depth 6 nodes 1000 movetime 250", want: &GoCommand{Limits: Limits{Depth: 6, Nodes: 1000, MoveTime: 250 * ms}}},
		{line: "go infinite", want: &GoCommand{Limits: Limits{Infinite: true}}},
		{line: "go otime 9000 time -40 inc 100", want: &GoCommand{Limits: Limits{Clock: &Clock{Time: -40 * ms, Inc: 100 * ms}, OClock: &Clock{Time: 9000 * ms}}},
			back: "go time -40 inc 100 otime 9000"},
		{line: "go time 0 inc 0", want: &GoCommand{Limits: Limits{Clock: &Clock{}}}, back: "go time 0"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) { checkParsed(t, ParseCommand, tt.line, tt.back, tt.want) })
	}
}

func TestParseCommandErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"", "the command is missing"},
		{"isready ", "isready takes no arguments"},
		{"ISREADY", "unknown command"},
		{"go  depth 3", "empty word at byte 3"},
		{"mep", "the version is missing"},
		{"mep 0", "want 1 or more"},
		{"mep x", "not a whole number"},
		{"mep 1 2", "unexpected"},
		{"setoption name seed", `"value" is missing`},
		{"setoption name seed value", "the value is missing"},
		{"setoption name s=d value 1", "only letters"},
		{"setoption seed value 1", `where "name" belongs`},
		{"newgame", "the game is missing"},
		{"position", `"start" or "set" is missing`},
		{"position set", "notation is missing"},
		{"position set moves a", "notation is missing"},
		{"position set   moves a", "notation is missing"},
		{"position start c1", `where "moves" belongs`},
		{"position start moves a  b", "empty word"},
		{"position begin", `where "start" or "set" belongs`},
		{"go depth", "the value of depth is missing"},
		{"go depth 0", "want 1 to"},
		{"go depth -1", "not a whole number of 0 or more"},
		{"go nodes 0", "want 1 or more"},
		{"go movetime 99999999999999999999", "too large"},
		{"go movetime 9223372036855", "too large"},
		{"go time x", "not a whole number"},
		{"go inc 100", "inc without time"},
		{"go oinc 100 time 4", "oinc without otime"},
		{"go depth 3 depth 4", "depth is given twice"},
		{"go ponder", "unknown limit"},
		{"go depth 3\x00", "control character 0x00 at byte 10"},
		{"go\tdepth 3", "control character 0x09"},
		{"newgame k\xffx", "invalid UTF-8 at byte 9"},
		{"newgame " + strings.Repeat("k", MaxLine), "the limit is 65536"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			c, err := ParseCommand(tt.line)
			if err == nil {
				t.Fatalf("parsed as %#v", c)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

func TestParseReply(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line string
		want Reply
		back string
	}{
		{line: "id name RandomEngine 1.0", want: &IDReply{Key: "name", Text: "RandomEngine 1.0"}},
		{line: "id author Jane Doe", want: &IDReply{Key: "author", Text: "Jane Doe"}},
		{line: "option name seed type int default 1 min 0 max 18446744073709551615",
			want: &OptionReply{Option: Option{Name: "seed", Type: IntOption, Default: "1", Min: "0", Max: "18446744073709551615"}}},
		{line: "option name d type int default -3 max 0 min -9223372036854775808",
			want: &OptionReply{Option: Option{Name: "d", Type: IntOption, Default: "-3", Min: "-9223372036854775808", Max: "0"}},
			back: "option name d type int default -3 min -9223372036854775808 max 0"},
		{line: "option name Style type combo default normal var solid var normal var wild",
			want: &OptionReply{Option: Option{Name: "Style", Type: ComboOption, Default: "normal", Vars: []string{"solid", "normal", "wild"}}}},
		{line: "option name Log type check default false", want: &OptionReply{Option: Option{Name: "Log", Type: CheckOption, Default: "false"}}},
		{line: "option name Book type string default <empty>", want: &OptionReply{Option: Option{Name: "Book", Type: StringOption}}},
		{line: "option name Book type string default my book var x", want: &OptionReply{Option: Option{Name: "Book", Type: StringOption, Default: "my book var x"}}},
		{line: "games kalah oware", want: &GamesReply{Games: []string{"kalah", "oware"}}},
		{line: "mepok 1", want: &MepOKReply{Version: 1}},
		{line: "readyok\r", want: &ReadyOKReply{}, back: "readyok"},
		{line: "info depth 6 score 3 nodes 18211 nps 1520000 time 12 pv C1 A2>B2 C4/B2-B3",
			want: &InfoReply{Info: Info{Depth: 6, Score: Score{Kind: ValueScore, Value: 3}, Nodes: 18211, NPS: 1520000, Time: 12 * ms, PV: []string{"C1", "A2>B2", "C4/B2-B3"}}}},
		{line: "info string book move", want: &InfoReply{Info: Info{Text: "book move"}}},
		{line: "info pv a string b", want: &InfoReply{Info: Info{PV: []string{"a", "string", "b"}}}},
		{line: "info score win", want: &InfoReply{Info: Info{Score: Score{Kind: WinScore}}}},
		{line: "info score loss 7 depth 3", want: &InfoReply{Info: Info{Depth: 3, Score: Score{Kind: LossScore, Value: 7, HasMargin: true}}},
			back: "info depth 3 score loss 7"},
		{line: "info score -250", want: &InfoReply{Info: Info{Score: Score{Kind: ValueScore, Value: -250}}}},
		{line: "info", want: &InfoReply{}},
		{line: "bestturn B6>A3/A1-B1", want: &BestTurnReply{Turn: "B6>A3/A1-B1"}},
		{line: "error unsupported game kalah:6x4", want: &ErrorReply{Text: "unsupported game kalah:6x4"}},
		{line: "error", want: &ErrorReply{}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) { checkParsed(t, ParseReply, tt.line, tt.back, tt.want) })
	}
}

func TestParseReplyErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"hello", "unknown reply"},
		{"id name", "the text is missing"},
		{"id version 3", `where "name" or "author" belongs`},
		{"option name x type spin default 1", "unknown type"},
		{"option name x type int default 1", "needs min and max"},
		{"option name x type int default 1 min 2 max 3", "out of its range"},
		{"option name x type int default 1 min 3 max 2", "above max"},
		{"option name x type int default 1 min 0 max 18446744073709551616", "out of range"},
		{"option name x type int default 01x min 0 max 3", "not a whole number"},
		{"option name x type int default 1 min 0 max 3 min 0", `unexpected "min"`},
		{"option name x type check default yes", "not true or false"},
		{"option name x type check default true var a", `unexpected "var"`},
		{"option name x type combo default a", "needs its values"},
		{"option name x type combo default c var a var b", "not one of a, b"},
		{"option name x type string default", "the default is missing"},
		{"option name x type string", `"default" is missing`},
		{"option name x default 1", `where "type" belongs`},
		{"games", "no game named"},
		{"mepok", "the version is missing"},
		{"readyok now", "takes no arguments"},
		{"info depth", "the value of depth is missing"},
		{"info depth x", "not a whole number"},
		{"info score", "the value is missing"},
		{"info score high", `"high" is not a whole number (or "win" or "loss")`},
		{"info nodes 5 nodes 6", "nodes is given twice"},
		{"info seldepth 3", "unknown item"},
		{"info pv", "pv: no turn"},
		{"info pv a  b", "empty word"},
		{"bestturn", "the turn is missing"},
		{"bestturn \xc3", "invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			r, err := ParseReply(tt.line)
			if err == nil {
				t.Fatalf("parsed as %#v", r)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

func TestOptionCheck(t *testing.T) {
	id := Identity{Name: "e", Options: []Option{
		{Name: "seed", Type: IntOption, Default: "1", Min: "0", Max: "18446744073709551615"},
		{Name: "contempt", Type: IntOption, Default: "0", Min: "-100", Max: "100"},
		{Name: "Style", Type: ComboOption, Default: "normal", Vars: []string{"solid", "normal"}},
		{Name: "Log", Type: CheckOption, Default: "false"},
		{Name: "Book", Type: StringOption},
	}}
	tests := []struct {
		name, value string
		want        string // "" for a valid value
	}{
		{"seed", "18446744073709551615", ""},
		{"seed", "18446744073709551616", "out of range"},
		{"seed", "-1", "out of its range 0 to 18446744073709551615"},
		{"seed", "1e3", "not a whole number"},
		{"contempt", "-100", ""},
		{"contempt", "101", "out of its range"},
		{"Style", "solid", ""},
		{"Style", "Solid", "not one of solid, normal"},
		{"Log", "true", ""},
		{"Log", "1", "not true or false"},
		{"Book", "", ""},
		{"Book", "a b", ""},
		{"Book", "a\nb", "control character"},
		{"Hash", "64", "unknown option \"Hash\" (it declares seed, contempt, Style, Log, Book)"},
	}
	for _, tt := range tests {
		t.Run(tt.name+"="+tt.value, func(t *testing.T) {
			err := id.CheckValue(tt.name, tt.value)
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && err == nil:
				t.Fatalf("accepted, want an error saying %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

func TestEncodeCommand(t *testing.T) {
	tests := []struct {
		cmd  Command
		want string // "" for an error
	}{
		{&PositionCommand{Position: Position{Start: "a b", Moves: []string{}}}, "position set a b"},
		{&PositionCommand{Position: Position{Start: "a moves b"}}, ""},
		{&PositionCommand{Position: Position{Moves: []string{"a b"}}}, ""},
		{&PositionCommand{Position: Position{Moves: []string{""}}}, ""},
		{&GoCommand{Limits: Limits{MoveTime: 1500 * time.Microsecond}}, "go movetime 1"},
		{&GoCommand{Limits: Limits{Depth: -1}}, ""},
		{&GoCommand{Limits: Limits{Clock: &Clock{Time: time.Second, Inc: -time.Second}}}, ""},
		{&SetOptionCommand{Name: "Book", Value: "x\ny"}, ""},
		{&NewGameCommand{Game: "kalah"}, "newgame kalah"},
	}
	for _, tt := range tests {
		got, err := encodeCommand(tt.cmd)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("%#v: encoded as %q, want an error", tt.cmd, got)
		case tt.want != "" && (err != nil || got != tt.want):
			t.Errorf("%#v: %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
}

// checkParsed checks that parse reads line as want, which writes back as back (as
// line when back is "").
func checkParsed[M Message](t *testing.T, parse func(string) (M, error), line, back string, want M) {
	t.Helper()
	got, err := parse(line)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, want %#v", got, want)
	}
	if back == "" {
		back = line
	}
	if s := got.String(); s != back {
		t.Fatalf("writes %q, want %q", s, back)
	}
}
