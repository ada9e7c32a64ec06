package martian

import (
	"embed"

	"github.com/colony-ai/colony/games/internal/shipped"
)

// shippedWeights holds the weights files of the package's feature sets,
// weights/SET.json, made by 'colony selfplay' and 'colony tune' (Texel) and kept where
// they beat the store difference in a verification match (docs/tuning.md, Tuning).
//
//go:embed weights/*.json
var shippedWeights embed.FS

// ShippedWeights returns the weights file of the feature set (weights/SET.json),
// which the evaluation "linear" uses (eval.Evaluations); nil when none ships.
func (f Features) ShippedWeights() []byte { return shipped.Weights(shippedWeights, f.Name()) }
