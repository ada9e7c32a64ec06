package web

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/render"
)

// PositionView is what the page needs of a position: the board's picture, where the
// game stands, and the legal turns with the clicks that play each.
type PositionView struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Sides are the sides' names; ToMove the side to move (0 or 1), or the side that
	// would have moved in a finished game.
	Sides  [2]string `json:"sides"`
	ToMove int       `json:"toMove"`
	Points [2]int    `json:"points"`
	// Outcome is how the game ended, or nil while it goes on.
	Outcome *OutcomeView `json:"outcome"`
	// Text is the board as the terminal draws it (colony show).
	Text string `json:"text"`
	// SVG is the board's picture: its places carry the ids that Click.Place and
	// StepView name ("log-B4", "pit-south-c", "store-S").
	SVG string `json:"svg"`
	// Turns are the legal turns, sorted as the game lists them.
	Turns []TurnView `json:"turns"`
	// Names are the names of the picture's places by id, as the notation writes
	// them (picture.NotationName: "c" for "pit-south-c"): the page says them so.
	Names map[string]string `json:"names"`
}

// OutcomeView is how a game ended.
type OutcomeView struct {
	Winner int    `json:"winner"` // 0 or 1, or -1 for a draw
	Points [2]int `json:"points"`
	Reason string `json:"reason"`
	Text   string `json:"text"` // in words, as colony apply writes it
}

// TurnView is one legal turn and the clicks that choose it on the board.
type TurnView struct {
	Turn   string  `json:"turn"`
	Clicks []Click `json:"clicks"`
}

// Click is one part of a turn's notation and the place on the board that chooses
// it: the log or pit sown ("sow"), the log the eggs go on to at a fork ("direction"),
// the ant moved and where to ("ant-from", "ant-to"), or a choice with no place of its
// own ("choice": Place is empty and the page offers a button).
type Click struct {
	Text  string `json:"text"`
	Place string `json:"place"`
	Kind  string `json:"kind"`
}

// StepView is one step of a sowing (game.TraceStep): "lift" takes the pieces of
// Place into the hand, "sow" drops one on Place, "take" moves those of Place to To.
type StepView struct {
	Kind  string `json:"kind"`
	Place string `json:"place"`
	To    string `json:"to,omitempty"`
}

// placeIDs lists the ids of the places of an SVG picture, in order.
var placeID = regexp.MustCompile(` id="((?:log|pit|store)-[^"]*)"`)

func placeIDs(svg []byte) []string {
	var ids []string
	for _, m := range placeID.FindAllSubmatch(svg, -1) {
		ids = append(ids, string(m[1]))
	}
	return ids
}

// viewOf returns the view of position (already canonical) in g, its picture drawn
// with the options.
func viewOf(g catalog.Ruleset, position string, o picture.Options) (*PositionView, error) {
	p, err := g.Draw(position, o)
	if err != nil && !errors.Is(err, catalog.ErrNoPicture) {
		return nil, err
	}
	return viewWith(g, position, p)
}

// viewWith returns the view of position (already canonical) in g with its picture
// p (nil for a game that draws none).
func viewWith(g catalog.Ruleset, position string, p *picture.Picture) (*PositionView, error) {
	st, err := g.Situation(position)
	if err != nil {
		return nil, err
	}
	text, err := g.Show(position)
	if err != nil {
		return nil, err
	}
	svg := svgOf(p)
	ids := placeIDs(svg)
	v := &PositionView{Game: g.Name(), Position: position, Sides: g.Sides(), ToMove: st.ToMove,
		Points: st.Points, Text: text, SVG: string(svg), Turns: []TurnView{}, Names: make(map[string]string, len(ids))}
	for _, id := range ids {
		v.Names[id] = picture.NotationName(id)
	}
	if st.End != nil {
		v.Outcome = outcomeView(g, st.End)
		return v, nil
	}
	moves, err := g.Moves(position)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		v.Turns = append(v.Turns, TurnView{Turn: m, Clicks: clicksOf(g, position, m, ids)})
	}
	return v, nil
}

// svgOf renders p as an SVG element for the page (without the XML declaration),
// or nothing for no picture.
func svgOf(p *picture.Picture) []byte {
	if p == nil {
		return nil
	}
	svg := render.SVG(p)
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		svg = svg[i:]
	}
	return svg
}

// outcomeView returns o with its text.
func outcomeView(g catalog.Ruleset, o *catalog.GameEnd) *OutcomeView {
	return &OutcomeView{Winner: o.Winner, Points: o.Points, Reason: o.Reason, Text: o.Text(g.Sides())}
}

// turnPart matches one part of a turn's notation: an optional separator and a name.
var turnPart = regexp.MustCompile(`[>/\-<]?[^>/\-<]*`)

// clicksOf splits turn into the clicks that choose it: its first part is the place
// the sowing starts from (the first place its trace lifts), every later part a
// separator and a name: '>' a direction (the log the eggs go on to), '/' and '-' an
// ant move's from and to, anything else a choice. A part names a place when one id
// of the picture ends in "-" and its name.
func clicksOf(g catalog.Ruleset, position, turn string, ids []string) []Click {
	var out []Click
	parts := turnPart.FindAllString(turn, -1)
	for i, p := range parts {
		if p == "" {
			continue
		}
		c := Click{Text: p, Kind: "choice"}
		name := strings.TrimLeft(p, ">/-<")
		switch {
		case i == 0:
			c.Kind = "sow"
			c.Place = startPlace(g, position, turn)
			if c.Place == "" {
				c.Place = uniquePlace(ids, name)
			}
		case p[0] == '>' && name != "":
			c.Kind, c.Place = "direction", uniquePlace(ids, name)
		case p[0] == '/' && name != "":
			c.Kind, c.Place = "ant-from", uniquePlace(ids, name)
		case p[0] == '-' && name != "":
			c.Kind, c.Place = "ant-to", uniquePlace(ids, name)
		}
		if c.Place == "" {
			c.Kind = "choice"
		}
		out = append(out, c)
	}
	return out
}

