package search

// Status is what the tree searches ask of a state after every decision, in one byte:
// the player to move, whether the state is at a turn start, whether the game is over.
type Status uint8

// The bits of a Status.
const (
	StatusPlayer1   Status = 1 << iota // player 1 is to move (else player 0)
	StatusTurnStart                    // Game.TurnStart
	StatusTerminal                     // Game.Terminal
)

// MakeStatus returns the Status of a state from its ToMove (0 or 1), TurnStart and
// Terminal.
func MakeStatus(toMove int, turnStart, terminal bool) Status {
	st := Status(toMove & 1)
	if turnStart {
		st |= StatusTurnStart
	}
	if terminal {
		st |= StatusTerminal
	}
	return st
}

// ToMove returns the player to move, 0 or 1.
func (st Status) ToMove() int { return int(st & StatusPlayer1) }

// TurnStart reports whether the state is at the start of a turn (or terminal).
func (st Status) TurnStart() bool { return st&StatusTurnStart != 0 }

// Terminal reports whether the game is over.
func (st Status) Terminal() bool { return st&StatusTerminal != 0 }

// Stepper is an optional fast path for the tree searches that a Game may implement.
// Step sets *dst to the state after the legal decision a in *src and returns its
// Status: what Apply on a copy followed by ToMove, TurnStart and Terminal give, in one
// call instead of four through the interface (calls through a type parameter or an
// interface are indirect and never inlined, and alpha-beta makes them at every node).
// dst and src may be the same state; the game may copy only what the rules read (the
// result must behave as Apply's would, Hash included). Step allocates nothing.
type Stepper[S any] interface {
	Step(dst, src *S, a Action) Status
}

// statusOf returns the Status of s through g's methods.
func statusOf[S any](g Game[S], s *S) Status {
	return MakeStatus(g.ToMove(s), g.TurnStart(s), g.Terminal(s))
}

// stepper returns g's Stepper, or nil.
func stepper[S any](g Game[S]) Stepper[S] {
	st, _ := g.(Stepper[S])
	return st
}

// SiblingStepper is an optional addition to Stepper for games whose states are costly
// to copy. StepSibling is Step(dst, src, a) where *dst holds, unchanged since, the
// result of an earlier Step(dst, src, b) or StepSibling(dst, src, b) from the same,
// unchanged *src (the new state's elder sibling): the game may keep what dst already
// shares with src instead of copying it. The alpha-beta search calls it for every
// child of a node but the first.
type SiblingStepper[S any] interface {
	Stepper[S]
	StepSibling(dst, src *S, a Action) Status
}

// siblingStepper returns g's SiblingStepper, or nil.
func siblingStepper[S any](g Game[S]) SiblingStepper[S] {
	st, _ := g.(SiblingStepper[S])
	return st
}
