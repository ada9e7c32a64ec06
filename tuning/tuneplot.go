package tuning

// Line charts for tuning runs: loss curves and parameters over iterations.

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Series is one named line of a PlotSeries chart.
type Series struct {
	// Name labels the series in the legend; a chart whose series are all
	// unnamed has no legend.
	Name string
	// X are the x values of the points; nil means 0, 1, 2, ... (iterations).
	// Otherwise it must be as long as Y.
	X []float64
	// Y are the y values. NaN and infinite values are left out, breaking the
	// line there (for example, a held-out loss measured only now and then).
	Y []float64
}

// tunePlotDPI is the resolution at which PlotSeries lays out text and lines.
const tunePlotDPI = 96

// tunePalette holds 16 colours distinguishable on white: the ten of Tableau 10,
// then six darker ones. Series 11 to 16 are also dashed, and the palette repeats
// (with other dashes) beyond 16.
var tunePalette = []color.RGBA{
	{31, 119, 180, 255},  // blue
	{214, 39, 40, 255},   // red
	{44, 160, 44, 255},   // green
	{255, 127, 14, 255},  // orange
	{148, 103, 189, 255}, // purple
	{140, 86, 75, 255},   // brown
	{227, 119, 194, 255}, // pink
	{23, 190, 207, 255},  // cyan
	{127, 127, 127, 255}, // grey
	{188, 189, 34, 255},  // olive
	{57, 59, 121, 255},   // navy
	{132, 60, 57, 255},   // dark red
	{99, 121, 57, 255},   // dark green
	{140, 109, 49, 255},  // dark gold
	{123, 65, 115, 255},  // plum
	{0, 0, 0, 255},       // black
}

// tuneDashes returns the dash pattern of series i: solid for the first ten, then
// dashed, then other patterns as the palette repeats.
func tuneDashes(i int) []vg.Length {
	switch {
	case i < 10:
		return nil
	case i < len(tunePalette):
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case (i/len(tunePalette))%2 == 1:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	default:
		return []vg.Length{vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2)}
	}
}

