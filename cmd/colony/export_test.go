package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/web/webtest"
)

// exportPage exports game index of the file and returns the page and its data.
func exportPage(t *testing.T, file string, index int) (string, *gamepage.Data) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "game.html")
	code, stdout, errOut := cli(t, "export", "--html", file, "--game", strconv.Itoa(index), "-o", out)
	if code != 0 || errOut != "" || stdout != "" {
		t.Fatalf("export: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	const open = `<script type="application/json" id="data">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("the page embeds no data")
	}
	j := strings.Index(page[i:], "</script>")
	var d gamepage.Data
	if err := json.Unmarshal([]byte(page[i+len(open):i+j]), &d); err != nil {
		t.Fatalf("the page's data: %v", err)
	}
	return page, &d
}

var (
	tagRe    = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>`)
	scriptRe = regexp.MustCompile(`(?s)(<script[^>]*>).*?</script>`)
	idRe     = regexp.MustCompile(` id="([^"]*)"`)
)

// checkTags checks that the page's tags (scripts' contents aside) nest: every
// element closed, in order, void elements aside.
func checkTags(t *testing.T, page string) {
	t.Helper()
	page = scriptRe.ReplaceAllString(page, "$1</script>")
	void := map[string]bool{"meta": true, "br": true, "input": true, "img": true, "hr": true}
	var stack []string
	for _, m := range tagRe.FindAllStringSubmatch(page, -1) {
		name := strings.ToLower(m[2])
		switch {
		case m[3] == "/" || void[name]:
		case m[1] == "":
			stack = append(stack, name)
		default:
			if len(stack) == 0 || stack[len(stack)-1] != name {
				t.Fatalf("</%s> closes %v", name, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Fatalf("unclosed elements %v", stack)
	}
}

func recordOf(t *testing.T, gf *record.GamesFile, index int) *record.Record {
	t.Helper()
	for i := range gf.Games {
		if gf.Games[i].Index == index {
			return &gf.Games[i]
		}
	}
	t.Fatalf("no game %d", index)
	return nil
}

func TestExportHTML(t *testing.T) {
	for _, game := range []string{"colony", "kalah"} {
		t.Run(game, func(t *testing.T) {
			file, gf := tournamentFile(t, game, "a=ab:depth=2", "b=greedy")
			rec := recordOf(t, gf, 1)
			n := len(rec.Moves)
			page, d := exportPage(t, file, rec.Index)
			if !strings.HasPrefix(page, "<!DOCTYPE html>\n<html") || !strings.HasSuffix(page, "</html>\n") {
				t.Fatalf("not an HTML document: %.80q ... %.40q", page, page[max(0, len(page)-40):])
			}
			checkTags(t, page)
			// Self-contained: no address but the SVG namespace, no external script,
			// style sheet, image or font.
			rest := strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
			rest = strings.ReplaceAll(rest, `xmlns=\"http://www.w3.org/2000/svg\"`, "") // in the data
			for _, bad := range []string{"http://", "https://", "<script src", "<link", "<img", "@import", "url("} {
				if strings.Contains(rest, bad) {
					t.Errorf("the page holds %q", bad)
				}
			}
			// One board, one SVG picture (position 0's); the data redraws it for the
			// others; one more SVG, the graph.
			if got := strings.Count(page, `<div class="board"`); got != 1 {
				t.Errorf("%d boards, want one", got)
			}
			if c := strings.Count(scriptRe.ReplaceAllString(page, ""), "<svg"); c != 2 {
				t.Errorf("%d SVG pictures, want the board and the graph", c)
			}
			if game == "colony" && strings.Count(page, `<rect class="log"`) != 19 {
				t.Errorf("the board has %d logs", strings.Count(page, `<rect class="log"`))
			}
			if len(d.Edits) != n+1 || len(d.Numbers) != n+1 || len(d.Base) == 0 || d.Opening == "" {
				t.Fatalf("%d edits, %d numbers, %d lines of the base, opening %q; want %d positions", len(d.Edits), len(d.Numbers), len(d.Base), d.Opening, n+1)
			}
			// The tournament's random openings of 4 turns (the default), and the
			// turns numbered by the game's counter for The Colony (turn=N of the
			// positions), from 1 at the opening for Kalah.
			if want := "random opening: 4 uniformly random turns"; !strings.Contains(d.Opening, want) {
				t.Errorf("the opening is described as %q, want %q", d.Opening, want)
			}
			for k := range n + 1 {
				want := k + 1
				if game == "colony" {
					want = k + 5 // the opening's counter is 5 after its 4 random turns
				}
				if d.Numbers[k] != want {
					t.Fatalf("position %d is turn %d, want %d", k, d.Numbers[k], want)
				}
			}
			if !strings.Contains(page, `<svg class="graph"`) || !strings.Contains(page, `id="graph-mark"`) {
				t.Error("no graph of the scores with its marker")
			}
			// The data: the record's turns and figures, and what each turn changed.
			if len(d.Turns) != n || len(d.Changed) != n+1 || len(d.Paths) != n+1 || len(d.Marks) != n+1 {
				t.Fatalf("data of %d turns, %d changed, %d paths, %d marks; want %d turns", len(d.Turns), len(d.Changed), len(d.Paths), len(d.Marks), n)
			}
			for k, tu := range d.Turns {
				if tu.Move != rec.Moves[k] {
					t.Fatalf("turn %d is %q, the record's %q", k+1, tu.Move, rec.Moves[k])
				}
				if tu.Player != rec.Players[0] && tu.Player != rec.Players[1] {
					t.Fatalf("turn %d by %q", k+1, tu.Player)
				}
				if k < len(rec.Info) {
					in := rec.Info[k]
					if !tu.Info || tu.Depth != in.Depth || tu.Nodes != in.Nodes || tu.Micros != in.Micros {
						t.Fatalf("turn %d: figures %+v, the record's %+v", k+1, tu, in)
					}
				}
			}
			for k := 1; k <= n; k++ {
				if len(d.Changed[k]) == 0 {
					t.Fatalf("turn %d changed nothing", k)
				}
			}
			// Every id is unique on the page: the boards' places are data-place
			// attributes.
			ids := map[string]int{}
			for _, m := range idRe.FindAllStringSubmatch(scriptRe.ReplaceAllString(page, ""), -1) {
				if ids[m[1]]++; ids[m[1]] == 2 {
					t.Errorf("the id %q is on the page twice", m[1])
				}
			}
			if d.Result != rec.Result || !strings.HasPrefix(d.Reason, rec.Reason) {
				t.Errorf("result %q %q, the record's %q %q", d.Result, d.Reason, rec.Result, rec.Reason)
			}
			// The first game without --game; the standard output with -o -.
			code, stdout, errOut := cli(t, "export", "--html", file, "-o", "-")
			first := &gf.Games[0]
			if code != 0 || errOut != "" || !strings.Contains(stdout, html.EscapeString(fmt.Sprintf("game %d,", first.Index))) {
				t.Errorf("export -o -: exit %d, stderr %q, %d bytes", code, errOut, len(stdout))
			}
		})
	}
}

func TestExportErrors(t *testing.T) {
	file, _ := tournamentFile(t, "kalah", "a=greedy", "b=random")
	out := filepath.Join(t.TempDir(), "x.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "--html", filepath.Join(t.TempDir(), "none.jsonl"), "-o", out}, "export:"},
		{[]string{"export", "--html", file, "--game", "99", "-o", out}, "no game of that index"},
		{[]string{"export", "--html", file, "--game", "x", "-o", out}, "not an integer"},
		{[]string{"export", "--html", file}, "-o FILE is required"},
		{[]string{"export", file, "-o", out}, "--html"},
		{[]string{"export", "--html", "-o", out}, "one games file"},
	} {
		code, _, errOut := cli(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args[1:], code, errOut, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed export wrote its page")
	}
}

// pageView is what the page shows, as the browser test reads it.
type pageView struct {
	Pos      string   `json:"pos"`      // the position number shown
	Boards   int      `json:"boards"`   // the boards' SVG pictures (one)
	Hash     string   `json:"hash"`     // the URL's fragment
	Outlined []string `json:"outlined"` // the places outlined on the visible board
	Eggs     []string `json:"eggs"`     // the eggs drawn on its logs, in the order of the logs
	Paths    int      `json:"paths"`    // its path drawings
	LastTurn string   `json:"lastTurn"`
	Path     string   `json:"path"`
	Turn     string   `json:"turn"`
	Result   string   `json:"result"`
	Current  []string `json:"current"` // the move list's current turns (data-k)
}

// readView is the expression that reads a pageView.
const readView = `(function () {
  var b = document.getElementById("board"), q = function (s) { return Array.prototype.slice.call(b.querySelectorAll(s)); };
  var txt = function (id) { return document.getElementById(id).textContent; };
  return {pos: txt("pos"), boards: document.querySelectorAll(".board svg").length, hash: location.hash,
    outlined: q(".hl").map(function (e) { return e.getAttribute("data-place"); }),
    eggs: q("text.eggs").map(function (e) { return e.textContent; }),
    paths: q("[class^=path]").length, lastTurn: txt("last-turn"), path: txt("path"), turn: txt("turn"), result: txt("result"),
    current: Array.prototype.slice.call(document.querySelectorAll("#moves li.current")).map(function (e) { return e.getAttribute("data-k"); })};
})()`

// centreOf is the expression for the centre of the element a selector finds, in
// the viewport, after scrolling it into view: [x, y].
func centreOf(selector string) string {
	return `(function () { var e = document.querySelector(` + strconv.Quote(selector) + `); e.scrollIntoView({block: "center"});
  var r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`
}

// TestExportHTMLBrowser opens an exported Colony game in headless Chromium, steps
// through it by key presses and checks what the page shows at each step against
// the record: the position's eggs on the 19 logs, the turn, the places it changed
// and the path of its sowing; then checks a screenshot's shape.
func TestExportHTMLBrowser(t *testing.T) {
	file, gf := tournamentFile(t, "colony", "a=ab:depth=2", "b=greedy")
	rec := recordOf(t, gf, 0)
	n := len(rec.Moves)
	page, d := exportPage(t, file, rec.Index)
	path := filepath.Join(t.TempDir(), "game.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := catalog.Open("colony")
	if err != nil {
		t.Fatal(err)
	}
	// The record replayed here: every position's eggs and every turn's path.
	positions := []string{rec.Opening}
	for _, m := range rec.Moves {
		next, _, err := g.Play(positions[len(positions)-1], []string{m})
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, next)
	}
	eggsOf := func(pos string) []string {
		f := strings.Fields(pos)[0] // eggs=A1.A2...A6/B1...B7/C1...C6
		return strings.FieldsFunc(strings.TrimPrefix(f, "eggs="), func(r rune) bool { return r == '.' || r == '/' })
	}

	b := webtest.Start(t, "file://"+filepath.ToSlash(path), 1200, 900)
	keys := []string{"End", "Home"}
	want := []int{n, 0}
	for i := 1; i <= n+1; i++ {
		keys, want = append(keys, "ArrowRight"), append(want, min(i, n))
	}
	keys = append(keys, "ArrowLeft", "ArrowLeft", "Home", "ArrowLeft", "End")
	want = append(want, max(n-1, 0), max(n-2, 0), 0, 0, n)
	for s, key := range keys {
		b.Press(key)
		var v pageView
		b.Eval(readView, &v)
		k := want[s]
		at := fmt.Sprintf("step %d (%s, want position %d)", s+1, key, k)
		if v.Pos != strconv.Itoa(k) || v.Boards != 1 || v.Hash != fmt.Sprintf("#move=%d", k) {
			t.Fatalf("%s: the page shows position %s on %d boards, the URL's fragment %q", at, v.Pos, v.Boards, v.Hash)
		}
		if wantCur := []string{strconv.Itoa(k)}; k > 0 && fmt.Sprint(v.Current) != fmt.Sprint(wantCur) || k == 0 && len(v.Current) != 0 {
			t.Fatalf("%s: the move list marks %v", at, v.Current)
		}
		if got, w := strings.Join(v.Eggs, "."), strings.Join(eggsOf(positions[k]), "."); got != w {
			t.Fatalf("%s: the logs show eggs %s, the position %q has %s", at, got, positions[k], w)
		}
		if k < n && !strings.Contains(v.Turn, " plays "+rec.Moves[k]) {
			t.Fatalf("%s: the next turn shown is %q, the record's %q", at, v.Turn, rec.Moves[k])
		}
		if k == n && (v.Turn != "" || !strings.Contains(v.Result, rec.Result)) {
			t.Fatalf("%s: at the end the page shows turn %q, result %q; the record's result %q", at, v.Turn, v.Result, rec.Result)
		}
		if k == 0 {
			if len(v.Outlined) != 0 || v.Paths != 0 || v.Path != "" {
				t.Fatalf("%s: the opening shows outlines %v, %d paths, %q", at, v.Outlined, v.Paths, v.Path)
			}
			continue
		}
		if !strings.Contains(v.LastTurn, " played "+rec.Moves[k-1]) || fmt.Sprint(v.Outlined) != fmt.Sprint(d.Changed[k]) {
			t.Fatalf("%s: last turn %q, outlined %v; the record's turn %q, which changed %v", at, v.LastTurn, v.Outlined, rec.Moves[k-1], d.Changed[k])
		}
		// The path: the marks of the record's turn in words, starting from the log
		// the turn selects (its first two characters), and drawn on the board.
		marks, err := g.TurnMarks(positions[k-1], rec.Moves[k-1])
		if err != nil {
			t.Fatal(err)
		}
		text := gamepage.MarksText(marks)
		if v.Path != "Sowing: "+text+" (drawn on the board, drops numbered)." || !strings.HasPrefix(text, "from "+rec.Moves[k-1][:2]+":") || v.Paths == 0 {
			t.Fatalf("%s: the path shown is %q (%d drawings); the turn %q traces %q", at, v.Path, v.Paths, rec.Moves[k-1], text)
		}
	}

	// Clicks: a turn of the move list shows the position it led to, a point of
	// the graph too; the browser's back goes to the position before.
	view := func() pageView {
		var v pageView
		b.Eval(readView, &v)
		return v
	}
	var xy [2]float64
	k3 := min(3, n)
	b.Eval(centreOf(fmt.Sprintf(`#moves li[data-k="%d"]`, k3)), &xy)
	b.ClickAt(xy[0], xy[1])
	if v := view(); v.Pos != strconv.Itoa(k3) || v.Hash != fmt.Sprintf("#move=%d", k3) {
		t.Fatalf("a click on turn %d of the move list shows position %s (%q)", k3, v.Pos, v.Hash)
	}
	k5 := min(5, n)
	b.Eval(centreOf(fmt.Sprintf(`#graph circle[data-k="%d"]`, k5)), &xy)
	b.ClickAt(xy[0], xy[1])
	if v := view(); v.Pos != strconv.Itoa(k5) || strings.Join(v.Eggs, ".") != strings.Join(eggsOf(positions[k5]), ".") {
		t.Fatalf("a click on the graph's point of turn %d shows position %s, eggs %v", k5, v.Pos, v.Eggs)
	}
	var back string
	b.Eval(`new Promise(function (done) {
  window.addEventListener("hashchange", function () { setTimeout(function () { done(document.getElementById("pos").textContent); }, 0); }, {once: true});
  history.back(); })`, &back)
	if back != strconv.Itoa(k3) {
		t.Fatalf("back after the clicks shows position %s, want %d", back, k3)
	}
	// Opened with #move=K, the page shows position K.
	b.Call(b.Session(), "Page.navigate", map[string]any{"url": "file://" + filepath.ToSlash(path) + fmt.Sprintf("#move=%d", n/2)}, nil)
	b.Eval(`new Promise(function (done) { setTimeout(function () { done(document.getElementById("pos").textContent); }, 50); })`, &back)
	if back != strconv.Itoa(n/2) {
		t.Fatalf("the page opened with #move=%d shows position %s", n/2, back)
	}

	// A screenshot at a middle position: the size asked for, not blank, the
	// outlines' and the path's red present, 19 logs' wood.
	b.Press("Home")
	for range n / 2 {
		b.Press("ArrowRight")
	}
	img, err := png.Decode(bytes.NewReader(b.Screenshot()))
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if r := img.Bounds(); r.Dx() != 1200 || r.Dy() != 900 {
		t.Fatalf("a screenshot of %v, want 1200x900", r)
	}
	colours := map[[3]uint32]int{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 2 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, b >> 8}]++
		}
	}
	red := 0
	for c, k := range colours {
		if c[0] > 180 && c[1] < 80 && c[2] < 80 {
			red += k
		}
	}
	if len(colours) < 20 || colours[[3]uint32{255, 255, 255}] > 1200*900/4*98/100 {
		t.Fatalf("a blank screenshot: %d colours", len(colours))
	}
	if red < 100 {
		t.Errorf("no outline's or path's red in the screenshot (%d red pixels sampled)", red)
	}
	// What is seen: the left edge of the first place the last turn changed is
	// drawn in the outline's red (#d62728), and its middle is not.
	var box [4]float64
	b.Eval(`(function () { var e = document.querySelector("#board .hl"); var r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, &box)
	isRed := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return r>>8 > 180 && g>>8 < 90 && b>>8 < 90
	}
	edge := false
	for dx := -3; dx <= 3; dx++ {
		edge = edge || isRed(int(box[0])+dx, int(box[1]+box[3]/4))
	}
	if !edge {
		t.Errorf("the outlined place at %v has no red on its left edge in the screenshot", box)
	}
	if os.Getenv("COLONY_SCREENSHOT") != "" {
		if err := os.WriteFile(os.Getenv("COLONY_SCREENSHOT"), b.Screenshot(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
