package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/web/webtest"
)

// rulesOf asks the server for a game's rules.
func rulesOf(t *testing.T, url, game string) RulesView {
	t.Helper()
	status, body := do(t, "GET", url+"/api/rules?game="+game, "", nil)
	if status != 200 {
		t.Fatalf("rules of %s: status %d: %s", game, status, body)
	}
	var v RulesView
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

var (
	headingRE = regexp.MustCompile(`(?s)<h[1-6][^>]*>(.*?)</h[1-6]>`)
	hrefRE    = regexp.MustCompile(`href="([^"]*)"`)
)

// TestRulesDocuments checks every game's rules as the dialog shows them: the
// comment lines of the rules command's output ("# rule set NAME", The Colony's caps)
// are a note, not headings; the document's own title is the first heading; and
// every link to the server answers 200 (The Colony's link to docs/colony-board.md
// too, a page of its own whose links answer 200 in turn).
func TestRulesDocuments(t *testing.T) {
	_, url := startServer(t, Config{})
	for _, line := range catalog.Describe() {
		name, _, _ := strings.Cut(line, ": ")
		t.Run(name, func(t *testing.T) {
			v := rulesOf(t, url, name)
			hs := headingRE.FindAllStringSubmatch(v.HTML, -1)
			if len(hs) == 0 {
				t.Fatal("no heading")
			}
			for _, h := range hs {
				if strings.HasPrefix(h[1], "rule set") || strings.Contains(h[1], " cap ") {
					t.Errorf("a comment line shown as a heading: %s", h[0])
				}
			}
			if !strings.Contains(v.HTML, `<p class="rules-note">rule set `+name) {
				t.Errorf("no note naming the rule set: %.300s", v.HTML)
			}
			checkLinks(t, url, v.HTML, name)
		})
	}
	v := rulesOf(t, url, "colony")
	if !strings.Contains(v.HTML, `href="/docs/colony-board.md"`) {
		t.Errorf("The Colony's rules do not link to the board document: %.600s", v.HTML)
	}
	if !strings.Contains(v.HTML, "sowing cap 10000") || strings.HasPrefix(headingRE.FindStringSubmatch(v.HTML)[1], "sowing") {
		t.Errorf("The Colony's caps: %.400s", v.HTML)
	}
	status, page := do(t, "GET", url+"/docs/colony-board.md", "", nil)
	if status != 200 || !strings.Contains(page, "<h1") {
		t.Fatalf("the board document: status %d: %.300s", status, page)
	}
	checkLinks(t, url, page, "docs/colony-board.md")
	for _, bad := range []string{"/docs/..%2fgo.mod", "/docs/nothing.md", "/docs/docs.go"} {
		if status, _ := do(t, "GET", url+bad, "", nil); status != 404 {
			t.Errorf("GET %s: status %d, want 404", bad, status)
		}
	}
}

// checkLinks checks that every link of the HTML to the server answers 200.
func checkLinks(t *testing.T, url, html, what string) {
	t.Helper()
	for _, m := range hrefRE.FindAllStringSubmatch(html, -1) {
		href := m[1]
		if strings.HasPrefix(href, "#") || strings.Contains(href, "://") || strings.HasPrefix(href, "mailto:") {
			continue
		}
		if !strings.HasPrefix(href, "/") {
			t.Errorf("%s: a relative link %q (the page would resolve it against its own address)", what, href)
			continue
		}
		if status, _ := do(t, "GET", url+strings.SplitN(href, "#", 2)[0], "", nil); status != 200 {
			t.Errorf("%s: the link %s answers %d", what, href, status)
		}
	}
}

// TestRulesDialog opens The Colony's rules in the browser: no heading from a comment
// line, the link to the board document answers 200, and Escape closes the dialog.
func TestRulesDialog(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.view`, "the board")
	b.Click(`document.getElementById("rules-button")`)
	b.WaitFor(`!document.getElementById("rules").hidden && document.querySelector("#rules-text h1")`, "the rules")
	var headings []string
	b.Eval(`Array.from(document.querySelectorAll("#rules-text h1, #rules-text h2, #rules-text h3")).map(function (h) { return h.textContent; })`, &headings)
	if len(headings) == 0 || !strings.HasPrefix(headings[0], "The Colony") {
		t.Errorf("the first heading of The Colony's rules: %q", headings)
	}
	for _, h := range headings {
		if strings.HasPrefix(h, "rule set") || strings.Contains(h, " cap ") {
			t.Errorf("a comment line shown as a heading: %q", h)
		}
	}
	var status int
	b.Eval(`(function () { var a = Array.from(document.querySelectorAll("#rules-text a")).find(function (a) { return a.textContent === "docs/colony-board.md"; });
		return a ? fetch(a.href).then(function (r) { return r.status; }) : -1; })()`, &status)
	if status != 200 {
		t.Errorf("the link to docs/colony-board.md answers %d", status)
	}
	saveShot(t, "rules-colony.png", b.Screenshot())
	b.Press("Escape")
	b.WaitFor(`document.getElementById("rules").hidden`, "the rules closed by Escape")
}

// TestAnalyseProgress checks that an analysis tells its progress between its lines:
// "progress" events with the time searched and the last line's depth, while the
// next depth is searched.
func TestAnalyseProgress(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony", MaxSearchTime: 20 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/api/analyse?game=colony&player=ab", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	var events []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended (%v) with no progress event: %q", err, events)
		}
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "event: "); ok {
			events = append(events, name)
			if name != "progress" {
				continue
			}
			data, _ := r.ReadString('\n')
			var p struct{ Millis, Depth int }
			if err := json.Unmarshal([]byte(strings.TrimPrefix(data, "data: ")), &p); err != nil {
				t.Fatal(err)
			}
			if p.Millis <= 0 {
				t.Errorf("progress %+v: no time", p)
			}
			if p.Depth > 0 && !slices.Contains(events, "line") {
				t.Errorf("progress %+v before any line", p)
			}
			return
		}
	}
}

// startAnalysing opens Analyse on Kalah's start in the browser and starts an
// analysis with the player.
func startAnalysing(t *testing.T, player string) *webtest.Browser {
	t.Helper()
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1200, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.view`, "the analysis board")
	setSpeed(b, 1000)
	b.Eval(`document.getElementById("an-player").value = `+jsString(player), nil)
	b.Click(`document.getElementById("an-go")`)
	return b
}

