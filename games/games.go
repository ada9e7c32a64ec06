// Package games is the registry of the games the toolkit plays: The Colony and the
// classic mancala games it descends from (Kalah, Oware, Ayo and the piecepack rule
// sets). Each game is a package whose Game type implements tournament.Game (and so
// search.Game) for its own state type; the registry turns each into a Game of this
// package, whose operations are the toolkit's generic code (players, the exact solver,
// perft, tournaments) instantiated for that state. The command line works on any
// registered game through these operations, with no per-game copy of a tool.
package games

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/colony-ai/colony/games/game"

	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// Game is a registered game under one rule set, with the toolkit's operations on it.
// Positions and moves are text in the game's notations.
type Game interface {
	// Name returns the rule set's full name, as Open reads it.
	Name() string
	// Sides returns the names of the two sides, the first player's first.
	Sides() [2]string
	// StartPosition returns the start position in the game's notation.
	StartPosition() string
	// Position reads a position and writes it back in canonical form.
	Position(text string) (string, error)
	// Perft counts the sequences of exactly depth legal turns from the position (a
	// line on which the game ends earlier adds nothing).
	Perft(ctx context.Context, position string, depth int) (uint64, error)
	// PerftDivide is Perft split by the first turn: the legal turns of the position in
	// byte-wise order of their notation, and the count below each (depth-1 more
	// turns, searched from the state the turn reaches, history included); the counts
	// add up to Perft's.
	PerftDivide(ctx context.Context, position string, depth int) ([]string, []uint64, error)
	// Solve computes the position's game-theoretic value (see Solution).
	Solve(ctx context.Context, position string, opts search.SolveOptions) (*Solution, error)
	// NewRunner returns a tournament runner for the game; its players are built by
	// search.New with the game's evaluations (see Evaluations).
	NewRunner(cfg tournament.Config, concurrency int) tournament.Runnable
	// Evaluations names the values the eval setting of player specs takes; the
	// first is the default.
	Evaluations() []string
	// CheckPlayer builds the player of spec once, so that a spec that cannot be
	// played is refused before any game.
	CheckPlayer(spec string) error
	// LoadOpenings reads an opening file (see tournament.LoadOpenings).
	LoadOpenings(name string) ([]string, error)
	// Playouts plays n games of uniformly random decisions from the start position
	// (game i seeded by PCG(seed, i), through the game's fast Playout when it has
	// one) and returns the games' decisions in all.
	Playouts(n int, seed uint64) uint64
	// Think builds the player of spec and lets it choose a turn in the position: it
	// returns the turn in the game's notation and the Decision, which says what its
	// search saw (nodes, depth, score).
	Think(ctx context.Context, spec, position string) (string, search.Decision, error)
	// SamplePositions returns n positions at the start of a turn, from seeded random
	// games at various stages (for benchmarks).
	SamplePositions(n int, seed uint64) []string
	// Moves returns the legal turns of the position in the game's move notation,
	// sorted byte-wise; a finished game has none.
	Moves(position string) ([]string, error)
	// Play plays turns (in move notation) in order from the position and returns the
	// position reached and, when the game is over, how it ended (nil otherwise). A
	// turn that cannot be played is a *TurnError.
	Play(position string, turns []string) (string, *Outcome, error)
	// Draw draws the position as text lines, each ending in a newline: the board with
	// its pits named as in the move notation, the stores and what else the game's
	// drawing shows (see Drawer). A game whose type draws nothing returns
	// ErrNoDrawing.
	Draw(position string) (string, error)
	// RulesDocument returns the rules the rule set plays, as the rules command prints
	// them.
	RulesDocument() (string, error)
	// Show draws the position as the show command prints it, the position line last
	// (see the method of that name on the games' implementation).
	Show(position string) (string, error)
	// Status says where the game stands in the position: the side to move, the
	// points so far and, for a finished game, how it ended.
	Status(position string) (*Status, error)
	// RandomGames plays n games of uniformly random decisions from the position, game
	// i with the random source PCG(seed, i) (through the game's
	// game.CountingPlayouter when it has one), and returns how each ended. The same
	// arguments give the same games on every machine. A finished game is an error.
	RandomGames(ctx context.Context, position string, n int, seed uint64) (*RandomGames, error)
	// Description returns what the game says of itself for reports (see
	// game.Describer); the zero Description when it says nothing.
	Description() game.Description
	// BenchPositions returns the game's own benchmark positions (see game.Bencher),
	// or nil when it has none.
	BenchPositions() []string
	// PlayerSpec builds the player of spec once, as CheckPlayer does, and returns its
	// canonical spec, with every setting it plays with.
	PlayerSpec(spec string) (string, error)
	// Analyze builds the player of spec and lets it choose a turn in the position (a
	// game that is not over), calling report, when not nil, with every iteration its
	// search reports (possibly from another goroutine, one call at a time).
	Analyze(ctx context.Context, spec, position string, report func(Iteration)) (*Analysis, error)
}

