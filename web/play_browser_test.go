package web

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/web/webtest"
)

// The Play view's clocks, endings and engine games, driven by real mouse events.

// captureSave makes the page's Save game keep the file it offers (the blob of its
// download link) in window.savedBlob.
func captureSave(b *webtest.Browser) {
	b.Eval(`(function () { var orig = URL.createObjectURL; window.savedBlob = null;
		URL.createObjectURL = function (blob) { window.savedBlob = blob; return orig.call(URL, blob); }; })()`, nil)
}

// savedGame clicks Save game and returns the games file the page offers, read.
func savedGame(t *testing.T, b *webtest.Browser) (*record.GamesFile, string) {
	t.Helper()
	b.Eval(`window.savedBlob = null`, nil)
	b.Click(`document.getElementById("save")`)
	b.WaitFor(`window.savedBlob && document.getElementById("message").textContent.indexOf("Saved as game.jsonl") === 0`, "the game saved")
	var text string
	b.Eval(`window.savedBlob.text()`, &text)
	gf, err := record.ParseGamesFile([]byte(text))
	if err != nil {
		t.Fatalf("the saved file: %v\n%s", err, text)
	}
	if len(gf.Games) != 1 {
		t.Fatalf("the saved file holds %d games, want 1", len(gf.Games))
	}
	return gf, text
}

// setValue sets a form control's value as typing or choosing would, with its
// input and change events.
func setValue(b *webtest.Browser, id, value string) {
	b.Eval(fmt.Sprintf(`(function () { var e = document.getElementById(%q); e.value = %q;
		e.dispatchEvent(new Event("input")); e.dispatchEvent(new Event("change")); })()`, id, value), nil)
}

// TestPlayResignAbortDraw resigns a game of Kalah after a turn and saves it (lost by
// resignation), offers a draw the engine declines, then accepts (a random engine's
// score is 0), and aborts a game, which is then not saved.
func TestPlayResignAbortDraw(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	captureSave(b)
	// The draw declined before the engine searched; resigning ends the game.
	b.Click(`document.getElementById("offer-draw")`)
	b.WaitFor(`document.getElementById("message").textContent.indexOf("The engine declines: it has not searched") === 0`, "the draw declined")
	b.Click(`document.getElementById("pit-south-c")`)
	waitSettled(t, b)
	b.Click(`document.getElementById("resign")`)
	b.WaitFor(`window.colonyApp.play.over && document.getElementById("message").textContent.indexOf("Game over: south (you) resigned: north wins") === 0`, "the game resigned")
	var st appState
	b.Eval(readState, &st)
	if st.Interactive || st.Busy {
		t.Errorf("the board takes clicks after the resignation: %s", st)
	}
	gf, _ := savedGame(t, b)
	if r := gf.Games[0]; r.Result != "0-1" || r.Reason != "resigned" || r.Winner != 1 || len(r.Moves) < 1 {
		t.Errorf("the resigned game saved as %s %q winner %d, %d turns", r.Result, r.Reason, r.Winner, len(r.Moves))
	}
	// A random engine's scores are 0: it accepts a draw.
	setValue(b, "play-player", "random")
	b.Click(`document.getElementById("new-game")`)
	waitSettled(t, b)
	b.Click(`document.getElementById("pit-south-a")`)
	waitSettled(t, b)
	b.Click(`document.getElementById("offer-draw")`)
	b.WaitFor(`document.getElementById("message").textContent.indexOf("Game over: draw agreed") === 0`, "the draw agreed")
	gf, _ = savedGame(t, b)
	if r := gf.Games[0]; r.Result != "1/2-1/2" || r.Reason != "draw agreed" || r.Winner != -1 {
		t.Errorf("the drawn game saved as %s %q winner %d", r.Result, r.Reason, r.Winner)
	}
	saveShot(t, "play-draw.png", b.Screenshot())
	// Abort: no result, not saved.
	b.Click(`document.getElementById("new-game")`)
	waitSettled(t, b)
	b.Click(`document.getElementById("abort")`)
	b.WaitFor(`window.colonyApp.play.aborted && document.getElementById("message").textContent.indexOf("Game aborted") === 0`, "the game aborted")
	b.Eval(`window.savedBlob = null`, nil)
	b.Click(`document.getElementById("save")`)
	b.WaitFor(`document.getElementById("message").textContent.indexOf("An aborted game is not saved") === 0`, "the aborted game refused")
	var saved bool
	b.Eval(`!!window.savedBlob`, &saved)
	if saved {
		t.Errorf("an aborted game was saved")
	}
}