// TestAnalyseShowsProgress checks that alpha-beta's progress shows between its
// depths: the time searched and the depth under way.
func TestAnalyseShowsProgress(t *testing.T) {
	b := startAnalysing(t, "ab")
	b.WaitFor(`document.querySelectorAll("#an-lines tbody tr").length >= 6`, "six lines of the analysis")
	b.WaitFor(`/under way/.test(document.getElementById("an-status").textContent)`, "the search's progress between its depths")
	var status string
	b.Eval(`document.getElementById("an-status").textContent`, &status)
	if !regexp.MustCompile(`^searching \(ab\S*\): \d+\.\d s, depth \d+ under way`).MatchString(status) {
		t.Errorf("the progress: %q", status)
	}
	b.Click(`document.getElementById("an-stop")`)
	b.WaitFor(`document.getElementById("an-status").textContent === "stopped"`, "the analysis to stop")
}

// TestAnalyseLineClicked checks the lines of an alpha-beta analysis: one row a
// depth, the deepest first, numbers on one line each; a click on the fourth turn of
// a line shows the position after it at once, with no animation (at the slowest
// speed).
func TestAnalyseLineClicked(t *testing.T) {
	b := startAnalysing(t, "ab:depth=12")
	b.WaitFor(`document.getElementById("an-status").textContent.indexOf("done") === 0`, "the analysis done")
	saveShot(t, "analyse-lines.png", b.Screenshot())
	var wrapped []string
	b.Eval(`Array.from(document.querySelectorAll("#an-lines tbody td:not(:last-child)")).filter(function (td) {
		var r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length > 1; }).map(function (td) { return td.textContent; })`, &wrapped)
	if len(wrapped) > 0 {
		t.Errorf("numbers wrapped over two lines: %q", wrapped)
	}
	var depths []int
	b.Eval(`Array.from(document.querySelectorAll("#an-lines tbody tr td:first-child")).map(function (td) { return Number(td.textContent); })`, &depths)
	for i := 1; i < len(depths); i++ {
		if depths[i] >= depths[i-1] {
			t.Errorf("the rows' depths %v: want one row a depth, the deepest first", depths)
			break
		}
	}
	var line []string
	b.Eval(`Array.from(document.querySelectorAll("#an-lines tbody tr:first-child td.pv span")).map(function (s) { return s.textContent; })`, &line)
	if len(line) < 4 {
		t.Fatalf("the deepest line %q has fewer than 4 turns", line)
	}
	var animated int
	b.Eval(`window.colonyApp.animated`, &animated)
	start := time.Now()
	b.Click(`document.querySelectorAll("#an-lines tbody tr:first-child td.pv span")[3]`)
	b.WaitFor(`window.colonyApp.an.at === 4 && !window.colonyApp.busy`, "the line played to its fourth turn")
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the line's position took %v to show", d)
	}
	var after struct {
		Animated int
		History  string
	}
	b.Eval(`({animated: window.colonyApp.animated, history: Array.from(document.querySelectorAll("#an-history span.move")).map(function (l) { return l.textContent; }).join(" ")})`, &after)
	if after.Animated != animated {
		t.Errorf("%d steps animated playing the line, want none", after.Animated-animated)
	}
	if want := strings.Join(line[:4], " "); after.History != want {
		t.Errorf("the history %q, want the line's turns %q", after.History, want)
	}
}

