package web

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
	"github.com/colony-ai/colony/web/webtest"
)

// The browser tests: headless Chromium driven by real mouse and key events over the
// DevTools pipe (package webtest), against a server on a loopback port.

// appState reads the application's state the tests need.
type appState struct {
	Busy        bool
	Interactive bool
	Over        bool
	ToMove      int
	Turns       []TurnView
	Clicks      int
	Message     string
	Played      int
}

const readState = `(function () { var S = window.colonyApp; var v = S.view || {turns: []};
	return {busy: S.busy, interactive: S.interactive, over: !!v.outcome, toMove: v.toMove, turns: v.turns,
		clicks: S.clicks.length, message: document.getElementById("message").textContent,
		played: S.play ? S.play.turns.length : 0}; })()`

func (st appState) String() string {
	return fmt.Sprintf("busy=%v interactive=%v over=%v clicks=%d played=%d message=%q", st.Busy, st.Interactive, st.Over, st.Clicks, st.Played, st.Message)
}

// clickTurn plays the turn by clicking: each place on the board, each choice's
// button, and "End the turn" when the turn is a prefix of longer ones. After a click
// that leaves the turn open, the page shows the turn as far as it goes before it asks
// for the next: clickTurn waits for the question.
func clickTurn(t *testing.T, b *webtest.Browser, turn TurnView, all []TurnView) {
	t.Helper()
	for i, c := range turn.Clicks {
		if i > 0 {
			b.WaitFor(`window.colonyApp.interactive`, "the next decision of "+turn.Turn)
		}
		if c.Place != "" {
			b.Click(fmt.Sprintf(`document.getElementById(%q)`, c.Place))
		} else {
			b.Click(fmt.Sprintf(`Array.from(document.querySelectorAll("#choices button")).find(function (x) { return x.textContent.indexOf(%q) >= 0; })`, c.Text))
		}
		if i < len(turn.Clicks)-1 {
			var n int
			b.Eval(`window.colonyApp.clicks.length`, &n)
			if n != i+1 {
				var msg string
				b.Eval(`document.getElementById("message").textContent`, &msg)
				t.Fatalf("turn %s: after click %d (%s) the page holds %d clicks: %s", turn.Turn, i+1, c.Text, n, msg)
			}
		}
	}
	if longer(turn, all) {
		const end = `Array.from(document.querySelectorAll("#choices button")).find(function (x) { return x.textContent.indexOf("End the turn") === 0; })`
		b.WaitFor(`window.colonyApp.interactive`, "the end of "+turn.Turn)
		var found bool
		b.Eval("!!"+end, &found)
		if !found {
			var dump string
			b.Eval(`JSON.stringify({busy: window.colonyApp.busy, interactive: window.colonyApp.interactive, clicks: window.colonyApp.clicks,
				played: window.colonyApp.play.turns, message: document.getElementById("message").textContent, choices: document.getElementById("choices").textContent})`, &dump)
			t.Fatalf("turn %s (clicks %+v): no End the turn button: %s", turn.Turn, turn.Clicks, dump)
		}
		b.Click(end)
	}
}

// longer reports whether another turn starts with all of turn's clicks.
func longer(turn TurnView, all []TurnView) bool {
	for _, o := range all {
		if len(o.Clicks) > len(turn.Clicks) && strings.HasPrefix(o.Turn, turn.Turn) {
			return true
		}
	}
	return false
}

// waitSettled waits until the page is neither animating nor waiting for the engine.
func waitSettled(t *testing.T, b *webtest.Browser) appState {
	t.Helper()
	b.WaitFor(`(function () { var S = window.colonyApp; return S.view && !S.busy && (S.interactive || (S.view.outcome && S.play && S.play.over)); })()`, "the person's turn or the end of the game")
	var st appState
	b.Eval(readState, &st)
	return st
}

// pick chooses the turn to click: the one with the most clicks, every few turns the
// first (so that games see directions, ant moves and plain turns).
func pick(turns []TurnView, k int) TurnView {
	best := turns[0]
	if k%3 == 0 {
		return best
	}
	for _, tv := range turns {
		if len(tv.Clicks) > len(best.Clicks) {
			best = tv
		}
	}
	return best
}

