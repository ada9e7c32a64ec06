package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// streamEvents reads the events of an analysis's stream (name and data) until the
// stream ends or keep returns false.
func streamEvents(t *testing.T, url string, keep func(name, data string) bool) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	r := bufio.NewReader(resp.Body)
	name := ""
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimSpace(line)
		if n, ok := strings.CutPrefix(line, "event: "); ok {
			name = n
		} else if d, ok := strings.CutPrefix(line, "data: "); ok {
			if !keep(name, d) {
				return
			}
		}
	}
}

// TestAnalyseMultiPV checks the stream of an analysis of several lines (lines=3):
// every line event and the done event hold three distinct lines, best first, the
// first the event's own score and line.
func TestAnalyseMultiPV(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	var lineEvents int
	var done *LineView
	streamEvents(t, url+"/api/analyse?game=kalah&player=ab:depth=6&lines=3", func(name, data string) bool {
		if name != "line" && name != "done" {
			return true
		}
		var l LineView
		if err := json.Unmarshal([]byte(data), &l); err != nil {
			t.Fatal(err)
		}
		if len(l.Lines) != 3 {
			t.Fatalf("%s event with %d lines: %s", name, len(l.Lines), data)
		}
		seen := map[string]bool{}
		for i, pv := range l.Lines {
			if len(pv.PV) == 0 || seen[pv.PV[0]] || (i > 0 && pv.Value > l.Lines[i-1].Value) {
				t.Fatalf("%s event: line %d %+v repeats a turn or is better than the one above it", name, i+1, pv)
			}
			seen[pv.PV[0]] = true
		}
		if l.Lines[0].Value != l.Value || strings.Join(l.Lines[0].PV, " ") != strings.Join(l.PV, " ") {
			t.Fatalf("%s event: the first line %+v is not the event's score %d and line %q", name, l.Lines[0], l.Value, l.PV)
		}
		if name == "done" {
			done = &l
			return false
		}
		lineEvents++
		return true
	})
	if lineEvents != 6 || done == nil || done.Best != done.Lines[0].PV[0] {
		t.Errorf("%d line events, done %+v", lineEvents, done)
	}
}

// TestAnalyseLinesBounded checks that the number of lines is bounded and a bad one
// refused with why, before any search.
func TestAnalyseLinesBounded(t *testing.T) {
	s, url := startServer(t, Config{Game: "kalah"})
	for _, bad := range []string{"0", "9", "-1", "x", "1e3", "3.5"} {
		status, body := do(t, "GET", url+"/api/analyse?game=kalah&player=ab&lines="+bad, "", nil)
		if status != 400 || !strings.Contains(body, "lines="+bad+": want a whole number from 1 to 8") {
			t.Errorf("lines=%s: %d %s", bad, status, body)
		}
	}
	if len(s.searches) != 0 {
		t.Errorf("%d searches after refused analyses", len(s.searches))
	}
	status, body := do(t, "GET", url+"/api/analyse?game=kalah&player=ab&lines=3", "", map[string]string{"Origin": "http://evil.example"})
	if status != 403 {
		t.Errorf("a cross-origin analysis of 3 lines: %d %s", status, body)
	}
}

// TestAnalyseLiveCounter checks that the progress events count the nodes of the
// depth under way: two progress events of the same completed depth, the second
// counting more nodes searched than the first, and more than that depth's line.
func TestAnalyseLiveCounter(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony", MaxSearchTime: 60 * time.Second})
	var last SearchProgress
	grew := false
	streamEvents(t, url+"/api/analyse?game=colony&player=ab", func(name, data string) bool {
		if name != "progress" {
			return true
		}
		var p SearchProgress
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			t.Fatal(err)
		}
		if p.Searched < p.Nodes || (p.Searched > 0 && p.NPS == 0) {
			t.Fatalf("progress %+v: fewer nodes searched than the last line's, or no speed", p)
		}
		if p.Depth >= 3 && p.Depth == last.Depth && p.Searched > last.Searched && last.Searched > p.Nodes {
			grew = true
			return false
		}
		last = p
		return true
	})
	if !grew {
		t.Errorf("no progress counted the nodes of a depth under way (last %+v)", last)
	}
}
