package gamepage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/internal/pagescript"
	"github.com/colony-ai/colony/record"
)

// HTML replays the record in g and returns the page (see Page.HTML).
func HTML(g catalog.Ruleset, rec *record.Record) ([]byte, error) {
	p, err := New(g, rec)
	if err != nil {
		return nil, err
	}
	return p.HTML()
}

// FileHTML is HTML for a record of a games file, whose header's openings say how
// the game began (Page.SetOpenings).
func FileHTML(g catalog.Ruleset, gf *record.GamesFile, rec *record.Record) ([]byte, error) {
	p, err := New(g, rec)
	if err != nil {
		return nil, err
	}
	p.SetOpenings(gf.Header.Openings)
	return p.HTML()
}

// HTML writes the page: one self-contained HTML document (no network: the board,
// the style, the script and the data inline). It shows one position at a time on
// one board, which the script redraws from the data (Data.Base and Data.Edits):
// the buttons, the keys Left and Right, Home and End, the move list and the
// points of the graph step through the positions, and the URL's fragment follows
// (#move=K opens position K; the browser's back and forward step back). The board
// has its places (the shapes with ids in the game's picture) marked by data-place
// attributes rather than ids, so that the page's ids stay unique; the board of
// position k outlines the places turn k changed and draws turn k.
func (p *Page) HTML() ([]byte, error) {
	// The data's SVG lines keep their < and > (no \u003c): a script element
	// ends only at "</", which is written "<\/" (the same string in JSON).
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&p.Data); err != nil {
		return nil, err
	}
	data := bytes.ReplaceAll(bytes.TrimSuffix(js.Bytes(), []byte("\n")), []byte("</"), []byte(`<\/`))
	var b bytes.Buffer
	title := html.EscapeString(p.Data.Title)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", title, pageStyle)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", title)
	b.WriteString(`<div id="controls"><button id="first" title="Home">&#xAB; first</button> <button id="prev" title="Left arrow">&#x25C0; previous</button> <button id="next" title="Right arrow">next &#x25B6;</button> <button id="last" title="End">last &#xBB;</button> <span id="where">position <b id="pos">0</b> of <b id="count">0</b></span></div>` + "\n")
	b.WriteString(`<div id="main"><div id="boards"><div class="board" id="board">` + "\n")
	b.Write(p.Boards[0])
	b.WriteString("</div>\n</div>\n<div id=\"side\">\n")
	b.WriteString(`<p id="opening"></p>` + "\n" + `<p id="last-turn"></p>` + "\n" + `<p id="path"></p>` + "\n" + `<p id="turn"></p>` + "\n" + `<p id="info"></p>` + "\n" + `<p id="result"></p>` + "\n")
	b.WriteString(Graph(p.Data.Turns, p.Data.Numbers, p.Data.Sides))
	b.WriteString(`<h2>Moves</h2>` + "\n" + `<ol id="moves"></ol>` + "\n")
	b.WriteString("</div></div>\n")
	b.WriteString(`<p class="help">On the board: the red line is the sowing of the last turn, from the dashed ring where it picked up, each drop numbered in order; blue dashes are captures, a blue +1 a last egg captured where it arrived (its store outlined); a violet dashed ring is an ant placed, a violet arrow an ant's move; red outlines mark the places the turn changed. Turns are numbered as the game counts them (the board's title). Keys: Left and Right step, Home and End go to the first and last position; click a move or a point of the graph to go there. The address ends in #move=K for position K: open it so, and the browser's back goes back.</p>` + "\n")
	fmt.Fprintf(&b, "<script type=\"application/json\" id=\"data\">%s</script>\n", data)
	// One module script: the replay module shared with the web page's Watch view,
	// then the page's own script, which calls its functions.
	fmt.Fprintf(&b, "<script type=\"module\">\n%s%s</script>\n</body>\n</html>\n", pagescript.Replay, pageScript)
	return b.Bytes(), nil
}

// The graph's size and margins, in its own units.
const (
	graphW, graphH = 440.0, 180.0
	graphM         = 24.0
	graphL         = 44.0 // the left margin, for the value axis
	graphFoot      = 18.0 // under the graph, for the turn axis
)

// graphX is the x of the turn from position k of n turns.
func graphX(k, n int) float64 {
	if n <= 1 {
		return graphL + graphM
	}
	return graphL + graphM + float64(k)*(graphW-graphL-2*graphM)/float64(n-1)
}

// GraphMarks returns the x of each position's marker on the graph of n turns'
// scores (n+1 positions): position k's stands on the turn that led to it (the one
// drawn on its board), the opening's at the graph's left edge.
func GraphMarks(n int) []float64 {
	marks := []float64{graphL + graphM/2}
	for k := 1; k <= n; k++ {
		marks = append(marks, graphX(k-1, n))
	}
	return marks
}

