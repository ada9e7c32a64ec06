package game

import "math/rand/v2"

// Reports: optional interfaces through which a game tells the command line's reports
// what the contract does not (how its random games are counted, what its decisions
// and points are, how it breaks ties, which positions benchmark it). A game that has
// none gets the generic reports.

// CountingPlayouter is an optional fast path for the statistics of random games:
// CountedPlayout plays uniformly random decisions from s to the end of the game as
// Playouter's Playout does (drawing its randomness from rng only, not necessarily the
// numbers a walk over LegalActions would draw) and returns the decisions played and
// the turns played, a turn the game ended in the middle of included (the count of
// decisions after which the state is at a turn start or terminal). It allocates
// nothing.
//
// Used by the playout command (catalog.Ruleset.RandomGames), whose random games are then
// the fast path's: the same seed gives the same games as long as the fast path draws
// the same numbers.
type CountingPlayouter[S any] interface {
	CountedPlayout(s *S, rng *rand.PCG) (decisions, turns int)
}

// Describer is an optional interface of games that describe themselves for reports
// on many games: Describe returns what the contract does not say, each zero field of
// the Description meaning "not said".
//
// Used by the playout command's report (catalog.Ruleset.Description).
type Describer interface {
	Describe() Description
}

// Description is what a Describer says of itself. Every field is optional.
type Description struct {
	// EndReasons lists every reason EndReason gives, in the order a report lists
	// them; a report of many games shows each, those no game ended with included.
	// Nil: the reasons are not known in advance (a report lists those it saw, the
	// most frequent first).
	EndReasons []string
	// Decisions says what a decision of the game is, as a list of plural nouns
	// ("selections, directions, ant moves and passes").
	Decisions string
	// TieRule states the rule that decides a finished game of equal points, for a
	// game that has one and so never ends in a draw ("equal scores; the player who
	// completed the last full turn wins"). Empty: a game of equal points may be a
	// draw (Result's winner -1), and reports count draws.
	TieRule string
	// Points says what Points counts ("eggs owned"); empty: points.
	Points string
	// TotalPoints is the number of points in play, for a game whose points may end
	// owned by neither side (The Colony's eggs left on the logs): a report then shows
	// how many nobody owns. 0: not said.
	TotalPoints int
}

// Bencher is an optional interface of games with a fixed list of benchmark
// positions: BenchPositions returns them, in the game's notation, each at the start
// of a turn. The list is part of the game's bench signature: changing it changes the
// signature.
//
// Used by the bench command (catalog.Ruleset.BenchPositions), which searches these
// positions instead of positions sampled from seeded random games.
type Bencher interface {
	BenchPositions() []string
}

// RulesDocumenter is an optional interface of games whose rules document depends on
// the rule set opened (The Colony's: its board file, sowing cap and turn cap), where
// the other games print the fixed document they registered (their RULES.md):
// RulesDocument returns the whole text, its first line "# rule set NAME".
//
// Used by the rules command (catalog.Ruleset.RulesDocument).
type RulesDocumenter interface {
	RulesDocument() string
}
