package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/web/webtest"
)

// TestAnalyseLinesInBrowser sets three lines by typing in the lines box and runs an
// analysis: three rows of lines appear, distinct turns, and are updated in place as
// the search deepens (the same rows, a deeper depth); the live counter counts the
// nodes of a depth under way; the evaluation bar shows and moves; the best turn is
// drawn on the board as an arrow along its sowing's path; a click on a line's turn
// during the search is answered at once (timed in the page; a generous bound) and
// the position after it is analysed in its turn.
func TestAnalyseLinesInBrowser(t *testing.T) {
	s, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.view && window.colonyApp.interactive`, "the analysis board")
	typeInto(b, "an-multipv", "3")
	b.Eval(`document.getElementById("an-player").value = "ab"`, nil)
	b.Click(`document.getElementById("an-go")`)
	b.WaitFor(`document.querySelectorAll("#an-pvs tbody tr").length === 3`, "three lines")
	if len(s.searches) != 1 {
		t.Errorf("%d searches running, want 1", len(s.searches))
	}
	// The rows are kept and rewritten: a mark on the first row stays as the depth grows.
	var depth0 int
	b.Eval(`(function () { var r = document.querySelector("#an-pvs tbody tr"); r.colonyMark = true; return Number(r.cells[2].textContent); })()`, &depth0)
	var share0 string
	b.Eval(`document.getElementById("evalbar").getAttribute("data-share")`, &share0)
	b.WaitFor(fmt.Sprintf(`Number(document.querySelector("#an-pvs tbody tr").cells[2].textContent) >= %d`, depth0+3), "three depths more")
	var kept struct {
		Rows   int
		Marked bool
		Firsts []string
		Scores []string
	}
	b.Eval(`(function () { var rows = Array.from(document.querySelectorAll("#an-pvs tbody tr"));
		return {rows: rows.length, marked: !!rows[0].colonyMark,
			firsts: rows.map(function (r) { return r.cells[3].querySelector("span").textContent; }),
			scores: rows.map(function (r) { return r.cells[1].textContent; })}; })()`, &kept)
	if kept.Rows != 3 || !kept.Marked {
		t.Errorf("after more depths: %d rows, the first row kept: %v; want 3 rows updated in place", kept.Rows, kept.Marked)
	}
	if kept.Firsts[0] == kept.Firsts[1] || kept.Firsts[1] == kept.Firsts[2] || kept.Firsts[0] == kept.Firsts[2] {
		t.Errorf("the lines' turns %q are not distinct", kept.Firsts)
	}
	for i := 1; i < 3; i++ {
		a, _ := strconv.ParseFloat(kept.Scores[i-1], 64)
		c, _ := strconv.ParseFloat(kept.Scores[i], 64)
		if c > a {
			t.Errorf("the lines' scores %q are not best first", kept.Scores)
		}
	}
	// The evaluation bar shows and has moved with the depths' scores.
	b.WaitFor(`!document.getElementById("evalbar").hidden && document.getElementById("evalbar").getAttribute("data-share") !== `+jsString(share0), "the evaluation bar to move")
	// The fill reaches its share (it glides there in 0.3 s).
	b.WaitFor(`Math.abs(document.getElementById("evalbar-fill").getBoundingClientRect().height / document.getElementById("evalbar").getBoundingClientRect().height -
		Number(document.getElementById("evalbar").getAttribute("data-share"))) < 0.05`, "the evaluation bar's fill at its share")
	var bar struct {
		Share  float64
		Height float64
		Text   string
	}
	b.Eval(`(function () { var e = document.getElementById("evalbar"); return {share: Number(e.getAttribute("data-share")),
		height: document.getElementById("evalbar-fill").getBoundingClientRect().height / e.getBoundingClientRect().height,
		text: document.getElementById("evalbar-text").textContent}; })()`, &bar)
	if bar.Share <= 0 || bar.Share >= 1 || bar.Height <= 0 || bar.Height >= 1 || bar.Text == "" {
		t.Errorf("the evaluation bar: %+v", bar)
	}
	// The best turn's arrow: the path of its sowing, from its pit.
	b.WaitFor(`(function () { var g = document.querySelector("#board .best-arrow"), r = document.querySelector("#an-pvs tbody tr");
		return g && g.querySelector("polyline.best-path") && g.getAttribute("data-turn") === r.cells[3].querySelector("span").textContent; })()`, "the best turn's arrow")
	var arrow struct {
		Turn   string
		Points int
	}
	b.Eval(`(function () { var g = document.querySelector("#board .best-arrow");
		return {turn: g.getAttribute("data-turn"), points: g.querySelector("polyline").getAttribute("points").split(" ").length}; })()`, &arrow)
	if arrow.Points < 5 { // a pit of Kalah's start holds 4: taken up, then 4 drops
		t.Errorf("the arrow of %s has %d points, want the pit and its 4 drops", arrow.Turn, arrow.Points)
	}
	// The live counter: the nodes of the depth under way grow between its lines.
	counter := regexp.MustCompile(`^depth (\d+) under way · ([\d,]+) nodes · `)
	seen := map[string]string{}
	grew := false
	for start := time.Now(); !grew && time.Since(start) < 60*time.Second; time.Sleep(50 * time.Millisecond) {
		m := counter.FindStringSubmatch(b.Text("an-counter"))
		if m == nil {
			continue
		}
		if prev, ok := seen[m[1]]; ok && prev != m[2] && num(m[2]) > num(prev) {
			grew = true
		}
		seen[m[1]] = m[2]
	}
	if !grew {
		t.Errorf("the counter never counted the nodes of a depth under way: %v", seen)
	}
	shot := b.Screenshot()
	saveShot(t, "analyse-multipv.png", shot)
	checkBoardDrawn(t, shot)
	// A click on the second line's turn while the search runs: answered at once (the
	// page says it plays the line, timed in the page from the mouse's press), then
	// the position after it shown and analysed in its turn.
	b.Eval(`(function () { window.clickAt = 0; window.answeredAt = 0;
		document.addEventListener("mousedown", function () { window.clickAt = performance.now(); }, {capture: true, once: true});
		new MutationObserver(function (m, o) { if (window.clickAt && !window.answeredAt) { window.answeredAt = performance.now(); o.disconnect(); } })
			.observe(document.getElementById("message"), {childList: true, characterData: true, subtree: true}); })()`, nil)
	var second string
	b.Eval(`document.querySelector("#an-pvs tbody tr:nth-child(2) td.pv span").textContent`, &second)
	b.Click(`document.querySelector("#an-pvs tbody tr:nth-child(2) td.pv span")`)
	b.WaitFor(`window.answeredAt > 0`, "the click answered")
	var answered float64
	b.Eval(`window.answeredAt - window.clickAt`, &answered)
	t.Logf("a click on a line's turn during the search answered in %.1f ms", answered)
	if answered > 1000 {
		t.Errorf("a click during the search answered in %.0f ms", answered)
	}
	b.WaitFor(`window.colonyApp.an.at === 1 && window.colonyApp.an.turns[0] === `+jsString(second)+` && window.colonyApp.view.position === window.colonyApp.an.cur.pos`, "the second line's turn played")
	b.WaitFor(`window.colonyApp.an.pvs[window.colonyApp.view.position] && document.querySelectorAll("#an-pvs tbody tr").length === 3 && !document.getElementById("an-stop").disabled`, "the new position analysed")
	b.Click(`document.getElementById("an-stop")`)
	b.WaitFor(`document.getElementById("an-status").textContent === "stopped"`, "the analysis to stop")
	searchesWithin(t, s, 0, 30*time.Second, "the search to end")
}

// num reads a number written with thousands separators.
func num(s string) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	return n
}

// TestAnalyseMCTSLinesInBrowser checks that an MCTS analysis of three lines keeps
// three rows, updated in place, each with its first decision's visits (the column
// says so).
func TestAnalyseMCTSLinesInBrowser(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.view`, "the analysis board")
	typeInto(b, "an-multipv", "3")
	b.Eval(`document.getElementById("an-player").value = "mcts:sims=200000"`, nil)
	b.Click(`document.getElementById("an-go")`)
	b.WaitFor(`document.querySelectorAll("#an-pvs tbody tr").length === 3`, "three lines")
	b.Eval(`document.querySelector("#an-pvs tbody tr").colonyMark = true`, nil)
	b.WaitFor(`document.getElementById("an-status").textContent.indexOf("done") === 0`, "the MCTS analysis done")
	var rows struct {
		N      int
		Marked bool
		Visits []string
		Depths int
	}
	b.Eval(`(function () { var rows = Array.from(document.querySelectorAll("#an-pvs tbody tr"));
		return {n: rows.length, marked: !!rows[0].colonyMark, visits: rows.map(function (r) { return r.cells[2].textContent; }),
			depths: document.querySelectorAll("#an-lines tbody tr").length}; })()`, &rows)
	if head := b.Text("an-pvs"); !strings.Contains(head, "visits") {
		t.Errorf("the lines' table %q does not say visits", head)
	}
	if rows.N != 3 || !rows.Marked || rows.Depths != 1 {
		t.Errorf("MCTS: %d rows, the first kept %v, %d rows of depths; want 3 rows updated in place and 1 row of depths", rows.N, rows.Marked, rows.Depths)
	}
	for i, v := range rows.Visits {
		if num(v) == 0 || (i > 0 && num(v) > num(rows.Visits[i-1])) {
			t.Errorf("the lines' visits %q: want the most visited first", rows.Visits)
			break
		}
	}
	saveShot(t, "analyse-mcts-lines.png", b.Screenshot())
}

