package catalog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
)

// The Ruleset of a state type: positions, turns, drawings, perft and random games.

// generic is a Ruleset over the state type S.
type generic[S any] struct {
	g       game.Game[S]
	factory match.PlayerFactory[S]
	// scale returns the scale of the evaluation of a player spec (1 when unknown); nil
	// means 1 for every spec (see scaleOf).
	scale func(spec string) int
	evals []string
	// board is the board file of The Colony on a board of its own, nil otherwise.
	board *record.BoardFile
}

// Every rule set may be played on a board file (record.BoardSource).
var _ record.BoardSource = (*generic[colony.State])(nil)

// TournamentBoard returns the board file the rule set was read from (OpenWith with a
// board file), nil for a rule set on its own board (record.BoardSource).
func (x *generic[S]) TournamentBoard() *record.BoardFile { return x.board }

// RulesDocument returns the rules document of the rule set, as the rules command
// prints it: "# rule set NAME" and the game's (game.About's Rules). A game without
// one is an error.
func (x *generic[S]) RulesDocument() (string, error) {
	rules := x.g.About().Rules
	if rules == "" {
		return "", fmt.Errorf("%s has no rules document", x.g.Name())
	}
	return fmt.Sprintf("# rule set %s\n%s", x.g.Name(), rules), nil
}

// BoardFile returns the board file of g, a rule set of The Colony, as the rules
// command prints it with --board: "# rule set NAME", the rule set's caps as comments
// and its board (colony.Game's BoardFile), a file that --board reads back. The other
// games have no board file: an error.
func BoardFile(g Ruleset) (string, error) {
	if t, ok := g.(tunable[colony.State]); ok {
		if c, ok := t.generic.g.(colony.Game); ok {
			return fmt.Sprintf("# rule set %s\n%s", c.Name(), c.BoardFile()), nil
		}
	}
	return "", fmt.Errorf("%s has no board file: board files are The Colony's", g.Name())
}

func (x *generic[S]) Name() string          { return x.g.Name() }
func (x *generic[S]) Sides() [2]string      { return x.g.Sides() }
func (x *generic[S]) Evaluations() []string { return slices.Clone(x.evals) }

func (x *generic[S]) StartPosition() string {
	s := x.g.Start()
	return x.g.FormatPosition(&s)
}

func (x *generic[S]) Position(text string) (string, error) {
	s, err := x.g.ParsePosition(text)
	if err != nil {
		return "", positionError(err)
	}
	return x.g.FormatPosition(&s), nil
}

// positionError returns err, an error of a game's ParsePosition, as one that begins
// "position: ": the games' errors do; one that does not gets it in front.
func positionError(err error) error {
	if strings.HasPrefix(err.Error(), "position: ") {
		return err
	}
	return fmt.Errorf("position: %w", err)
}

func (x *generic[S]) Playouts(n int, seed uint64) uint64 {
	start := x.g.Start()
	fast := game.PartOf[game.Playouter[S]](x.g)
	// The game's state, the generator and the buffer escape through the interface
	// calls: one allocation for the loop, none a game.
	scratch := new(playoutScratch[S])
	s, rng, buf := &scratch.s, &scratch.rng, &scratch.buf
	var decisions uint64
	for i := range n {
		rng.Seed(seed, uint64(i))
		*s = start
		if fast != nil {
			fast.Playout(s, rng)
			decisions++ // the fast path does not count; a game is at least one
			continue
		}
		for !x.g.Terminal(s) {
			legal := x.g.LegalActions(s, buf)
			x.g.Apply(s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
			decisions++
		}
	}
	return decisions
}

// playoutScratch is what a loop of random games works on: the state of the game
// being played, the generator and the buffer of legal decisions.
type playoutScratch[S any] struct {
	s   S
	rng rand.PCG
	buf game.ActionBuffer
}

func (x *generic[S]) SamplePositions(n int, seed uint64) []string {
	var out []string
	var buf game.ActionBuffer
	for i := 0; len(out) < n && i < 100*n; i++ {
		rng := rand.NewPCG(seed, uint64(i))
		s := x.g.Start()
		want := 1 + i%24 // turns into the game
		turns, last := 0, s
		for steps := 0; !x.g.Terminal(&s) && turns < want && steps < 100_000; steps++ {
			legal := x.g.LegalActions(&s, &buf)
			x.g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
			if x.g.TurnStart(&s) && !x.g.Terminal(&s) {
				turns++
				last = s
			}
		}
		out = append(out, x.g.FormatPosition(&last))
	}
	return out
}

func (x *generic[S]) Perft(ctx context.Context, position string, depth int) (uint64, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return 0, err
	}
	return game.Perft(ctx, x.g, s, depth)
}

