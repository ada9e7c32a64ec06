package kalah

import (
	_ "embed" // for RulesDocument

	"github.com/colony-ai/colony/game"
)

// RulesDocument is the package's RULES.md: the rules it plays, restated from the seed
// text, with every reading chosen where the text is silent and the options.
//
//go:embed RULES.md
var RulesDocument string

// Summary is Kalah's line in the registry's list of games.
const Summary = "Kalah (Champion, 1958): MxN pits and seeds (default 6x4), stores sown, extra turns, captures; kalah:MxN[,capture=nonempty]"

// About says what Kalah says of itself (game.Game's About): its summary and rules
// document.
func (g *Game) About() game.About { return game.About{Summary: Summary, Rules: RulesDocument} }