// TestAnalyseMoveTree plays turns on the board from an earlier position and checks
// the tree: a second turn from the start is a variation (the first line kept),
// shown in brackets with the current turn highlighted; the up and down keys switch
// between the variations, left and right go along the line; Promote makes the
// variation the main line; Delete removes a turn and those after it.
func TestAnalyseMoveTree(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "the analysis board")
	setSpeed(b, 0)
	tree := func() (text, current string) {
		b.Eval(`document.getElementById("an-history").textContent`, &text)
		b.Eval(`(document.querySelector("#an-history .current") || {}).textContent || ""`, &current)
		return text, current
	}
	at := func(k int, what string) {
		t.Helper()
		b.WaitFor(fmt.Sprintf(`window.colonyApp.an.at === %d && window.colonyApp.view.position === window.colonyApp.an.cur.pos && !window.colonyApp.busy && window.colonyApp.interactive`, k), what)
	}
	b.Click(`document.getElementById("pit-south-a")`)
	at(1, "a played")
	var st appState
	b.Eval(readState, &st)
	clickTurn(t, b, st.Turns[0], st.Turns) // north's reply
	at(2, "north's reply")
	var reply string
	b.Eval(`window.colonyApp.an.turns[1]`, &reply)
	b.Press("ArrowLeft")
	at(1, "back to after a")
	b.Press("ArrowLeft")
	at(0, "back to the start")
	b.Click(`document.getElementById("pit-south-b")`)
	at(1, "b played: a variation")
	// As a game record writes them: the variation after the turn it replaces.
	if text, cur := tree(); text != "a(b)"+reply || cur != "b" {
		t.Fatalf("the tree %q, current %q; want %q, current b", text, cur, "a(b)"+reply)
	}
	var kids int
	b.Eval(`window.colonyApp.an.root.kids.length`, &kids)
	if kids != 2 {
		t.Fatalf("the start has %d next turns, want 2 (a and the variation b)", kids)
	}
	saveShot(t, "analyse-tree.png", b.Screenshot())
	// Up: the variation above (a, the main line); down: b again; right from a: the reply.
	b.Press("ArrowUp")
	b.WaitFor(`document.querySelector("#an-history .current").textContent === "a" && !window.colonyApp.busy`, "a by the up key")
	b.Press("ArrowRight")
	b.WaitFor(`document.querySelector("#an-history .current").textContent === `+jsString(reply)+` && window.colonyApp.an.at === 2 && !window.colonyApp.busy`, "the reply by the right key")
	b.Press("ArrowDown")
	b.WaitFor(`document.querySelector("#an-history .current").textContent === "b" && window.colonyApp.an.at === 1 && !window.colonyApp.busy`, "b by the down key")
	// Promote b: the main line is b, a the variation.
	b.Click(`document.getElementById("an-promote")`)
	b.WaitFor(`window.colonyApp.an.turns[0] === "b" && window.colonyApp.an.root.kids[0].turn === "b"`, "b promoted")
	if text, cur := tree(); text != "b(a"+reply+")" || cur != "b" {
		t.Errorf("after Promote: the tree %q, current %q; want %q", text, cur, "b(a"+reply+")")
	}
	var promoteOff bool
	b.Eval(`document.getElementById("an-promote").disabled`, &promoteOff)
	if !promoteOff {
		t.Error("Promote is still enabled on the main line")
	}
	// Delete a (and the reply after it), chosen by a click in the tree.
	b.Click(`Array.from(document.querySelectorAll("#an-history span.move")).find(function (s) { return s.textContent === "a"; })`)
	b.WaitFor(`document.querySelector("#an-history .current").textContent === "a" && !window.colonyApp.busy`, "a chosen in the tree")
	b.Click(`document.getElementById("an-delete")`)
	at(0, "a deleted: the start")

	if text, _ := tree(); text != "b" {
		t.Errorf("after Delete: the tree %q, want %q", text, "b")
	}
	b.Eval(`window.colonyApp.an.root.kids.length`, &kids)
	if kids != 1 {
		t.Errorf("after Delete the start has %d next turns, want 1", kids)
	}
	b.Press("ArrowRight")
	at(1, "b by the right key")
}

