package report

import (
	"cmp"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/colony-ai/colony/stats"
)

// plotDPI is the resolution at which PlotRatings lays out text and lines.
const plotDPI = 96

// PlotRatings draws the ratings as a PNG chart: one row per player (sorted by rating, best on top),
// a point at the Elo with a horizontal bar for its interval, player names on the axis, a vertical
// line at 0, the title on top; width and height in pixels (use sane defaults for 0). The
// intervals are labelled as bootstrap intervals (see PlotRatingsWith for others).
//
// Each row is also labelled with its Elo and interval when the rows are tall
// enough (about 26 pixels) for the labels not to crowd them. The defaults are
// 800 pixels wide and 100 + 34 per player high. It returns an error for no
// ratings, a negative size, or a rating that is not a number (NaN); an infinite Elo
// or interval end (a perfect score) is drawn at the edge of the chart, marked by an
// arrow head, and labelled +inf or -inf.
func PlotRatings(w io.Writer, title string, ratings []stats.Rating, width, height int) error {
	return PlotRatingsWith(w, PlotOptions{Title: title, Interval: "95% bootstrap interval", Width: width, Height: height}, ratings)
}

// PlotOptions are the settings of PlotRatingsWith.
type PlotOptions struct {
	// Title is the chart's title; Interval names the intervals the bars show, in the
	// axis label ("95% bootstrap interval").
	Title, Interval string
	// Width and Height are the size in pixels (0: PlotRatings's defaults).
	Width, Height int
}

// PlotRatingsWith is PlotRatings with its settings, the name of the intervals among
// them.
func PlotRatingsWith(w io.Writer, opts PlotOptions, ratings []stats.Rating) error {
	title, width, height := opts.Title, opts.Width, opts.Height
	if len(ratings) == 0 {
		return errors.New("tournament: plot ratings: no ratings")
	}
	if width < 0 || height < 0 {
		return fmt.Errorf("tournament: plot ratings: negative size %d×%d", width, height)
	}
	for _, r := range ratings {
		for _, v := range []float64{r.Elo, r.Low, r.High} {
			if math.IsNaN(v) {
				return fmt.Errorf("tournament: plot ratings: player %q has rating %v", r.Name, v)
			}
		}
	}
	n := len(ratings)
	if width == 0 {
		width = 800
	}
	if height == 0 {
		height = 100 + 34*n
	}

	sorted := slices.Clone(ratings)
	slices.SortStableFunc(sorted, func(a, b stats.Rating) int { return cmp.Compare(b.Elo, a.Elo) })

	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "Elo (point: fit, bar: " + opts.Interval + ")"
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	ticks := make(plot.ConstantTicks, n)
	pts := make(plotter.XYs, n)
	errs := make(plotter.XErrors, n)
	labels := make([]string, n)
	// The axis spans the finite values (and 0); an infinite value is drawn at its edge.
	lo, hi := 0.0, 0.0
	for _, r := range sorted {
		for _, v := range []float64{r.Elo, r.Low, r.High} {
			if !math.IsInf(v, 0) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if lo == hi {
		lo, hi = -100, 100 // nothing finite but 0
	}
	pad := math.Max(5, 0.05*(hi-lo))
	p.X.Min, p.X.Max = lo-pad, hi+pad
	clip := func(v float64) float64 { return math.Max(p.X.Min, math.Min(p.X.Max, v)) }
	var ends plotter.XYs // the interval ends that are infinite, drawn as arrow heads
	var endsRight []bool
	for k, r := range sorted {
		y := float64(n - 1 - k)
		ticks[k] = plot.Tick{Value: y, Label: r.Name}
		elo, low, high := clip(r.Elo), clip(r.Low), clip(r.High)
		pts[k] = plotter.XY{X: elo, Y: y}
		errs[k].Low = math.Max(0, elo-low)
		errs[k].High = math.Max(0, high-elo)
		labels[k] = fmt.Sprintf("%s [%s, %s]", signedElo(r.Elo), signedElo(r.Low), signedElo(r.High))
		for _, v := range []float64{r.Low, r.High} {
			if math.IsInf(v, 0) {
				ends = append(ends, plotter.XY{X: clip(v), Y: y})
				endsRight = append(endsRight, v > 0)
			}
		}
	}
	p.Y.Tick.Marker = ticks
	p.Y.Tick.Label.Font.Size = vg.Points(11)
	p.X.Tick.Marker = integerTicks{}

	grid := plotter.NewGrid()
	grid.Horizontal.Width = 0
	grid.Vertical.Color = color.Gray{Y: 225}
	p.Add(grid)

	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: p.Y.Min}, {X: 0, Y: p.Y.Max}})
	if err != nil {
		return fmt.Errorf("tournament: plot ratings: zero line: %w", err)
	}
	zero.Color = color.Gray{Y: 110}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(zero)

	bars, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{pts, errs})
	if err != nil {
		return fmt.Errorf("tournament: plot ratings: interval bars: %w", err)
	}
	barColor := color.RGBA{R: 31, G: 87, B: 158, A: 255}
	bars.Color = barColor
	bars.Width = vg.Points(2)
	bars.CapWidth = vg.Points(10)
	p.Add(bars)

	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return fmt.Errorf("tournament: plot ratings: points: %w", err)
	}
	dots.Shape = draw.CircleGlyph{}
	dots.Radius = vg.Points(4)
	dots.Color = color.RGBA{R: 200, G: 60, B: 30, A: 255}
	p.Add(dots)
	if len(ends) > 0 {
		heads, err := plotter.NewScatter(ends)
		if err != nil {
			return fmt.Errorf("tournament: plot ratings: infinite ends: %w", err)
		}
		heads.GlyphStyleFunc = func(i int) draw.GlyphStyle {
			shape := draw.GlyphDrawer(arrowGlyph{right: endsRight[i]})
			return draw.GlyphStyle{Color: barColor, Radius: vg.Points(6), Shape: shape}
		}
		p.Add(heads)
	}

	// The value labels sit just above each bar, centred on the point, when the
	// rows (the height less about 90 pixels of title and axis) have room.
	if float64(height-90)/float64(n) < 26 {
		return writePNG(w, p, width, height)
	}
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: pts, Labels: labels})
	if err != nil {
		return fmt.Errorf("tournament: plot ratings: labels: %w", err)
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].Font.Size = vg.Points(9)
		lab.TextStyle[i].Color = color.Gray{Y: 60}
		lab.TextStyle[i].XAlign = draw.XCenter
		lab.TextStyle[i].YAlign = draw.YBottom
	}
	lab.Offset = vg.Point{Y: vg.Points(6)}
	p.Add(boxedLabels{lab})

	return writePNG(w, p, width, height)
}