// PlotSeries draws series as lines over their x values (by default the
// iterations 0, 1, 2, ...) and writes the chart as a width×height pixel PNG to
// w, with the title on top, axis labels, a light grid and, when any series is
// named, a legend to the right of the plot. Each series gets its own colour
// (and, past the tenth, a dash pattern), so up to 16 stay distinguishable. Use
// it for loss curves (training and held-out) and for parameters over SPSA
// iterations. Width and height of 0 mean 800 and 500.
//
// It returns an error for no series, a negative size or one too small for a
// chart (under 100 pixels), an X of the wrong length, or no finite point at all.
func PlotSeries(w io.Writer, title, xLabel, yLabel string, series []Series, width, height int) error {
	if len(series) == 0 {
		return errors.New("eval: plot: no series")
	}
	if width == 0 {
		width = 800
	}
	if height == 0 {
		height = 500
	}
	if width < 100 || height < 100 {
		return fmt.Errorf("eval: plot: size %d×%d is too small", width, height)
	}
	named, points := false, 0
	for i, s := range series {
		if s.X != nil && len(s.X) != len(s.Y) {
			return fmt.Errorf("eval: plot: series %d (%q) has %d x values for %d y values", i, s.Name, len(s.X), len(s.Y))
		}
		if s.Name != "" {
			named = true
		}
		for j, y := range s.Y {
			if tuneFinite(y) && (s.X == nil || tuneFinite(s.X[j])) {
				points++
			}
		}
	}
	if points == 0 {
		return errors.New("eval: plot: no finite points")
	}

	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.X.Tick.Marker = tuneTicks{n: max(3, width/110)}
	p.Y.Tick.Marker = tuneTicks{n: max(3, height/70)}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 215}
	grid.Horizontal.Color = color.Gray{Y: 215}
	p.Add(grid)

	legend := plot.NewLegend()
	legend.Left = true
	legend.Top = true
	legend.TextStyle.Font.Size = vg.Points(10)
	legend.ThumbnailWidth = vg.Points(24)
	legend.Padding = vg.Points(2.5)
	for i, s := range series {
		style := draw.LineStyle{
			Color:  tunePalette[i%len(tunePalette)],
			Width:  vg.Points(1.6),
			Dashes: tuneDashes(i),
		}
		// Split the series at non-finite values; isolated points get a dot.
		var seg plotter.XYs
		flush := func() error {
			switch len(seg) {
			case 0:
				return nil
			case 1:
				dot, err := plotter.NewScatter(seg)
				if err != nil {
					return err
				}
				dot.GlyphStyle = draw.GlyphStyle{Color: style.Color, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
				p.Add(dot)
			default:
				line, err := plotter.NewLine(seg)
				if err != nil {
					return err
				}
				line.LineStyle = style
				p.Add(line)
			}
			seg = nil
			return nil
		}
		for j, y := range s.Y {
			x := float64(j)
			if s.X != nil {
				x = s.X[j]
			}
			if !tuneFinite(x) || !tuneFinite(y) {
				if err := flush(); err != nil {
					return fmt.Errorf("eval: plot: series %q: %w", s.Name, err)
				}
				continue
			}
			seg = append(seg, plotter.XY{X: x, Y: y})
		}
		if err := flush(); err != nil {
			return fmt.Errorf("eval: plot: series %q: %w", s.Name, err)
		}
		if named {
			legend.Add(s.Name, &plotter.Line{LineStyle: style})
		}
	}
	tuneWidenFlat(p)

	img := image.NewRGBA(image.Rect(0, 0, width, height))
	c := vgimg.NewWith(vgimg.UseImage(img), vgimg.UseDPI(tunePlotDPI))
	dc := draw.New(c)
	margin := vg.Points(8)
	area := draw.Crop(dc, margin, -margin, margin, -margin)
	if named {
		// Fit the legend's entries into the height below the title, shrinking
		// the font if needed.
		titleH := p.Title.TextStyle.Rectangle(title).Size().Y + p.Title.Padding
		avail := area.Size().Y - titleH
		for legend.TextStyle.Font.Size > vg.Points(6) && legend.Rectangle(area).Size().Y > avail {
			legend.TextStyle.Font.Size -= vg.Points(0.5)
			legend.Padding = legend.TextStyle.Font.Size / 4
		}
		lw := legend.Rectangle(area).Size().X + vg.Points(4)
		if maxW := area.Size().X * 0.4; lw > maxW {
			lw = maxW // very long names: let them run to the edge
		}
		legendArea := draw.Crop(area, area.Size().X-lw, 0, 0, -titleH-vg.Points(4))
		p.Draw(draw.Crop(area, 0, -lw-vg.Points(10), 0, 0))
		legend.Draw(legendArea)
	} else {
		p.Draw(area)
	}
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(w); err != nil {
		return fmt.Errorf("eval: plot: writing PNG: %w", err)
	}
	return nil
}

// tuneFinite reports whether v is neither NaN nor infinite.
func tuneFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// tuneWidenFlat gives an axis whose data span no range (one point, or a
// constant series) a range around the value, so that the chart is readable.
func tuneWidenFlat(p *plot.Plot) {
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		if ax.Min == ax.Max {
			pad := math.Max(math.Abs(ax.Min)*0.1, 1)
			ax.Min -= pad
			ax.Max += pad
		}
	}
}

// tuneTicks places about n major ticks at round values (1, 2 or 5 times a power
// of ten apart), labelled with no more decimals than the step needs, and minor
// ticks between them.
type tuneTicks struct{ n int }

// Ticks implements plot.Ticker.
func (t tuneTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || !tuneFinite(lo) || !tuneFinite(hi) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	rough := (hi - lo) / float64(t.n)
	mag := math.Pow(10, math.Floor(math.Log10(rough)))
	step, minor := 10*mag, 5
	for _, m := range []struct {
		f float64
		n int
	}{{1, 5}, {2, 4}, {5, 5}} {
		if m.f*mag >= rough {
			step, minor = m.f*mag, m.n
			break
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	first := math.Ceil(lo/step-1e-9) * step
	for i := -1; ; i++ {
		v := first + float64(i)*step
		if v > hi+step*1e-9 {
			break
		}
		if i >= 0 {
			label := strconv.FormatFloat(v, 'f', decimals, 64)
			if math.Abs(v) < step*1e-9 {
				label = strconv.FormatFloat(0, 'f', decimals, 64) // not "-0"
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
		for j := 1; j < minor; j++ {
			if m := v + float64(j)*step/float64(minor); m >= lo && m <= hi {
				ticks = append(ticks, plot.Tick{Value: m})
			}
		}
	}
	return ticks
}
