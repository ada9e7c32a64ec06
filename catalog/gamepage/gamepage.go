// Package gamepage replays a recorded tournament game (a record of a games file) and
// builds one self-contained HTML page of it: the board of every position (the game's
// SVG pictures, inline), buttons and arrow keys to step through them, the turn
// played from each position with what the mover's search recorded, the places the
// last turn changed highlighted on the board, and a graph of the scores.
package gamepage

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// Replay plays the record's turns from its opening, checking each: positions[k] is
// the position after k turns (positions[0] the opening) and movers[k] the side (0 or
// 1) that played turn k+1.
func Replay(g catalog.Ruleset, rec *tournament.Record) (positions []string, movers []int, err error) {
	pos, err := g.Position(rec.Opening)
	if err != nil {
		return nil, nil, fmt.Errorf("the opening is not a position of %s: %w", g.Name(), err)
	}
	positions = []string{pos}
	for i, t := range rec.Moves {
		st, err := g.Standing(pos)
		if err != nil {
			return nil, nil, err
		}
		next, _, err := g.Play(pos, []string{t})
		if err != nil {
			return nil, nil, fmt.Errorf("turn %d %q is not a legal turn of %s: %w", i+1, t, g.Name(), err)
		}
		movers = append(movers, st.ToMove)
		positions = append(positions, next)
		pos = next
	}
	return positions, movers, nil
}

// Turn is one turn of the page's data: the turn played from position k.
type Turn struct {
	Move   string `json:"move"`
	Side   string `json:"side"`
	Player string `json:"player"`
	// Score is the mover's score as text (ScoreText); Info is false when the record
	// has no figures for the move.
	Score  string  `json:"score"`
	Depth  int64   `json:"depth"`
	Nodes  int64   `json:"nodes"`
	Micros int64   `json:"micros"`
	Info   bool    `json:"info"`
	Value  float64 `json:"value"` // the score in points, the first player's view (the graph's)
}

// Data is what the page embeds (as JSON) besides the boards.
type Data struct {
	Title string `json:"title"`
	// Turns[k] is the turn played from position k (len(Turns) positions have a turn;
	// the last position, len(Turns), has none).
	Turns []Turn `json:"turns"`
	// Changed[k], for k ≥ 1, are the places whose drawing turn k changed: the
	// ids of their shapes in the game's picture (the boards' data-place
	// attributes). Changed[0] is empty.
	Changed [][]string `json:"changed"`
	// Paths[k], for k ≥ 1, is the path of turn k's sowings in words ("from A3: A2,
	// A1; on from A1: B1, C1"), drawn on the board of position k too; empty for a
	// turn that sows nothing and for a game that does not trace its sowings.
	Paths  []string `json:"paths"`
	Result string   `json:"result"`
	Reason string   `json:"reason"`
	// Sides are the sides' names, the first player's first; Marks[k] is the x of
	// position k's marker on the graph of the scores.
	Sides [2]string `json:"sides"`
	Marks []float64 `json:"marks"`
}

// Page is a replayed record: the positions, their pictures and the page's data.
type Page struct {
	Positions []string
	Boards    [][]byte // the SVG of each position, without its XML declaration
	Data      Data
}

// New replays the record in g and draws every position.
func New(g catalog.Ruleset, rec *tournament.Record) (*Page, error) {
	positions, movers, err := Replay(g, rec)
	if err != nil {
		return nil, err
	}
	p := &Page{Positions: positions}
	sides := g.Sides()
	var scales [2]int
	for s := range 2 {
		scales[s] = catalog.ScoreScale(g, rec.Specs[s])
	}
	var regions []map[string]string
	var order [][]string
	var centres []map[string]point
	for k, pos := range positions {
		svg, err := g.SVG(pos)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		if i := bytes.Index(svg, []byte("<svg")); i > 0 {
			svg = svg[i:]
		}
		p.Boards = append(p.Boards, svg)
		ids, content, c, err := places(svg)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		order = append(order, ids)
		regions = append(regions, content)
		centres = append(centres, c)
	}
	d := &p.Data
	d.Title = fmt.Sprintf("%s: game %d, %s (%s) - %s (%s)", g.Name(), rec.Index, rec.Players[0], sides[0], rec.Players[1], sides[1])
	d.Changed = [][]string{{}}
	d.Paths = []string{""}
	for k := 1; k < len(positions); k++ {
		changed := []string{}
		for i, id := range order[k] {
			key := regionKey(id, i, order[k])
			if regions[k][key] != regions[k-1][key] {
				changed = append(changed, id)
			}
		}
		d.Changed = append(d.Changed, changed)
		steps, err := g.Trace(positions[k-1], rec.Moves[k-1])
		switch {
		case errors.Is(err, catalog.ErrNoTrace):
			steps = nil
		case err != nil:
			return nil, fmt.Errorf("turn %d: %w", k, err)
		}
		d.Paths = append(d.Paths, PathText(steps))
		overlay, err := drawPath(steps, centres[k])
		if err != nil {
			return nil, fmt.Errorf("turn %d: %w", k, err)
		}
		p.Boards[k] = insertBeforeEnd(p.Boards[k], overlay)
	}
	for k := range p.Boards {
		p.Boards[k] = bytes.ReplaceAll(p.Boards[k], []byte(` id="`), []byte(` data-place="`))
	}
	for k, m := range rec.Moves {
		t := Turn{Move: m, Side: sides[movers[k]], Player: rec.Players[movers[k]]}
		if k < len(rec.Info) {
			in := rec.Info[k]
			t.Info, t.Depth, t.Nodes, t.Micros = true, in.Depth, in.Nodes, in.Micros
			t.Score = catalog.ScoreText(int(in.Score), scales[movers[k]])
			v := float64(in.Score) / float64(max(1, scales[movers[k]]))
			switch {
			case in.Score >= search.WinScore:
				v = math.Inf(1)
			case in.Score <= -search.WinScore:
				v = math.Inf(-1)
			}
			if movers[k] == 1 {
				v = -v
			}
			t.Value = v
		}
		d.Turns = append(d.Turns, t)
	}
	d.Sides = sides
	for k := range positions {
		d.Marks = append(d.Marks, graphX(min(k, len(rec.Moves)-1), len(rec.Moves)))
	}
	d.Result = rec.Result
	d.Reason = rec.Reason
	if rec.Detail != "" {
		d.Reason += ": " + rec.Detail
	}
	// The graph's values: wins and losses at the edge of the graph.
	lim := 1.0
	for _, t := range d.Turns {
		if !math.IsInf(t.Value, 0) {
			lim = max(lim, math.Abs(t.Value))
		}
	}
	for i := range d.Turns {
		if math.IsInf(d.Turns[i].Value, 0) {
			d.Turns[i].Value = math.Copysign(lim*1.1, d.Turns[i].Value)
		}
	}
	return p, nil
}

