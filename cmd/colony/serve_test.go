package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/web/webtest"
)

// TestServeRefusesBadFlags checks that serve names what is wrong with its flags and
// exits with the usage status, or the error status when the address cannot be used.
func TestServeRefusesBadFlags(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"serve", "--engine", "mine"}, exitUsage, `--engine "mine": want NAME=SPEC`},
		{[]string{"serve", "--engine", "a=cmd:x", "--engine", "a=cmd:y"}, exitUsage, `two engines are named "a"`},
		{[]string{"serve", "--engine", "a b=cmd:x"}, exitUsage, `engine name "a b"`},
		{[]string{"serve", "--addr", "nowhere"}, exitUsage, `address "nowhere"`},
		{[]string{"serve", "--addr", "256.1.1.1:80"}, exitError, "--addr"},
		{[]string{"--game", "chess", "serve"}, exitUsage, `unknown game`},
		{[]string{"serve", "extra"}, exitUsage, "serve"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		status := run(tc.args, &out, &errOut)
		if status != tc.status || !strings.Contains(errOut.String(), tc.says) {
			t.Errorf("colony %s: status %d, %q; want %d and %q", strings.Join(tc.args, " "), status, errOut.String(), tc.status, tc.says)
		}
	}
}

// TestServeRefusesMissingDir checks that serve refuses a --dir that is not there
// or not a directory, naming it, rather than serve an empty Watch (run as a
// process: a server that starts anyway is ended after 30 s).
func TestServeRefusesMissingDir(t *testing.T) {
	tests := []struct{ dir, says string }{
		{filepath.Join(t.TempDir(), "missing"), "missing: no such directory"},
		{"serve_test.go", "serve_test.go: not a directory"},
	}
	for _, tc := range tests {
		cmd, _, errOut, done := startColony(t, "serve", "--addr", "127.0.0.1:0", "--dir", tc.dir)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("serve --dir %s: still serving after 30 s, want it refused", tc.dir)
		}
		if status := cmd.ProcessState.ExitCode(); status != exitUsage || !strings.Contains(errOut.String(), tc.says) {
			t.Errorf("serve --dir %s: status %d, %q; want %d and %q", tc.dir, status, errOut.String(), exitUsage, tc.says)
		}
	}
}

