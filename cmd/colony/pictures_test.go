package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestShowPictures checks show --svg and --png: the files are written, the SVG is
// XML with the board's places, the PNG decodes, the text output is unchanged, and the
// errors exit as documented.
func TestShowPictures(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		game   []string
		class  string
		places int
	}{
		{"colony", nil, `class="log"`, 19},
		{"kalah", []string{"--game", "kalah"}, `class="pit"`, 12},
		{"oware", []string{"--game", "oware"}, `class="pit"`, 12},
		{"nigerian", []string{"--game", "nigerian"}, `class="pit"`, 12},
		{"martian", []string{"--game", "martian"}, `class="pit"`, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg, pngFile := filepath.Join(dir, tt.name+".svg"), filepath.Join(dir, tt.name+".png")
			text := mustRun(t, append(tt.game, "show")...)
			got := mustRun(t, append(tt.game, "show", "--svg", svg, "--png", pngFile)...)
			if got != text {
				t.Errorf("show with pictures printed\n%s\nwant the text of show\n%s", got, text)
			}
			data, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			d := xml.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := d.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("SVG is not well-formed: %v", err)
				}
			}
			if n := strings.Count(string(data), tt.class); n != tt.places {
				t.Errorf("SVG has %d %s, want %d", n, tt.class, tt.places)
			}
			f, err := os.Open(pngFile)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("PNG does not decode: %v", err)
			}
			if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 300 {
				t.Errorf("PNG is %dx%d, want a picture of a board", b.Dx(), b.Dy())
			}
		})
	}

	// Either flag alone writes its file only.
	only := filepath.Join(dir, "only.svg")
	mustRun(t, "show", "--svg", only)
	if _, err := os.Stat(only); err != nil {
		t.Errorf("show --svg alone: %v", err)
	}

	// A file that cannot be made (no such directory) is refused like other bad
	// input, exit 2, naming the file.
	bad := filepath.Join(dir, "no such dir", "x.png")
	code, out, errOut := cli(t, "show", "--png", bad)
	if code != exitUsage || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "--png") {
		t.Errorf("show --png into a missing directory: exit %d, stderr %q, want exit 2 naming %s", code, errOut, bad)
	}
	if out != "" {
		t.Errorf("show --png that fails printed %q", out)
	}
	code, _, errOut = cli(t, "show", "--svg", filepath.Join(dir, "y.svg"), "--position", "eggs=1")
	if code != exitUsage || !strings.Contains(errOut, "--position") {
		t.Errorf("show --svg of a bad position: exit %d, stderr %q, want exit 2", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "y.svg")); err == nil {
		t.Errorf("show --svg of a bad position wrote the file")
	}
}

// TestDocsPictures checks that the commands the README gives for docs/colony.png and
// docs/kalah.png make those very files (PNG encoding is deterministic).
func TestDocsPictures(t *testing.T) {
	dir := t.TempDir()
	kalah := strings.TrimSpace(mustRun(t, "--game", "kalah", "apply", "c", "d", "b", "f", "a", "e"))
	tests := []struct {
		file string
		args []string
	}{
		{"colony.png", []string{"show", "--position", "eggs=5.5.2.4.0.8/4.0.0.3.6.1.1/0.1.5.0.1.4 red=A3,A6,C1 black=A2,A4,C5 hand=3,3 store=3,4 move=red ants=mandatory turn=15"}},
		{"kalah.png", []string{"--game", "kalah", "show", "--position", kalah}},
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		out := filepath.Join(dir, tt.file)
		mustRun(t, append(tt.args, "--png", out)...)
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/%s differs from what its command makes now: rerun the command in README.md", tt.file)
		}
		if !strings.Contains(string(readme), "--png docs/"+tt.file) || !strings.Contains(string(readme), "](docs/"+tt.file+")") {
			t.Errorf("README.md lacks the command or the image of docs/%s", tt.file)
		}
	}
}

