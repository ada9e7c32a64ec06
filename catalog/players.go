package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/search"
)

// The Ruleset of a state type: what builds and runs players (search, analysis, exact
// solving, tournaments).

func (x *generic[S]) Think(ctx context.Context, spec, position string) (string, search.Decision, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return "", search.Decision{}, err
	}
	p, err := x.factory(spec, search.Options{})
	if err != nil {
		return "", search.Decision{}, err
	}
	defer p.Close()
	d, err := p.Play(ctx, &s)
	if err != nil {
		return "", d, err
	}
	var turn []byte
	for _, a := range d.Actions {
		turn = x.g.AppendAction(turn, &s, a)
		x.g.Apply(&s, a)
	}
	return string(turn), d, nil
}

func (x *generic[S]) CheckPlayer(spec string) error {
	_, err := x.PlayerSpec(spec)
	return err
}

// PlayerSpec builds the player of spec once and returns its canonical spec, with
// every setting it plays with.
func (x *generic[S]) PlayerSpec(spec string) (string, error) {
	p, err := x.factory(spec, search.Options{})
	if err != nil {
		return "", err
	}
	canonical := p.Spec()
	return canonical, p.Close()
}

func (x *generic[S]) LoadOpenings(name string) ([]string, error) {
	return match.LoadOpenings(x.g, name)
}

func (x *generic[S]) Match() match.Games {
	return match.Bind(x.g, x.factory, x.scaleOf)
}

func (x *generic[S]) Solve(ctx context.Context, position string, opts search.SolveOptions) (*Solution, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if x.g.Terminal(&s) {
		return nil, fmt.Errorf("the game is already over")
	}
	res, err := search.Solve(ctx, game.Rules[S](x.g), &s, opts)
	return x.solution(s, res, err)
}

// solution writes the solver's result res from s (its error err) as a Solution:
// the values from both views, the line in turns.
func (x *generic[S]) solution(s S, res search.SolveResult, err error) (*Solution, error) {
	sol := &Solution{MoverValue: res.Value, Value: res.Value, Nodes: res.Nodes, Searches: res.Searches, Time: res.Time,
		Guess: res.Guess, GuessDepth: res.GuessDepth, GuessNodes: res.GuessNodes, Endgames: res.Endgames, EndgameTime: res.EndgameTime}
	if x.g.ToMove(&s) == 1 {
		sol.Value = -res.Value
	}
	if err != nil {
		return sol, err
	}
	// The line in turns.
	c := s
	var turn []byte
	for _, a := range res.PV {
		turn = x.g.AppendAction(turn, &c, a)
		x.g.Apply(&c, a)
		if x.g.TurnStart(&c) || x.g.Terminal(&c) {
			sol.PV = append(sol.PV, string(turn))
			turn = turn[:0]
		}
	}
	if len(turn) > 0 {
		sol.PV = append(sol.PV, string(turn))
	}
	if len(sol.PV) > 0 {
		sol.Best = sol.PV[0]
	}
	return sol, nil
}

func (x *generic[S]) Analyze(ctx context.Context, spec, position string, report func(AnalysisReport)) (*Analysis, error) {
	return x.AnalyzeWith(ctx, spec, position, AnalyzeOptions{Report: report})
}

func (x *generic[S]) AnalyzeWith(ctx context.Context, spec, position string, o AnalyzeOptions) (*Analysis, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if x.g.Terminal(&s) {
		return nil, fmt.Errorf("the game in the position is already over (%s)", x.g.EndReason(&s))
	}
	if !x.g.TurnStart(&s) {
		return nil, fmt.Errorf("the position is in the middle of a turn")
	}
	if o.Lines < 0 || o.Lines > MaxLines {
		return nil, fmt.Errorf("lines=%d: want 1 to %d", o.Lines, MaxLines)
	}
	scale := x.scaleOf(spec)
	opts := search.Options{MultiPV: o.Lines, Nodes: o.Nodes}
	if o.Report != nil {
		root := s
		opts.Report = func(it search.Iteration) { o.Report(x.iteration(root, it, scale)) }
	}
	p, err := x.factory(spec, opts)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	c := s
	d, err := p.Play(ctx, &c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Spec(), err)
	}
	best, err := x.oneTurn(s, d.Actions)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Spec(), err)
	}
	pv := d.PV
	if len(pv) == 0 {
		pv = d.Actions
	}
	return &Analysis{Spec: p.Spec(), Best: best, Depth: d.Depth, Score: d.Score, Scale: scale,
		Nodes: d.Nodes, Time: d.Time, PV: x.pvTurns(s, pv), PartialDepth: d.PartialDepth, Lines: x.lines(s, d.Lines)}, nil
}

