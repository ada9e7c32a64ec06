package gamepage

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"
)

// PlaceName returns how the page names a place of a picture in words: the id
// without its "log-" or "pit-" prefix ("B4", "south-c"), a store as "store S".
func PlaceName(id string) string {
	switch {
	case strings.HasPrefix(id, "log-"), strings.HasPrefix(id, "pit-"):
		return id[4:]
	case strings.HasPrefix(id, "store-"):
		return "store " + id[6:]
	}
	return id
}

// PathText writes a turn's steps in words: each lap as the place it starts from
// and the places sown in order ("from A3: A2, A1; on from A1: B1, C1"), each take as
// "south-c taken to store S". No steps: the empty string. A path of more than
// maxTextParts laps and takes is cut there and ends with the number of laps and
// drops in all.
func PathText(steps []game.TraceStep) string {
	var parts, sown []string
	head, laps := "", 0
	endLap := func() {
		seg := strings.TrimSpace(head + " " + strings.Join(sown, ", "))
		if seg != "" {
			parts = append(parts, seg)
		}
		head, sown = "", nil
	}
	for _, st := range steps {
		switch st.Kind {
		case game.Lift:
			endLap()
			head = "from " + PlaceName(st.Place) + ":"
			if laps > 0 {
				head = "on " + head
			}
			laps++
		case game.Sow:
			sown = append(sown, PlaceName(st.Place))
		case game.Take:
			endLap()
			parts = append(parts, PlaceName(st.Place)+" taken to "+PlaceName(st.To))
		}
	}
	endLap()
	if len(parts) > maxTextParts {
		drops := 0
		for _, st := range steps {
			if st.Kind == game.Sow {
				drops++
			}
		}
		parts = append(parts[:maxTextParts], fmt.Sprintf("and so on: %d laps and %d drops in all", laps, drops))
	}
	return strings.Join(parts, "; ")
}

// The longest paths drawn and written out: Ayo's relays may go on for thousands of
// laps (up to its relay cap), and a page must stay readable and small.
const (
	maxTextParts  = 24  // laps and takes written out by PathText
	maxDrawnSteps = 300 // steps drawn by drawPath
)

// The path's colours (the sowing's and the takes'), and how far below a place's
// centre it runs.
const (
	pathColor = "#d62728"
	takeColor = "#1f5fbf"
	pathDrop  = 13.0
)

// drawPath draws the steps over a board whose places' shapes are centred at
// centres, as SVG elements of one group of class "path": a line from place to place
// in the order the pieces were sown, with an arrowhead on every leg and the
// number of every drop by its place ("3" or "3,16" for a place sown twice); a
// dashed ring on every place lifted; a dashed line with an arrowhead for every take.
// Only the first maxDrawnSteps steps are drawn.
func drawPath(steps []game.TraceStep, centres map[string]point) (string, error) {
	if len(steps) == 0 {
		return "", nil
	}
	steps = steps[:min(len(steps), maxDrawnSteps)] // the text says how it goes on
	// The line runs below the places' centres, clear of the numbers drawn there.
	at := func(id string) (point, error) {
		c, ok := centres[id]
		if !ok {
			return point{}, fmt.Errorf("the path names %q, which the picture has no place of", id)
		}
		return point{c.x, c.y + pathDrop}, nil
	}
	var b strings.Builder
	b.WriteString(`<g class="path" pointer-events="none">` + "\n")
	var legs []point // the sowing's line, lift to sow to sow
	drops := map[string][]int{}
	var order []string
	n := 0
	flush := func() {
		if len(legs) > 1 {
			var pts []string
			for _, q := range legs {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", q.x, q.y))
			}
			fmt.Fprintf(&b, `<polyline class="path-line" points="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-opacity="0.7" stroke-linejoin="round"/>`+"\n", strings.Join(pts, " "), pathColor)
			for i := 1; i < len(legs); i++ {
				b.WriteString(arrowHead(legs[i-1], legs[i], 0.6, pathColor))
			}
		}
		legs = legs[:0]
	}
	for _, st := range steps {
		c, err := at(st.Place)
		if err != nil {
			return "", err
		}
		switch st.Kind {
		case game.Lift:
			flush()
			legs = append(legs, c)
			fmt.Fprintf(&b, `<circle class="path-lift" cx="%.1f" cy="%.1f" r="6" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="3 2"/>`+"\n", c.x, c.y, pathColor)
		case game.Sow:
			if len(legs) == 0 || legs[len(legs)-1] != c {
				legs = append(legs, c)
			}
			n++
			if len(drops[st.Place]) == 0 {
				order = append(order, st.Place)
			}
			drops[st.Place] = append(drops[st.Place], n)
		case game.Take:
			flush()
			to, err := at(st.To)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, `<line class="path-take" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="5 3" stroke-opacity="0.8"/>`+"\n", c.x, c.y, to.x, to.y, takeColor)
			b.WriteString(arrowHead(c, to, 0.85, takeColor))
		}
	}
	flush()
	for _, id := range order {
		c := centres[id]
		var nums []string
		for _, k := range drops[id] {
			nums = append(nums, strconv.Itoa(k))
		}
		text := strings.Join(nums, ",")
		if len(nums) > 3 {
			text = nums[0] + ",…," + nums[len(nums)-1]
		}
		w := 6.0 + 5.6*float64(len([]rune(text)))
		x, y := c.x+10, c.y-22
		fmt.Fprintf(&b, `<rect class="path-drop" x="%.1f" y="%.1f" width="%.1f" height="13" rx="6.5" fill="%s" fill-opacity="0.9"/>`+"\n", x, y, w, pathColor)
		fmt.Fprintf(&b, `<text class="path-drop" x="%.1f" y="%.1f" font-size="10" font-weight="bold" text-anchor="middle" fill="#ffffff">%s</text>`+"\n", x+w/2, y+10, text)
	}
	b.WriteString("</g>\n")
	return b.String(), nil
}

// arrowHead draws an arrowhead on the line from a to b, at the fraction t of its
// length, pointing from a to b.
func arrowHead(a, b point, t float64, color string) string {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return ""
	}
	ux, uy := dx/l, dy/l
	tip := point{a.x + dx*t + ux*4, a.y + dy*t + uy*4}
	base := point{tip.x - ux*9, tip.y - uy*9}
	return fmt.Sprintf(`<polygon class="path-arrow" points="%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="%s"/>`+"\n",
		tip.x, tip.y, base.x-uy*4.5, base.y+ux*4.5, base.x+uy*4.5, base.y-ux*4.5, color)
}

// insertBeforeEnd inserts the SVG elements x before the closing tag of svg.
func insertBeforeEnd(svg []byte, x string) []byte {
	i := bytes.LastIndex(svg, []byte("</svg>"))
	if i < 0 || x == "" {
		return svg
	}
	out := make([]byte, 0, len(svg)+len(x))
	out = append(out, svg[:i]...)
	out = append(out, x...)
	return append(out, svg[i:]...)
}
