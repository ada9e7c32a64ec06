package web

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/web/webtest"
)

// TestWatchTable opens a games file of 3,000 games of a quick random tournament in
// the Watch view: the table pages, sorts by a heading's click, filters by result,
// reason, player and length, the metrics match the file's, and the board stays in
// view while a game is stepped.
func TestWatchTable(t *testing.T) {
	const n = 3000
	dir := t.TempDir()
	playTournament(t, "kalah", dir, n, "random", "greedy")
	gf, err := record.ReadGamesFile(filepath.Join(dir, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	b := webtest.Start(t, url+"/#watch", 1280, 900)
	b.WaitFor(`document.querySelectorAll("#watch-files li").length === 1`, "the games file listed")
	start := time.Now()
	b.Click(`document.querySelector("#watch-files li")`)
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 250`, "the first page of 250 games")
	t.Logf("%d games listed in %v", n, time.Since(start).Round(time.Millisecond))
	page := func() string { return b.Text("wt-page") }
	if p := page(); p != "games 1–250 of 3000, page 1 of 12" {
		t.Errorf("the pager says %q", p)
	}
	b.Click(`document.getElementById("wt-next")`)
	b.WaitFor(`document.getElementById("wt-page").textContent.indexOf("games 251–500 of 3000") === 0`, "the second page")
	col := func(k int) []string {
		var out []string
		b.Eval(fmt.Sprintf(`Array.from(document.querySelectorAll("#watch-games tr.clickable td:nth-child(%d)")).map(function (td) { return td.textContent; })`, k), &out)
		return out
	}
	if idx := col(1); idx[0] != "250" {
		t.Errorf("the second page starts with game %s, want 250", idx[0])
	}
	// Sorted by turns: a click on the heading, up; again, down.
	turnsOf := func() []int {
		var out []int
		for _, s := range col(4) {
			var k int
			fmt.Sscan(s, &k)
			out = append(out, k)
		}
		return out
	}
	lens := make([]int, 0, n)
	for _, r := range gf.Games {
		lens = append(lens, len(r.Moves))
	}
	slices.Sort(lens)
	b.Click(`document.querySelector("#watch-games th[data-key=turns]")`)
	b.WaitFor(`document.querySelector("#watch-games th.sorted-up") && document.getElementById("wt-page").textContent.indexOf("games 1–250") === 0`, "sorted by turns, up, from the first page")
	if got := turnsOf(); !slices.IsSorted(got) || got[0] != lens[0] {
		t.Errorf("sorted up by turns: %v..., the shortest game has %d", got[:5], lens[0])
	}
	b.Click(`document.querySelector("#watch-games th[data-key=turns]")`)
	b.WaitFor(`document.querySelector("#watch-games th.sorted-down")`, "sorted by turns, down")
	if got := turnsOf(); got[0] != lens[n-1] || !slices.IsSortedFunc(got, func(a, b int) int { return b - a }) {
		t.Errorf("sorted down by turns: %v..., the longest game has %d", got[:5], lens[n-1])
	}
	// Filtered: by result, then reason, then length, then player.
	count := func(f func(r *record.Record) bool) int {
		k := 0
		for i := range gf.Games {
			if f(&gf.Games[i]) {
				k++
			}
		}
		return k
	}
	setValue(b, "wt-result", "0-1")
	want := count(func(r *record.Record) bool { return r.Result == "0-1" })
	b.WaitFor(fmt.Sprintf(`document.getElementById("wt-page").textContent.indexOf("of %d (of 3000)") > 0`, want), fmt.Sprintf("the %d games won by the second player", want))
	for _, res := range col(3) {
		if res != "0-1" {
			t.Fatalf("a game of result %s listed under 0-1", res)
		}
	}
	setValue(b, "wt-min", "20")
	setValue(b, "wt-max", "30")
	want = count(func(r *record.Record) bool { return r.Result == "0-1" && len(r.Moves) >= 20 && len(r.Moves) <= 30 })
	b.WaitFor(fmt.Sprintf(`document.getElementById("wt-page").textContent.indexOf("of %d (of 3000)") > 0 || (%d === 0 && document.getElementById("wt-page").textContent === "no game matches")`, want, want), "the games of 20 to 30 turns won by the second player")
	setValue(b, "wt-result", "")
	setValue(b, "wt-min", "")
	setValue(b, "wt-max", "")
	reason := gf.Games[0].Reason
	setValue(b, "wt-reason", reason)
	want = count(func(r *record.Record) bool { return r.Reason == reason })
	b.WaitFor(fmt.Sprintf(`document.getElementById("wt-page").textContent.indexOf("of %d") > 0`, want), "the games ended by "+reason)
	setValue(b, "wt-reason", "")
	setValue(b, "wt-player", "nobody")
	b.WaitFor(`document.getElementById("wt-page").textContent === "no game matches"`, "no game of a player not in the file")
	setValue(b, "wt-player", "p2")
	b.WaitFor(`document.getElementById("wt-page").textContent.indexOf("of 3000, page 1 of 12") > 0`, "every game has p2")
	// The metrics: the report's figures of the same games.
	b.WaitFor(`window.colonyApp.watch.metrics && document.getElementById("watch-metrics").textContent.indexOf("branching factor") >= 0`, "the metrics")
	rep, err := report.Summarize(&gf.Header.Config, gf.Games, [2]string{"south", "north"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var m MetricsView
	var raw string
	b.Eval(`JSON.stringify(window.colonyApp.watch.metrics)`, &raw)
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	if m.Games != n || m.Metrics.FirstWins != rep.Metrics.FirstWins || m.Metrics.FirstScoreLow != rep.Metrics.FirstScoreLow || m.Branching < 2 || m.Branching > 6 || m.Positions == 0 {
		t.Errorf("the metrics %+v; the report's %+v", m, rep.Metrics)
	}
	text := b.Text("watch-metrics")
	for _, s := range []string{"branching factor", "game length", "first-player advantage", fmt.Sprintf("%.3f", rep.Metrics.FirstScore), "(Wilson)"} {
		if !strings.Contains(text, s) {
			t.Errorf("the metrics do not say %q: %s", s, text)
		}
	}
	// A game opened from a sorted page; the board in view while stepping.
	b.Click(`document.querySelector("#watch-games tr.clickable")`)
	b.WaitFor(`window.colonyApp.watch.game && /^position 0 of/.test(document.getElementById("w-where").textContent)`, "the game open")
	b.Click(`document.getElementById("w-next")`)
	b.WaitFor(`/^position 1 of/.test(document.getElementById("w-where").textContent)`, "position 1")
	var r struct{ Top, Bottom, Height float64 }
	b.Eval(`(function () { var r = document.getElementById("board").getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: innerHeight}; })()`, &r)
	if r.Top < 0 || r.Bottom > r.Height {
		t.Errorf("the board is out of view while stepping: top %.0f, bottom %.0f of %.0f", r.Top, r.Bottom, r.Height)
	}
	saveShot(t, "watch-table.png", b.Screenshot())
}

// TestMetricsHandler checks /api/metrics: its figures for a small file, and the
// rules of the Watch view's reads (inside the directory, Host, Origin).
func TestMetricsHandler(t *testing.T) {
	dir := t.TempDir()
	playTournament(t, "kalah", dir, 20, "random", "greedy")
	if err := os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte("not a games file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	status, body := do(t, "GET", url+"/api/metrics?name=games.jsonl", "", nil)
	var m MetricsView
	if status != 200 || json.Unmarshal([]byte(body), &m) != nil {
		t.Fatalf("metrics: %d %s", status, body)
	}
	sum := 0
	for _, l := range m.Lengths {
		sum += l.Games
	}
	if m.Games != 20 || sum != 20 || m.Sampled || m.Positions == 0 || m.Branching <= 1 || m.BranchingMax > 6 ||
		m.Metrics.FirstWins+m.Metrics.SecondWins+m.Metrics.Draws != 20 || m.FirstElo.Games != 20 {
		t.Errorf("metrics of 20 games: %s", body)
	}
	host := strings.TrimPrefix(url, "http://")
	for _, tc := range []struct {
		path    string
		headers map[string]string
		status  int
		says    string
	}{
		{"/api/metrics?name=../x.jsonl", nil, 400, "a path inside the results directory"},
		{"/api/metrics?name=/etc/passwd", nil, 400, "a path inside the results directory"},
		{"/api/metrics?name=none.jsonl", nil, 404, "none.jsonl"},
		{"/api/metrics?name=bad.jsonl", nil, 400, "bad.jsonl"},
		{"/api/metrics?name=games.jsonl", map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{"/api/metrics?name=games.jsonl", map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "answers only to"},
	} {
		status, body := do(t, "GET", url+tc.path, "", tc.headers)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.200s\nwant %d and %q", tc.path, status, body, tc.status, tc.says)
		}
	}
	_, noDir := startServer(t, Config{Game: "kalah"})
	if status, body := do(t, "GET", noDir+"/api/metrics?name=games.jsonl", "", nil); status != 404 || !strings.Contains(body, "no results directory") {
		t.Errorf("metrics without --dir: %d %s", status, body)
	}
}
