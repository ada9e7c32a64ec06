package martian

import "embed"

// shippedWeights holds the weights files shipped for the package's feature sets,
// weights/SET.json, each made by 'colony selfplay' and 'colony tune' (Texel) from the
// hand-set weights and kept only where the tuned weights beat the store difference
// in a verification match (README.md, Tuning).
//
//go:embed weights/*.json
var shippedWeights embed.FS

// ShippedWeights returns the weights file shipped for the feature set
// (weights/SET.json, in the format of package eval), which the evaluation "linear"
// uses (package tuning); nil when none ships.
func (f Features) ShippedWeights() []byte {
	data, err := shippedWeights.ReadFile("weights/" + f.Name() + ".json")
	if err != nil {
		return nil
	}
	return data
}