// regionKey names the i-th id of a board uniquely (ids repeat on some boards: both
// sides' pits a to f of Kalah): the id and how many times it came before.
func regionKey(id string, i int, ids []string) string {
	n := 0
	for _, o := range ids[:i] {
		if o == id {
			n++
		}
	}
	return id + "#" + strconv.Itoa(n)
}

// box is the bounds of an element with an id.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) has(x, y float64) bool { return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 }

// Regions reads an SVG picture and returns the ids of its elements that have one, in
// document order, and what each of these places holds: the element itself and every
// element (text, seeds, eggs, ants) drawn inside its bounds (a rect's box, a
// circle's square), written out. Two positions' regions differ where their
// drawings of a place differ.
func Regions(svg []byte) (ids []string, content map[string]string, err error) {
	ids, content, _, err = places(svg)
	return ids, content, err
}

// point is a point of a picture, in its units.
type point struct{ x, y float64 }

// places is Regions, with the centre of every place's shape (a rect's or a
// circle's; ids of other shapes have none).
func places(svg []byte) (ids []string, content map[string]string, centres map[string]point, err error) {
	type elem struct {
		name  string
		attrs map[string]string
		text  string
	}
	var els []elem
	dec := xml.NewDecoder(bytes.NewReader(svg))
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("reading the SVG: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			e := elem{name: t.Name.Local, attrs: map[string]string{}}
			for _, a := range t.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			els = append(els, e)
		case xml.EndElement:
			depth--
		case xml.CharData:
			if len(els) > 0 && depth > 0 {
				els[len(els)-1].text += string(t)
			}
		}
	}
	f := func(e elem, k string) float64 {
		v, _ := strconv.ParseFloat(e.attrs[k], 64)
		return v
	}
	var boxes []box
	var keys []string
	content = map[string]string{}
	centres = map[string]point{}
	write := func(e elem) string {
		var b strings.Builder
		b.WriteString(e.name)
		for _, k := range []string{"x", "y", "cx", "cy", "r", "width", "height", "fill", "stroke", "class"} {
			if v, ok := e.attrs[k]; ok {
				b.WriteString(" " + k + "=" + v)
			}
		}
		b.WriteString(" " + strings.TrimSpace(e.text) + ";")
		return b.String()
	}
	for _, e := range els {
		id := e.attrs["id"]
		if id == "" {
			continue
		}
		var b box
		switch e.name {
		case "rect":
			b = box{f(e, "x"), f(e, "y"), f(e, "x") + f(e, "width"), f(e, "y") + f(e, "height")}
		case "circle":
			r := f(e, "r")
			b = box{f(e, "cx") - r, f(e, "cy") - r, f(e, "cx") + r, f(e, "cy") + r}
		default:
			b = box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		}
		if _, seen := centres[id]; !seen && b.x0 <= b.x1 {
			centres[id] = point{(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2}
		}
		key := regionKey(id, len(ids), append(ids, id))
		ids = append(ids, id)
		boxes = append(boxes, b)
		keys = append(keys, key)
		content[key] = write(e)
	}
	for _, e := range els {
		if e.attrs["id"] != "" {
			continue
		}
		var x, y float64
		switch e.name {
		case "rect":
			x, y = f(e, "x")+f(e, "width")/2, f(e, "y")+f(e, "height")/2
		case "circle", "ellipse":
			x, y = f(e, "cx"), f(e, "cy")
		case "text":
			x, y = f(e, "x"), f(e, "y")
		default:
			continue
		}
		for i, b := range boxes {
			if b.has(x, y) {
				content[keys[i]] += write(e)
				break
			}
		}
	}
	return ids, content, centres, nil
}
