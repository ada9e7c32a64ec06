package search

import (
	"context"
	"fmt"
	"time"

	"github.com/colony-ai/colony/game"
)

// Players that play through a game's notation: a kind whose players know no state
// type (an external engine over a text protocol, package external) registers a
// NotationConstructor. New wraps the NotationPlayer it builds in a Player[S] of the
// game, which writes the game's course in the game's notation and reads the turn
// and the principal variation back through it, so that such a kind, registered from
// outside this package, plays every game of the toolkit.

// NotationConstructor builds the players of a kind that plays any game through its
// notation, from a Builder holding the spec, the Options, the game's name (Game) and
// start position (StartPosition). New refuses it for rules that are not a game.Game
// (with no name or notation).
type NotationConstructor func(b *Builder) (NotationPlayer, error)

func (NotationConstructor) constructor() {}

// NotationPlayer is a player that is told a game in its notation and answers with a
// turn in it (see NotationConstructor).
type NotationPlayer interface {
	// Spec returns the player's canonical spec.
	Spec() string
	// Prepare gets the player ready for a game, so that none of it is charged to the
	// first move's time.
	Prepare(ctx context.Context) error
	// Think is told the course of the game and returns the turn it chooses and what
	// its search saw.
	Think(ctx context.Context, c Course) (NotationReply, error)
	// Illegal returns the error of a reply whose turn is not a legal turn of the
	// position (err says why): the player's fault, which a tournament records.
	Illegal(turn string, err error) error
	// StopGrace is how long after its deadline the player may take to return.
	StopGrace() time.Duration
	// Close releases what the player holds.
	Close() error
}

// NotationReply is a NotationPlayer's answer: a turn in the game's notation, the
// principal variation (a turn a string; its first is usually Turn), the depth and
// nodes searched and the score (in the units of Decision.Score).
type NotationReply struct {
	Turn  string
	PV    []string
	Depth int
	Nodes uint64
	Score int
}

// newNotationPlayer wraps the player c builds for the game g.
func newNotationPlayer[S any](c NotationConstructor, g game.Rules[S], b *Builder) (Player[S], error) {
	gm, ok := g.(game.Game[S])
	if !ok || b.Game == "" {
		return nil, fmt.Errorf("player %q: an external engine plays games with a name and a notation (game.Game), not %T", b.Spec.String(), g)
	}
	start := gm.Start()
	b.StartPosition = gm.FormatPosition(&start)
	np, err := c(b)
	if err != nil {
		return nil, err
	}
	return &notationPlayer[S]{g: gm, np: np}, nil
}

// notationPlayer is a NotationPlayer as a Player of one game.
type notationPlayer[S any] struct {
	g  game.Game[S]
	np NotationPlayer
}

// Spec returns the player's spec.
func (p *notationPlayer[S]) Spec() string { return p.np.Spec() }

// Prepare gets the player ready for the game.
func (p *notationPlayer[S]) Prepare(ctx context.Context) error { return p.np.Prepare(ctx) }

// Play searches s, told to the player as a position without history.
func (p *notationPlayer[S]) Play(ctx context.Context, s *S) (Decision, error) {
	return p.PlayCourse(ctx, Course{Start: p.g.FormatPosition(s)}, s)
}

// PlayCourse tells the player the game's course and reads its turn back.
func (p *notationPlayer[S]) PlayCourse(ctx context.Context, course Course, s *S) (Decision, error) {
	start := time.Now()
	res, err := p.np.Think(ctx, course)
	if err != nil {
		return Decision{}, err
	}
	actions, err := game.ParseTurn(p.g, s, res.Turn)
	if err != nil {
		return Decision{}, p.np.Illegal(res.Turn, err)
	}
	d := Decision{Actions: actions, Depth: res.Depth, Nodes: res.Nodes, Score: res.Score, Time: time.Since(start)}
	d.PV = p.pvActions(s, res.PV, res.Turn, actions)
	return d, nil
}

// pvActions reads the decisions of the turns of a principal variation from s, as far
// as they are legal turns; its first turn is usually the turn played, whose
// decisions are known.
func (p *notationPlayer[S]) pvActions(s *S, pv []string, turn string, actions []game.Action) []game.Action {
	var out []game.Action
	c := *s
	if len(pv) > 0 && pv[0] == turn {
		out = append(out, actions...)
		for _, a := range actions {
			p.g.Apply(&c, a)
		}
		pv = pv[1:]
	}
	for _, turn := range pv {
		if p.g.Terminal(&c) {
			break
		}
		actions, err := game.ParseTurn(p.g, &c, turn)
		if err != nil {
			break
		}
		for _, a := range actions {
			p.g.Apply(&c, a)
		}
		out = append(out, actions...)
	}
	return out
}

// PlayedSpec is the player's PlayedSpec (see PlayedSpecer), or its Spec if it has
// none.
func (p *notationPlayer[S]) PlayedSpec() string {
	if ps, ok := p.np.(PlayedSpecer); ok {
		return ps.PlayedSpec()
	}
	return p.np.Spec()
}

// StopGrace is the player's.
func (p *notationPlayer[S]) StopGrace() time.Duration { return p.np.StopGrace() }

// Close closes the player.
func (p *notationPlayer[S]) Close() error { return p.np.Close() }
