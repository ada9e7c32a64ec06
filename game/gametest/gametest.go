package gametest

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/picture"
)

// Part is a part of the suite, for Options.Skip; parts combine with |.
type Part uint32

// The parts of the suite.
const (
	// Decisions: LegalActions, Apply, ToMove, TurnStart and Terminal at every decision.
	Decisions Part = 1 << iota
	// Results: Result, Points, TieBreak and EndReason of every finished game.
	Results
	// Positions: the position notation reads back what it writes.
	Positions
	// PositionHashes: a position read back has the original's Hash and Status.
	PositionHashes
	// TurnNotation: game.Turns and game.PlayTurn.
	TurnNotation
	// Steps: the Stepper and SiblingStepper fast paths.
	Steps
	// Playouts: the Playouter fast path.
	Playouts
	// RandomActions: the RandomActioner fast path.
	RandomActions
	// LegalChecks: the LegalChecker fast path.
	LegalChecks
	// TurnApplies: the TurnApplier fast path.
	TurnApplies
	// Perfts: game.Perft against game.PerftDivide.
	Perfts
	// Allocs: the hot paths allocate nothing.
	Allocs
	// HashSensitivity: a position and its neighbours of Options.Variants, which
	// differ from it in one part, have different hashes.
	HashSensitivity
	// HashCollisions: the distinct positions of the random games have distinct
	// hashes, and their low 20 bits (a transposition table's index) take about as
	// many values as uniform hashing gives.
	HashCollisions
	// Encodings: the game's input encoding (game.Encoder), which every game has.
	Encodings
)

// Options tune Run for a game; with only Variants set (which the HashSensitivity
// part requires) they run the whole suite with the defaults.
type Options[S any] struct {
	// Games is the number of random games played: 200 when 0, a quarter of it
	// under -short.
	Games int
	// Seed seeds the games: game i draws its decisions from PCG(Seed, i).
	Seed uint64
	// MaxDecisions bounds the decisions of one random game (1<<16 when 0): a game not
	// over by then is an error.
	MaxDecisions int
	// TurnGames is the number of games (the first ones) whose turn starts get the
	// costlier checks: game.Turns and PlayTurn on every turn, Playout from every
	// decision, RandomAction's coverage. 10 when 0 (a negative value: none), at most
	// Games.
	TurnGames int
	// PerftDepth is the deepest perft checked (2 when 0, a negative value: none).
	PerftDepth int
	// Check, when not nil, checks the game's own invariants (conservation of seeds,
	// say) of every state of the random games and of every state a Playout ends in.
	Check func(t testing.TB, s *S)
	// MidTurnNotation says that the position notation writes and reads states in
	// the middle of a turn, so the round trip is checked there too; otherwise only
	// at turn starts (and finished games).
	MidTurnNotation bool
	// SamePosition, when not nil, reports whether parsed, read back from the
	// notation of orig, is the same position as orig: a notation that leaves out
	// part of a state that decides its future (Oware's positions since the last
	// capture, for its repetition rule) reads back a different position, whose Hash
	// and Status may rightly differ. Hash and Status are compared only when it
	// reports true; nil compares them always (the notation carries the whole state).
	SamePosition func(orig, parsed *S) bool
	// Margin, when not nil, returns the margin Result must give for a finished game
	// with a winner; nil: the difference of the Points.
	Margin func(s *S) int
	// Places, when not nil, counts the pieces on every place of s that a Tracer's
	// steps name (the ids of the places in the game's picture: pits, logs, stores).
	// With it, the Trace of every decision of the first TurnGames games is checked:
	// the counts of the state before it, changed step by step, must be those
	// after it, and every place a step names must be a shape of the picture of the
	// state before it when the game is an Illustrator.
	Places func(s *S) map[string]int
	// Variants returns neighbours of s, the positions that differ from s in exactly
	// one part, for the HashSensitivity part: s with the other side to move, with one
	// place's count changed (or, where the notation keeps the pieces' number, one
	// piece moved to a neighbouring place), with a flag toggled or a counter
	// changed. Every neighbour whose notation differs from the notation of s must
	// have another hash than s (read back from its notation) and than the other
	// neighbours. It is called at the turn starts of the first TurnGames games and
	// must give at least one neighbour in all; ParseVariants, FieldVariants,
	// NumberVariants, MoveVariants and SwapVariants build neighbours by editing the
	// notation. Required unless HashSensitivity is skipped.
	Variants func(s *S) []S
	// Skip turns off the parts of the suite it holds.
	Skip Part
}

// maxErrors is the number of errors after which a part of the suite stops.
const maxErrors = 10

