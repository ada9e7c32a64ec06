package picture_test

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/picturetest"
)

// TestRenderEscapes checks that the SVG renderer escapes text and keeps classes and
// ids, and that the PNG of the same picture has its size.
func TestRenderEscapes(t *testing.T) {
	p := &picture.Picture{Title: "a <title> & more", W: 100, H: 50}
	p.Box("log", "log-x", 10, 10, 40, 20, 5, picture.Wood, picture.WoodDark, 1)
	p.Label("note", `x < y & "z"`, 50, 40, 10, false, picture.Middle, picture.Black)
	p.Arrow("arrow", 60, 10, 90, 10, picture.Black, 1, true)
	info := picturetest.ReadSVG(t, picture.RenderSVG(p))
	if !info.Texts[`x < y & "z"`] {
		t.Errorf("texts %v lack the escaped one", info.Texts)
	}
	if info.Classes["log"] != 1 || info.Classes["arrow"] != 2 || info.Width != "100pt" || info.Height != "50pt" {
		t.Errorf("classes %v, size %sx%s", info.Classes, info.Width, info.Height)
	}
	data, err := picture.RenderPNG(p)
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