// TestPlayWholeGames plays a whole game of Kalah and of The Colony against an engine
// by clicking the board, the first turns animated, and checks what the page shows.
func TestPlayWholeGames(t *testing.T) {
	for _, game := range []string{"kalah", "colony"} {
		t.Run(game, func(t *testing.T) {
			_, url := startServer(t, Config{Game: game})
			b := webtest.Start(t, url+"/", 1280, 900)
			b.WaitFor(`window.colonyApp && window.colonyApp.view`, "the board")
			// The engine: quick, and the person plays first.
			b.Eval(`document.getElementById("play-player").value = "ab:depth=1"`, nil)
			setSpeed(b, 200)
			b.Click(`document.getElementById("new-game")`)
			b.WaitFor(`window.colonyApp.play.player === "ab:depth=1" && window.colonyApp.play.pos`, "the new game")
			st := waitSettled(t, b)
			kinds := map[string]int{}
			sawAnimation := false
			for k := 0; !st.Over; k++ {
				if k > 400 {
					t.Fatalf("no end after %d turns: %s", k, st)
				}
				if !st.Interactive || len(st.Turns) == 0 {
					t.Fatalf("not the person's turn: %s", st)
				}
				if k == 3 {
					setSpeed(b, 0)
				}
				turn := pick(st.Turns, k)
				for _, c := range turn.Clicks {
					kinds[c.Kind]++
				}
				clickTurn(t, b, turn, st.Turns)
				if k == 0 {
					// The sowing is animated: the first steps mark places as the eggs go.
					for tries := 0; ; tries++ {
						var n int
						b.Eval(`window.colonyApp.animated`, &n)
						if n >= 2 {
							break
						}
						if tries > 600 {
							var dump string
							b.Eval(`JSON.stringify({busy: window.colonyApp.busy, skip: window.colonyApp.skip, speed: document.getElementById("speed").value, clicks: window.colonyApp.clicks, played: window.colonyApp.play.turns, message: document.getElementById("message").textContent, choices: document.getElementById("choices").textContent})`, &dump)
							t.Fatalf("turn %s: no animation: %s", turn.Turn, dump)
						}
						time.Sleep(20 * time.Millisecond)
					}
					sawAnimation = true
					saveShot(t, game+"-sowing.png", b.Screenshot())
				}
				before := st.Played
				st = waitSettled(t, b)
				if st.Played <= before && !st.Over {
					t.Fatalf("turn %s was not played: %s", turn.Turn, st)
				}
			}
			if !sawAnimation {
				t.Error("no animation seen")
			}
			if kinds["sow"] == 0 {
				t.Errorf("no sowing clicked: %v", kinds)
			}
			if game == "colony" && (kinds["direction"] == 0 || kinds["ant-from"] == 0 || kinds["ant-to"] == 0) {
				t.Errorf("The Colony's game clicked no direction or no ant move: %v", kinds)
			}
			msg := b.Text("message")
			if !strings.HasPrefix(msg, "Game over: ") {
				t.Errorf("the message at the end: %q", msg)
			}
			shot := b.Screenshot()
			saveShot(t, game+"-over.png", shot)
			checkBoardDrawn(t, shot)
		})
	}
}

// saveShot keeps a screenshot for a person to look at when COLONY_SHOTS names a
// directory.
func saveShot(t *testing.T, name string, data []byte) {
	if dir := os.Getenv("COLONY_SHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Log(err)
		}
	}
}

// checkBoardDrawn checks what a person sees in a screenshot of the page: the board's
// wooden logs or pits (their fill colours) cover a good part of the board's area.
func checkBoardDrawn(t *testing.T, shot []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	n := colourCount(img, image.Rect(16, 80, 776, 500), func(c color.RGBA) bool {
		return c.R > 200 && c.G > 180 && c.G < 235 && c.B > 140 && c.B < 200 // #eedcb8-like wood
	})
	if n < 10000 {
		t.Errorf("the screenshot shows %d pixels of the board's wood, want at least 10000", n)
	}
}

// colourCount counts the pixels in r whose colour passes keep.
func colourCount(img image.Image, r image.Rectangle, keep func(color.RGBA) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if keep(c) {
				n++
			}
		}
	}
	return n
}