// reporter reports the errors of one part of the suite, and stops it after
// maxErrors.
type reporter struct {
	t testing.TB
	n int
}

func (r *reporter) errorf(format string, args ...any) {
	r.t.Helper()
	r.t.Errorf(format, args...)
	if r.n++; r.n >= maxErrors {
		r.t.Fatalf("stopping after %d errors", r.n)
	}
}

// suite is one run of the suite.
type suite[S any] struct {
	g    game.Game[S]
	o    Options[S]
	step game.Stepper[S]
	sib  game.SiblingStepper[S]
	play game.Playouter[S]
	rand game.RandomActioner[S]
	leg  game.LegalChecker[S]
	turn game.TurnApplier[S]
	tr   game.Tracer[S]
}

// newSuite returns the suite for g with the defaults of o filled in.
func newSuite[S any](g game.Game[S], o Options[S]) *suite[S] {
	if o.Games == 0 {
		o.Games = 200
		if testing.Short() {
			o.Games /= 4
		}
	}
	if o.MaxDecisions == 0 {
		o.MaxDecisions = 1 << 16
	}
	if o.TurnGames == 0 {
		o.TurnGames = 10
	}
	o.TurnGames = min(max(o.TurnGames, 0), o.Games)
	if o.PerftDepth == 0 {
		o.PerftDepth = 2
	}
	x := &suite[S]{g: g, o: o}
	fast := game.PartsOf[S](g)
	if o.Skip&Steps == 0 {
		x.step = fast.Stepper
		x.sib = fast.SiblingStepper
	}
	if o.Skip&Playouts == 0 {
		x.play = fast.Playouter
	}
	if o.Skip&RandomActions == 0 {
		x.rand = fast.RandomActioner
	}
	if o.Skip&LegalChecks == 0 {
		x.leg = fast.LegalChecker
	}
	if o.Skip&TurnApplies == 0 {
		x.turn = fast.TurnApplier
	}
	if o.Places != nil {
		x.tr = fast.Tracer
	}
	return x
}

func (x *suite[S]) on(p Part) bool { return x.o.Skip&p == 0 }

// RunRuleSets runs the suite on each rule set of a game, as a subtest named by the
// rule set's Name: open reads one of names (the game's constructor) and options
// returns the suite's options for the game it opened.
func RunRuleSets[S any, G game.Game[S]](t *testing.T, names []string, open func(name string) (G, error), options func(g G) Options[S]) {
	t.Helper()
	for _, name := range names {
		g, err := open(name)
		if err != nil {
			t.Fatalf("rule set %q: %v", name, err)
		}
		t.Run(g.Name(), func(t *testing.T) { Run[S](t, g, options(g)) })
	}
}

// Run runs the conformance suite on g (see the package documentation), in subtests
// Basics, RandomGames, Perft, Allocs and Encoder.
func Run[S any](t *testing.T, g game.Game[S], opts Options[S]) {
	t.Helper()
	x := newSuite(g, opts)
	t.Run("Basics", func(t *testing.T) { x.basics(t) })
	t.Run("RandomGames", func(t *testing.T) { x.randomGames(t) })
	t.Run("Perft", func(t *testing.T) {
		if !x.on(Perfts) || x.o.PerftDepth < 0 {
			t.Skip("perft skipped by the options")
		}
		x.perft(t)
	})
	t.Run("Allocs", func(t *testing.T) {
		switch {
		case raceEnabled:
			t.Skip("the race detector allocates")
		case !x.on(Allocs):
			t.Skip("allocation checks skipped by the options")
		}
		x.allocs(t)
	})
	t.Run("Encoder", func(t *testing.T) {
		if !x.on(Encodings) {
			t.Skip("encoding checks skipped by the options")
		}
		x.encodings(t)
	})
}

// basics checks the names and the start position.
func (x *suite[S]) basics(t testing.TB) {
	g := x.g
	if g.Name() == "" {
		t.Error("Name is empty")
	}
	if sides := g.Sides(); sides[0] == "" || sides[1] == "" || sides[0] == sides[1] {
		t.Errorf("Sides = %q: want two different names", sides)
	}
	s, s2 := g.Start(), g.Start()
	if !g.TurnStart(&s) || g.Terminal(&s) {
		t.Errorf("the start %q: TurnStart %v, Terminal %v; want a turn start of a game that goes on",
			g.FormatPosition(&s), g.TurnStart(&s), g.Terminal(&s))
	}
	if g.Hash(&s) != g.Hash(&s2) || g.FormatPosition(&s) != g.FormatPosition(&s2) {
		t.Error("two calls of Start give different positions")
	}
}