// writePNG draws p as a width×height pixel PNG to w.
func writePNG(w io.Writer, p *plot.Plot, width, height int) error {
	c := vgimg.NewWith(
		vgimg.UseWH(vg.Length(width)*vg.Inch/plotDPI, vg.Length(height)*vg.Inch/plotDPI),
		vgimg.UseDPI(plotDPI),
	)
	margin := vg.Points(6)
	p.Draw(draw.Crop(draw.New(c), margin, -margin, margin/2, -margin/2))
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(w); err != nil {
		return fmt.Errorf("tournament: plot ratings: writing PNG: %w", err)
	}
	return nil
}

// integerTicks is plot.DefaultTicks with labels printed as whole numbers.
type integerTicks struct{}

// Ticks returns the default ticks for [lo, hi], relabelled.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" {
			v := math.Round(t.Value)
			if v == 0 {
				v = 0 // not -0
			}
			ticks[i].Label = fmt.Sprintf("%.0f", v)
		}
	}
	return ticks
}

// boxedLabels draws labels on a white box, so that lines behind them do not
// cross the text.
type boxedLabels struct{ *plotter.Labels }

// Plot implements plot.Plotter.
func (l boxedLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pad := vg.Points(1.5)
	for i, label := range l.Labels.Labels {
		pt := vg.Point{X: trX(l.XYs[i].X), Y: trY(l.XYs[i].Y)}
		if !c.Contains(pt) {
			continue
		}
		pt = pt.Add(l.Offset)
		r := l.TextStyle[i].Rectangle(label).Add(pt)
		c.FillPolygon(color.White, []vg.Point{
			{X: r.Min.X - pad, Y: r.Min.Y}, {X: r.Max.X + pad, Y: r.Min.Y},
			{X: r.Max.X + pad, Y: r.Max.Y}, {X: r.Min.X - pad, Y: r.Max.Y},
		})
		c.FillText(l.TextStyle[i], pt, label)
	}
}

// arrowGlyph is a triangle pointing right (or left): the end of an interval that
// goes on to infinity.
type arrowGlyph struct{ right bool }

// DrawGlyph implements draw.GlyphDrawer.
func (a arrowGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	dir := vg.Length(1)
	if !a.right {
		dir = -1
	}
	c.FillPolygon(sty.Color, []vg.Point{
		{X: pt.X + dir*r, Y: pt.Y},
		{X: pt.X - dir*r/2, Y: pt.Y + r},
		{X: pt.X - dir*r/2, Y: pt.Y - r},
	})
}

// signedElo formats an Elo value as a signed whole number, without "-0", or as
// +inf or -inf.
func signedElo(x float64) string {
	if math.IsInf(x, 0) {
		if x > 0 {
			return "+inf"
		}
		return "-inf"
	}
	v := math.Round(x)
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", v)
}
