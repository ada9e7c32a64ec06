package tournament

import (
	"github.com/colony-ai/colony/search"
)

// Game is what the runner needs of a game beyond search.Game: its name, positions in
// its notation, the notation of decisions (so that records hold turns), and how a
// finished game ended. search.Colony implements it.
type Game[S any] interface {
	search.Game[S]
	// Name returns the rule set's name, recorded in the games file.
	Name() string
	// Start returns the start position.
	Start() S
	// ParsePosition reads a position in the game's notation.
	ParsePosition(text string) (S, error)
	// FormatPosition writes s in the game's notation.
	FormatPosition(s *S) string
	// AppendAction appends the notation of decision a, legal in s, to dst; the pieces
	// of a turn's decisions, concatenated, are the turn's notation.
	AppendAction(dst []byte, s *S, a search.Action) []byte
	// Sides returns the names of the two players' sides, the first player's first
	// ("red", "black").
	Sides() [2]string
	// Points returns the two sides' final scores.
	Points(s *S) [2]int
	// EndReason says why a finished game ended.
	EndReason(s *S) string
	// TieBreak reports whether a finished game with a winner was decided by a tie
	// rule (equal points).
	TieBreak(s *S) bool
}

// legalChecker is implemented by games that test one decision for legality faster
// than by listing all of them (search.Colony does).
type legalChecker[S any] interface {
	IsLegal(s *S, a search.Action) bool
}

// turnApplier is implemented by games that check and play a whole turn, appending
// its notation, without an interface call per decision (search.Colony does). The
// error says what is wrong with the turn; s is then unchanged.
type turnApplier[S any] interface {
	ApplyTurn(s *S, actions []search.Action, notation []byte) ([]byte, error)
}

// PlayerFactory builds a fresh player from a spec string (the runner has already
// added its seed and limits to the spec). A game's two players are built for it
// alone, so players may keep state between the turns of one game.
type PlayerFactory[S any] func(spec string, opts search.Options) (search.Player[S], error)

// NewFactory returns the PlayerFactory of search.New with evaluation ev.
func NewFactory[S any](g search.Game[S], ev search.Evaluator[S]) PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		return search.New(g, ev, spec, opts)
	}
}