// where describes a state of a random game for an error.
type where[S any] struct {
	g              game.Game[S]
	game, decision int
	s              *S
}

func (w where[S]) String() string {
	return fmt.Sprintf("game %d, decision %d, position %q", w.game, w.decision, w.g.FormatPosition(w.s))
}

// randomGames plays the random games with all the checks on the way.
func (x *suite[S]) randomGames(t testing.TB) {
	g := x.g
	r := &reporter{t: t}
	var buf game.ActionBuffer
	dst := g.Start() // Step's destination, holding the last child stepped to
	hs := newHashes(x.on(HashCollisions))
	sensitive := x.on(HashSensitivity)
	if sensitive && x.o.Variants == nil {
		r.errorf("Options.Variants is nil: supply the neighbours of a position, or skip HashSensitivity saying why")
		sensitive = false
	}
	variants := 0
	for i := range x.o.Games {
		rng := rand.NewPCG(x.o.Seed, uint64(i))
		aux := rand.NewPCG(x.o.Seed^0x5eed, uint64(i))
		deep := i < x.o.TurnGames
		s := g.Start()
		for d := 0; ; d++ {
			w := where[S]{g, i, d, &s}
			legal := x.decision(r, &s, &buf, &dst, deep, w)
			if x.o.Check != nil {
				x.o.Check(t, &s)
			}
			turnStart := g.TurnStart(&s)
			if turnStart || x.o.MidTurnNotation {
				text := ""
				if x.on(Positions) || hs != nil {
					text = g.FormatPosition(&s)
				}
				if x.on(Positions) {
					x.roundTrip(r, &s, text, w)
				}
				hs.add(r, g.Hash(&s), text, w)
			}
			if deep && turnStart && sensitive {
				variants += x.hashSensitivity(r, &s, w)
			}
			if deep && x.play != nil {
				x.playout(r, &s, uint64(d), w)
			}
			if g.Terminal(&s) {
				x.result(r, &s, w)
				break
			}
			if x.rand != nil {
				x.randomAction(r, &s, aux, legal, deep && turnStart, w)
			}
			if deep && x.tr != nil {
				x.traces(r, &s, legal, w)
			}
			if deep && turnStart && x.on(TurnNotation) {
				x.turns(r, &s, w)
			}
			if len(legal) == 0 {
				break // reported by decision
			}
			if d >= x.o.MaxDecisions {
				r.errorf("%v: the game is not over after %d decisions", w, d)
				break
			}
			g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		}
	}
	if sensitive && variants == 0 && x.o.TurnGames > 0 {
		r.errorf("Options.Variants gave no neighbour of the turn starts of the first %d games", x.o.TurnGames)
	}
	hs.check(r)
}

// decision checks the rules at one state of a random game and returns its legal
// decisions (in buf). The fast paths' states are compared with Apply's by Hash and
// Status, and when deep by their notation too.
func (x *suite[S]) decision(r *reporter, s *S, buf *game.ActionBuffer, dst *S, deep bool, w where[S]) []game.Action {
	g := x.g
	legal := g.LegalActions(s, buf)
	var legalSet [game.MaxActions]bool
	for _, a := range legal {
		legalSet[a] = true
	}
	rules := x.on(Decisions)
	if rules {
		x.rules(r, s, legal, w)
	}
	if x.leg != nil {
		for a := range game.MaxActions {
			if x.leg.IsLegal(s, game.Action(a)) != legalSet[a] {
				r.errorf("%v: IsLegal(%d) = %v, LegalActions %v", w, a, !legalSet[a], legal)
				break
			}
		}
	}
	if !rules && x.step == nil {
		return legal
	}
	hash, text := g.Hash(s), g.FormatPosition(s)
	var sib S
	for k, a := range legal {
		child := *s
		g.Apply(&child, a)
		if rules {
			if m := g.ToMove(&child); m != 0 && m != 1 {
				r.errorf("%v: after %d, ToMove = %d", w, a, m)
			}
			if g.Terminal(&child) && !g.TurnStart(&child) {
				r.errorf("%v: after %d, a finished game that is not at a turn start", w, a)
			}
			if g.Hash(&child) != g.Hash(&child) {
				r.errorf("%v: after %d, Hash gives two values", w, a)
			}
		}
		if x.step == nil {
			continue
		}
		childText := ""
		if deep {
			childText = g.FormatPosition(&child)
		}
		st := x.step.Step(dst, s, a)
		x.same(r, "Step", &child, childText, dst, st, a, w)
		inPlace := *s
		st = x.step.Step(&inPlace, &inPlace, a)
		x.same(r, "Step in place", &child, childText, &inPlace, st, a, w)
		if x.sib != nil {
			if k == 0 {
				st = x.step.Step(&sib, s, a)
			} else {
				st = x.sib.StepSibling(&sib, s, a)
			}
			x.same(r, "StepSibling", &child, childText, &sib, st, a, w)
		}
	}
	if g.Hash(s) != hash || g.FormatPosition(s) != text {
		r.errorf("%v: applying its decisions to copies changed the position to %q", w, g.FormatPosition(s))
	}
	return legal
}

