package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/web/webtest"
)

// TestBoardEditorInBrowser sets up positions of The Colony with the board editor,
// typed in as a person does: an ant of red put on B4 with red's six ants still in
// hand is refused, the reader's message shown beside the editor and the board
// unchanged; with five in hand the position is accepted, becomes the analysis
// board's (a new tree from it), and is analysed. In Oware, the reader's count of
// the seeds refuses a position of 49; the places emptied, the stores and a pit
// typed in and north to move, the position is set.
func TestBoardEditorInBrowser(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "the analysis board")
	var start string
	b.Eval(`window.colonyApp.view.position`, &start)
	b.Click(`document.querySelector("#an-edit-box summary")`)
	b.WaitFor(`document.getElementById("an-edit-red") && document.querySelectorAll("#an-edit .edit-row").length === 3`, "the editor's fields")
	var cells int
	b.Eval(`document.querySelectorAll("#an-edit [data-kind=counts] input").length`, &cells)
	if cells != 19 {
		t.Errorf("the editor shows %d places' counts, want The Colony's 19 logs", cells)
	}
	// Refused: an ant on the board and six in hand.
	typeInto(b, "an-edit-red", "B4")
	const refusal = "red has 1 ants on the board and 6 in hand; want 6 in all"
	b.WaitFor(`document.getElementById("an-edit-status").textContent.indexOf(`+jsString(refusal)+`) >= 0`, "the reader's refusal")
	var st struct {
		Error    bool
		Position string
	}
	b.Eval(`({error: document.getElementById("an-edit-status").classList.contains("error"), position: window.colonyApp.view.position})`, &st)
	if !st.Error || st.Position != start {
		t.Errorf("after the refusal: shown as an error %v, the board's position %q (want the start's, unchanged)", st.Error, st.Position)
	}
	saveShot(t, "editor-refused.png", b.Screenshot())
	// Accepted: five in hand; a middle log emptied and another given more.
	typeInto(b, "an-edit-eggs-1-3", "0")
	typeInto(b, "an-edit-eggs-0-0", "6")
	typeInto(b, "an-edit-hand-0", "5")
	const want = "eggs=6.3.3.3.3.3/3.3.3.0.3.3.3/3.3.3.3.3.3 red=B4 black=- hand=5,6 store=0,0 move=red ants=optional turn=1"
	b.WaitFor(`window.colonyApp.view.position === `+jsString(want)+` && window.colonyApp.an.root.pos === `+jsString(want)+` && window.colonyApp.interactive`, "the edited position on the board")
	if s := b.Text("an-edit-status"); !strings.HasPrefix(s, "set: ") {
		t.Errorf("the editor's status %q, want set: ...", s)
	}
	b.Eval(`document.getElementById("an-player").value = "ab:depth=4"`, nil)
	b.Click(`document.getElementById("an-go")`)
	b.WaitFor(`document.getElementById("an-status").textContent.indexOf("done") === 0 && document.querySelectorAll("#an-pvs tbody tr").length === 1`, "the edited position analysed")
	saveShot(t, "editor-accepted.png", b.Screenshot())

	// A classic game: Oware's reader counts the seeds.
	_, url2 := startServer(t, Config{Game: "oware"})
	b2 := webtest.Start(t, url2+"/#analyse", 1280, 900)
	b2.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "Oware's analysis board")
	b2.Click(`document.querySelector("#an-edit-box summary")`)
	b2.WaitFor(`document.getElementById("an-edit-pits-0-0") && document.getElementById("an-edit-stores-1") && document.getElementById("an-edit-move")`, "Oware's fields")
	typeInto(b2, "an-edit-pits-0-0", "5")
	b2.WaitFor(`document.getElementById("an-edit-status").textContent.indexOf("pits and stores hold 49 seeds; want 48") >= 0`, "Oware's reader's refusal")
	// Each Enter asks the reader: 20 and 40 seeds are refused, 48 accepted.
	b2.Click(`document.getElementById("an-edit-empty")`)
	b2.Eval(`document.getElementById("an-edit-move").value = "north"`, nil)
	typeInto(b2, "an-edit-stores-0", "20")
	typeInto(b2, "an-edit-stores-1", "20")
	typeInto(b2, "an-edit-pits-1-2", "8")
	b2.WaitFor(`/^pits=0.0.0.0.0.0\/0.0.8.0.0.0 stores=20,20 move=north/.test(window.colonyApp.view.position) && window.colonyApp.an.root.pos === window.colonyApp.view.position`, "the edited Oware position on the board")
}