// TestServeEnginesFileMissingProgram checks that serve with an engines file that
// names a program that is not there starts (docs/engines-file.md: the other engines
// stay usable), says so on stderr, offers the other engine, and lists the missing
// one on the page as unavailable with why.
func TestServeEnginesFileMissingProgram(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "engines.json")
	if err := os.WriteFile(file, []byte(`[{"name": "gone", "command": "./no-such-engine"}, {"name": "sh", "command": "/bin/sh"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, errOut, done := startColony(t, "--engines", file, "serve", "--addr", "127.0.0.1:0")
	var url string
	waitFor(t, done, "the server's address", func() bool {
		url = regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(out.String())
		return url != ""
	})
	if !strings.Contains(errOut.String(), "engine gone is unavailable") || !strings.Contains(errOut.String(), `command "./no-such-engine": no such program`) {
		t.Errorf("stderr %q: want engine gone unavailable and why", errOut.String())
	}
	resp, err := http.Get(url + "api/config")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c struct {
		Engines     []string
		Unavailable []struct{ Name, Why string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Engines, " ") != "engine:sh" || len(c.Unavailable) != 1 || c.Unavailable[0].Name != "engine:gone" ||
		!strings.Contains(c.Unavailable[0].Why, "no such program") {
		t.Errorf("config: engines %v, unavailable %+v; want engine:sh, and engine:gone unavailable with why", c.Engines, c.Unavailable)
	}
}

// TestServeWatchesLiveTournament watches, in headless Chromium, a tournament that
// another process plays into the directory colony serve was started with: the
// standings, the SPRT and the games in flight update as it plays; the run is killed
// (kill -9), which the page says, and resumed, which the page follows to the end.
func TestServeWatchesLiveTournament(t *testing.T) {
	webtest.Chromium(t)
	dir := t.TempDir()
	serve, out, _, _ := startColony(t, "serve", "--addr", "127.0.0.1:0", "--dir", dir)
	t.Cleanup(func() { _ = serve.Process.Kill() })
	var url string
	for deadline := time.Now().Add(time.Minute); url == ""; time.Sleep(20 * time.Millisecond) {
		if m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(out.String()); m != "" {
			url = m
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no address: %q", out.String())
		}
	}
	args := []string{"tournament", "-p", "a=ab:depth=2", "-p", "b=mcts:sims=1000", "--games", "60", "--concurrency", "1",
		"--sprt", "elo0=0,elo1=5", "--out", dir, "--progress", "off"}
	run1, _, _, done1 := startColony(t, args...)
	t.Cleanup(func() { _ = run1.Process.Kill() })

	b := webtest.Start(t, url+"#watch", 1280, 1000)
	finished := func() int {
		var n int
		b.Eval(`parseInt((document.getElementById("live-count") || {}).textContent || "0", 10)`, &n)
		return n
	}
	b.WaitFor(`!document.getElementById("live").hidden && /running/.test(document.getElementById("live-title").textContent)
		&& parseInt((document.getElementById("live-count") || {}).textContent || "0", 10) >= 2
		&& document.querySelectorAll("#live-games .live-game svg").length === 1
		&& document.querySelectorAll("#live-standings tr").length === 3
		&& /^SPRT elo0=0/.test((document.getElementById("live-llr") || {}).textContent || "")`, "the running tournament: standings, SPRT, a game in flight")
	first := finished()
	b.WaitFor(fmt.Sprintf(`parseInt(document.getElementById("live-count").textContent, 10) > %d`, first), "more games finished")
	// What a person sees: the game in flight drawn on its board (between two games
	// there is none for a moment: tried again).
	wood := 0
	for try := 0; try < 50 && wood < 2000; try++ {
		var box []float64
		// Scrolled into view first, as a person would: the games table above it
		// grows as games finish, and can push it below the window.
		b.Eval(`(function () { var e = document.querySelector("#live-games .live-game svg"); if (!e) { return []; }
			e.scrollIntoView({block: "center"});
			var r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, &box)
		if len(box) == 4 {
			shot := b.Screenshot()
			if wood = woodPixels(t, shot, [4]float64(box)); wood >= 2000 && os.Getenv("COLONY_SCREENSHOT_LIVE") != "" {
				_ = os.WriteFile(os.Getenv("COLONY_SCREENSHOT_LIVE"), shot, 0o644)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if wood < 2000 {
		t.Errorf("the live game's board shows %d pixels of wood, want a board", wood)
	}

	if err := run1.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-done1
	b.WaitFor(`/not running/.test(document.getElementById("live-title").textContent) && document.querySelectorAll("#live-games .live-game").length === 0`, "the page to say the run is gone")
	killedAt := finished()
	if killedAt >= 60 {
		t.Fatalf("the run finished (%d games) before it was killed", killedAt)
	}

	run2, _, _, done2 := startColony(t, append(args, "--resume")...)
	t.Cleanup(func() { _ = run2.Process.Kill() })
	b.WaitFor(`/ — finished/.test(document.getElementById("live-title").textContent)`, "the resumed run to finish")
	<-done2
	var end struct {
		Count string
		Games []int
	}
	b.Eval(`({count: document.getElementById("live-count").textContent,
		games: Array.from(document.querySelectorAll("#live-standings tr")).slice(1).map(function (r) { return parseInt(r.children[1].textContent, 10); })})`, &end)
	var sum summaryGames
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if len(end.Games) != 2 || end.Games[0] != sum.Standings[0].Games || end.Games[1] != sum.Standings[1].Games {
		t.Errorf("the page's standings count %v games, summary.json %+v", end.Games, sum.Standings)
	}
	if !strings.HasPrefix(end.Count, fmt.Sprint(sum.Standings[0].Games)+" of ") {
		t.Errorf("the page's progress %q, summary.json's games %d", end.Count, sum.Standings[0].Games)
	}
}

// summaryGames is what the test reads of summary.json.
type summaryGames struct {
	Standings []struct {
		Name  string
		Games int
	}
}

// woodPixels counts the pixels of the board's wood colour in the box (x, y, w, h)
// of a screenshot.
func woodPixels(t *testing.T, shot []byte, box [4]float64) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for y := int(box[1]); y < int(box[1]+box[3]); y++ {
		for x := int(box[0]); x < int(box[0]+box[2]); x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c.R > 200 && c.G > 180 && c.G < 235 && c.B > 140 && c.B < 200 {
				n++
			}
		}
	}
	return n
}
