package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/picture/render"
)

// The pictures of positions: one drawing (a picture.Picture, from the game's
// picture.Illustrator) rendered as SVG or as PNG.

// ErrNoPicture is the error of Ruleset.SVG and Ruleset.PNG for a game whose type draws no
// picture (is not a picture.Illustrator).
var ErrNoPicture = errors.New("the game has no picture")

// Picture returns the picture of the position: Draw with the zero options.
func (x *generic[S]) Picture(position string) (*picture.Picture, error) {
	return x.Draw(position, picture.Options{})
}

// flipTop is where the board of a picture begins that package catalog flips (under
// the title).
const flipTop = 30.0

// Draw returns the picture of the position drawn with the options: the game's
// drawing of it (picture.Illustrator, or picture.OptionsIllustrator, which follows
// Flip and NoLegend itself; for the other games the legend's classes are left out
// and the board, from under the title to just under the lowest place, is turned
// half round here); unless the drawing says it already or NoLegend is set, a
// caption with the sides' points, the side to move or the result, and the rule set
// when it is not the game's default; the turn's marks (Options.Turn, see
// picture.Picture.DrawTurn); the texts made legible at Options.Width.
func (x *generic[S]) Draw(position string, o picture.Options) (*picture.Picture, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	var p *picture.Picture
	if il, ok := x.g.(picture.OptionsIllustrator[S]); ok {
		p = il.IllustrateWith(&s, o)
	} else if il, ok := x.g.(picture.Illustrator[S]); ok {
		p = il.Illustrate(&s)
		if o.NoLegend {
			p.WithoutLegend()
		}
		if o.Flip {
			p.Flip(flipTop, placesBottom(p)+24)
		}
	} else {
		return nil, fmt.Errorf("%s: %w", x.g.Name(), ErrNoPicture)
	}
	if !p.Complete && !o.NoLegend {
		pos := x.g.FormatPosition(&s)
		st, err := x.Situation(pos)
		if err != nil {
			return nil, err
		}
		sides := x.g.Sides()
		lines := []string{fmt.Sprintf("points: %s %d, %s %d", sides[0], st.Points[0], sides[1], st.Points[1])}
		if st.End != nil {
			lines = append(lines, "game over: "+st.End.Text(sides))
		} else {
			lines[0] += fmt.Sprintf("; %s to move", sides[st.ToMove])
		}
		if strings.Contains(x.g.Name(), ":") {
			lines = append(lines, "rules "+x.g.Name())
		}
		p.Caption(lines...)
	}
	if err := p.DrawTurn(o.Turn, picture.MarkScale(p.W, o.Width)); err != nil {
		return nil, err
	}
	p.Legible(o.Width)
	return p, nil
}

// placesBottom returns the lowest y of the shapes with ids (the places).
func placesBottom(p *picture.Picture) float64 {
	b := 0.0
	for _, s := range p.Shapes {
		switch {
		case s.ID == "":
		case s.Kind == picture.Rect:
			b = max(b, s.Y+s.H)
		case s.Kind == picture.Circle:
			b = max(b, s.Y+s.R)
		}
	}
	return b
}

// TurnMarks returns the marks of playing turn from the position, every decision's
// in order: what picture.Options.Turn draws over the position the turn leads to
// (the game's picture.TurnMarker, else the marks of its trace, game.Tracer). A
// game that does neither returns an error wrapping ErrNoTrace.
func (x *generic[S]) TurnMarks(position, turn string) ([]picture.Mark, error) {
	tm, isMarker := x.g.(picture.TurnMarker[S])
	tr := game.PartOf[game.Tracer[S]](x.g)
	if !isMarker && tr == nil {
		return nil, fmt.Errorf("%s: %w", x.g.Name(), ErrNoTrace)
	}
	var marks []picture.Mark
	err := x.eachDecision(position, turn, func(s *S, a game.Action) {
		if isMarker {
			marks = append(marks, tm.TurnMarks(s, a)...)
		} else {
			marks = append(marks, picture.TraceMarks(tr.Trace(s, a))...)
		}
	})
	if err != nil {
		return nil, err
	}
	return marks, nil
}

// TurnDecisions returns the decisions of turn from the position, each with the
// turn's notation up to it and its marks (as TurnMarks writes them).
func (x *generic[S]) TurnDecisions(position, turn string) ([]Decision, error) {
	tm, isMarker := x.g.(picture.TurnMarker[S])
	tr := game.PartOf[game.Tracer[S]](x.g)
	var out []Decision
	var text []byte
	err := x.eachDecision(position, turn, func(s *S, a game.Action) {
		text = x.g.AppendAction(text, s, a)
		d := Decision{Text: string(text)}
		switch {
		case isMarker:
			d.Marks = tm.TurnMarks(s, a)
		case tr != nil:
			d.Marks = picture.TraceMarks(tr.Trace(s, a))
		}
		out = append(out, d)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DrawTurn plays turn from the position before and draws the position it leads to
// with the options and the turn's marks (TurnMarks, in o.Turn): the picture of the
// last turn. It returns the position reached too.
func (x *generic[S]) DrawTurn(before, turn string, o picture.Options) (after string, p *picture.Picture, err error) {
	after, _, err = x.Play(before, []string{turn})
	if err != nil {
		return "", nil, err
	}
	o.Turn, err = x.TurnMarks(before, turn)
	if err != nil {
		return "", nil, err
	}
	p, err = x.Draw(after, o)
	return after, p, err
}

// TurnNumber returns the number of the turn about to be played in the position by
// the game's own count (game.TurnCounter), and false for a game that does not count
// its turns: the numbering of turns in the pictures, the replay and the page of a
// game.
func (x *generic[S]) TurnNumber(position string) (int, bool, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return 0, false, err
	}
	if tc := game.PartOf[game.TurnCounter[S]](x.g); tc != nil {
		return tc.TurnNumber(&s), true, nil
	}
	return 0, false, nil
}

// SVG draws the position as an SVG document (see Picture).
func (x *generic[S]) SVG(position string) ([]byte, error) {
	p, err := x.Picture(position)
	if err != nil {
		return nil, err
	}
	return render.SVG(p), nil
}

// PNG draws the position as a PNG image at render.PNGDPI (see Picture).
func (x *generic[S]) PNG(position string) ([]byte, error) {
	p, err := x.Picture(position)
	if err != nil {
		return nil, err
	}
	return render.PNG(p)
}

// ErrNoTrace is the error of Ruleset.Trace for a game whose type is no game.Tracer.
var ErrNoTrace = errors.New("the game does not trace its sowings")

// Trace returns the steps of the turn from the position (game.Tracer), every
// decision's in order.
func (x *generic[S]) Trace(position, turn string) ([]game.TraceStep, error) {
	tr := game.PartOf[game.Tracer[S]](x.g)
	ok := tr != nil
	if !ok {
		return nil, fmt.Errorf("%s: %w", x.g.Name(), ErrNoTrace)
	}
	var steps []game.TraceStep
	err := x.eachDecision(position, turn, func(s *S, a game.Action) { steps = append(steps, tr.Trace(s, a)...) })
	if err != nil {
		return nil, err
	}
	return steps, nil
}

// eachDecision calls f with each decision of turn from the position, in order, and
// the state it is taken from (applied after f returns).
func (x *generic[S]) eachDecision(position, turn string, f func(s *S, a game.Action)) error {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return err
	}
	actions, err := game.ParseTurn(x.g, &s, turn)
	if err != nil {
		return fmt.Errorf("move %s: %w", game.Quote(turn), err)
	}
	for _, a := range actions {
		f(&s, a)
		x.g.Apply(&s, a)
	}
	return nil
}
