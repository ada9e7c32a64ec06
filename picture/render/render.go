// Package render renders a picture.Picture, the drawing of a position that the games
// make, as an SVG document (SVG) or a PNG image (PNG), so that both formats come from
// one drawing. The PNG is drawn through gonum's plotting stack (its vector canvas and
// the Liberation fonts), which is why the rendering lives here, above the picture
// model: the games draw with package picture alone and compile against no
// third-party module.
package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"math"
	"strings"
	"sync"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/colony-ai/colony/picture"
)

// PNGDPI is the resolution of the PNG pictures: a point of the drawing is
// PNGDPI/72 pixels.
const PNGDPI = 144

// svgFonts is the font list of the SVG pictures: Liberation Sans, the font of the PNG
// pictures, has the metrics of Arial and Helvetica.
const svgFonts = "Liberation Sans, Arial, Helvetica, sans-serif"

// SVG renders p as a standalone SVG document whose unit is the point
// (p.Width points wide when it is set). Every
// shape with a class or id keeps them as attributes.
func SVG(p *picture.Picture) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	w, h := size(p)
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%spt\" height=\"%spt\" viewBox=\"0 0 %s %s\" font-family=\"%s\">\n",
		num(w), num(h), num(p.W), num(p.H), svgFonts)
	if p.Title != "" {
		b.WriteString("<title>")
		xml.EscapeText(&b, []byte(p.Title))
		b.WriteString("</title>\n")
	}
	fmt.Fprintf(&b, "<rect width=\"%s\" height=\"%s\" fill=\"#ffffff\"/>\n", num(p.W), num(p.H))
	for _, s := range p.Shapes {
		attrs := ""
		if s.Class != "" {
			attrs += fmt.Sprintf(" class=%q", s.Class)
		}
		if s.ID != "" {
			attrs += fmt.Sprintf(" id=%q", s.ID)
		}
		paint := fmt.Sprintf(" fill=%q", svgColor(s.Fill)) + opacity("fill", s.Fill)
		if s.Stroke != nil && s.Width > 0 {
			paint += fmt.Sprintf(" stroke=%q stroke-width=\"%s\"", svgColor(s.Stroke), num(s.Width)) + opacity("stroke", s.Stroke)
			if s.Dash {
				paint += " stroke-dasharray=\"4 3\""
			}
		}
		switch s.Kind {
		case picture.Rect:
			fmt.Fprintf(&b, "<rect%s x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\"%s/>\n",
				attrs, num(s.X), num(s.Y), num(s.W), num(s.H), num(s.R), paint)
		case picture.Circle:
			fmt.Fprintf(&b, "<circle%s cx=\"%s\" cy=\"%s\" r=\"%s\"%s/>\n", attrs, num(s.X), num(s.Y), num(s.R), paint)
		case picture.Line:
			fmt.Fprintf(&b, "<line%s x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"%s/>\n",
				attrs, num(s.X), num(s.Y), num(s.X2), num(s.Y2), paint)
		case picture.Polygon:
			pts := make([]string, len(s.Points))
			for i, pt := range s.Points {
				pts[i] = num(pt.X) + "," + num(pt.Y)
			}
			fmt.Fprintf(&b, "<polygon%s points=\"%s\"%s/>\n", attrs, strings.Join(pts, " "), paint)
		case picture.Text:
			anchor := [...]string{"start", "middle", "end"}[s.Anchor]
			weight := ""
			if s.Bold {
				weight = " font-weight=\"bold\""
			}
			fmt.Fprintf(&b, "<text%s x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"%s\"%s fill=%q>",
				attrs, num(s.X), num(baseline(s)), num(s.Size), anchor, weight, svgColor(s.Fill))
			xml.EscapeText(&b, []byte(s.Text))
			b.WriteString("</text>\n")
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// baseline returns the baseline of a text whose vertical middle is at s.Y: the
// middle of a capital letter of Liberation Sans is 0.36 of the size above it.
func baseline(s picture.Shape) float64 { return s.Y + 0.36*s.Size }

func num(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2f", v), ".00") }

// size returns the size p is rendered at, in points: W by H, or scaled to Width.
func size(p *picture.Picture) (w, h float64) {
	if p.Width <= 0 || p.W <= 0 {
		return p.W, p.H
	}
	return p.Width, p.H * p.Width / p.W
}

// svgColor writes c as #rrggbb (not premultiplied); nil is "none".
func svgColor(c color.Color) string {
	if c == nil {
		return "none"
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return fmt.Sprintf("#%02x%02x%02x", n.R, n.G, n.B)
}

// opacity returns the attribute that makes a translucent colour c translucent
// (fill-opacity or stroke-opacity), or nothing for an opaque one.
func opacity(what string, c color.Color) string {
	if c == nil {
		return ""
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	if n.A == 0xff {
		return ""
	}
	return fmt.Sprintf(" %s-opacity=\"%s\"", what, num(float64(n.A)/255))
}

var fontsOnce sync.Once

// face returns the Liberation Sans face of the given size and weight.
func face(size float64, bold bool) font.Face {
	fontsOnce.Do(func() { font.DefaultCache.Add(liberation.Collection()) })
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return font.DefaultCache.Lookup(f, vg.Points(size))
}

// PNG renders p as a PNG image at PNGDPI on a white background, p.Width
// points wide when it is set.
func PNG(p *picture.Picture) ([]byte, error) {
	w, h := size(p)
	c := vgimg.NewWith(vgimg.UseWH(vg.Points(w), vg.Points(h)), vgimg.UseDPI(PNGDPI),
		vgimg.UseBackgroundColor(color.White))
	c.Scale(w/p.W, h/p.H)
	// vg's y grows upwards: flip the picture's.
	pt := func(x, y float64) vg.Point { return vg.Point{X: vg.Points(x), Y: vg.Points(p.H - y)} }
	for _, s := range p.Shapes {
		var path vg.Path
		switch s.Kind {
		case picture.Rect:
			path = roundedRect(s, pt)
		case picture.Circle:
			path.Move(pt(s.X+s.R, s.Y))
			path.Arc(pt(s.X, s.Y), vg.Points(s.R), 0, 2*math.Pi)
			path.Close()
		case picture.Line:
			path.Move(pt(s.X, s.Y))
			path.Line(pt(s.X2, s.Y2))
		case picture.Polygon:
			for i, q := range s.Points {
				if i == 0 {
					path.Move(pt(q.X, q.Y))
				} else {
					path.Line(pt(q.X, q.Y))
				}
			}
			path.Close()
		case picture.Text:
			if s.Fill == nil || s.Text == "" {
				continue
			}
			f := face(s.Size, s.Bold)
			x := s.X
			switch s.Anchor {
			case picture.Middle:
				x -= f.Width(s.Text).Points() / 2
			case picture.End:
				x -= f.Width(s.Text).Points()
			}
			c.SetColor(s.Fill)
			c.FillString(f, pt(x, baseline(s)), s.Text)
			continue
		}
		if s.Fill != nil && s.Kind != picture.Line {
			c.SetColor(s.Fill)
			c.Fill(path)
		}
		if s.Stroke != nil && s.Width > 0 {
			c.SetColor(s.Stroke)
			c.SetLineWidth(vg.Points(s.Width))
			if s.Dash {
				c.SetLineDash([]vg.Length{4, 3}, 0)
			} else {
				c.SetLineDash(nil, 0)
			}
			c.Stroke(path)
		}
	}
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// roundedRect returns the outline of the box s, its corners approximated by short
// segments.
func roundedRect(s picture.Shape, pt func(x, y float64) vg.Point) vg.Path {
	var path vg.Path
	r := min(s.R, s.W/2, s.H/2)
	corners := [4][3]float64{ // centre of the corner's arc, start angle
		{s.X + s.W - r, s.Y + r, -math.Pi / 2},
		{s.X + s.W - r, s.Y + s.H - r, 0},
		{s.X + r, s.Y + s.H - r, math.Pi / 2},
		{s.X + r, s.Y + r, math.Pi},
	}
	const steps = 8
	first := true
	for _, c := range corners {
		for k := 0; k <= steps; k++ {
			a := c[2] + float64(k)*math.Pi/2/steps
			q := pt(c[0]+r*math.Cos(a), c[1]+r*math.Sin(a))
			if first {
				path.Move(q)
				first = false
			} else {
				path.Line(q)
			}
		}
	}
	path.Close()
	return path
}
