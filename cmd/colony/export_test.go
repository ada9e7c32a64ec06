package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/games/gamepage"
	"github.com/colony-ai/colony/tournament"
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

func recordOf(t *testing.T, gf *tournament.GamesFile, index int) *tournament.Record {
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
			for _, bad := range []string{"http://", "https://", "<script src", "<link", "<img", "@import", "url("} {
				if strings.Contains(rest, bad) {
					t.Errorf("the page holds %q", bad)
				}
			}
			// One board a position, each one SVG picture; one more SVG, the graph.
			if got := strings.Count(page, `<div class="board"`); got != n+1 {
				t.Errorf("%d boards, want %d (a game of %d turns)", got, n+1, n)
			}
			for k := 0; k <= n; k++ {
				open := fmt.Sprintf(`<div class="board" id="board-%d"`, k)
				i := strings.Index(page, open)
				if i < 0 {
					t.Fatalf("no board %d", k)
				}
				board := page[i : i+strings.Index(page[i:], "</div>")]
				if c := strings.Count(board, "<svg"); c != 1 {
					t.Fatalf("board %d holds %d SVG pictures", k, c)
				}
				if game == "colony" && strings.Count(board, `class="log"`) != 19 {
					t.Fatalf("board %d: %d logs", k, strings.Count(board, `class="log"`))
				}
			}
			if c := strings.Count(page, "<svg"); c != n+2 {
				t.Errorf("%d SVG pictures, want %d boards and the graph", c, n+1)
			}
			if !strings.Contains(page, `<svg class="graph"`) || !strings.Contains(page, `id="graph-mark"`) {
				t.Error("no graph of the scores with its marker")
			}
			// The data: the record's turns and figures, and what each turn changed.
			if len(d.Turns) != n || len(d.Changed) != n+1 || len(d.Names) != n+1 || len(d.Marks) != n+1 {
				t.Fatalf("data of %d turns, %d changed, %d marks; want %d turns", len(d.Turns), len(d.Changed), len(d.Marks), n)
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
				if len(d.Changed[k]) == 0 || len(d.Changed[k]) != len(d.Names[k]) {
					t.Fatalf("turn %d changed %v %v", k, d.Changed[k], d.Names[k])
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

// chromium returns the path of a Chromium (or Chrome) binary, skipping the test
// when there is none.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium binary (chromium, chromium-browser or google-chrome) on the PATH: the browser test skips")
	return ""
}

// runChromium runs headless Chromium on the page with the arguments and returns
// its standard output. The timeout only keeps a stuck browser from hanging the test.
func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--user-data-dir=" + t.TempDir()}, args...)
	cmd := exec.CommandContext(ctx, bin, all...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

var selftestRe = regexp.MustCompile(`(?s)<pre id="selftest">(.*?)</pre>`)

func TestExportHTMLBrowser(t *testing.T) {
	bin := chromium(t)
	file, gf := tournamentFile(t, "colony", "a=ab:depth=2", "b=greedy")
	rec := recordOf(t, gf, 0)
	n := len(rec.Moves)
	page, d := exportPage(t, file, rec.Index)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(path)

	// The page's self-test: keys pressed, what the page showed after each.
	dom := runChromium(t, bin, "--virtual-time-budget=5000", "--dump-dom", url+"#selftest")
	m := selftestRe.FindSubmatch(dom)
	if m == nil {
		t.Fatalf("no self-test result in the page:\n%.2000s", dom)
	}
	lines := strings.Split(strings.TrimSpace(html.UnescapeString(string(m[1]))), "\n")
	if lines[0] != "PASS" {
		t.Fatalf("the page's self-test failed:\n%s", strings.Join(lines, "\n"))
	}
	var want []int
	want = append(want, n, 0)
	for i := 1; i <= n+1; i++ {
		want = append(want, min(i, n))
	}
	want = append(want, max(n-1, 0), max(n-2, 0), 0, 0, n)
	keys := []string{"End", "Home"}
	for i := 1; i <= n+1; i++ {
		keys = append(keys, "ArrowRight")
	}
	keys = append(keys, "ArrowLeft", "ArrowLeft", "Home", "ArrowLeft", "End")
	if len(lines)-1 != len(want) {
		t.Fatalf("%d steps, want %d:\n%s", len(lines)-1, len(want), strings.Join(lines, "\n"))
	}
	for s, l := range lines[1:] {
		k := want[s]
		turn := "-"
		if k < n {
			turn = rec.Moves[k]
		}
		hl := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(d.Changed[k])), ","), "[]")
		w := fmt.Sprintf("%s position=%d turn=%s hl=%s ok", keys[s], k, turn, hl)
		if l != w {
			t.Fatalf("step %d: the page showed %q, want %q", s+1, l, w)
		}
	}

	// A screenshot at a middle position: the size asked for, not blank, the
	// highlight's red present.
	shot := filepath.Join(dir, "game.png")
	runChromium(t, bin, "--virtual-time-budget=5000", "--window-size=1200,900", "--screenshot="+shot, fmt.Sprintf("%s#move=%d", url, n/2))
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 900 {
		t.Fatalf("a screenshot of %v, want 1200x900", b)
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
		t.Errorf("no highlight's red in the screenshot (%d red pixels sampled)", red)
	}
}