// TestAnalyseInBrowser runs an analysis until it is stopped: its lines stream in,
// Stop ends the search on the server, a turn of its line played by a click moves
// the board on, and going back shows the first position's lines again.
func TestAnalyseInBrowser(t *testing.T) {
	s, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.view`, "the analysis board")
	start := "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south"
	var pos string
	b.Eval(`document.getElementById("an-position").value`, &pos)
	if pos != start {
		t.Fatalf("the position box holds %q, want %q", pos, start)
	}
	b.Eval(`document.getElementById("an-player").value = "ab"`, nil)
	b.Click(`document.getElementById("an-go")`)
	b.WaitFor(`document.querySelectorAll("#an-lines tbody tr").length >= 4`, "four lines of the analysis")
	if len(s.searches) != 1 {
		t.Errorf("%d searches running during the analysis, want 1", len(s.searches))
	}
	b.Click(`document.getElementById("an-stop")`)
	b.WaitFor(`document.getElementById("an-status").textContent === "stopped"`, "the analysis to stop")
	for deadline := 0; len(s.searches) != 0; deadline++ {
		if deadline > 3000 {
			t.Fatal("the search still runs 30 s after Stop")
		}
		sleepMillis(10)
	}
	var lines int
	b.Eval(`document.querySelectorAll("#an-lines tbody tr").length`, &lines)
	// A click on the first turn of the deepest line plays it.
	var first string
	b.Eval(`document.querySelector("#an-lines tbody tr td.pv span").textContent`, &first)
	b.Click(`document.querySelector("#an-lines tbody tr td.pv span")`)
	b.WaitFor(`window.colonyApp.an.at === 1 && !window.colonyApp.busy`, "the line's turn played")
	var history string
	b.Eval(`document.getElementById("an-history").textContent`, &history)
	if history != first {
		t.Errorf("history %q, want the turn clicked %q", history, first)
	}
	// Back (the left arrow key): the start position and its lines again.
	b.Press("ArrowLeft")
	b.WaitFor(`window.colonyApp.an.at === 0 && window.colonyApp.view.position === `+jsString(start), "the start position again")
	var again int
	b.Eval(`document.querySelectorAll("#an-lines tbody tr").length`, &again)
	if again != lines {
		t.Errorf("back at the start: %d lines shown, want the %d kept", again, lines)
	}
	// The legal turns are listed and play on a click.
	b.Click(`Array.from(document.querySelectorAll("#an-turns span")).find(function (x) { return x.textContent === "c"; })`)
	b.WaitFor(`window.colonyApp.an.at === 1 && window.colonyApp.view.toMove === 0 && !window.colonyApp.busy`, "c played (an extra turn: south moves again)")
	shot := b.Screenshot()
	saveShot(t, "analyse.png", shot)
	checkBoardDrawn(t, shot)
}

// jsString writes s as a JavaScript string literal.
func jsString(s string) string { return fmt.Sprintf("%q", s) }

// sleepMillis sleeps ms milliseconds.
func sleepMillis(ms int) { time.Sleep(time.Duration(ms) * time.Millisecond) }

// playTournament plays a small tournament of g into dir/games.jsonl.
func playTournament(t *testing.T, game, dir string, games int, players ...string) {
	t.Helper()
	g, err := catalog.Open(game)
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: game, Format: record.Match, Games: games, Seed: 7,
		Openings: record.Openings{RandomTurns: 2}}
	for i, p := range players {
		cfg.Players = append(cfg.Players, record.Entrant{Name: fmt.Sprintf("p%d", i+1), Spec: p})
	}
	sess := tournament.Session{Runner: &tournament.Runner{Games: g.Match(), Config: cfg, Concurrency: 1}, GamesFile: filepath.Join(dir, "games.jsonl")}
	if _, err := sess.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestWatchGamesFile browses a results directory: the games file, a game, stepping
// through it with the buttons, the keys, the move list and the graph, the URL
// following the position, and a page opened at #...&move=K showing position K.
func TestWatchGamesFile(t *testing.T) {
	dir := t.TempDir()
	playTournament(t, "colony", dir, 2, "ab:depth=1", "greedy")
	_, url := startServer(t, Config{Game: "colony", Dir: dir})
	b := webtest.Start(t, url+"/#watch", 1280, 900)
	b.WaitFor(`document.querySelectorAll("#watch-files li").length === 1`, "the games file listed")
	b.WaitFor(`!document.getElementById("live").hidden`, "the live view above the list (shown: the list moves no more)")
	b.Click(`document.querySelector("#watch-files li")`)
	b.WaitFor(`document.querySelectorAll("#watch-games tr.clickable").length === 2`, "the file's two games")
	b.Click(`document.querySelector("#watch-games tr.clickable")`)
	b.WaitFor(`window.colonyApp.watch.game && document.getElementById("w-where").textContent === "position 0 of " + (window.colonyApp.watch.game.positions.length - 1)`, "the game at its opening")
	var n int
	b.Eval(`window.colonyApp.watch.game.positions.length - 1`, &n)
	if n < 5 {
		t.Fatalf("a game of %d turns", n)
	}
	where := func(k int) {
		t.Helper()
		b.WaitFor(fmt.Sprintf(`document.getElementById("w-where").textContent === "position %d of %d" && location.hash.indexOf("move=%d") >= 0`, k, n, k), fmt.Sprintf("position %d", k))
	}
	b.Click(`document.getElementById("w-next")`)
	where(1)
	b.Press("ArrowRight")
	where(2)
	b.Press("ArrowLeft")
	where(1)
	b.Click(`document.querySelectorAll("#w-moves li")[3]`)
	where(4)
	var path string
	b.Eval(`document.getElementById("path").textContent`, &path)
	if !strings.Contains(path, ": from ") {
		t.Errorf("turn 4's path: %q", path)
	}
	b.Click(`document.querySelectorAll("#w-graph circle.first, #w-graph circle.second")[2]`)
	b.WaitFor(`/position \d+ of /.test(document.getElementById("w-where").textContent) && window.colonyApp.watch.move > 0 && window.colonyApp.watch.move !== 4`, "a position chosen on the graph")
	b.Click(`document.getElementById("w-last")`)
	where(n)
	shot := b.Screenshot()
	saveShot(t, "watch.png", shot)
	checkBoardDrawn(t, shot)
	// The URL names the position: a new page opened at it shows it.
	var hash string
	b.Eval(`location.hash.replace(/move=\d+/, "move=3")`, &hash)
	b2 := webtest.Start(t, url+"/"+hash, 1280, 900)
	b2.WaitFor(fmt.Sprintf(`document.getElementById("w-where").textContent === "position 3 of %d"`, n), "the page opened at move 3")
}

// TestPlayControls tries what a person does besides playing: a click that is no
// turn (explained in words), a hint, undo, flipping the board, the rules and saving.
func TestPlayControls(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	for _, tc := range []struct{ place, says string }{
		{"pit-north-c", "c is north's pit: south, to move, sows from its own row"},
		{"store-S", "S is a store: a turn starts by sowing from one of south's pits"},
	} {
		b.Click(fmt.Sprintf(`document.getElementById(%q)`, tc.place))
		b.WaitFor(fmt.Sprintf(`document.getElementById("message").textContent.indexOf(%q) === 0`, tc.says), "the explanation: "+tc.says)
		var isErr bool
		b.Eval(`document.getElementById("message").classList.contains("error")`, &isErr)
		if !isErr {
			t.Errorf("the explanation of %s is not shown as an error", tc.place)
		}
	}
	b.Click(`document.getElementById("hint")`)
	b.WaitFor(`document.getElementById("message").textContent.indexOf("Hint: ") === 0`, "the hint")
	// A turn, the engine's reply, then undo: the start again.
	b.Click(`document.getElementById("pit-south-a")`)
	waitSettled(t, b)
	b.Click(`document.getElementById("undo")`)
	b.WaitFor(`window.colonyApp.play.turns.length === 0 && window.colonyApp.view.position === window.colonyApp.play.start && window.colonyApp.interactive`, "the start after undo")
	// Flipped (drawn so by the server), north's pits come below south's.
	var before, after float64
	b.Eval(`document.getElementById("pit-north-a").getBoundingClientRect().top - document.getElementById("pit-south-a").getBoundingClientRect().top`, &before)
	b.Click(`document.getElementById("flip")`)
	b.WaitFor(`window.colonyApp.flipped && document.getElementById("pit-north-a").getBoundingClientRect().top > document.getElementById("pit-south-a").getBoundingClientRect().top`, "the board flipped")
	b.Eval(`document.getElementById("pit-north-a").getBoundingClientRect().top - document.getElementById("pit-south-a").getBoundingClientRect().top`, &after)
	if before >= 0 || after <= 0 {
		t.Errorf("north's pit a above south's by %.0f px before the flip and %.0f after: want above, then below", -before, -after)
	}
	saveShot(t, "kalah-flipped.png", b.Screenshot())
	// The flipped board still plays by clicking.
	b.Click(`document.getElementById("pit-south-b")`)
	st := waitSettled(t, b)
	if st.Played < 1 {
		t.Fatalf("no turn played on the flipped board: %s", st)
	}
	b.Click(`document.getElementById("rules-button")`)
	b.WaitFor(`!document.getElementById("rules").hidden && document.querySelector("#rules-text h1, #rules-text h2") && document.querySelector("#rules-svg svg")`, "the rules with the board's picture")
	var heading string
	b.Eval(`document.querySelector("#rules-text h1, #rules-text h2").textContent`, &heading)
	if !strings.Contains(strings.ToLower(heading), "kalah") {
		t.Errorf("the rules' first heading %q does not name Kalah", heading)
	}
	saveShot(t, "rules.png", b.Screenshot())
	b.Click(`document.getElementById("rules-close")`)
	b.WaitFor(`document.getElementById("rules").hidden`, "the rules closed")
	b.Click(`document.getElementById("save")`)
	b.WaitFor(`document.getElementById("message").textContent.indexOf("Saved as game.jsonl") === 0`, "the game saved")
}

// setSpeed sets the animation's speed slider to ms a step, as dragging it would.
func setSpeed(b *webtest.Browser, ms int) {
	b.Eval(fmt.Sprintf(`(function () { var e = document.getElementById("speed"); e.value = "%d"; e.dispatchEvent(new Event("input")); })()`, ms), nil)
}

// TestColonyCaptureAnimated plays C1 from The Colony's start by clicking and checks
// that the animation tells the capture of the last egg on B4 and the ant placed
// there before it asks whether an ant moves, the ant drawn on B4, and that the board
// then draws the ant on B4.
func TestColonyCaptureAnimated(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	b := webtest.Start(t, url+"/#analyse", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.an && window.colonyApp.interactive`, "the analysis board")
	setSpeed(b, 150)
	b.Click(`document.getElementById("log-C1")`)
	for _, says := range []string{"the last egg, landing on B4, is captured", "an ant of red is placed on B4"} {
		b.WaitFor(fmt.Sprintf(`document.getElementById("message").textContent.indexOf(%q) >= 0`, says), says)
	}
	b.WaitFor(`window.colonyApp.interactive`, "the question after C1")
	if !antShownOn(b, "log-B4") {
		t.Error("no ant drawn on B4 before the question")
	}
	b.Click(`Array.from(document.querySelectorAll("#choices button")).find(function (x) { return x.textContent.indexOf("End the turn") === 0; })`)
	b.WaitFor(`window.colonyApp.an.at === 1 && !window.colonyApp.busy`, "the turn played")
	var pos string
	b.Eval(`window.colonyApp.view.position`, &pos)
	if !strings.Contains(pos, "red=B4 ") {
		t.Errorf("after C1: %s, want red's ant on B4", pos)
	}
}

