package protocol

import (
	"reflect"
	"strings"
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
		// UCI habits, which the lenient reading takes (ParseReplyLenient).
		"", " readyok ", "info depth 9 seldepth 14 multipv 1 score cp -35 hashfull 120 nodes 5000 pv c f",
		"info score mate -2 upperbound", "info currmove c currmovenumber 1 depth 2", "info depth 4 wdl 500 300 200 tbhits 0",
		"info score cp x depth 1", "info  depth  3   nodes 7", "info string book move  here", "info depth nodes 5",
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

// FuzzParseReplyLenient checks that the lenient reading never panics, reads every
// line ParseReply reads as ParseReply does (ignoring nothing), and reads any info
// line.
func FuzzParseReplyLenient(f *testing.F) {
	for _, s := range replySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, ignored, err := ParseReplyLenient(line)
		if strict, serr := ParseReply(line); serr == nil {
			if err != nil || len(ignored) > 0 || !reflect.DeepEqual(r, strict) {
				t.Fatalf("%q: strictly %#v; leniently %#v, ignored %q, %v", line, strict, r, ignored, err)
			}
		}
		if err == nil && r != nil {
			if _, err := encodeReply(r); err != nil && !isInfoReply(r) {
				t.Fatalf("%q -> %#v: %v", line, r, err)
			}
		}
		if text := strings.Trim(trimEnd(line), " "); checkLine(trimEnd(line)) == nil && (text == "info" || strings.HasPrefix(text, "info ")) {
			if _, ok := r.(*InfoReply); !ok || err != nil {
				t.Fatalf("%q: an info line read as %#v, %v", line, r, err)
			}
		}
	})
}

// isInfoReply reports whether r is an info line.
func isInfoReply(r Reply) bool {
	_, ok := r.(*InfoReply)
	return ok
}
