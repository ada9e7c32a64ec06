package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
)

// TestClockBudget checks the engine's share of its clock: the runner's share of a
// clock for the game, the move's time, both bounded by the server's time, and the
// clocks refused.
func TestClockBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		c    ClockRequest
		want time.Duration
		err  string
	}{
		{ClockRequest{MoveMillis: 700}, 700 * ms, ""},
		{ClockRequest{LeftMillis: 60_000}, 2000 * ms, ""},
		{ClockRequest{LeftMillis: 60_000, IncMillis: 1000}, 2750 * ms, ""},
		{ClockRequest{LeftMillis: 100, IncMillis: 1000}, 50 * ms, ""}, // never over half of what is left
		{ClockRequest{MoveMillis: 3_600_000}, 10 * time.Second, ""},   // the server's bound
		{ClockRequest{LeftMillis: 1_000_000_000}, 10 * time.Second, ""},
		{ClockRequest{}, 0, "no time given"},
		{ClockRequest{LeftMillis: -1}, 0, "want 0 or more"},
		{ClockRequest{MoveMillis: 100, LeftMillis: 100}, 0, "not both"},
	}
	for _, tc := range tests {
		got, err := tc.c.budget(10 * time.Second)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%+v: %v, %v; want the error %q", tc.c, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%+v: %v, %v; want %v", tc.c, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"ab:depth=4,tt=16", "ab:depth=4,tt=16,time=700ms"},
		{"ab:time=100ms", "ab:time=100ms"},
		{"ab:time=5s", "ab:time=700ms"},
		{"mcts:sims=100", "mcts:sims=100,time=700ms"},
		{"random", "random"},
	} {
		got, err := clockSpec(tc.spec, 700*ms)
		if err != nil || got != tc.want {
			t.Errorf("clockSpec(%q): %q, %v; want %q", tc.spec, got, err, tc.want)
		}
	}
}

// TestThinkOnClock checks /api/think with a clock: the search ends within its share
// of the clock, and a bad clock is a 400 naming what is wrong; the Host and Origin
// rules hold for it.
func TestThinkOnClock(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	start := time.Now()
	status, body := do(t, "POST", url+"/api/think", `{"game":"kalah","player":"ab","clock":{"leftMillis":3000}}`, nil)
	took := time.Since(start)
	var l LineView
	if status != 200 || json.Unmarshal([]byte(body), &l) != nil || l.Best == "" {
		t.Fatalf("think on a clock: %d %s", status, body)
	}
	// The share of 3 s is 100 ms; generous, for a busy machine.
	if took > 100*time.Millisecond+clockGrace+2*time.Second || l.Millis > 100+int64(clockGrace/time.Millisecond)+1000 {
		t.Errorf("the engine took %v (%d ms by its count) on a share of 100 ms", took, l.Millis)
	}
	host := strings.TrimPrefix(url, "http://")
	for _, tc := range []struct {
		body    string
		headers map[string]string
		status  int
		says    string
	}{
		{`{"game":"kalah","player":"ab","clock":{"leftMillis":-5}}`, nil, 400, "want 0 or more"},
		{`{"game":"kalah","player":"ab","clock":{}}`, nil, 400, "no time given"},
		{`{"game":"kalah","player":"ab","clock":{"moveMillis":5,"leftMillis":5}}`, nil, 400, "not both"},
		{`{"game":"kalah","player":"ab","clock":{"moveMillis":50}}`, map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{`{"game":"kalah","player":"ab","clock":{"moveMillis":50}}`, map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "answers only to"},
		{`{"game":"kalah","player":"cmd:/bin/sh","clock":{"moveMillis":50}}`, nil, 400, "a program is started only"},
	} {
		status, body := do(t, "POST", url+"/api/think", tc.body, tc.headers)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.300s\nwant %d and %q", tc.body, status, body, tc.status, tc.says)
		}
	}
}

// TestRecordEnd checks a saved game that ended before its rules ended it: resigned,
// lost on time, a draw agreed, as the games file records it and reads it back, and
// the ends refused.
func TestRecordEnd(t *testing.T) {
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	base := RecordRequest{Game: "kalah:4x1", Players: [2]string{"you", "engine"}, Specs: [2]string{"human", "ab:depth=2"}, Turns: []string{"a"}}
	for _, tc := range []struct {
		end    EndRequest
		result string
	}{
		{EndRequest{Winner: 1, Reason: "resigned"}, "0-1"},
		{EndRequest{Winner: 0, Reason: "time forfeit"}, "1-0"},
		{EndRequest{Winner: -1, Reason: "draw agreed"}, "1/2-1/2"},
	} {
		req := base
		req.End = &tc.end
		data, err := s.gamesFile(req)
		if err != nil {
			t.Fatalf("%+v: %v", tc.end, err)
		}
		gf, err := record.ParseGamesFile(data)
		if err != nil {
			t.Fatal(err)
		}
		r := gf.Games[0]
		if r.Result != tc.result || r.Reason != tc.end.Reason || r.Winner != tc.end.Winner {
			t.Errorf("%+v: saved as %s %q winner %d", tc.end, r.Result, r.Reason, r.Winner)
		}
		if tc.end.Reason == "time forfeit" && !r.Forfeit() {
			t.Errorf("a game lost on time is not a forfeit in the games file")
		}
		name := filepath.Join(t.TempDir(), "game.jsonl")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := record.MergeFiles([]string{name}); err != nil {
			t.Errorf("%+v: merge refuses the saved game: %v", tc.end, err)
		}
	}
	for _, tc := range []struct {
		req  RecordRequest
		want string
	}{
		{RecordRequest{Game: "kalah:4x1", Turns: []string{"a"}, End: &EndRequest{Winner: 1, Reason: "aborted"}}, `reason "aborted"`},
		{RecordRequest{Game: "kalah:4x1", Turns: []string{"a"}, End: &EndRequest{Winner: 2, Reason: "resigned"}}, "want 0 or 1"},
		{RecordRequest{Game: "kalah:4x1", Turns: []string{"a"}, End: &EndRequest{Winner: 0, Reason: "draw agreed"}}, "want -1"},
		{RecordRequest{Game: "kalah:1x1", Turns: []string{"a"}, End: &EndRequest{Winner: 1, Reason: "resigned"}}, "ended by its rules"},
	} {
		_, err := s.gamesFile(tc.req)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.req.End, err, tc.want)
		}
	}
}
