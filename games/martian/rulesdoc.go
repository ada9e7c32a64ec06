package martian

import _ "embed" // for RulesDocument

// RulesDocument is the package's RULES.md: the rules it plays, restated from the
// source text, with every reading chosen where the text leaves a choice, the
// notations and measured figures.
//
//go:embed RULES.md
var RulesDocument string