// TestReviewInBrowser loads a prepared game of Kalah (eight seeds a pit, 67
// turns) with a known blunder into the analysis, analyses the whole game at depth
// 4 by the controls (the limit typed), and checks what the page shows: the
// progress, a row a turn, the blunder marked in the table and in the move tree
// (??), each side's accuracy, the graph of the scores; a click on the blunder's
// row goes to the position after it, and the game saved from the review holds the
// engine's scores.
func TestReviewInBrowser(t *testing.T) {
	_, turns, blunder := blunderGame(t)
	_, url := startServer(t, Config{Game: reviewedGame})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "the analysis board")
	setSpeed(b, 0)
	b.Click(`document.querySelector("#an-load-box summary")`)
	typeInto(b, "an-record", strings.Join(turns, " "))
	b.Click(`document.getElementById("an-load")`)
	b.WaitFor(`window.colonyApp.an.turns.length === `+fmt.Sprint(len(turns))+` && !window.colonyApp.busy`, "the game loaded")
	b.Click(`document.querySelector("#an-load-box summary")`) // closed again
	b.Click(`document.querySelector("#an-review-box summary")`)
	b.WaitFor(`document.getElementById("an-review-box").open`, "the review's controls")
	typeInto(b, "an-review-limit", "4")
	b.Click(`document.getElementById("an-review-go")`)
	b.WaitFor(`/^(turn \d+ of \d+ analysed|done)/.test(document.getElementById("an-review-status").textContent)`, "the review's progress")
	b.WaitFor(`document.getElementById("an-review-status").textContent.indexOf("done: ") === 0`, "the review done")
	var rows struct {
		N      int
		Marks  []string
		Tree   string
		Sides  []string
		Dots   int
		Status string
	}
	b.Eval(fmt.Sprintf(`(function () { var rows = Array.from(document.querySelectorAll("#an-review-turns tbody tr"));
		var blunder = document.querySelectorAll("#an-history span.move")[%d];
		return {n: rows.length, marks: rows.map(function (r) { return r.cells[5].textContent; }),
			tree: blunder.className + " " + getComputedStyle(blunder, "::after").content,
			sides: Array.from(document.querySelectorAll("#an-review-summary .review-side")).map(function (d) { return d.textContent; }),
			dots: document.querySelectorAll("#an-review-graph circle[data-k]").length,
			status: document.getElementById("an-review-status").textContent}; })()`, blunder), &rows)
	if rows.N != len(turns) || rows.Dots != len(turns) {
		t.Errorf("%d rows and %d dots on the graph for %d turns", rows.N, rows.Dots, len(turns))
	}
	if rows.N > blunder && rows.Marks[blunder] != "blunder" {
		t.Errorf("turn %d %s marked %q, want blunder (the marks: %q)", blunder+1, turns[blunder], rows.Marks[blunder], rows.Marks)
	}
	if !strings.Contains(rows.Tree, "mark-blunder") || !strings.Contains(rows.Tree, "??") {
		t.Errorf("the move tree's turn %d: %q, want it marked ??", blunder+1, rows.Tree)
	}
	if len(rows.Sides) != 2 || !strings.Contains(rows.Sides[0], "accuracy ") || !strings.Contains(rows.Sides[1], "accuracy ") {
		t.Errorf("the sides' accuracy: %q", rows.Sides)
	}
	t.Logf("%s; %q", rows.Status, rows.Sides)
	b.Click(fmt.Sprintf(`document.querySelectorAll("#an-review-turns tbody tr")[%d]`, blunder))
	b.WaitFor(fmt.Sprintf(`window.colonyApp.an.at === %d && window.colonyApp.view.position === window.colonyApp.an.cur.pos && !window.colonyApp.busy`, blunder+1), "the position after the blunder")
	b.WaitFor(fmt.Sprintf(`document.querySelectorAll("#an-review-turns tbody tr")[%d].classList.contains("current")`, blunder), "the blunder's row current")
	saveShot(t, "review.png", b.Screenshot())
	b.Eval(`(function () { var orig = URL.createObjectURL; window.savedBlob = null;
		URL.createObjectURL = function (blob) { window.savedBlob = blob; return orig.call(URL, blob); }; })()`, nil)
	b.Click(`document.getElementById("an-review-save")`)
	b.WaitFor(`window.savedBlob && document.getElementById("an-review-status").textContent.indexOf("saved as review.jsonl") === 0`, "the review saved")
	var text string
	b.Eval(`window.savedBlob.text()`, &text)
	gf, err := record.ParseGamesFile([]byte(text))
	if err != nil || len(gf.Games) != 1 || len(gf.Games[0].Info) != len(turns) || gf.Games[0].Info[blunder].Depth != 4 {
		t.Fatalf("the saved review: %v\n%s", err, text)
	}
}

