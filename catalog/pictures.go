package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// The pictures of positions: one drawing (a picture.Picture, from the game's
// picture.Illustrator) rendered as SVG or as PNG.

// ErrNoPicture is the error of Ruleset.SVG and Ruleset.PNG for a game whose type draws no
// picture (is not a picture.Illustrator).
var ErrNoPicture = errors.New("the game has no picture")

// Picture returns the picture of the position: the game's drawing of it
// (picture.Illustrator) and, unless the drawing says it already, a caption with the
// sides' points, the side to move or the result, and the rule set when it is not the
// game's default.
func (x *generic[S]) Picture(position string) (*picture.Picture, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	il, ok := x.g.(picture.Illustrator[S])
	if !ok {
		return nil, fmt.Errorf("%s: %w", x.g.Name(), ErrNoPicture)
	}
	p := il.Illustrate(&s)
	if !p.Complete {
		pos := x.g.FormatPosition(&s)
		st, err := x.Standing(pos)
		if err != nil {
			return nil, err
		}
		sides := x.g.Sides()
		lines := []string{fmt.Sprintf("points: %s %d, %s %d", sides[0], st.Points[0], sides[1], st.Points[1])}
		if st.Outcome != nil {
			lines = append(lines, "game over: "+st.Outcome.Text(sides))
		} else {
			lines[0] += fmt.Sprintf("; %s to move", sides[st.ToMove])
		}
		if strings.Contains(x.g.Name(), ":") {
			lines = append(lines, "rules "+x.g.Name())
		}
		p.Caption(lines...)
	}
	return p, nil
}

// SVG draws the position as an SVG document (see Picture).
func (x *generic[S]) SVG(position string) ([]byte, error) {
	p, err := x.Picture(position)
	if err != nil {
		return nil, err
	}
	return picture.RenderSVG(p), nil
}

// PNG draws the position as a PNG image at picture.PNGDPI (see Picture).
func (x *generic[S]) PNG(position string) ([]byte, error) {
	p, err := x.Picture(position)
	if err != nil {
		return nil, err
	}
	return picture.RenderPNG(p)
}

// ErrNoTrace is the error of Ruleset.Trace for a game whose type is no game.Tracer.
var ErrNoTrace = errors.New("the game does not trace its sowings")

// Trace returns the steps of the turn from the position (game.Tracer), every
// decision's in order.
func (x *generic[S]) Trace(position, turn string) ([]game.TraceStep, error) {
	tr := game.FastPath[game.Tracer[S]](x.g)
	ok := tr != nil
	if !ok {
		return nil, fmt.Errorf("%s: %w", x.g.Name(), ErrNoTrace)
	}
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	actions, err := game.ParseTurn(x.g, &s, turn)
	if err != nil {
		return nil, fmt.Errorf("move %q: %w", turn, err)
	}
	var steps []game.TraceStep
	for _, a := range actions {
		steps = append(steps, tr.Trace(&s, a)...)
		x.g.Apply(&s, a)
	}
	return steps, nil
}