// traces checks the Trace of every legal decision at s against the counts of
// Options.Places and the ids of the picture of s.
func (x *suite[S]) traces(r *reporter, s *S, legal []game.Action, w where[S]) {
	ids := pictureIDs(x.g, s)
	for _, a := range legal {
		if err := traceError(x.g, x.tr, s, a, x.o.Places, ids); err != nil {
			r.errorf("%v: %v", w, err)
		}
	}
}

// CheckTraces checks the Trace of every legal decision at s as the suite checks
// those of its random games (see Options.Places): for rule sets and positions the
// suite does not reach. g must be a game.Tracer.
func CheckTraces[S any](t testing.TB, g game.Game[S], s *S, places func(s *S) map[string]int) {
	t.Helper()
	tr := game.PartOf[game.Tracer[S]](g)
	ok := tr != nil
	if !ok {
		t.Fatalf("%s is no game.Tracer", g.Name())
	}
	ids := pictureIDs(g, s)
	var buf game.ActionBuffer
	for _, a := range g.LegalActions(s, &buf) {
		if err := traceError(g, tr, s, a, places, ids); err != nil {
			t.Fatalf("position %q: %v", g.FormatPosition(s), err)
		}
	}
}

// CheckTrace checks a trace worked out by hand: the Trace of the decision written
// move (its AppendAction notation) from position ("" for the start) must be want;
// then every legal decision's trace there is checked with CheckTraces.
func CheckTrace[S any](t testing.TB, g game.Game[S], position, move string, want []game.TraceStep, places func(s *S) map[string]int) {
	t.Helper()
	s := g.Start()
	if position != "" {
		var err error
		if s, err = g.ParsePosition(position); err != nil {
			t.Fatalf("position %q: %v", position, err)
		}
	}
	tr := game.PartOf[game.Tracer[S]](g)
	ok := tr != nil
	if !ok {
		t.Fatalf("%s is no game.Tracer", g.Name())
	}
	var buf game.ActionBuffer
	var names []string
	for _, a := range g.LegalActions(&s, &buf) {
		name := string(g.AppendAction(nil, &s, a))
		if name != move {
			names = append(names, name)
			continue
		}
		if got := tr.Trace(&s, a); !slices.Equal(got, want) {
			t.Errorf("Trace(%s) from %q:\n got %v\nwant %v", move, position, got, want)
		}
		CheckTraces(t, g, &s, places)
		return
	}
	t.Fatalf("%q is not a legal decision of %q (legal: %v)", move, position, names)
}

// CheckRandomTraces plays n random games of g (game i seeded by PCG(seed, i)) and
// checks the traces of every legal decision of every state on the way with
// CheckTraces: for rule sets the suite does not run.
func CheckRandomTraces[S any](t testing.TB, g game.Game[S], places func(s *S) map[string]int, n int, seed uint64) {
	t.Helper()
	var buf game.ActionBuffer
	for i := range n {
		rng := rand.NewPCG(seed, uint64(i))
		for s := g.Start(); !g.Terminal(&s); {
			CheckTraces(t, g, &s, places)
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		}
	}
}

// pictureIDs returns the ids of the shapes of the picture of s, or nil when g is no
// picture.Illustrator.
func pictureIDs[S any](g game.Game[S], s *S) map[string]bool {
	il, ok := g.(picture.Illustrator[S])
	if !ok {
		return nil
	}
	ids := map[string]bool{}
	for _, sh := range il.Illustrate(s).Shapes {
		if sh.ID != "" {
			ids[sh.ID] = true
		}
	}
	return ids
}

