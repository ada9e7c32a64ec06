package martian

import (
	_ "embed" // for RulesDocument

	"github.com/colony-ai/colony/game"
)

// RulesDocument is the package's RULES.md: the rules it plays, restated from the
// source text, with every reading chosen where the text leaves a choice, the
// notations and measured figures.
//
//go:embed RULES.md
var RulesDocument string

// Summary is Martian Mancala's line in the registry's list of games.
const Summary = "Martian Mancala (Mattingly, 2002): stacks of pyramids worth 1-3 pips, each moving its pips, laps, bonus moves, both mancalas sown; martian:NxSTACK (default 6x321)"

// About says what Martian Mancala says of itself (game.Game's About): its summary
// and rules document.
func (g *Game) About() game.About { return game.About{Summary: Summary, Rules: RulesDocument} }