// ErrNoDrawing is the error of Game.Draw for a game whose type is not a Drawer.
var ErrNoDrawing = errors.New("the game has no drawing")

// Status is where a game stands in a position.
type Status struct {
	// ToMove is the side to move (0 or 1): for a finished game, the side that would
	// have moved.
	ToMove int
	// Points are the two sides' points by the game's count (tournament.Game's
	// Points): the final scores once the game is over.
	Points [2]int
	// Outcome is how the game ended; nil while it goes on.
	Outcome *Outcome
}

// RandomGame is how one random game ended (kept small: RandomGames stores one a game).
type RandomGame struct {
	// Turns counts the turns played, a turn the game ended in the middle of included;
	// Decisions the decisions taken.
	Turns, Decisions int32
	// Points are the final scores.
	Points [2]int32
	// Reason indexes RandomGames.Reasons: why the game ended.
	Reason uint16
	// Winner is the winning side, or -1 for a draw.
	Winner int8
	// TieBreak reports a game with a winner decided by the game's tie rule.
	TieBreak bool
}

// RandomGames are the results of Game.RandomGames.
type RandomGames struct {
	// Games holds the games in order: game i used PCG(seed, i).
	Games []RandomGame
	// Reasons are the end reasons the games gave, in order of first appearance.
	Reasons []string
}

// Iteration is one iteration of a search, reported by Game.Analyze, in the game's
// notations.
type Iteration struct {
	// Depth is the depth in turns; Score the value from the view of the player to
	// move, in evaluation units (Scale a point), or search.WinScore plus the margin for
	// a proven win (minus, for a loss).
	Depth, Score, Scale int
	// Nodes counts the states searched (simulations for MCTS).
	Nodes uint64
	Time  time.Duration
	// PV is the principal variation, a turn a string; a last turn the search left
	// unfinished ends in "...".
	PV []string
	// Children are, for MCTS, the root's decisions with their statistics, the most
	// visited first (on equal visits, in the order of the decisions' numbers).
	Children []Child
}

// Child is one decision at the root of an MCTS tree.
type Child struct {
	// Decision is the decision in the game's notation ("pass" when it writes as
	// nothing).
	Decision string
	Visits   uint64
	// Value is the mean result from the mover's view, in [-1, 1]; Proven is +1 for a
	// proven win, -1 for a proven loss, 0 otherwise.
	Value  float64
	Proven int
}

// Analysis is the turn a player chose in Game.Analyze and what its search saw.
type Analysis struct {
	// Spec is the player's canonical spec; Best the turn chosen.
	Spec, Best string
	// Depth, Score, Scale, Nodes, Time and PV are as in Iteration, for the whole
	// search; PV is the player's line, or the turn alone when it gives none.
	Depth, Score, Scale int
	Nodes               uint64
	Time                time.Duration
	PV                  []string
}

// Outcome is how a finished game ended.
type Outcome struct {
	// Winner is the winning side (0 or 1), or -1 for a draw.
	Winner int
	Points [2]int
	Reason string
}

