package oware

import (
	"embed"

	"github.com/colony-ai/colony/games/internal/shipped"
)

// shippedWeights holds the weights files of the package's feature sets,
// weights/SET.json, made by 'colony selfplay' and 'colony tune' (Texel) and kept where
// they beat the store difference in a verification match (docs/tuning.md, Tuning).
//
//go:embed weights/*.json weights/*.nnue
var shippedWeights embed.FS

// ShippedWeights returns the weights file of the feature set (weights/SET.json),
// which the evaluation "linear" uses (eval.Evaluations); nil when none ships.
func (f Features) ShippedWeights() []byte { return shipped.Weights(shippedWeights, f.Name()) }

// ShippedNetwork returns the value network (weights/RULES.nnue, eval/nnue's format)
// trained for the rule set named rules, which the evaluation "net" uses; nil when
// none ships for it. See weights/README.md for how it was made.
func (f Features) ShippedNetwork(rules string) []byte { return shipped.Network(shippedWeights, rules) }