// traceError checks the trace of decision a at s: its steps name places that
// places counts (and that are shapes of the picture, when ids is not nil), and the
// counts of s changed step by step are those after Apply. It returns the first
// problem.
func traceError[S any](g game.Game[S], tr game.Tracer[S], s *S, a game.Action, places func(s *S) map[string]int, ids map[string]bool) error {
	before := g.FormatPosition(s)
	steps := tr.Trace(s, a)
	if g.FormatPosition(s) != before {
		return fmt.Errorf("Trace(%d) changed the position", a)
	}
	counts := places(s)
	for i, st := range steps {
		if st.Place == "" || (st.To == "") != (st.Kind != game.Take) {
			return fmt.Errorf("Trace(%d) step %d (%v): Place %q, To %q: want a Place, and a To for a take only", a, i, st.Kind, st.Place, st.To)
		}
		for _, id := range []string{st.Place, st.To} {
			if _, ok := counts[id]; id != "" && !ok {
				return fmt.Errorf("Trace(%d) step %d (%v) names %q, which Places does not count", a, i, st.Kind, id)
			}
			if id != "" && ids != nil && !ids[id] {
				return fmt.Errorf("Trace(%d) step %d (%v) names %q, which the picture has no shape of", a, i, st.Kind, id)
			}
		}
		switch st.Kind {
		case game.Sow:
			counts[st.Place]++
		case game.Lift:
			counts[st.Place] = 0
		case game.Take:
			counts[st.To] += counts[st.Place]
			counts[st.Place] = 0
		default:
			return fmt.Errorf("Trace(%d) step %d has the unknown kind %v", a, i, st.Kind)
		}
	}
	child := *s
	g.Apply(&child, a)
	want := places(&child)
	for _, id := range slices.Sorted(maps.Keys(want)) {
		if counts[id] != want[id] {
			return fmt.Errorf("decision %d (%s): the trace %v leaves %d pieces on %s; after the decision it holds %d",
				a, g.AppendAction(nil, s, a), steps, counts[id], id, want[id])
		}
	}
	return nil
}

// rules checks ToMove, TurnStart, Terminal and LegalActions, which gave legal, at s.
func (x *suite[S]) rules(r *reporter, s *S, legal []game.Action, w where[S]) {
	g := x.g
	if m := g.ToMove(s); m != 0 && m != 1 {
		r.errorf("%v: ToMove = %d", w, m)
	}
	terminal := g.Terminal(s)
	if terminal && !g.TurnStart(s) {
		r.errorf("%v: a finished game that is not at a turn start", w)
	}
	var seen [game.MaxActions]bool
	for _, a := range legal {
		if seen[a] {
			r.errorf("%v: LegalActions %v lists %d twice", w, legal, a)
		}
		seen[a] = true
	}
	switch {
	case terminal && len(legal) > 0:
		r.errorf("%v: the game is over, and LegalActions gives %v", w, legal)
	case !terminal && len(legal) == 0:
		r.errorf("%v: the game goes on, and LegalActions gives none", w)
	}
	var buf2, buf3 game.ActionBuffer
	c := *s
	if again, other := g.LegalActions(s, &buf2), g.LegalActions(&c, &buf3); !slices.Equal(again, legal) || !slices.Equal(other, legal) {
		r.errorf("%v: LegalActions gives %v, then %v, and %v on a copy", w, legal, again, other)
	}
}

// same checks that got, which fast (a fast path's name) reached with status st, is
// want, with notation wantText (not compared when ""), as Apply of decision a reached
// it.
func (x *suite[S]) same(r *reporter, fast string, want *S, wantText string, got *S, st game.Status, a game.Action, w where[S]) {
	g := x.g
	switch {
	case st != game.StatusOf(g, want):
		r.errorf("%v: %s(%d) returns the status %03b, Apply reaches %03b", w, fast, a, st, game.StatusOf(g, want))
	case game.StatusOf(g, got) != st:
		r.errorf("%v: %s(%d) returns the status %03b of a state whose status is %03b", w, fast, a, st, game.StatusOf(g, got))
	case g.Hash(got) != g.Hash(want):
		r.errorf("%v: %s(%d) reaches the hash %#x, Apply %#x", w, fast, a, g.Hash(got), g.Hash(want))
	case wantText != "" && g.FormatPosition(got) != wantText:
		r.errorf("%v: %s(%d) reaches %q, Apply %q", w, fast, a, g.FormatPosition(got), wantText)
	}
}

// roundTrip checks the position notation of s, which FormatPosition writes text.
func (x *suite[S]) roundTrip(r *reporter, s *S, text string, w where[S]) {
	g := x.g
	p, err := g.ParsePosition(text)
	if err != nil {
		r.errorf("%v: ParsePosition refuses FormatPosition's %q: %v", w, text, err)
		return
	}
	if back := g.FormatPosition(&p); back != text {
		r.errorf("%v: %q reads back as %q", w, text, back)
		return
	}
	if !x.on(PositionHashes) || (x.o.SamePosition != nil && !x.o.SamePosition(s, &p)) {
		return
	}
	if g.Hash(&p) != g.Hash(s) {
		r.errorf("%v: read back, the position has the hash %#x, not %#x", w, g.Hash(&p), g.Hash(s))
	}
	if a, b := game.StatusOf(g, &p), game.StatusOf(g, s); a != b {
		r.errorf("%v: read back, the position has the status %03b, not %03b", w, a, b)
	}
}

