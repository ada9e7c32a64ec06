package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
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

	// A file that cannot be written exits 1 and names the file; bad input exits 2.
	bad := filepath.Join(dir, "no such dir", "x.png")
	code, out, errOut := cli(t, "show", "--png", bad)
	if code != exitError || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "--png") {
		t.Errorf("show --png into a missing directory: exit %d, stderr %q, want exit 1 naming %s", code, errOut, bad)
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
