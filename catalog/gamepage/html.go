package gamepage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/tournament"
)

// HTML replays the record in g and returns the page (see Page.HTML).
func HTML(g catalog.Ruleset, rec *tournament.Record) ([]byte, error) {
	p, err := New(g, rec)
	if err != nil {
		return nil, err
	}
	return p.HTML()
}

// HTML writes the page: one self-contained HTML document (no network: the boards,
// the style, the script and the data inline). It shows one position at a time:
// the buttons and the keys Left and Right, Home and End step through the game. The
// fragment #move=K opens it at position K. Every board has its places (the shapes
// with ids in the game's picture) marked by data-place attributes rather than ids,
// so that the page's ids stay unique; the board of position k outlines the places
// turn k changed and draws the path of its sowings.
func (p *Page) HTML() ([]byte, error) {
	data, err := json.Marshal(&p.Data)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	title := html.EscapeString(p.Data.Title)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", title, pageStyle)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", title)
	b.WriteString(`<div id="controls"><button id="first" title="Home">&#xAB; first</button> <button id="prev" title="Left arrow">&#x25C0; previous</button> <button id="next" title="Right arrow">next &#x25B6;</button> <button id="last" title="End">last &#xBB;</button> <span id="where">position <b id="pos">0</b> of <b id="count">0</b></span></div>` + "\n")
	b.WriteString(`<div id="main"><div id="boards">` + "\n")
	for k, svg := range p.Boards {
		hidden := " hidden"
		if k == 0 {
			hidden = ""
		}
		fmt.Fprintf(&b, "<div class=\"board\" id=\"board-%d\"%s>\n", k, hidden)
		b.Write(svg)
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n<div id=\"side\">\n")
	b.WriteString(`<p id="last-turn"></p>` + "\n" + `<p id="path"></p>` + "\n" + `<p id="turn"></p>` + "\n" + `<p id="info"></p>` + "\n" + `<p id="result"></p>` + "\n")
	b.WriteString(p.graph())
	b.WriteString("</div></div>\n")
	b.WriteString(`<p class="help">On the board: the red line is the sowing of the last turn, from the dashed ring where it picked up, each drop numbered in order; blue dashes are captures; red outlines mark the places the turn changed. Keys: Left and Right step, Home and End go to the first and last position. Open the page with #move=K for position K.</p>` + "\n")
	fmt.Fprintf(&b, "<script type=\"application/json\" id=\"data\">%s</script>\n", data)
	fmt.Fprintf(&b, "<script>%s</script>\n</body>\n</html>\n", pageScript)
	return b.Bytes(), nil
}

// The graph's size and margins, in its own units.
const (
	graphW, graphH = 440.0, 180.0
	graphM         = 24.0
)

// graphX is the x of the turn from position k of n turns.
func graphX(k, n int) float64 {
	if n <= 1 {
		return graphM
	}
	return graphM + float64(k)*(graphW-2*graphM)/float64(n-1)
}

// graph draws the scores of the turns (the first player's view, in points) as an
// SVG polyline, with a marker the script moves to the current position.
func (p *Page) graph() string {
	ts := p.Data.Turns
	lim := 1.0
	for _, t := range ts {
		lim = max(lim, math.Abs(t.Value))
	}
	y := func(v float64) float64 { return graphH/2 - v/lim*(graphH/2-graphM) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\">\n", graphW, graphH, graphW, graphH)
	fmt.Fprintf(&b, "<title>scores</title>\n<rect width=\"%g\" height=\"%g\" fill=\"#fbf8f2\" stroke=\"#ccc\"/>\n", graphW, graphH)
	fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#aaa\" stroke-dasharray=\"3 3\"/>\n", graphM, graphH/2, graphW-graphM, graphH/2)
	fmt.Fprintf(&b, "<text x=\"4\" y=\"14\" font-size=\"11\" fill=\"#555\">+%.4g</text><text x=\"4\" y=\"%g\" font-size=\"11\" fill=\"#555\">-%.4g</text>\n", lim, graphH-6, lim)
	var pts []string
	for k, t := range ts {
		if t.Info {
			pts = append(pts, fmt.Sprintf("%.2f,%.2f", graphX(k, len(ts)), y(t.Value)))
		}
	}
	fmt.Fprintf(&b, "<polyline points=\"%s\" fill=\"none\" stroke=\"#999\" stroke-width=\"1.5\"/>\n", strings.Join(pts, " "))
	for k, t := range ts {
		if t.Info {
			cls := "first"
			if p.moverIsSecond(k) {
				cls = "second"
			}
			fmt.Fprintf(&b, "<circle class=\"%s\" cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/>\n", cls, graphX(k, len(ts)), y(t.Value))
		}
	}
	fmt.Fprintf(&b, "<line id=\"graph-mark\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#d62728\" stroke-width=\"2\"/>\n", graphM, graphM/2, graphM, graphH-graphM/2)
	b.WriteString("</svg>\n")
	fmt.Fprintf(&b, "<p class=\"caption\">The movers' scores, from the first player's view (%s up), in points (dots: %s's moves blue, %s's orange); wins and losses at the edges.</p>\n", html.EscapeString(p.firstSide()), html.EscapeString(p.Data.Sides[0]), html.EscapeString(p.Data.Sides[1]))
	return b.String()
}

func (p *Page) firstSide() string        { return p.Data.Sides[0] }
func (p *Page) moverIsSecond(k int) bool { return p.Data.Turns[k].Side == p.Data.Sides[1] }