// result checks how the finished game s ended.
func (x *suite[S]) result(r *reporter, s *S, w fmt.Stringer) {
	if !x.on(Results) {
		return
	}
	if msg := x.resultError(s); msg != "" {
		r.errorf("%v: %s", w, msg)
	}
}

// resultError returns what is wrong with the scoring of the finished game s, or "".
func (x *suite[S]) resultError(s *S) string {
	g := x.g
	winner, margin := g.Result(s)
	p := g.Points(s)
	tie := g.TieBreak(s)
	diff := p[0] - p[1]
	if diff < 0 {
		diff = -diff
	}
	switch {
	case g.EndReason(s) == "":
		return "the game is over with no EndReason"
	case winner == -1 && (p[0] != p[1] || margin != 0):
		return fmt.Sprintf("a draw with points %v and margin %d", p, margin)
	case winner == -1:
		return ""
	case winner != 0 && winner != 1:
		return fmt.Sprintf("Result gives the winner %d", winner)
	case p[winner] < p[1-winner]:
		return fmt.Sprintf("side %d wins with points %v", winner, p)
	case p[winner] == p[1-winner] && !tie:
		return fmt.Sprintf("side %d wins with equal points %v and no tie break", winner, p)
	case p[winner] > p[1-winner] && tie:
		return fmt.Sprintf("side %d wins with more points %v, and TieBreak says a tie rule decided", winner, p)
	}
	want := diff
	if x.o.Margin != nil {
		want = x.o.Margin(s)
	}
	if margin != want {
		return fmt.Sprintf("side %d wins by %d with points %v; want a margin of %d", winner, margin, p, want)
	}
	return ""
}

// playout checks the Playouter from s, with the random numbers of PCG(Seed, seq).
func (x *suite[S]) playout(r *reporter, s *S, seq uint64, w where[S]) {
	g := x.g
	a, b := *s, *s
	x.play.Playout(&a, rand.NewPCG(x.o.Seed, seq))
	x.play.Playout(&b, rand.NewPCG(x.o.Seed, seq))
	if !g.Terminal(&a) {
		r.errorf("%v: Playout stops at %q, a game that goes on", w, g.FormatPosition(&a))
		return
	}
	if g.Hash(&a) != g.Hash(&b) || g.FormatPosition(&a) != g.FormatPosition(&b) {
		r.errorf("%v: two Playouts with the same random numbers end at %q and %q", w, g.FormatPosition(&a), g.FormatPosition(&b))
	}
	if x.o.Check != nil {
		x.o.Check(r.t, &a)
	}
	if x.on(Results) {
		if msg := x.resultError(&a); msg != "" {
			r.errorf("%v: Playout ends at %q: %s", w, g.FormatPosition(&a), msg)
		}
	}
}

// randomAction checks the RandomActioner at s, whose legal decisions are legal; with
// cover, that it draws each of them.
func (x *suite[S]) randomAction(r *reporter, s *S, rng *rand.PCG, legal []game.Action, cover bool, w where[S]) {
	a := x.rand.RandomAction(s, rng)
	if !slices.Contains(legal, a) {
		r.errorf("%v: RandomAction gives %d, not in %v", w, a, legal)
		return
	}
	if !cover {
		return
	}
	var seen [game.MaxActions]bool
	left := len(legal)
	for n := 0; n < 64*len(legal) && left > 0; n++ {
		if a := x.rand.RandomAction(s, rng); !seen[a] {
			seen[a] = true
			left--
		}
	}
	if left > 0 {
		r.errorf("%v: %d draws of RandomAction never give %d of the legal decisions %v", w, 64*len(legal), left, legal)
	}
}