// scaleOf returns the scale of the evaluation of the player spec: 1 when unknown or
// when the Ruleset was built without a scale function.
func (x *generic[S]) scaleOf(spec string) int {
	if x.scale == nil {
		return 1
	}
	return max(1, x.scale(spec))
}

// iteration writes a search iteration from the root s in the game's notations.
func (x *generic[S]) iteration(s S, it search.Iteration, scale int) AnalysisReport {
	out := NewAnalysisReport(it, scale, x.pvTurns(s, it.PV), func(a game.Action) string {
		if !x.legal(&s, a) {
			return "?"
		}
		return string(x.g.AppendAction(nil, &s, a))
	})
	out.Lines = x.lines(s, it.Lines)
	return out
}

// NewAnalysisReport returns the search iteration it, whose evaluation has the scale scale,
// as an AnalysisReport with the principal variation pv (already written, a turn a string)
// and the root decisions named by name ("pass" when it returns ""), sorted the most
// visited first and, on equal visits, in the order of the decisions' numbers.
func NewAnalysisReport(it search.Iteration, scale int, pv []string, name func(game.Action) string) AnalysisReport {
	out := AnalysisReport{Depth: it.Depth, Score: it.Score, Scale: scale, Nodes: it.Nodes, Time: it.Time, PV: pv}
	kids := slices.Clone(it.Children)
	slices.SortStableFunc(kids, func(a, b search.ChildStats) int {
		if c := cmp.Compare(b.Visits, a.Visits); c != 0 {
			return c
		}
		return cmp.Compare(a.Action, b.Action)
	})
	for _, k := range kids {
		decision := name(k.Action)
		if decision == "" {
			decision = "pass"
		}
		out.Children = append(out.Children, Child{Decision: decision, Visits: k.Visits, Value: k.Value, Proven: k.Proven})
	}
	return out
}

// legal reports whether a is a legal decision of s.
func (x *generic[S]) legal(s *S, a game.Action) bool {
	if x.g.Terminal(s) {
		return false
	}
	var buf game.ActionBuffer
	return slices.Contains(x.g.LegalActions(s, &buf), a)
}

// pvTurns writes the decisions pv, played from s (at the start of a turn), a turn a
// string; a last turn the list leaves unfinished ends in "...". The walk stops at a
// decision that is not legal or when the game ends.
func (x *generic[S]) pvTurns(s S, pv []game.Action) []string {
	turns, last, open := x.turnsOf(s, pv)
	if open {
		turns = append(turns, last+"...")
	}
	return turns
}

// turnsOf writes the decisions pv, played from s (at the start of a turn), a whole
// turn a string, and apart the decisions of a last turn the list leaves unfinished
// (open reports one). The walk stops at a decision that is not legal or when the game
// ends.
func (x *generic[S]) turnsOf(s S, pv []game.Action) (turns []string, last string, open bool) {
	var cur []byte
	for _, a := range pv {
		if !x.legal(&s, a) {
			break
		}
		cur = x.g.AppendAction(cur, &s, a)
		open = true
		x.g.Apply(&s, a)
		if x.g.TurnStart(&s) || x.g.Terminal(&s) {
			turns = append(turns, string(cur))
			cur, open = cur[:0], false
		}
	}
	return turns, string(cur), open
}

// oneTurn checks that actions are exactly one legal turn from s (game.PlayTurn) and
// returns it in the game's notation.
func (x *generic[S]) oneTurn(s S, actions []game.Action) (string, error) {
	turn, err := game.NewReferee(x.g).PlayTurn(&s, actions, nil)
	return string(turn), err
}

// ScoreScale returns the scale of the evaluation of the player spec in g: how many
// units of a search score (search.Decision's Score, a games file's scores) make one
// of the game's points. It is 1 when the spec names no scaled evaluation or g is not
// a game of this package.
func ScoreScale(g Ruleset, spec string) int {
	if x, ok := g.(interface{ scaleOf(spec string) int }); ok {
		return x.scaleOf(spec)
	}
	return 1
}

// ScoreText writes a search score as analyze prints it: the lead in the game's points
// of the player to move (a whole number when the evaluation's scale is 1, with two
// decimals when its units are 1/scale of a point), or, for a proven result, "win+N"
// or "loss-N" with the final margin N in points.
func ScoreText(v, scale int) string {
	switch {
	case v >= search.WinScore:
		return "win+" + strconv.Itoa(v-search.WinScore)
	case v <= -search.WinScore:
		return "loss-" + strconv.Itoa(-v-search.WinScore)
	case scale > 1:
		return strconv.FormatFloat(float64(v)/float64(scale), 'f', 2, 64)
	}
	return strconv.Itoa(v)
}