// startPlace returns the place the turn's sowing starts from: the first place its
// trace lifts, or "" when it lifts none or the game does not trace its sowings.
func startPlace(g catalog.Ruleset, position, turn string) string {
	steps, err := g.Trace(position, turn)
	if err != nil {
		return ""
	}
	for _, s := range steps {
		if s.Kind == game.Lift {
			return s.Place
		}
	}
	return ""
}

// uniquePlace returns the one id of ids that ends in "-"+name, or "".
func uniquePlace(ids []string, name string) string {
	found := ""
	for _, id := range ids {
		if strings.HasSuffix(id, "-"+name) {
			if found != "" && found != id {
				return ""
			}
			found = id
		}
	}
	return found
}

// MarkView is one mark of a turn (picture.Mark): "sow", "lift" and "take" as the
// trace's steps, "catch" for the piece in hand captured on reaching Place (The
// Colony's last egg, taken to To), "put" for a piece that is not counted put on
// Place (an ant placed), "walk" for such a piece moved from Place to To (an ant
// move).
type MarkView struct {
	Kind  string `json:"kind"`
	Place string `json:"place"`
	To    string `json:"to,omitempty"`
}

// markNames are the names of the picture's mark kinds, in their order.
var markNames = [...]string{picture.MarkSow: "sow", picture.MarkLift: "lift", picture.MarkTake: "take",
	picture.MarkCatch: "catch", picture.MarkPut: "put", picture.MarkWalk: "walk"}

// marksOf returns the marks of turn from position, with its decisions, each with the
// number of the marks that are its (none for a game that neither marks nor traces
// its turns).
func marksOf(g catalog.Ruleset, position, turn string) ([]MarkView, []DecisionView, error) {
	ds, err := g.TurnDecisions(position, turn)
	if err != nil {
		return nil, nil, err
	}
	out := []MarkView{}
	views := make([]DecisionView, 0, len(ds))
	for _, d := range ds {
		n := len(out)
		for _, m := range d.Marks {
			if int(m.Kind) < len(markNames) {
				out = append(out, MarkView{Kind: markNames[m.Kind], Place: m.Place, To: m.To})
			}
		}
		views = append(views, DecisionView{Text: d.Text, Marks: len(out) - n})
	}
	return out, views, nil
}

// stepsOf returns the trace of turn from position as views, or none for a game that
// does not trace its sowings.
func stepsOf(g catalog.Ruleset, position, turn string) ([]StepView, error) {
	steps, err := g.Trace(position, turn)
	if errors.Is(err, catalog.ErrNoTrace) {
		return []StepView{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]StepView, len(steps))
	for i, s := range steps {
		out[i] = StepView{Kind: s.Kind.String(), Place: s.Place, To: s.To}
	}
	return out, nil
}

// explain says in words why the clicks (place ids, the last one refused) do not
// start or continue a legal turn of v: what the place is, and what can be clicked
// instead.
func explain(g catalog.Ruleset, v *PositionView, clicks []string) string {
	if v.Outcome != nil {
		return "the game is over: " + v.Outcome.Text
	}
	if len(clicks) == 0 {
		return "click a place on the board"
	}
	last := clicks[len(clicks)-1]
	name := picture.NotationName(last)
	mover := v.Sides[v.ToMove]
	// The turns that the clicks before the last one still allow.
	var open []TurnView
	for _, t := range v.Turns {
		if len(t.Clicks) >= len(clicks) && samePlaces(t.Clicks[:len(clicks)-1], clicks[:len(clicks)-1]) {
			open = append(open, t)
		}
	}
	next := map[string]bool{}
	var names []string
	for _, t := range open {
		c := t.Clicks[len(clicks)-1]
		key := c.Text
		if c.Place != "" {
			key = picture.NotationName(c.Place)
		}
		if !next[key] {
			next[key] = true
			names = append(names, key)
		}
	}
	if len(clicks) == 1 {
		switch {
		case strings.HasPrefix(last, "store-"):
			return fmt.Sprintf("%s is a store: a turn starts by sowing from one of %s's %s (%s)", name, mover, kindOf(v), strings.Join(names, ", "))
		case strings.Contains(last, "-"+v.Sides[1-v.ToMove]+"-"):
			return fmt.Sprintf("%s is %s's %s: %s, to move, sows from its own row (%s)", name, v.Sides[1-v.ToMove], singular(v), mover, strings.Join(names, ", "))
		}
		if _, _, err := g.Play(v.Position, []string{name}); err != nil {
			return err.Error()
		}
		return fmt.Sprintf("%s cannot start a turn of %s here; the turns start from %s", name, mover, strings.Join(names, ", "))
	}
	chosen := make([]string, len(clicks)-1)
	for i, c := range clicks[:len(clicks)-1] {
		chosen[i] = picture.NotationName(c)
	}
	return fmt.Sprintf("after %s, %s is not a choice: choose %s", strings.Join(chosen, ", "), name, strings.Join(names, " or "))
}

// samePlaces reports whether the clicks are at the places ids, in order.
func samePlaces(cs []Click, ids []string) bool {
	for i, c := range cs {
		if c.Place != ids[i] {
			return false
		}
	}
	return true
}

// kindOf returns what the places sown from are called on v's board.
func kindOf(v *PositionView) string {
	if strings.Contains(v.SVG, `id="log-`) {
		return "logs"
	}
	return "pits"
}

// singular returns what one place sown from is called on v's board.
func singular(v *PositionView) string { return strings.TrimSuffix(kindOf(v), "s") }
