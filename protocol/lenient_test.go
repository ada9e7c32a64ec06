package protocol

import (
	"bufio"
	"context"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParseReplyLenient: the lenient reading of UCI habits, item by item.
func TestParseReplyLenient(t *testing.T) {
	tests := []struct {
		line    string
		want    Reply
		ignored []string
	}{
		{line: "", want: nil},
		{line: "   ", want: nil},
		{line: "\r\n", want: nil},
		{line: " readyok ", want: &ReadyOKReply{}},
		{line: "bestturn c ", want: &BestTurnReply{Turn: "c "}}, // a line of the protocol: its text as it is
		{line: "info", want: &InfoReply{}},
		{line: "info depth 6 score 3 nodes 18211 nps 1520000 time 12 pv C1 A2>B2",
			want: &InfoReply{Info: Info{Depth: 6, Score: Score{Kind: ValueScore, Value: 3}, Nodes: 18211, NPS: 1520000, Time: 12 * time.Millisecond, PV: []string{"C1", "A2>B2"}}}},
		{line: "info depth 9 seldepth 14 multipv 1 score cp -35 hashfull 120 nodes 5000 pv c f",
			want: &InfoReply{Info: Info{Depth: 9, SelDepth: 14, MultiPV: 1, Score: Score{Kind: ValueScore, Value: -35}, HashFull: 120, Nodes: 5000, PV: []string{"c", "f"}}}},
		{line: "info score cp 20 lowerbound depth 2", want: &InfoReply{Info: Info{Depth: 2, Score: Score{Kind: ValueScore, Value: 20}}}},
		{line: "info score mate 3", want: &InfoReply{Info: Info{Score: Score{Kind: WinScore}}}},
		{line: "info score mate -2 upperbound", want: &InfoReply{Info: Info{Score: Score{Kind: LossScore}}}},
		{line: "info score win 4 depth 1", want: &InfoReply{Info: Info{Depth: 1, Score: Score{Kind: WinScore, Value: 4, HasMargin: true}}}},
		{line: "info  depth  3   nodes 7", want: &InfoReply{Info: Info{Depth: 3, Nodes: 7}}},
		{line: "info string book move  here", want: &InfoReply{Info: Info{Text: "book move  here"}}},
		{line: "info currmove c currmovenumber 1 depth 2", want: &InfoReply{Info: Info{Depth: 2}}, ignored: []string{"currmove"}}, // its value runs to depth
		{line: "info depth 4 wdl 500 300 200 tbhits 0", want: &InfoReply{Info: Info{Depth: 4}}, ignored: []string{"wdl"}},         // its value runs to the end
		{line: "info depth x nodes 5", want: &InfoReply{Info: Info{Nodes: 5}}, ignored: []string{"depth"}},
		{line: "info depth nodes 5", want: &InfoReply{Info: Info{Nodes: 5}}, ignored: []string{"depth"}},
		{line: "info score cp x depth 1", want: &InfoReply{Info: Info{Depth: 1}}, ignored: []string{"score"}},
		{line: "info score depth 1", want: &InfoReply{Info: Info{Depth: 1}}, ignored: []string{"score"}},
		{line: "info pv", want: &InfoReply{}, ignored: []string{"pv"}},
		{line: "info depth 1 depth 2", want: &InfoReply{Info: Info{Depth: 2}}},
		{line: "infos", want: nil}, // not an info line: an unknown reply (below)
	}
	for _, tt := range tests {
		r, ignored, err := ParseReplyLenient(tt.line)
		if tt.line == "infos" {
			if err == nil || !strings.Contains(err.Error(), `unknown reply "infos"`) {
				t.Errorf("%q: %v, %v; want an unknown reply", tt.line, r, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(r, tt.want) || !reflect.DeepEqual(ignored, tt.ignored) {
			t.Errorf("%q: %#v, ignored %q, %v; want %#v, ignored %q", tt.line, r, ignored, err, tt.want, tt.ignored)
		}
	}
	// What forfeits still: the line's own faults, and other replies that do not read.
	for _, line := range []string{"info string \xff", "info\tdepth 1", "bestmove c", "readyok now", "id name"} {
		if r, _, err := ParseReplyLenient(line); err == nil {
			t.Errorf("%q: %#v, want an error", line, r)
		}
	}
}

// scriptedWithNotes is connectScripted with the client's notes written to notes.
func scriptedWithNotes(t *testing.T, tm Timeouts, respond scripted, notes io.Writer) (*Client, error) {
	t.Helper()
	cr, ew := io.Pipe()
	er, cw := io.Pipe()
	go func() {
		defer ew.Close()
		br := bufio.NewReader(er)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			for _, out := range respond(strings.TrimSuffix(line, "\n")) {
				_, _ = io.WriteString(ew, out+"\n")
			}
		}
	}()
	t.Cleanup(func() {
		cw.Close()
		cr.Close()
	})
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	c, err := newClient(ctx, cr, cw, tm, nil, []io.Closer{cw, cr}, &tail{}, notes)
	if c != nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, err
}

// uciHabits is an engine with the habits of a UCI engine: info string and an empty
// line in its handshake, UCI's info items while it searches (a second line of
// multipv among them), info before its readyok.
func uciHabits(line string) []string {
	switch {
	case line == "mep 1":
		return []string{"info string hello", "", "id name Ported", "mepok 1"}
	case line == "isready":
		return []string{"info string ready", "readyok"}
	case strings.HasPrefix(line, "go"):
		return []string{
			"info depth 3 seldepth 7 multipv 1 score cp 150 hashfull 20 currmove c nodes 100 pv c f",
			"info depth 3 multipv 2 score cp -20 pv d",
			"",
			"bestturn c",
		}
	}
	return nil
}

// TestClientLenient: a client reads the habits of a UCI engine leniently by default:
// it ignores what the protocol does not have, noting it, and keeps the first line's
// items of a multipv search; with Strict each habit is a protocol error.
func TestClientLenient(t *testing.T) {
	var notes syncBuffer
	c, err := scriptedWithNotes(t, Timeouts{}, uciHabits, &notes)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for range 2 {
		if err := c.Position(ctx, "", nil); err != nil {
			t.Fatal(err)
		}
		var infos []Info
		res, err := c.Go(ctx, Limits{Depth: 3}, testWait, func(in Info) { infos = append(infos, in) })
		if err != nil {
			t.Fatal(err)
		}
		want := Info{Depth: 3, SelDepth: 7, MultiPV: 1, Score: Score{Kind: ValueScore, Value: 150}, HashFull: 20, Nodes: 100, PV: []string{"c", "f"}}
		wantRes := want
		wantRes.MultiPV = 0 // not merged: it says which line
		if res.Turn != "c" || !reflect.DeepEqual(res.Info, wantRes) || len(infos) != 1 || !reflect.DeepEqual(infos[0], want) {
			t.Fatalf("go: %+v, infos %+v; want turn c, %+v", res, infos, wantRes)
		}
	}
	if err := c.IsReady(ctx); err != nil {
		t.Fatal(err)
	}
	wantNotes := `# mep: ignored "info string hello" outside a search
# mep: ignored an empty line
# mep: ignored the info item "currmove" (and its value) of "info depth 3 seldepth 7 multipv 1 score cp 150 hashfull 20 currmove c nodes 100 pv c f"; it is not noted again
# mep: ignored an empty line
# mep: ignored an empty line
# mep: ignored "info string ready" outside a search
`
	if got := notes.String(); got != wantNotes {
		t.Errorf("notes:\n%s\nwant:\n%s", got, wantNotes)
	}

	// Strict: the handshake's info line is a protocol error.
	if _, err := scriptedWithNotes(t, Timeouts{Strict: true}, uciHabits, nil); err == nil {
		t.Fatal("strict: the handshake succeeded")
	} else {
		wantFault(t, err, ProtocolError, `"info string hello" during the handshake`)
	}
	// Strict: an empty line, an unknown item.
	for _, tt := range []struct{ reply, detail string }{
		{"", "the reply is missing"},
		{"info depth 3 seldepth 7", `unknown item "seldepth"`},
		{"info score cp 150", `score: the value "cp" is not a whole number`},
	} {
		engine := func(line string) []string {
			if line == "mep 1" {
				return []string{"id name Strict", "mepok 1"}
			}
			if strings.HasPrefix(line, "go") {
				return []string{tt.reply, "bestturn c"}
			}
			return nil
		}
		c, err := scriptedWithNotes(t, Timeouts{Strict: true}, engine, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Go(ctx, Limits{Depth: 3}, testWait, nil)
		wantFault(t, err, ProtocolError, tt.detail)
	}
}

// TestNotesBounded: a client notes 20 ignored lines at most, the last saying so.
func TestNotesBounded(t *testing.T) {
	var notes syncBuffer
	c, err := scriptedWithNotes(t, Timeouts{}, func(line string) []string {
		switch line {
		case "mep 1":
			return append(strings.Split(strings.Repeat("info string x\n", 30), "\n")[:30], "id name Chatty", "mepok 1")
		}
		return nil
	}, &notes)
	if err != nil {
		t.Fatal(err)
	}
	_ = c
	lines := strings.Split(strings.TrimSuffix(notes.String(), "\n"), "\n")
	if len(lines) != maxNotes || !strings.HasSuffix(lines[maxNotes-1], "(the last line ignored that is noted)") {
		t.Errorf("%d notes, the last %q", len(lines), lines[len(lines)-1])
	}
}
