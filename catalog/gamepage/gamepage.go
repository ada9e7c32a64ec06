// Package gamepage replays a recorded tournament game (a record of a games file) and
// builds one self-contained HTML page of it: one board (the game's SVG picture,
// inline) that the page's script redraws for every position from the data (each
// position's picture kept as the lines that differ from the position before's),
// buttons, arrow keys, a clickable move list and a clickable graph of the scores
// to step through them, the position in the URL (#move=K), the turn played from
// each position with what the mover's search recorded, the last turn's sowing and
// the places it changed drawn on the board, and how the game began.
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
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/render"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// Replay plays the record's turns from its opening, checking each: positions[k] is
// the position after k turns (positions[0] the opening) and movers[k] the side (0 or
// 1) that played turn k+1.
func Replay(g catalog.Ruleset, rec *record.Record) (positions []string, movers []int, err error) {
	pos, err := g.Position(rec.Opening)
	if err != nil {
		return nil, nil, fmt.Errorf("the opening is not a position of %s: %w", g.Name(), err)
	}
	positions = []string{pos}
	for i, t := range rec.Moves {
		st, err := g.Situation(pos)
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
	// Names are the names in words (picture.PlaceName) of the places that Changed
	// lists, by id: "south-c" for "pit-south-c", "store S" for "store-S".
	Names map[string]string `json:"names"`
	// Paths[k], for k ≥ 1, is the path of turn k's sowings in words ("from A3: A2,
	// A1; on from A1: B1, C1"), drawn on the board of position k too; empty for a
	// turn that sows nothing and for a game that does not trace its sowings.
	Paths  []string `json:"paths"`
	Result string   `json:"result"`
	Reason string   `json:"reason"`
	// Sides are the sides' names, the first player's first; Marks[k] is the x of
	// position k's marker on the graph of the scores (on the turn that led to it).
	Sides [2]string `json:"sides"`
	Marks []float64 `json:"marks"`
	// Numbers[k] is the number of the turn played from position k: the game's own
	// turn counter of the position when it has one (The Colony's turn=N, which
	// counts the opening's turns too), else k+1. The pictures' titles, the page and
	// the replay number turns alike.
	Numbers []int `json:"numbers"`
	// Opening says how the game began: the opening position's turn and the turns
	// played before it (random openings are not recorded turn by turn).
	Opening string `json:"opening"`
	// Base is the board of position 0, one SVG element a line; Edits[k] (k ≥ 1)
	// turns the lines of position k-1's board into position k's: a positive
	// number keeps that many lines, a negative one drops that many, a string is a
	// line put in; the lines after the last edit are kept. Edits[0] is empty.
	Base  []string `json:"base"`
	Edits [][]any  `json:"edits"`
}

// Turns returns the page's turns of rec, whose turn k movers[k] played (Replay):
// the mover's search figures as the record has them, its score in points from the
// first player's view (the graph's Value), a proven win or loss at the graph's edge
// (1.1 times the largest score otherwise). scales are the sides' score scales
// (catalog.ScoreScale).
func Turns(rec *record.Record, movers []int, sides [2]string, scales [2]int) []Turn {
	var out []Turn
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
		out = append(out, t)
	}
	// The graph's values: wins and losses at the edge of the graph.
	lim := 1.0
	for _, t := range out {
		if !math.IsInf(t.Value, 0) {
			lim = max(lim, math.Abs(t.Value))
		}
	}
	for i := range out {
		if math.IsInf(out[i].Value, 0) {
			out[i].Value = math.Copysign(lim*1.1, out[i].Value)
		}
	}
	return out
}

// Page is a replayed record: the positions, their pictures and the page's data.
type Page struct {
	Positions []string
	// Boards are the SVG of each position without its XML declaration, the last
	// turn drawn on it (DrawTurn), its places marked by data-place attributes
	// instead of ids. The page embeds the first and the edits to the others.
	Boards [][]byte
	Data   Data
}