// TestPlayClock plays on a clock of 3 s for the game: the engine's turn comes within
// its share of its clock (a thirtieth of it, the runner's share), its clock runs
// down by what it took, and then the person's clock runs out without a turn: the
// game is lost on time and saved so.
func TestPlayClock(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	captureSave(b)
	setValue(b, "play-player", "ab") // no limit of its own: the clock's share limits it
	setValue(b, "play-clock", "game")
	setValue(b, "play-time", "3")
	setValue(b, "play-inc", "0")
	b.Click(`document.getElementById("new-game")`)
	b.WaitFor(`window.colonyApp.play.clock && window.colonyApp.play.clock.running === 0 && !document.getElementById("clocks").hidden`, "the person's clock running")
	b.Click(`document.getElementById("pit-south-a")`)
	b.WaitFor(`window.colonyApp.play.turns.some(function (t) { return t.mover === 1; }) || window.colonyApp.play.over`, "the engine's turn")
	var c struct {
		Left   [2]float64
		Millis int64
		Spec   string
	}
	b.Eval(`(function () { var p = window.colonyApp.play; var e = p.turns.filter(function (t) { return t.mover === 1; })[0];
		return {left: p.clock.left, millis: e && e.info ? Math.round(e.info.micros / 1000) : -1}; })()`, &c)
	share := 3000.0 / 30
	// The engine's search stops at its share (the server's grace on top); its clock
	// ran from the question to the answer.
	if c.Millis < 0 || float64(c.Millis) > share+float64(clockGrace/time.Millisecond)+200 {
		t.Errorf("the engine searched %d ms on a share of %.0f ms", c.Millis, share)
	}
	if used := 3000 - c.Left[1]; used <= 0 || used > share+float64(clockGrace/time.Millisecond)+1500 {
		t.Errorf("the engine's clock ran down by %.0f ms for a share of %.0f ms", used, share)
	}
	saveShot(t, "play-clock.png", b.Screenshot())
	// The person does not move: the flag falls.
	b.WaitFor(`window.colonyApp.play.over && window.colonyApp.play.clock.flag === 0`, "the person's flag")
	msg := b.Text("message")
	if !strings.HasPrefix(msg, "Game over: south's flag fell: north wins on time") {
		t.Errorf("the message on the flag: %q", msg)
	}
	if clock := b.Text("clock-0"); !strings.Contains(clock, "0:00.0") {
		t.Errorf("the fallen clock shows %q", clock)
	}
	saveShot(t, "play-flag.png", b.Screenshot())
	gf, _ := savedGame(t, b)
	if r := gf.Games[0]; r.Result != "0-1" || r.Reason != record.ReasonTime || !r.Forfeit() {
		t.Errorf("the game lost on time saved as %s %q", r.Result, r.Reason)
	}
	// A time per move: the engine searches for the move's time, and each side's
	// clock starts again at it.
	setValue(b, "play-clock", "move")
	setValue(b, "play-time", "0.5")
	b.Click(`document.getElementById("new-game")`)
	b.WaitFor(`window.colonyApp.play.clock && window.colonyApp.play.clock.mode === "move" && window.colonyApp.play.clock.running === 0`, "the person's clock running")
	b.Click(`document.getElementById("pit-south-a")`)
	b.WaitFor(`window.colonyApp.play.turns.some(function (t) { return t.mover === 1; }) || window.colonyApp.play.over`, "the engine's turn")
	b.Eval(`(function () { var p = window.colonyApp.play; var e = p.turns.filter(function (t) { return t.mover === 1; })[0];
		return {left: p.clock.left, millis: e && e.info ? Math.round(e.info.micros / 1000) : -1}; })()`, &c)
	if c.Millis < 0 || c.Millis > 500+int64(clockGrace/time.Millisecond)+200 {
		t.Errorf("the engine searched %d ms for a move time of 500 ms", c.Millis)
	}
	b.WaitFor(`window.colonyApp.play.over && window.colonyApp.play.clock.flag === 0`, "the person's flag after half a second")
}