// turns checks game.Turns, game.PlayTurn and the TurnApplier at s, a turn start of a
// game that goes on.
func (x *suite[S]) turns(r *reporter, s *S, w where[S]) {
	g := x.g
	names, paths, err := game.Turns(g, *s)
	switch {
	case err != nil:
		r.errorf("%v: Turns: %v", w, err)
		return
	case len(names) == 0 || len(paths) != len(names):
		r.errorf("%v: Turns lists %d turns and %d decision lists", w, len(names), len(paths))
		return
	}
	seen := make(map[string]int, len(names))
	prefix := []byte("notation so far ")
	for i, path := range paths {
		name := names[i]
		if j, dup := seen[name]; dup {
			r.errorf("%v: turns %d (%v) and %d (%v) are both written %q", w, j, paths[j], i, path, name)
		}
		seen[name] = i
		want := *s
		for _, a := range path {
			g.Apply(&want, a)
		}
		wantText := string(prefix) + name
		c := *s
		out, err := game.PlayTurn(g, &c, path, slices.Clip(prefix))
		if err != nil || string(out) != wantText || g.Hash(&c) != g.Hash(&want) || g.FormatPosition(&c) != g.FormatPosition(&want) {
			r.errorf("%v: PlayTurn of turn %q %v writes %q, %v, reaching %q; want %q", w, name, path, out, err, g.FormatPosition(&c), g.FormatPosition(&want))
		}
		if x.turn != nil {
			c := *s
			out, err := x.turn.ApplyTurn(&c, path, slices.Clip(prefix))
			if err != nil || string(out) != wantText || g.Hash(&c) != g.Hash(&want) || g.FormatPosition(&c) != g.FormatPosition(&want) {
				r.errorf("%v: ApplyTurn of turn %q %v writes %q, %v, reaching %q; want %q", w, name, path, out, err, g.FormatPosition(&c), g.FormatPosition(&want))
			}
		}
		if i < 3 || i == len(paths)-1 {
			x.notTurns(r, s, path, &want, w)
		}
	}
}

// notTurns checks that PlayTurn and the TurnApplier refuse what is not one turn from
// s, given path, a turn of s that reaches after.
func (x *suite[S]) notTurns(r *reporter, s *S, path []game.Action, after *S, w where[S]) {
	g := x.g
	var buf game.ActionBuffer
	legal := g.LegalActions(s, &buf)
	illegal := -1
	for a := range game.MaxActions {
		if !slices.Contains(legal, game.Action(a)) {
			illegal = a
			break
		}
	}
	cases := [][]game.Action{nil}
	if len(path) > 1 {
		cases = append(cases, path[:len(path)-1], append(slices.Clone(path[:len(path)-1]), game.Action(illegal)))
	}
	more := g.LegalActions(after, &buf)
	if len(more) == 0 {
		more = []game.Action{0}
	}
	cases = append(cases, append(slices.Clone(path), more[0]))
	if illegal >= 0 {
		cases = append(cases, []game.Action{game.Action(illegal)})
	}
	text, hash := g.FormatPosition(s), g.Hash(s)
	prefix := []byte("so far")
	for _, bad := range cases {
		c := *s
		out, err := game.PlayTurn(g, &c, bad, slices.Clip(prefix))
		if err == nil || string(out) != "so far" || g.Hash(&c) != hash || g.FormatPosition(&c) != text {
			r.errorf("%v: PlayTurn(%v), not one turn, gives %q, %v and leaves %q", w, bad, out, err, g.FormatPosition(&c))
		}
		if x.turn == nil {
			continue
		}
		c = *s
		out, err = x.turn.ApplyTurn(&c, bad, slices.Clip(prefix))
		if err == nil || string(out) != "so far" || g.Hash(&c) != hash || g.FormatPosition(&c) != text {
			r.errorf("%v: ApplyTurn(%v), not one turn, gives %q, %v and leaves %q", w, bad, out, err, g.FormatPosition(&c))
		}
	}
}

// samples returns states of game 0 of the random games: the start, turn starts of a
// game that goes on at turns 4 and 12 (when the game lasts), the first state in the
// middle of a turn (if any) and the finished game.
func (x *suite[S]) samples() (turnStarts []S, midTurn []S, end S) {
	g := x.g
	s := g.Start()
	turnStarts = append(turnStarts, s)
	rng := rand.NewPCG(x.o.Seed, 0)
	var buf game.ActionBuffer
	turn := 0
	for d := 0; !g.Terminal(&s) && d < x.o.MaxDecisions; d++ {
		legal := g.LegalActions(&s, &buf)
		if len(legal) == 0 {
			break
		}
		g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		switch {
		case g.Terminal(&s):
		case g.TurnStart(&s):
			if turn++; turn == 4 || turn == 12 {
				turnStarts = append(turnStarts, s)
			}
		case len(midTurn) == 0:
			midTurn = append(midTurn, s)
		}
	}
	return turnStarts, midTurn, s
}