// New replays the record in g and draws every position.
func New(g catalog.Ruleset, rec *record.Record) (*Page, error) {
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
	for k, pos := range positions {
		svg, err := g.SVG(pos)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		ids, content, err := Regions(svg)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		order = append(order, ids)
		regions = append(regions, content)
	}
	d := &p.Data
	d.Title = fmt.Sprintf("%s: game %d, %s (%s) - %s (%s)", g.Name(), rec.Index, rec.Players[0], sides[0], rec.Players[1], sides[1])
	d.Changed = [][]string{{}}
	d.Names = map[string]string{}
	d.Paths = []string{""}
	for k := range positions {
		var o picture.Options
		if k > 0 {
			changed := []string{}
			for i, id := range order[k] {
				key := regionKey(id, i, order[k])
				if regions[k][key] != regions[k-1][key] {
					changed = append(changed, id)
					d.Names[id] = picture.PlaceName(id)
				}
			}
			d.Changed = append(d.Changed, changed)
			var err error
			if o.Turn, err = g.TurnMarks(positions[k-1], rec.Moves[k-1]); err != nil && !errors.Is(err, catalog.ErrNoTrace) {
				return nil, fmt.Errorf("turn %d: %w", k, err)
			}
			d.Paths = append(d.Paths, MarksText(o.Turn))
		}
		pic, err := g.Draw(positions[k], o)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		svg := render.SVG(pic)
		if i := bytes.Index(svg, []byte("<svg")); i > 0 {
			svg = svg[i:]
		}
		p.Boards = append(p.Boards, bytes.ReplaceAll(svg, []byte(` id="`), []byte(` data-place="`)))
	}
	d.Base = lines(p.Boards[0])
	d.Edits = [][]any{{}}
	for k := 1; k < len(p.Boards); k++ {
		d.Edits = append(d.Edits, edits(lines(p.Boards[k-1]), lines(p.Boards[k])))
	}
	counted := false
	for k, pos := range positions {
		n, ok, err := g.TurnNumber(pos)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		if !ok {
			n = k + 1
		}
		counted = ok
		d.Numbers = append(d.Numbers, n)
	}
	d.Opening = "The game began at the start position."
	if pos0, err := g.Position(g.StartPosition()); err == nil && pos0 != positions[0] {
		d.Opening = "The game began at a recorded opening position, not the start; the turns that led to it are not recorded."
		if counted && d.Numbers[0] > 1 {
			d.Opening = fmt.Sprintf("The game began at an opening reached from the start by %d turns (turns 1 to %d, not recorded turn by turn), at turn %d.", d.Numbers[0]-1, d.Numbers[0]-1, d.Numbers[0])
		}
	}
	d.Turns = Turns(rec, movers, sides, scales)
	d.Sides = sides
	// The marker of position k stands on the turn that led to it (the one drawn on
	// its board); the opening's at the graph's left edge.
	d.Marks = GraphMarks(len(rec.Moves))
	d.Result = rec.Result
	d.Reason = rec.Reason
	if rec.Detail != "" {
		d.Reason += ": " + rec.Detail
	}
	return p, nil
}

// lines returns an SVG's lines.
func lines(svg []byte) []string { return strings.Split(strings.TrimSuffix(string(svg), "\n"), "\n") }

// edits returns the edits that turn the lines a into b (see Data.Edits): the
// lines of their longest common subsequence kept, the others dropped or put in.
func edits(a, b []string) []any {
	// Common lines at the ends first: most of a board does not change.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	x, y := a[pre:len(a)-suf], b[pre:len(b)-suf]
	// lcs[i][j] is the length of the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int32, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []any
	add := func(n int) { // keep n (> 0) or drop -n (< 0) lines, merged with the last
		if len(out) > 0 {
			if last, ok := out[len(out)-1].(int); ok && (last > 0) == (n > 0) {
				out[len(out)-1] = last + n
				return
			}
		}
		out = append(out, n)
	}
	if pre > 0 {
		add(pre)
	}
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			add(1)
			i++
			j++
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, y[j])
			j++
		default:
			add(-1)
			i++
		}
	}
	if len(out) > 0 {
		if last, ok := out[len(out)-1].(int); ok && last > 0 {
			out = out[:len(out)-1] // the lines after the last edit are kept anyway
		}
	}
	if out == nil {
		out = []any{}
	}
	return out
}

// SetOpenings says in Data.Opening how the game began by the tournament's openings
// (its games file's header): a random opening of o.RandomTurns turns, or a
// position of the opening file. A game that began at the start position says so
// whatever o says.
func (p *Page) SetOpenings(o record.Openings) {
	if strings.HasPrefix(p.Data.Opening, "The game began at the start") {
		return
	}
	switch {
	case len(o.Positions) > 0 || o.File != "":
		p.Data.Opening = fmt.Sprintf("The game began at a position of the opening file %s, at turn %d.", o.File, p.Data.Numbers[0])
	case o.RandomTurns > 0:
		p.Data.Opening = fmt.Sprintf("The game began at a random opening: %d uniformly random turns from the start (the tournament's openings, not recorded turn by turn), at turn %d.", o.RandomTurns, p.Data.Numbers[0])
	}
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
