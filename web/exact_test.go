package web

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
)

// TestExactHandler checks /api/exact: a Kalah endgame's exact value is the
// solver's (from the endgame database the server built once), a position beyond
// the solver's bound of nodes is answered as not exact with why, within the
// server's time; a bad or finished position is refused; the server's rules hold
// (Host, Origin); no search slot is left taken.
func TestExactHandler(t *testing.T) {
	s, base := startServer(t, Config{Game: "kalah"})
	host := strings.TrimPrefix(base, "http://")
	get := func(game, pos string) (int, string, ExactView) {
		t.Helper()
		status, body := do(t, "GET", base+"/api/exact?"+url.Values{"game": {game}, "position": {pos}}.Encode(), "", nil)
		var v ExactView
		if status == 200 {
			if err := json.Unmarshal([]byte(body), &v); err != nil {
				t.Fatal(err)
			}
		}
		return status, body, v
	}
	g, _ := catalog.Open("kalah")
	for _, pos := range []string{
		"pits=0.0.1.0.2.1/1.0.0.2.0.1 stores=20,20 move=south",
		"pits=1.2.0.0.3.1/0.1.2.0.0.4 stores=14,20 move=north",
		"pits=0.0.0.3.2.1/0.0.5.0.0.1 stores=18,18 move=south",
	} {
		status, body, v := get("kalah", pos)
		want, err := g.Solve(context.Background(), pos, search.SolveOptions{TableMB: 16})
		if err != nil {
			t.Fatal(err)
		}
		if status != 200 || !v.Exact || v.Value != want.MoverValue || v.First != want.Value || v.Score != exactScore(want.MoverValue) || v.Endgames != exactEndgames || len(v.PV) == 0 {
			t.Errorf("%s: %d %s\nwant the exact value %d (mover's)", pos, status, body, want.MoverValue)
		}
		t.Logf("%s: %s in %d ms, %d nodes", pos, v.Score, v.Millis, v.Nodes)
	}
	for _, tc := range []struct{ game, pos string }{{"kalah", ""}, {"colony", ""}} {
		status, body, v := get(tc.game, tc.pos)
		if status != 200 || v.Exact || !strings.Contains(v.Why, "beyond the solver's bound") || v.Millis > exactTime.Milliseconds() {
			t.Errorf("%s's start: %d %s, want not exact, beyond the bound", tc.game, status, body)
		}
		t.Logf("%s's start: not exact after %d ms, %d nodes", tc.game, v.Millis, v.Nodes)
	}
	for _, tc := range []struct {
		name, query string
		headers     map[string]string
		status      int
		says        string
	}{
		{"a bad position", "game=kalah&position=pits%3D1.2", nil, 400, "position"},
		{"a finished game", "game=kalah&position=" + url.QueryEscape("pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24 move=south"), nil, 400, "is over"},
		{"a bad game", "game=chess", nil, 400, "unknown game"},
		{"cross-origin", "game=kalah", map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{"another site", "game=kalah", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "another site"},
		{"another Host", "game=kalah", map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "answers only to"},
	} {
		status, body := do(t, "GET", base+"/api/exact?"+tc.query, "", tc.headers)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.300s\nwant %d and %q", tc.name, status, body, tc.status, tc.says)
		}
	}
	// With an analysis (exact=1): the exact value first, in the search's slot.
	var first string
	var ev ExactView
	streamEvents(t, base+"/api/analyse?"+url.Values{"game": {"kalah"}, "player": {"ab:depth=3"}, "exact": {"1"},
		"position": {"pits=1.2.0.0.3.1/0.1.2.0.0.4 stores=14,20 move=north"}}.Encode(), func(name, data string) bool {
		if name == "status" {
			return true
		}
		first = name
		if name == "exact" {
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Error(err)
			}
		}
		return false
	})
	if first != "exact" || !ev.Exact || ev.Score != "win+12" {
		t.Errorf("the analysis's first event %q, exact %+v; want the exact value win+12", first, ev)
	}
	searchesWithin(t, s, 0, 30*time.Second, "the slots given back")
}