// perft checks game.Perft against game.PerftDivide and game.Turns.
func (x *suite[S]) perft(t testing.TB) {
	g := x.g
	r := &reporter{t: t}
	ctx := context.Background()
	starts, mid, _ := x.samples()
	if len(starts) > 2 {
		starts = starts[:2] // the start and a turn start at turn 4
	}
	for k, s := range starts {
		turns, _, err := game.Turns(g, s)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(turns)
		for d := 1; d <= x.o.PerftDepth; d++ {
			text := g.FormatPosition(&s)
			n, err := game.Perft(ctx, g, s, d)
			if err != nil {
				r.errorf("sample %d %q: perft(%d): %v", k, text, d, err)
				continue
			}
			names, counts, err := game.PerftDivide(ctx, g, s, d)
			if err != nil {
				r.errorf("sample %d %q: divide(%d): %v", k, text, d, err)
				continue
			}
			var sum uint64
			for _, c := range counts {
				sum += c
			}
			if sum != n || !slices.Equal(names, turns) || (d == 1 && n != uint64(len(turns))) {
				r.errorf("sample %d %q: perft(%d) = %d; divide %v %v adds up to %d; the turns %v", k, text, d, n, names, counts, sum, turns)
			}
		}
	}
	for _, s := range mid {
		if _, err := game.Perft(ctx, g, s, 1); err == nil {
			r.errorf("%q: Perft in the middle of a turn: no error", g.FormatPosition(&s))
		}
	}
}

// allocs checks that the hot paths allocate nothing, in sample states.
func (x *suite[S]) allocs(t testing.TB) {
	g := x.g
	starts, mid, end := x.samples()
	check := func(what string, s *S, f func()) {
		t.Helper()
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%q: %s allocates %v times", g.FormatPosition(s), what, n)
		}
	}
	var buf game.ActionBuffer
	var sink uint64
	for _, s := range append(append(starts, mid...), end) {
		c, d := s, s
		legal := slices.Clone(g.LegalActions(&s, &buf))
		check("LegalActions", &s, func() { g.LegalActions(&s, &buf) })
		check("Hash", &s, func() { sink += g.Hash(&s) })
		check("ToMove, TurnStart, Terminal", &s, func() {
			sink += uint64(g.ToMove(&s))
			if g.TurnStart(&s) && g.Terminal(&s) {
				sink++
			}
		})
		if g.Terminal(&s) {
			check("Result", &s, func() { w, m := g.Result(&s); sink += uint64(w + m) })
			continue
		}
		a, b := legal[0], legal[len(legal)-1]
		check("Apply", &s, func() { c = s; g.Apply(&c, a) })
		if x.step != nil {
			check("Step", &s, func() { x.step.Step(&c, &s, a) })
		}
		if x.sib != nil {
			check("StepSibling", &s, func() { x.step.Step(&c, &s, a); x.sib.StepSibling(&c, &s, b) })
		}
		if x.play != nil {
			rng := rand.NewPCG(1, 2)
			check("Playout", &s, func() { d = s; x.play.Playout(&d, rng) })
		}
	}
	_ = sink
}

// FuzzPositions is the body of a fuzz target for g's position parser, seeded with
// the start position and seeds (positions in g's notation): any input either is
// refused by ParsePosition or reads to a state whose FormatPosition reads back to
// the same line and the same Hash; the state read is one the rules can play (ToMove
// is 0 or 1, LegalActions lists decisions, without duplicates, exactly when the game
// goes on, and each of them can be applied); nothing panics.
func FuzzPositions[S any](f *testing.F, g game.Game[S], seeds ...string) {
	start := g.Start()
	f.Add(g.FormatPosition(&start))
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		out := g.FormatPosition(&s)
		s2, err := g.ParsePosition(out)
		if err != nil {
			t.Fatalf("%q reads as %q, which ParsePosition refuses: %v", text, out, err)
		}
		if back := g.FormatPosition(&s2); back != out {
			t.Fatalf("%q reads as %q, which reads back as %q", text, out, back)
		}
		if g.Hash(&s) != g.Hash(&s2) {
			t.Fatalf("%q reads as %q, which reads back with another hash", text, out)
		}
		if m := g.ToMove(&s); m != 0 && m != 1 {
			t.Fatalf("%q: ToMove = %d", out, m)
		}
		var buf game.ActionBuffer
		legal := g.LegalActions(&s, &buf)
		var seen [game.MaxActions]bool
		for _, a := range legal {
			if seen[a] {
				t.Fatalf("%q: LegalActions %v lists %d twice", out, legal, a)
			}
			seen[a] = true
			c := s
			g.Apply(&c, a)
			g.Hash(&c)
		}
		if terminal := g.Terminal(&s); terminal != (len(legal) == 0) || terminal && !g.TurnStart(&s) {
			t.Fatalf("%q: Terminal %v, TurnStart %v, LegalActions %v", out, terminal, g.TurnStart(&s), legal)
		}
	})
}
