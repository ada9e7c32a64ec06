package piecepack

import (
	_ "embed" // for RulesDocument

	"github.com/colony-ai/colony/game"
)

// RulesDocument is the package's RULES.md: the rules it plays, restated from the seed
// text, with every reading chosen where the text is silent and the options.
//
//go:embed RULES.md
var RulesDocument string

// The lines of the three options in the registry's list of games.
const (
	EgyptianSummary  = "piecepack Mancala, Egyptian option: 6 tiles of 4 coins a side, extra turns, captures (see games/piecepack/RULES.md)"
	EthiopianSummary = "piecepack Mancala, Ethiopian option: Egyptian with a choice of direction, no start from a single coin"
	NigerianSummary  = "piecepack Mancala, Nigerian option: both mancalas sown, relays, tiles of 4 go to their owner"
)

// About says what the game says of itself (game.Game's About): its option's summary
// and the rules document the options share.
func (g *Game) About() game.About {
	summary := EgyptianSummary
	switch g.variant {
	case Ethiopian:
		summary = EthiopianSummary
	case Nigerian:
		summary = NigerianSummary
	}
	return game.About{Summary: summary, Rules: RulesDocument}
}
