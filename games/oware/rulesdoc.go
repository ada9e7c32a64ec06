package oware

import (
	_ "embed" // for RulesDocument

	"github.com/colony-ai/colony/game"
)

// RulesDocument is the package's RULES.md: the rules it plays, restated from the seed
// text, with every reading chosen where the text is silent and the options.
//
//go:embed RULES.md
var RulesDocument string

// The lines of Oware and Ayo in the registry's list of games.
const (
	OwareSummary = "Oware (Abapa): 2x6 pits of 4, captures of 2s and 3s, feeding, grand slam options, won at 25 captured seeds; oware:quiet=off is OpenSpiel's (see games/oware/RULES.md)"
	AyoSummary   = "Ayo (Yoruba): Oware's board with relay sowing and captures from the opposite pit (see games/oware/RULES.md)"
)

// About says what the game says of itself (game.Game's About): its summary (Oware's
// or Ayo's) and the rules document they share.
func (g *Game) About() game.About {
	summary := OwareSummary
	if g.variant == Ayo {
		summary = AyoSummary
	}
	return game.About{Summary: summary, Rules: RulesDocument}
}
