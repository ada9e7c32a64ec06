package oware

import _ "embed" // for RulesDocument

// RulesDocument is the package's RULES.md: the rules it plays, restated from the seed
// text, with every reading chosen where the text is silent and the options.
//
//go:embed RULES.md
var RulesDocument string