// TestExactValueInBrowser sets a Kalah endgame (11 seeds in play) on the analysis
// board and analyses it: the exact value (north wins by 12, found by the solver
// over the endgame database) is shown above the lines marked exact, the evaluation
// bar shows it from south's view, all to north, marked exact, and a line of the
// exact best turn shows the exact value in place of the engine's score.
func TestExactValueInBrowser(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.an.root && window.colonyApp.interactive`, "the analysis board")
	const endgame = "pits=1.2.0.0.3.1/0.1.2.0.0.4 stores=14,20 move=north"
	b.Eval(`document.getElementById("an-position").value = `+jsString(endgame), nil)
	b.Click(`document.getElementById("an-set")`)
	b.WaitFor(`window.colonyApp.view.position === `+jsString(endgame)+` && window.colonyApp.interactive`, "the endgame on the board")
	typeInto(b, "an-multipv", "3")
	b.Click(`document.getElementById("an-go")`)
	b.WaitFor(`document.querySelector("#an-exact .exact-mark") && document.querySelectorAll("#an-pvs tbody tr").length >= 1`, "the exact value")
	var got struct {
		Exact, Bar, Share string
		Marked            bool
		Rows              []string
		Best              string
	}
	b.Eval(`(function () { var e = window.colonyApp.an.exact[window.colonyApp.view.position];
		return {exact: document.getElementById("an-exact").textContent, bar: document.getElementById("evalbar-text").textContent,
			share: document.getElementById("evalbar").getAttribute("data-share"), marked: document.getElementById("evalbar").classList.contains("exact"),
			best: e.best,
			rows: Array.from(document.querySelectorAll("#an-pvs tbody tr")).map(function (r) { return r.cells[3].querySelector("span").textContent + " " + r.cells[1].textContent + (r.cells[1].classList.contains("exact") ? " exact" : ""); })}; })()`, &got)
	if !strings.HasPrefix(got.Exact, "win+12exact north wins by 12 with best play") || !strings.Contains(got.Exact, "endgame database of 10 seeds") {
		t.Errorf("the exact value shown: %q", got.Exact)
	}
	if got.Bar != "= loss-12" || got.Share != "0.000" || !got.Marked {
		t.Errorf("the evaluation bar: %q, share %s, marked exact %v; want = loss-12 (south's view), 0, exact", got.Bar, got.Share, got.Marked)
	}
	for _, r := range got.Rows {
		if strings.HasPrefix(r, got.Best+" ") && r != got.Best+" win+12 exact" {
			t.Errorf("the line of the exact best turn %s: %q, want the exact value", got.Best, r)
		}
	}
	t.Logf("exact: %q; lines %q", got.Exact, got.Rows)
	saveShot(t, "exact.png", b.Screenshot())
	b.Click(`document.getElementById("an-stop")`)
}
