// Package picturetest reads back the SVG documents of package picture/render in tests: what
// a test of a game's pictures, or of the renderer, checks.
package picturetest

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// SVG is what a test reads back from an SVG document: the root's width and height
// attributes, the elements by class and the texts.
type SVG struct {
	Width, Height string
	Classes       map[string]int
	Texts         map[string]bool
}

// ReadSVG decodes an SVG document completely (any XML error, or a root element other
// than svg, fails the test) and counts its elements by class and collects its texts.
func ReadSVG(t testing.TB, data []byte) SVG {
	t.Helper()
	info := SVG{Classes: map[string]int{}, Texts: map[string]bool{}}
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
					info.Width = a.Value
				case root == "" && a.Name.Local == "height":
					info.Height = a.Value
				case a.Name.Local == "class":
					for _, c := range strings.Fields(a.Value) {
						info.Classes[c]++
					}
				}
			}
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				info.Texts[string(tok)] = true
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
