package web

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/web/webtest"
)

// TestBoardEditorInBrowser sets up positions of The Colony with the board editor,
// typed in as a person does: an ant of red put on B4 with red's six ants still in
// hand is refused, the reader's message shown beside the editor and the board
// unchanged; with five in hand the position is accepted, becomes the analysis
// board's (a new tree from it), and is analysed.
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
}