// Graph draws the scores of the turns (Turns; numbers[k] is turn k's number,
// sides the sides' names, the first player's first) (the first player's view, in points): each
// side's moves as a line and dots of its colour (the first player's blue, the
// second's orange, as the legend says), the axes labelled (the turn numbers, the
// points), a marker (id graph-mark) the script moves to the current position
// (GraphMarks), and a caption. Every dot is a link to the position its turn led
// to (data-k). The export page and the web page's Watch view both show it.
func Graph(ts []Turn, numbers []int, sides [2]string) string {
	lim := 1.0
	for _, t := range ts {
		lim = max(lim, math.Abs(t.Value))
	}
	y := func(v float64) float64 { return graphH/2 - v/lim*(graphH/2-graphM) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"graph\" id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\" font-family=\"Liberation Sans, Arial, sans-serif\">\n", graphW, graphH+graphFoot, graphW, graphH+graphFoot)
	fmt.Fprintf(&b, "<title>scores</title>\n<rect x=\"%g\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#fbf8f2\" stroke=\"#ccc\"/>\n", graphL, graphW-graphL, graphH)
	fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#aaa\" stroke-dasharray=\"3 3\"/>\n", graphL, graphH/2, graphW-graphM, graphH/2)
	// The value axis: the limits and 0, the sides' names at the ends they lead.
	for _, v := range []float64{lim, 0, -lim} {
		fmt.Fprintf(&b, "<text class=\"axis\" x=\"%g\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" fill=\"#555\">%+.3g</text>\n", graphL-3, y(v)+3.5, v)
	}
	fmt.Fprintf(&b, "<text class=\"side first\" x=\"%g\" y=\"13\" font-size=\"11\" font-weight=\"bold\">%s ahead</text>\n", graphL+6, html.EscapeString(sides[0]))
	fmt.Fprintf(&b, "<text class=\"side second\" x=\"%g\" y=\"%g\" font-size=\"11\" font-weight=\"bold\">%s ahead</text>\n", graphL+6, graphH-6, html.EscapeString(sides[1]))
	fmt.Fprintf(&b, "<text class=\"axis\" x=\"10\" y=\"%g\" font-size=\"10\" fill=\"#555\" transform=\"rotate(-90 10 %g)\" text-anchor=\"middle\">score (points)</text>\n", graphH/2, graphH/2)
	// The turn axis: the first and the last turn's numbers, and its name.
	if n := len(ts); n > 0 {
		for _, k := range []int{0, n - 1} {
			fmt.Fprintf(&b, "<text class=\"axis\" x=\"%.1f\" y=\"%g\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">%d</text>\n", graphX(k, n), graphH+12, numbers[k])
		}
		fmt.Fprintf(&b, "<text class=\"axis\" x=\"%g\" y=\"%g\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">turn</text>\n", (graphL+graphW)/2, graphH+12)
	}
	for side, cls := range [2]string{"first", "second"} {
		var pts []string
		for k, t := range ts {
			if t.Info && ts[k].Side == sides[1] == (side == 1) {
				pts = append(pts, fmt.Sprintf("%.2f,%.2f", graphX(k, len(ts)), y(t.Value)))
			}
		}
		fmt.Fprintf(&b, "<polyline class=\"%s\" points=\"%s\" fill=\"none\" stroke-width=\"1.5\"/>\n", cls, strings.Join(pts, " "))
	}
	for k, t := range ts {
		if t.Info {
			cls := "first"
			if ts[k].Side == sides[1] {
				cls = "second"
			}
			fmt.Fprintf(&b, "<circle class=\"%s\" data-k=\"%d\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\"><title>turn %d: %s %s, %s</title></circle>\n", cls, k+1, graphX(k, len(ts)), y(t.Value), numbers[k], html.EscapeString(t.Side), html.EscapeString(t.Move), html.EscapeString(t.Score))
		}
	}
	fmt.Fprintf(&b, "<line id=\"graph-mark\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#d62728\" stroke-width=\"2\" pointer-events=\"none\"/>\n", graphM, graphM/2, graphM, graphH-graphM/2)
	b.WriteString("</svg>\n")
	fmt.Fprintf(&b, "<p class=\"caption\">The movers' scores in points, from the first player's view (%s up): <span class=\"first\">&#x25CF; %s's moves</span>, <span class=\"second\">&#x25CF; %s's moves</span>; wins and losses at the edges. Click a point for the position its turn led to.</p>\n", html.EscapeString(sides[0]), html.EscapeString(sides[0]), html.EscapeString(sides[1]))
	return b.String()
}