// Solution is the exact value of a position.
type Solution struct {
	// Value is the final margin under perfect play from the first player's view
	// (positive: the first player wins by that much); MoverValue the same from the
	// view of the player to move.
	Value, MoverValue int
	// Best is the first turn of a best line, in the game's move notation, and PV the
	// whole line, a turn a string.
	Best string
	PV   []string
	// Nodes counts the positions searched, Searches MTD(f)'s null-window searches.
	Nodes    uint64
	Searches int
	Time     time.Duration
	// Guess is MTD(f)'s first guess (mover's view), from a heuristic search of
	// GuessDepth decisions and GuessNodes nodes (GuessDepth 0: no heuristic search).
	Guess, GuessDepth int
	GuessNodes        uint64
}

// specScale returns the function that gives the scale of a player spec's evaluation
// (search.Scaler) when resolve turns the spec's eval setting into the evaluation, and
// 1 when the spec or the setting is bad or the evaluation has no scale.
func specScale(resolve func(name string) (any, error)) func(spec string) int {
	return func(spec string) int {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return 1
		}
		ev, err := resolve(sp.Settings["eval"])
		if err != nil {
			return 1
		}
		if sc, ok := ev.(search.Scaler); ok && sc.Scale() > 0 {
			return sc.Scale()
		}
		return 1
	}
}

// generic is a Game over the state type S.
type generic[S any] struct {
	g       game.Game[S]
	factory tournament.PlayerFactory[S]
	// scale returns the scale of the evaluation of a player spec (1 when unknown); nil
	// means 1 for every spec (see scaleOf).
	scale func(spec string) int
	evals []string
	// rules is the game's registered rules document ("" when it has none or is a
	// game.RulesDocumenter).
	rules string
}

// RulesDocument returns the rules document of the rule set, as the rules command
// prints it: the game's own (game.RulesDocumenter) or "# rule set NAME" and the
// document it registered. A game with neither is an error.
func (x *generic[S]) RulesDocument() (string, error) {
	if d, ok := x.g.(game.RulesDocumenter); ok {
		return d.RulesDocument(), nil
	}
	if x.rules == "" {
		return "", fmt.Errorf("%s has no rules document", x.g.Name())
	}
	return fmt.Sprintf("# rule set %s\n%s", x.g.Name(), x.rules), nil
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
		return "", err
	}
	return x.g.FormatPosition(&s), nil
}

func (x *generic[S]) Playouts(n int, seed uint64) uint64 {
	start := x.g.Start()
	fast, _ := x.g.(game.Playouter[S])
	rng := rand.NewPCG(0, 0)
	var buf game.ActionBuffer
	var decisions uint64
	for i := range n {
		rng.Seed(seed, uint64(i))
		s := start
		if fast != nil {
			fast.Playout(&s, rng)
			decisions++ // the fast path does not count; a game is at least one
			continue
		}
		for !x.g.Terminal(&s) {
			legal := x.g.LegalActions(&s, &buf)
			x.g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
			decisions++
		}
	}
	return decisions
}

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

func (x *generic[S]) CheckPlayer(spec string) error {
	p, err := x.factory(spec, search.Options{})
	if err != nil {
		return err
	}
	return p.Close()
}

func (x *generic[S]) LoadOpenings(name string) ([]string, error) {
	return tournament.LoadOpenings(x.g, name)
}

func (x *generic[S]) NewRunner(cfg tournament.Config, concurrency int) tournament.Runnable {
	return &tournament.Runner[S]{Game: x.g, Config: cfg, NewPlayer: x.factory, Concurrency: concurrency}
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

func (x *generic[S]) Solve(ctx context.Context, position string, opts search.SolveOptions) (*Solution, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if x.g.Terminal(&s) {
		return nil, fmt.Errorf("the game is already over")
	}
	res, err := search.Solve(ctx, game.Rules[S](x.g), &s, opts)
	sol := &Solution{MoverValue: res.Value, Value: res.Value, Nodes: res.Nodes, Searches: res.Searches, Time: res.Time,
		Guess: res.Guess, GuessDepth: res.GuessDepth, GuessNodes: res.GuessNodes}
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

func (x *generic[S]) Moves(position string) ([]string, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	names, _, err := game.Turns(x.g, s)
	slices.Sort(names)
	return names, err
}

func (x *generic[S]) Play(position string, turns []string) (string, *Outcome, error) {
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
		return fmt.Errorf("move %q is not a legal turn here (legal: %s)", text, strings.Join(names, " "))
	case x.g.Terminal(s):
		return fmt.Errorf("move %q: %w", text, err)
	}
	return err
}

func (x *generic[S]) Draw(position string) (string, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return "", err
	}
	d, ok := x.g.(game.Drawer[S])
	if !ok {
		return "", ErrNoDrawing
	}
	return d.Draw(&s), nil
}