// TestEngineDuel plays ab:depth=2 against greedy in the page at a fast pace to the
// end, saves it and reads the file back with colony replay; a second game is
// stopped midway.
func TestEngineDuel(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	captureSave(b)
	b.Click(`document.querySelector("#duel-box summary")`)
	setValue(b, "duel-first", "ab:depth=2")
	setValue(b, "duel-second", "greedy")
	setValue(b, "duel-pace", "20")
	b.Click(`document.getElementById("duel-start")`)
	b.WaitFor(`window.colonyApp.play.duel && window.colonyApp.play.turns.length >= 3`, "the engines' first turns")
	saveShot(t, "duel.png", b.Screenshot())
	b.WaitFor(`window.colonyApp.play.over && window.colonyApp.view.outcome`, "the engine game's end")
	gf, text := savedGame(t, b)
	r := gf.Games[0]
	if !strings.HasPrefix(r.Specs[0], "ab:depth=2") || !strings.HasPrefix(r.Specs[1], "greedy") || r.Reason == "unfinished" || len(r.Moves) < 10 {
		t.Errorf("the engine game saved as %q, %s %q, %d turns", r.Specs, r.Result, r.Reason, len(r.Moves))
	}
	var played int
	b.Eval(`window.colonyApp.play.turns.length`, &played)
	if played != len(r.Moves) {
		t.Errorf("the page played %d turns, the file holds %d", played, len(r.Moves))
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "duel.jsonl")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "colony")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/colony").CombinedOutput(); err != nil {
		t.Fatalf("building colony: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "replay", name)
	cmd.Stdin = strings.NewReader("l\nq\n") // the last position, with the result
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), r.Reason) || !strings.Contains(string(out), fmt.Sprintf("%d turns", len(r.Moves))) {
		t.Errorf("colony replay of the engine game: %v\n%s", err, out)
	}
	// Stopped midway: the game stays, unfinished.
	setValue(b, "duel-pace", "300")
	b.Click(`document.getElementById("duel-start")`)
	b.WaitFor(`window.colonyApp.play.turns.length >= 1`, "a turn of the second game")
	b.Click(`document.getElementById("duel-stop")`)
	b.WaitFor(`window.colonyApp.play.stopped && document.getElementById("message").textContent.indexOf("Stopped after") === 0`, "the engine game stopped")
	var n1, n2 int
	b.Eval(`window.colonyApp.play.turns.length`, &n1)
	time.Sleep(700 * time.Millisecond)
	b.Eval(`window.colonyApp.play.turns.length`, &n2)
	if n1 != n2 {
		t.Errorf("the engines played on after Stop: %d turns, then %d", n1, n2)
	}
	gf, _ = savedGame(t, b)
	if r := gf.Games[0]; r.Reason != "unfinished" || len(r.Moves) != n2 {
		t.Errorf("the stopped game saved as %q with %d turns; the page played %d", r.Reason, len(r.Moves), n2)
	}
}

// TestColonyUndoDecision chooses The Colony's B5 and an ant to move, takes back the
// ant's choice alone ("Undo decision": the sowing stays chosen and shown), and then
// plays the turn with the ant moved.
func TestColonyUndoDecision(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	var st appState
	b.Eval(readState, &st)
	var turn TurnView
	for _, tv := range st.Turns {
		if len(tv.Clicks) == 3 && tv.Clicks[0].Place == "log-B5" && tv.Clicks[1].Place != "" && tv.Clicks[2].Place != "" {
			turn = tv
			break
		}
	}
	if turn.Turn == "" {
		t.Fatal("no turn of B5 with an ant move at the start")
	}
	b.Click(`document.getElementById("log-B5")`)
	b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 1`, "the question after B5")
	b.Click(fmt.Sprintf(`document.getElementById(%q)`, turn.Clicks[1].Place))
	b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 2`, "the ant chosen")
	undo := `Array.from(document.querySelectorAll("#choices button")).find(function (x) { return x.textContent === "Undo decision"; })`
	b.Click(undo)
	b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 1 && window.colonyApp.clicks[0].place === "log-B5"`, "the ant's choice taken back, B5 kept")
	if !antShownOn(b, "log-A3") {
		t.Error("after Undo decision the board no longer shows B5's sowing (the ant placed on A3)")
	}
	var played int
	b.Eval(`window.colonyApp.play.turns.length`, &played)
	if played != 0 {
		t.Fatalf("Undo decision played a turn")
	}
	b.Click(fmt.Sprintf(`document.getElementById(%q)`, turn.Clicks[1].Place))
	b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 2`, "the ant chosen again")
	b.Click(fmt.Sprintf(`document.getElementById(%q)`, turn.Clicks[2].Place))
	b.WaitFor(`window.colonyApp.play.turns.length >= 1`, "the turn played")
	var first string
	b.Eval(`window.colonyApp.play.turns[0].turn`, &first)
	if first != turn.Turn {
		t.Errorf("played %q, want %q", first, turn.Turn)
	}
}
