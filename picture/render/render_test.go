package render_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/picturetest"
	"github.com/colony-ai/colony/picture/render"
)

// TestRenderEscapes checks that the SVG renderer escapes text and keeps classes and
// ids, and that the PNG of the same picture has its size.
func TestRenderEscapes(t *testing.T) {
	p := &picture.Picture{Title: "a <title> & more", W: 100, H: 50}
	p.Box("log", "log-x", 10, 10, 40, 20, 5, picture.Wood, picture.WoodDark, 1)
	p.Label("note", `x < y & "z"`, 50, 40, 10, false, picture.Middle, picture.Black)
	p.Arrow("arrow", 60, 10, 90, 10, picture.Black, 1, true)
	info := picturetest.ReadSVG(t, render.SVG(p))
	if !info.Texts[`x < y & "z"`] {
		t.Errorf("texts %v lack the escaped one", info.Texts)
	}
	if info.Classes["log"] != 1 || info.Classes["arrow"] != 2 || info.Width != "100pt" || info.Height != "50pt" {
		t.Errorf("classes %v, size %sx%s", info.Classes, info.Width, info.Height)
	}
	data, err := render.PNG(p)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 100 {
		t.Errorf("PNG is %dx%d, want 200x100", b.Dx(), b.Dy())
	}
}

// TestRenderWidth checks that a picture given a width (Picture.Legible) is rendered at
// it: the SVG's size and view box, and the PNG's pixels (render.PNGDPI).
func TestRenderWidth(t *testing.T) {
	p := &picture.Picture{W: 200, H: 100}
	p.Label("legend", "a legend", 10, 90, 9, false, picture.Start, picture.Black)
	p.Legible(100)
	if svg := string(render.SVG(p)); !strings.Contains(svg, `width="100pt" height="50pt" viewBox="0 0 200 100"`) {
		t.Errorf("the SVG at width 100: %.200s", svg)
	}
	data, err := render.PNG(p)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 100*render.PNGDPI/72 || b.Dy() != 50*render.PNGDPI/72 {
		t.Errorf("the PNG at width 100 is %dx%d, want %dx%d", b.Dx(), b.Dy(), 100*render.PNGDPI/72, 50*render.PNGDPI/72)
	}
}