// TestAnalyseLoadGame pastes turns into Load a game: they become the tree's main
// line, shown from its start; a turn played at an earlier position is a variation
// beside the loaded line. Watch's "Analyse this game" does the same with a games
// file's game, at the position shown.
func TestAnalyseLoadGame(t *testing.T) {
	dir := t.TempDir()
	playTournament(t, "kalah", dir, 2, "ab:depth=1", "greedy")
	_, url := startServer(t, Config{Game: "kalah", Dir: dir})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "the analysis board")
	setSpeed(b, 0)
	b.Click(`document.querySelector("#an-load-box summary")`)
	typeInto(b, "an-record", "c f b a")
	b.Click(`document.getElementById("an-load")`)
	b.WaitFor(`window.colonyApp.an.turns.join(" ") === "c f b a" && window.colonyApp.an.at === 0 && !window.colonyApp.busy && window.colonyApp.interactive`, "the turns loaded, at the start")
	if st := b.Text("an-load-status"); !strings.HasPrefix(st, "loaded: 4 turns") {
		t.Errorf("the load's status %q", st)
	}
	b.Press("ArrowRight")
	b.Press("ArrowRight")
	b.WaitFor(`window.colonyApp.an.at === 2 && window.colonyApp.view.position === window.colonyApp.an.cur.pos && !window.colonyApp.busy && window.colonyApp.interactive`, "two turns on")
	var st appState
	b.Eval(readState, &st)
	other := st.Turns[0]
	if other.Turn == "b" { // the loaded line's turn 3
		other = st.Turns[1]
	}
	clickTurn(t, b, other, st.Turns)
	b.WaitFor(`window.colonyApp.an.at === 3 && window.colonyApp.an.cur.turn === `+jsString(other.Turn)+` && !window.colonyApp.busy`, other.Turn+" played at turn 3: a variation")
	var text string
	b.Eval(`document.getElementById("an-history").textContent`, &text)
	if want := "cfb(" + other.Turn + ")a"; text != want {
		t.Errorf("the tree %q, want the loaded line with the variation %s: %q", text, other.Turn, want)
	}
	// A refused record says why.
	typeInto(b, "an-record", "c zz")
	b.Click(`document.getElementById("an-load")`)
	b.WaitFor(`document.getElementById("an-load-status").textContent.indexOf("error: turn 2 \"zz\"") === 0`, "the refusal of zz")

	// Watch: the games file's game, at its position 3.
	b.Click(`document.querySelector('nav .tab[data-tab="watch"]')`)
	b.WaitFor(`document.querySelectorAll("#watch-files li").length === 1`, "the games file listed")
	b.Click(`document.querySelector("#watch-files li")`)
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 2`, "the file's games")
	b.Click(`document.querySelector("#watch-games tr.clickable")`)
	b.WaitFor(`window.colonyApp.watch.game && /^position 0 of/.test(document.getElementById("w-where").textContent)`, "the game at its opening")
	for range 3 {
		b.Press("ArrowRight")
	}
	b.WaitFor(`/^position 3 of/.test(document.getElementById("w-where").textContent)`, "position 3")
	b.Click(`document.getElementById("w-analyse")`)
	b.WaitFor(`window.colonyApp.tab === "analyse" && window.colonyApp.an.at === 3 && window.colonyApp.view.position === window.colonyApp.watch.game.positions[3] && !window.colonyApp.busy`, "the game in the analysis, at position 3")
	var same bool
	b.Eval(`window.colonyApp.an.turns.join(" ") === window.colonyApp.watch.game.turns.map(function (t) { return t.turn; }).join(" ")`, &same)
	if !same {
		t.Error("the analysis's line is not the watched game's turns")
	}
	saveShot(t, "analyse-loaded.png", b.Screenshot())
}
