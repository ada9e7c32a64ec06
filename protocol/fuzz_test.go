package protocol

import (
	"reflect"
	"testing"
)

// commandSeeds and replySeeds are lines of every kind, valid and not.
var (
	commandSeeds = []string{
		"mep 1", "setoption name seed value 7", "setoption name Book value <empty>",
		"isready", "newgame kalah:6x4", "position start", "position start moves C1 A2>B2",
		"position set pits=4.4.4/4.4.4 stores=0,0 moves c1 e2", "position set a  moves b",
		"go depth 6 nodes 1000 movetime 250 time -40 inc 100 otime 9000 oinc 0 infinite",
		"go inc 5", "stop", "quit", "go depth 0", "position set moves", "setoption name x value ",
	}
	replySeeds = []string{
		"id name RandomEngine 1.0", "id author Jane Doe",
		"option name seed type int default 1 min 0 max 18446744073709551615",
		"option name Style type combo default normal var solid var normal var <empty>",
		"option name Log type check default false", "option name Book type string default <empty>",
		"games kalah oware", "mepok 1", "readyok",
		"info depth 6 score 3 nodes 18211 nps 1520000 time 12 pv C1 A2>B2 C4/B2-B3",
		"info score win 3 string x  y", "info score loss", "bestturn c", "error unsupported game x",
		"error", "info pv", "option name x type int default 5 min 7 max 9",
	}
)

// FuzzParseCommand checks that any line parses or is refused, never panics, and that
// a parsed command writes a line that parses to the same command.
func FuzzParseCommand(f *testing.F) {
	for _, s := range commandSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			return
		}
		back, err := ParseCommand(c.String())
		if err != nil {
			t.Fatalf("%q -> %#v -> %q: %v", line, c, c.String(), err)
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("%q -> %#v -> %q -> %#v", line, c, c.String(), back)
		}
		if _, err := encodeCommand(c); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	})
}

// FuzzParseReply is FuzzParseCommand for replies.
func FuzzParseReply(f *testing.F) {
	for _, s := range replySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseReply(line)
		if err != nil {
			return
		}
		back, err := ParseReply(r.String())
		if err != nil {
			t.Fatalf("%q -> %#v -> %q: %v", line, r, r.String(), err)
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("%q -> %#v -> %q -> %#v", line, r, r.String(), back)
		}
		if _, err := encodeReply(r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	})
}