func (x *generic[S]) PerftDivide(ctx context.Context, position string, depth int) ([]string, []uint64, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, nil, err
	}
	return game.PerftDivide(ctx, x.g, s, depth)
}

func (x *generic[S]) Moves(position string) ([]string, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	names, _, err := game.Turns(x.g, s)
	slices.Sort(names)
	return names, err
}

func (x *generic[S]) Play(position string, turns []string) (string, *GameEnd, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return "", nil, err
	}
	for i, text := range turns {
		if err := x.playTurn(&s, text); err != nil {
			return "", nil, &TurnError{Index: i, Turn: text, Err: err}
		}
	}
	return x.g.FormatPosition(&s), x.outcome(&s), nil
}

// playTurn plays the turn text on s (game.ReadTurn); a text that is not a legal turn
// is an error that lists the legal turns.
func (x *generic[S]) playTurn(s *S, text string) error {
	err := game.ReadTurn(x.g, s, text)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, game.ErrNotATurn):
		names, _, terr := game.Turns(x.g, *s)
		if terr != nil {
			return terr
		}
		slices.Sort(names)
		return fmt.Errorf("move %s is not a legal turn here (legal: %s)", game.Quote(text), strings.Join(names, " "))
	case x.g.Terminal(s):
		return fmt.Errorf("move %s: %w", game.Quote(text), err)
	}
	return err
}

func (x *generic[S]) Situation(position string) (*Situation, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	return &Situation{ToMove: x.g.ToMove(&s), Points: x.g.Points(&s), End: x.outcome(&s)}, nil
}

// outcome returns how the game in s ended, or nil while it goes on.
func (x *generic[S]) outcome(s *S) *GameEnd {
	if !x.g.Terminal(s) {
		return nil
	}
	w, _ := x.g.Result(s)
	return &GameEnd{Winner: w, Points: x.g.Points(s), Reason: x.g.EndReason(s)}
}

// maxRandomDecisions bounds the decisions of one random game of RandomGames: a game
// that has not ended by then is an error rather than a hang.
const maxRandomDecisions = 1 << 22

func (x *generic[S]) RandomGames(ctx context.Context, position string, n int, seed uint64) (*RandomGames, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if x.g.Terminal(&s) {
		return nil, fmt.Errorf("the game in the position is already over (%s)", x.g.EndReason(&s))
	}
	if n < 0 {
		return nil, fmt.Errorf("%d games: want 0 or more", n)
	}
	out := &RandomGames{Games: make([]RandomGame, n)}
	reasons := map[string]int{}
	scratch := new(playoutScratch[S]) // one allocation for the loop, none a game
	c, rng, buf := &scratch.s, &scratch.rng, &scratch.buf
	fast := game.PartOf[game.CountingPlayouter[S]](x.g)
	for i := range out.Games {
		if i&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rng.Seed(seed, uint64(i))
		*c = s
		turns, decisions, err := x.randomGame(c, rng, buf, fast)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		why := x.g.EndReason(c)
		k, ok := reasons[why]
		if !ok {
			k = len(out.Reasons)
			reasons[why] = k
			out.Reasons = append(out.Reasons, why)
		}
		w, _ := x.g.Result(c)
		p := x.g.Points(c)
		out.Games[i] = RandomGame{
			Turns: turns, Decisions: decisions, Points: [2]int32{int32(p[0]), int32(p[1])},
			Reason: uint16(k), Winner: int8(w), TieBreak: w >= 0 && x.g.TieBreak(c),
		}
	}
	return out, nil
}
