package picture

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"strings"
	"testing"
)

// svgInfo is what a test reads back from an SVG document: its size, its elements by
// class and its texts.
type svgInfo struct {
	width, height string
	classes       map[string]int
	texts         map[string]bool
}

// readSVG decodes an SVG document completely (any XML error fails the test).
func readSVG(t *testing.T, data []byte) svgInfo {
	t.Helper()
	info := svgInfo{classes: map[string]int{}, texts: map[string]bool{}}
	d := xml.NewDecoder(bytes.NewReader(data))
	root, inText := "", false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			for _, a := range tok.Attr {
				switch {
				case root == "" && a.Name.Local == "width":
					info.width = a.Value
				case root == "" && a.Name.Local == "height":
					info.height = a.Value
				case a.Name.Local == "class":
					for _, c := range strings.Fields(a.Value) {
						info.classes[c]++
					}
				}
			}
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				info.texts[string(tok)] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return info
}

// TestRenderEscapes checks that the SVG renderer escapes text and keeps classes and
// ids, and that the PNG of the same picture has its size.
func TestRenderEscapes(t *testing.T) {
	p := &Picture{Title: "a <title> & more", W: 100, H: 50}
	p.Box("log", "log-x", 10, 10, 40, 20, 5, Wood, WoodDark, 1)
	p.Label("note", `x < y & "z"`, 50, 40, 10, false, Middle, Black)
	p.Arrow("arrow", 60, 10, 90, 10, Black, 1, true)
	info := readSVG(t, RenderSVG(p))
	if !info.texts[`x < y & "z"`] {
		t.Errorf("texts %v lack the escaped one", info.texts)
	}
	if info.classes["log"] != 1 || info.classes["arrow"] != 2 || info.width != "100pt" || info.height != "50pt" {
		t.Errorf("classes %v, size %sx%s", info.classes, info.width, info.height)
	}
	data, err := RenderPNG(p)
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