// TestAnalyseMCTSRow checks that an MCTS analysis, which reports ten times in 20000
// simulations and at the end, keeps one row, updated.
func TestAnalyseMCTSRow(t *testing.T) {
	b := startAnalysing(t, "mcts:sims=20000")
	b.WaitFor(`document.getElementById("an-status").textContent.indexOf("done") === 0`, "the MCTS analysis done")
	var rows int
	b.Eval(`document.querySelectorAll("#an-lines tbody tr").length`, &rows)
	if rows != 1 {
		t.Errorf("the MCTS analysis shows %d rows, want 1", rows)
	}
}

// reversedGamesFile plays n games of Kalah into a games file and writes it at path
// with its games in the reverse order (the order of a run whose games finish out of
// order), returning its size.
func reversedGamesFile(t *testing.T, n int, path string) {
	t.Helper()
	tmp := t.TempDir()
	playTournament(t, "kalah", tmp, n, "random", "greedy")
	data, err := os.ReadFile(filepath.Join(tmp, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	var head, games []string
	for _, l := range lines {
		if strings.Contains(l, `"type":"game"`) {
			games = append(games, strings.TrimSuffix(l, "\n")+"\n")
		} else {
			head = append(head, strings.TrimSuffix(l, "\n")+"\n")
		}
	}
	if len(games) != n {
		t.Fatalf("%d games in the file, want %d", len(games), n)
	}
	slices.Reverse(games)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(append(head, games...), "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWatchLongGamesFile steps through the last game of a games file of 200 games
// written out of order: the games are listed by index, and the board stays in view
// while the steps below the table are clicked.
func TestWatchLongGamesFile(t *testing.T) {
	dir := t.TempDir()
	reversedGamesFile(t, 200, filepath.Join(dir, "games.jsonl"))
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	b := webtest.Start(t, url+"/#watch", 1280, 900)
	b.WaitFor(`document.querySelectorAll("#watch-files li").length === 1`, "the games file listed")
	b.WaitFor(`!document.getElementById("live").hidden`, "the live view above the list (shown: the list moves no more)")
	b.Click(`document.querySelector("#watch-files li")`)
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 200`, "the file's 200 games")
	var order []int
	b.Eval(`Array.from(document.querySelectorAll("#watch-games tr.clickable td:first-child")).map(function (td) { return Number(td.textContent); })`, &order)
	if !slices.IsSorted(order) || order[0] != 0 || order[199] != 199 {
		t.Errorf("the games listed in the order %v..., want by index", order[:10])
	}
	b.Click(`Array.from(document.querySelectorAll("#watch-games tr.clickable")).find(function (tr) { return tr.firstChild.textContent === "199"; })`)
	b.WaitFor(`window.colonyApp.watch.game && window.colonyApp.watch.index === 199 && /^position 0 of/.test(document.getElementById("w-where").textContent)`, "the last game open")
	for k := 1; k <= 3; k++ {
		b.Click(`document.getElementById("w-next")`)
		b.WaitFor(fmt.Sprintf(`/^position %d of/.test(document.getElementById("w-where").textContent)`, k), fmt.Sprintf("position %d", k))
		var r struct{ Top, Bottom, Height float64 }
		b.Eval(`(function () { var r = document.getElementById("board").getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: innerHeight}; })()`, &r)
		if r.Top < 0 || r.Bottom > r.Height {
			t.Errorf("position %d: the board is at %.0f..%.0f px, out of the viewport's %.0f px", k, r.Top, r.Bottom, r.Height)
		}
	}
	shot := b.Screenshot()
	saveShot(t, "watch-long.png", shot)
	checkBoardDrawn(t, shot)
}

// TestWatchDirectoryFills watches a results directory filling up: the page opened
// on an empty directory lists the games file written after it (no reload), whose
// table grows with it; a second games file written in a directory below appears
// too, and the live view follows it, the newest, or the file chosen.
func TestWatchDirectoryFills(t *testing.T) {
	dir := t.TempDir()
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	b := webtest.Start(t, url+"/#watch", 1280, 900)
	b.WaitFor(`document.getElementById("watch-files").textContent === "no games file yet"`, "the empty directory")
	reversedGamesFile(t, 6, filepath.Join(dir, "games.jsonl"))
	b.WaitFor(`document.querySelectorAll("#watch-files li").length === 1 && document.querySelector("#watch-files li").textContent.indexOf("games.jsonl") === 0`, "the games file written after the page opened")
	b.WaitFor(`document.getElementById("live-title").textContent.indexOf("games.jsonl") === 0`, "the games file followed live")
	// The open file's table grows with the file.
	b.Click(`document.querySelector("#watch-files li")`)
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 6`, "the file's 6 games")
	reversedGamesFile(t, 8, filepath.Join(dir, "games.jsonl"))
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 8`, "the file's 8 games, after it grew")
	reversedGamesFile(t, 4, filepath.Join(dir, "second", "games.jsonl"))
	b.WaitFor(`Array.from(document.querySelectorAll("#watch-files li")).some(function (li) { return li.textContent.indexOf("second/games.jsonl") === 0; })`, "the second games file listed")
	b.WaitFor(`document.getElementById("live-title").textContent.indexOf("second/games.jsonl") === 0`, "the second games file followed live")
	b.WaitFor(`Array.from(document.querySelectorAll("#live-file option")).some(function (o) { return o.value === "games.jsonl"; })`, "the first file offered to follow")
	b.Eval(`(function () { var s = document.getElementById("live-file"); s.value = "games.jsonl"; s.dispatchEvent(new Event("change")); })()`, nil)
	b.WaitFor(`document.getElementById("live-title").textContent.indexOf("games.jsonl:") === 0`, "the first games file followed live again")
	saveShot(t, "watch-second.png", b.Screenshot())
}

// TestTestView: the page's state is there to read as window.colonyApp (the browser
// tests wait on it), and writing to it is refused.
func TestTestView(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.view && window.colonyApp.interactive`, "the person's turn")
	var got string
	b.Eval(`(function () { "use strict"; try { window.colonyApp.interactive = false; return "written"; } catch (e) { return "refused"; } })()`, &got)
	var still bool
	b.Eval(`window.colonyApp.interactive`, &still)
	if got != "refused" || !still {
		t.Errorf("writing to window.colonyApp: %s, interactive %v after", got, still)
	}
}