func (x *generic[S]) Status(position string) (*Status, error) {
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	return &Status{ToMove: x.g.ToMove(&s), Points: x.g.Points(&s), Outcome: x.outcome(&s)}, nil
}

// outcome returns how the game in s ended, or nil while it goes on.
func (x *generic[S]) outcome(s *S) *Outcome {
	if !x.g.Terminal(s) {
		return nil
	}
	w, _ := x.g.Result(s)
	return &Outcome{Winner: w, Points: x.g.Points(s), Reason: x.g.EndReason(s)}
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
	rng := rand.NewPCG(0, 0)
	var buf game.ActionBuffer
	fast, _ := x.g.(game.CountingPlayouter[S])
	for i := range out.Games {
		if i&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rng.Seed(seed, uint64(i))
		c := s
		turns, decisions, err := x.randomGame(&c, rng, &buf, fast)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		why := x.g.EndReason(&c)
		k, ok := reasons[why]
		if !ok {
			k = len(out.Reasons)
			reasons[why] = k
			out.Reasons = append(out.Reasons, why)
		}
		w, _ := x.g.Result(&c)
		p := x.g.Points(&c)
		out.Games[i] = RandomGame{
			Turns: turns, Decisions: decisions, Points: [2]int32{int32(p[0]), int32(p[1])},
			Reason: uint16(k), Winner: int8(w), TieBreak: w >= 0 && x.g.TieBreak(&c),
		}
	}
	return out, nil
}

func (x *generic[S]) Analyze(ctx context.Context, spec, position string, report func(Iteration)) (*Analysis, error) {
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
	scale := x.scaleOf(spec)
	var opts search.Options
	if report != nil {
		root := s
		opts.Report = func(it search.Iteration) { report(x.iteration(root, it, scale)) }
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
		Nodes: d.Nodes, Time: d.Time, PV: x.pvTurns(s, pv)}, nil
}

// scaleOf returns the scale of the evaluation of the player spec: 1 when unknown or
// when the Game was built without a scale function.
func (x *generic[S]) scaleOf(spec string) int {
	if x.scale == nil {
		return 1
	}
	return max(1, x.scale(spec))
}

// iteration writes a search iteration from the root s in the game's notations.
func (x *generic[S]) iteration(s S, it search.Iteration, scale int) Iteration {
	return NewIteration(it, scale, x.pvTurns(s, it.PV), func(a game.Action) string {
		if !x.legal(&s, a) {
			return "?"
		}
		return string(x.g.AppendAction(nil, &s, a))
	})
}

// NewIteration returns the search iteration it, whose evaluation has the scale scale,
// as an Iteration with the principal variation pv (already written, a turn a string)
// and the root decisions named by name ("pass" when it returns ""), sorted the most
// visited first and, on equal visits, in the order of the decisions' numbers.
func NewIteration(it search.Iteration, scale int, pv []string, name func(game.Action) string) Iteration {
	out := Iteration{Depth: it.Depth, Score: it.Score, Scale: scale, Nodes: it.Nodes, Time: it.Time, PV: pv}
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
	var turns []string
	var cur []byte
	open := false
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
	if open {
		turns = append(turns, string(cur)+"...")
	}
	return turns
}

// oneTurn checks that actions are exactly one legal turn from s (game.PlayTurn) and
// returns it in the game's notation.
func (x *generic[S]) oneTurn(s S, actions []game.Action) (string, error) {
	turn, err := game.NewReferee(x.g).PlayTurn(&s, actions, nil)
	return string(turn), err
}