// antShownOn reports whether the board shows an ant placed by the turn being chosen
// on the place: drawn within the place's shape.
func antShownOn(b *webtest.Browser, place string) bool {
	var ok bool
	b.Eval(fmt.Sprintf(`(function () { var a = document.querySelector('#board .path-ant'), p = document.getElementById(%q);
		if (!a || !p) { return false; }
		var ra = a.getBoundingClientRect(), rp = p.getBoundingClientRect(), x = ra.left + ra.width / 2, y = ra.top + ra.height / 2;
		return x >= rp.left && x <= rp.right && y >= rp.top && y <= rp.bottom; })()`, place), &ok)
	return ok
}

// TestColonyShowsTurnBeforeAsking clicks the first log of turns of The Colony whose
// next decision comes after a sowing, and checks that the board shows the sowing as
// far as that decision before the page asks it: B5 from the start captures its last
// egg on A3 and places an ant there, then asks whether an ant moves (the ant is on
// A3 when it asks); C4 in a position where its eggs relay at the fork A2 asks which
// way that lap goes once A2's eggs are in hand (A2 shows 0).
func TestColonyShowsTurnBeforeAsking(t *testing.T) {
	for _, speed := range []int{120, 0} {
		t.Run(fmt.Sprintf("speed %d", speed), func(t *testing.T) {
			_, url := startServer(t, Config{Game: "colony"})
			b := webtest.Start(t, url+"/", 1280, 900)
			b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
			setSpeed(b, speed)
			b.Click(`document.getElementById("log-B5")`)
			b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 1`, "the question after B5")
			if msg := b.Text("message"); !strings.Contains(msg, "move an ant") {
				t.Errorf("after B5 the page says %q, want the question of an ant move", msg)
			}
			if !antShownOn(b, "log-A3") {
				t.Error("the page asks about an ant move with no ant drawn on A3")
			}
			var inHand string
			b.Eval(`(function () { var svg = document.querySelector("#board svg"), all = function (s) { return Array.prototype.slice.call(svg.querySelectorAll(s)); };
				var head = all("text.table-head").filter(function (t) { return t.textContent === "ants in hand"; })[0];
				var row = all("text.player").filter(function (t) { return t.textContent.indexOf("red") === 0; })[0];
				var cell = all("text.table").filter(function (t) { return t.getAttribute("x") === head.getAttribute("x") && t.getAttribute("y") === row.getAttribute("y"); })[0];
				return cell ? cell.textContent : ""; })()`, &inHand)
			if inHand != "5" {
				t.Errorf("red's ants in hand show %q when the page asks about an ant move, want 5", inHand)
			}
			saveShot(t, fmt.Sprintf("colony-B5-asks-%d.png", speed), b.Screenshot())
			// Cancel: the board as it was, the turn not played.
			b.Click(`Array.from(document.querySelectorAll("#choices button")).find(function (x) { return x.textContent === "Cancel"; })`)
			b.WaitFor(`window.colonyApp.clicks.length === 0 && !document.querySelector("#board .path-ant") && window.colonyApp.interactive`, "the board back after Cancel")

			const relay = "eggs=3.4.4.3.3.3/3.3.3.0.3.3.3/3.3.3.3.3.3 red=B2 black=- hand=5,6 store=1,0 move=black ants=mandatory turn=2"
			b.Click(`document.querySelector('nav .tab[data-tab="analyse"]')`)
			b.WaitFor(`window.colonyApp.tab === "analyse" && window.colonyApp.an && window.colonyApp.an.history.length === 1 && window.colonyApp.interactive`, "the analysis board")
			b.Eval(`document.getElementById("an-position").value = `+jsString(relay), nil)
			b.Click(`document.getElementById("an-set")`)
			b.WaitFor(`window.colonyApp.view.position === `+jsString(relay)+` && window.colonyApp.interactive`, "the relay position")
			b.Click(`document.getElementById("log-C4")`)
			b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 1`, "the question after C4")
			if msg := b.Text("message"); !strings.Contains(msg, "fork") {
				t.Errorf("after C4 the page says %q, want the question of the lap's direction", msg)
			}
			var a2 string
			b.Eval(`(function () { var svg = document.querySelector("#board svg"), p = document.getElementById("log-A2").getBBox(), best = "", size = 0;
				svg.querySelectorAll("text").forEach(function (t) { var x = +t.getAttribute("x"), y = +t.getAttribute("y"), fs = +(t.getAttribute("font-size") || 10);
					if (/^\s*\d+\s*$/.test(t.textContent) && x >= p.x && x <= p.x + p.width && y >= p.y && y <= p.y + p.height + 2 && fs > size) { best = t.textContent; size = fs; } });
				return best; })()`, &a2)
			if a2 != "0" {
				t.Errorf("A2 shows %q eggs when the page asks where its lap goes, want 0 (taken up)", a2)
			}
			saveShot(t, fmt.Sprintf("colony-C4-relay-asks-%d.png", speed), b.Screenshot())
			// The turn played on to its end: the position the rules give.
			b.Click(`document.getElementById("log-A1")`)
			b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 2`, "the ant move's question")
			b.Click(`document.getElementById("log-C3")`)
			b.WaitFor(`window.colonyApp.interactive && window.colonyApp.clicks.length === 3`, "the ant's way")
			b.Click(`document.getElementById("log-B3")`)
			b.WaitFor(`window.colonyApp.an.at === 1 && !window.colonyApp.busy`, "the turn played")
			var turns []string
			b.Eval(`window.colonyApp.an.turns`, &turns)
			if fmt.Sprint(turns) != "[C4>A1/C3-B3]" {
				t.Errorf("played %v, want [C4>A1/C3-B3]", turns)
			}
		})
	}
}

// waitWithin waits until the JavaScript expression is true in the page, at most d,
// and returns how long it took; past d the test fails, naming what it waited for.
func waitWithin(t *testing.T, b *webtest.Browser, d time.Duration, expr, what string) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		var ok bool
		b.Eval("!!("+expr+")", &ok)
		if ok {
			return time.Since(start)
		}
		if time.Since(start) > d {
			var dump string
			b.Eval(`JSON.stringify({busy: window.colonyApp.busy, interactive: window.colonyApp.interactive, player: window.colonyApp.play && window.colonyApp.play.player,
				played: window.colonyApp.play && window.colonyApp.play.turns.length, message: document.getElementById("message").textContent})`, &dump)
			t.Fatalf("waited %v for %s: %s", d, what, dump)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// searchesWithin waits until the server runs n searches, at most d.
func searchesWithin(t *testing.T, s *Server, n int, d time.Duration, what string) {
	t.Helper()
	for start := time.Now(); len(s.searches) != n; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > d {
			t.Fatalf("waited %v for %s: the server runs %d searches, want %d", d, what, len(s.searches), n)
		}
	}
}

// typeInto replaces the text of an input by typing, as a person does: a click in
// it, its text selected, the new text inserted, then Enter.
func typeInto(b *webtest.Browser, id, text string) {
	b.Click(fmt.Sprintf(`document.getElementById(%q)`, id))
	b.Eval(fmt.Sprintf(`document.getElementById(%q).select()`, id), nil)
	b.Call(b.Session(), "Input.insertText", map[string]any{"text": text}, nil)
	b.Press("Enter")
}

// TestPlayAnswersAtOnce checks that every control of Play answers while the engine
// thinks or a turn is animated, and stops what it replaces: New game during an
// engine's search that would go on for minutes (the server's search ends too: with
// one search slot, the new game's engine could not think otherwise), Undo during
// one, another engine typed in the engine box during one (the new engine plays the
// turn), and New game during a slow animation (the animation goes no further).
func TestPlayAnswersAtOnce(t *testing.T) {
	const huge = "mcts:sims=100000000"
	const bound = 10 * time.Second // generous: the searches would take minutes
	s, url := startServer(t, Config{Game: "kalah", MaxSearches: 1})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)

	// New game while the engine, playing first, thinks.
	b.Eval(`document.getElementById("play-player").value = "`+huge+`"; document.getElementById("play-side").value = "1"`, nil)
	b.Click(`document.getElementById("new-game")`)
	searchesWithin(t, s, 1, bound, "the engine's search")
	sleepMillis(300)
	b.Eval(`document.getElementById("play-player").value = "ab:depth=1"`, nil)
	b.Click(`document.getElementById("new-game")`)
	took := waitWithin(t, b, bound, `window.colonyApp.play.player === "ab:depth=1" && window.colonyApp.play.turns.length >= 1 && window.colonyApp.interactive`,
		"the new game, its engine's first turn played")
	t.Logf("New game answered, and the new engine played, in %v", took)
	searchesWithin(t, s, 0, bound, "the end of the server's searches")

	// Undo while the engine thinks after the person's turn.
	b.Eval(`document.getElementById("play-player").value = "`+huge+`"; document.getElementById("play-side").value = "0"`, nil)
	b.Click(`document.getElementById("new-game")`)
	b.WaitFor(`window.colonyApp.play.player === "`+huge+`" && window.colonyApp.interactive`, "the person's first turn")
	b.Click(`document.getElementById("pit-south-a")`)
	searchesWithin(t, s, 1, bound, "the engine's search after the person's turn")
	b.Click(`document.getElementById("undo")`)
	waitWithin(t, b, bound, `window.colonyApp.play.turns.length === 0 && window.colonyApp.view.position === window.colonyApp.play.start && window.colonyApp.interactive`,
		"the start again after Undo")
	searchesWithin(t, s, 0, bound, "the end of the server's search after Undo")

	// Another engine typed in the box while the engine thinks: it plays the turn.
	b.Click(`document.getElementById("pit-south-a")`)
	searchesWithin(t, s, 1, bound, "the engine's search")
	typeInto(b, "play-player", "ab:depth=1")
	waitWithin(t, b, bound, `window.colonyApp.play.player === "ab:depth=1" && window.colonyApp.play.turns.length >= 2 && window.colonyApp.interactive`,
		"the new engine's turn")
	searchesWithin(t, s, 0, bound, "the end of the server's searches")

	// New game during a slow animation: the animation stops where it is.
	setSpeed(b, 1000)
	b.Eval(`document.getElementById("play-side").value = "0"`, nil)
	b.Click(`document.getElementById("new-game")`)
	b.WaitFor(`window.colonyApp.play.turns.length === 0 && window.colonyApp.interactive`, "the new game")
	b.Click(`document.getElementById("pit-south-c")`)
	b.WaitFor(`window.colonyApp.busy && document.querySelector("#board .path-line")`, "the animation")
	b.Click(`document.getElementById("new-game")`)
	waitWithin(t, b, 3*time.Second, `window.colonyApp.play.turns.length === 0 && window.colonyApp.interactive && !document.querySelector("#board .path-line")`,
		"the new game during the animation")
	var before, after int
	b.Eval(`window.colonyApp.animated`, &before)
	sleepMillis(2500)
	b.Eval(`window.colonyApp.animated`, &after)
	if after != before {
		t.Errorf("the animation went on after New game: %d steps, then %d", before, after)
	}
	if msg := b.Text("message"); !strings.Contains(msg, "to move") {
		t.Errorf("after New game the page says %q", msg)
	}
}

// TestSaveGameRecordsSearch plays turns against an engine, saves the game, and
// checks the file the page offers: a match of one game, the engine's search figures
// with each of its turns (as the engine line showed them), the person's turns with
// none, and a file that tournament merge reads (as replay and export do).
func TestSaveGameRecordsSearch(t *testing.T) {
	_, url := startServer(t, Config{Game: "kalah"})
	b := webtest.Start(t, url+"/", 1280, 900)
	b.WaitFor(`window.colonyApp && window.colonyApp.play && window.colonyApp.interactive`, "the person's turn")
	setSpeed(b, 0)
	b.Eval(`document.getElementById("play-player").value = "ab:depth=3"; document.getElementById("play-side").value = "1"`, nil)
	b.Click(`document.getElementById("new-game")`)
	st := waitSettled(t, b)
	for k := 0; k < 3 && !st.Over; k++ {
		clickTurn(t, b, st.Turns[0], st.Turns)
		before := st.Played
		st = waitSettled(t, b)
		if st.Played <= before {
			t.Fatalf("turn not played: %s", st)
		}
	}
	// The file the page offers: the blob of its download link.
	b.Eval(`(function () { var orig = URL.createObjectURL; window.savedBlob = null;
		URL.createObjectURL = function (blob) { window.savedBlob = blob; return orig.call(URL, blob); }; })()`, nil)
	b.Click(`document.getElementById("save")`)
	b.WaitFor(`window.savedBlob && document.getElementById("message").textContent.indexOf("Saved as game.jsonl") === 0`, "the game saved")
	var text string
	b.Eval(`window.savedBlob.text()`, &text)
	var shown []struct {
		Mover int
		Info  *TurnInfo
	}
	b.Eval(`window.colonyApp.play.turns`, &shown)
	gf, err := record.ParseGamesFile([]byte(text))
	if err != nil {
		t.Fatalf("the saved file: %v\n%s", err, text)
	}
	if gf.Header.Config.Games != 1 || len(gf.Games) != 1 {
		t.Fatalf("the saved file's header says %d games and holds %d, want 1:\n%s", gf.Header.Config.Games, len(gf.Games), text)
	}
	r := gf.Games[0]
	if len(r.Info) != len(shown) || len(r.Moves) != len(shown) {
		t.Fatalf("the saved game has %d turns, %d infos; the page played %d", len(r.Moves), len(r.Info), len(shown))
	}
	engineTurns, scored := 0, 0
	for i, in := range r.Info {
		if shown[i].Mover == 1 { // the person's
			if in != (record.MoveInfo{}) {
				t.Errorf("turn %d, the person's, saved with search figures %+v", i+1, in)
			}
			continue
		}
		engineTurns++
		if in.Depth <= 0 || in.Nodes <= 0 || shown[i].Info == nil || in.Score != shown[i].Info.Value || in.Nodes != shown[i].Info.Nodes {
			t.Errorf("turn %d, the engine's, saved with %+v; the page had %+v", i+1, in, shown[i].Info)
		}
		if in.Score != 0 {
			scored++
		}
	}
	if engineTurns < 3 || scored == 0 {
		t.Errorf("%d engine turns saved, %d with a score not 0:\n%s", engineTurns, scored, text)
	}
	if r.Specs[1] != record.HumanSpec || !strings.HasPrefix(r.Specs[0], "ab:depth=3") {
		t.Errorf("the saved specs %q", r.Specs)
	}
	name := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := record.MergeFiles([]string{name}); err != nil {
		t.Errorf("merge refuses the saved game: %v", err)
	}
}