// TestShowOptions checks the options of show's pictures: --last-turn draws the
// turn on the position reached (The Colony's captured last egg at its log, no
// sowing into the store), --no-legend leaves the legend and the table out,
// --flip turns the board, --width sets the size and enlarges the texts, and a
// games file's position with its next turn is the same picture as --position with
// --last-turn; bad uses are errors.
func TestShowOptions(t *testing.T) {
	dir := t.TempDir()
	after := strings.Split(mustRun(t, "apply", "C1"), "\n")[0]
	svgOf := func(args ...string) string {
		t.Helper()
		file := filepath.Join(dir, "p.svg")
		mustRun(t, append(append([]string{"show"}, args...), "--svg", file)...)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	// From the start, C1's last egg reaches B4, which holds 3: captured there, an
	// ant placed (RULES.md).
	turn := svgOf("--last-turn", "C1")
	for _, want := range []string{`class="path-lift"`, `class="path-catch"`, `class="path-put"`, `class="path-line"`, `class="legend"`} {
		if !strings.Contains(turn, want) {
			t.Errorf("show --last-turn C1: the SVG has no %s", want)
		}
	}
	if plain := svgOf("--position", after); strings.Contains(plain, `class="path`) {
		t.Error("show without --last-turn draws a turn")
	}
	bare := svgOf("--last-turn", "C1", "--no-legend")
	if strings.Contains(bare, `class="legend"`) || strings.Contains(bare, `class="table"`) || !strings.Contains(bare, `class="path-catch"`) {
		t.Error("show --no-legend keeps the legend or the table, or loses the turn")
	}
	// Flipped, C6 is where A1 was (top left) and A1 where C6 was.
	logAt := func(svg, id string) string {
		i := strings.Index(svg, `id="`+id+`"`)
		if i < 0 {
			t.Fatalf("no %s", id)
		}
		return svg[i : i+strings.Index(svg[i:], "width")]
	}
	plain, flipped := svgOf(), svgOf("--flip")
	if a, c := strings.TrimPrefix(logAt(plain, "log-A1"), `id="log-A1"`), strings.TrimPrefix(logAt(flipped, "log-C6"), `id="log-C6"`); a != c {
		t.Errorf("flipped, C6 is at %q; A1 was at %q", c, a)
	}
	narrow := svgOf("--no-legend", "--width", "240")
	if !strings.Contains(narrow, `width="240pt"`) || strings.Contains(narrow, `font-size="9"`) {
		t.Errorf("show --width 240: %.200s", narrow)
	}
	// A games file's position and its next turn.
	file, gf := tournamentFile(t, "colony", "a=greedy", "b=greedy")
	rec := &gf.Games[0]
	if len(rec.Moves) < 3 {
		t.Skip("a short game")
	}
	positions := []string{rec.Opening}
	for _, m := range rec.Moves[:2] {
		next := strings.Split(mustRun(t, "apply", "--position", positions[len(positions)-1], m), "\n")[0]
		positions = append(positions, next)
	}
	fromFile := svgOf("--games-file", file, "--index", strconv.Itoa(rec.Index), "--move", "1", "--last-turn", "next")
	fromPos := svgOf("--position", positions[1], "--last-turn", rec.Moves[1])
	if fromFile != fromPos {
		t.Error("show --games-file --move 1 --last-turn next differs from --position with the record's turn 2")
	}
	for _, bad := range [][]string{
		{"show", "--last-turn", "Z9"},
		{"show", "--width", "-1"},
		{"show", "--move", "3"},
		{"show", "--last-turn", "next"},
		{"show", "--games-file", file, "--move", "100000"},
		{"show", "--games-file", file, "--index", "999"},
		{"show", "--games-file", file, "--position", positions[0]},
	} {
		if code, _, errOut := cli(t, bad...); code == 0 || errOut == "" {
			t.Errorf("colony %v: exit %d, stderr %q", bad, code, errOut)
		}
	}
}
