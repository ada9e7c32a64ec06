package colony

// The weights of The Colony's linear evaluation, by feature name: the hand-set ones
// and the default (tuned) ones.

import (
	_ "embed"
	"encoding/json"
	"maps"
)

// HandWeights returns the weights set by hand, in eggs per unit of each feature: the
// egg lead of R8 at one egg an egg, half an egg an ant (in hand or on the board), a
// tenth of an egg a selectable log, one and a half eggs an ant placement threat, half
// an egg at risk under an ant, and half an egg a blocked ant. With only store_diff,
// under_own_ants and under_opp_ants the linear evaluation is Score.
func (Features) HandWeights() map[string]float64 {
	return map[string]float64{
		"store_diff":      1,
		"under_own_ants":  1,
		"under_opp_ants":  -1,
		"hand_own":        0.5,
		"hand_opp":        -0.5,
		"board_ants_own":  0.5,
		"board_ants_opp":  -0.5,
		"selectable_logs": 0.1,
		"selectable_eggs": 0,
		"threats_own":     1.5,
		"threats_opp":     -1.5,
		"at_risk_own":     -0.5,
		"at_risk_opp":     0.5,
		"mandatory":       0,
		"blocked_own":     -0.5,
		"blocked_opp":     0.5,
	}
}

// defaultWeightsJSON is the weights file of the default weights, in the weights file
// format of package eval ({"version": 1, "weights": {...}}).
//
//go:embed default_weights.json
var defaultWeightsJSON []byte

// defaultWeights are the weights of defaultWeightsJSON, read once at init and never
// changed.
var defaultWeights = mustParseWeights(defaultWeightsJSON)

// mustParseWeights reads the weights of a weights file whose format the tests check
// (package eval's readers and writers are the reference).
func mustParseWeights(data []byte) map[string]float64 {
	var file struct {
		Version int                `json:"version"`
		Weights map[string]float64 `json:"weights"`
	}
	if err := json.Unmarshal(data, &file); err != nil || file.Version != 1 || len(file.Weights) != int(NumFeatures) {
		panic("colony: default_weights.json is not a weights file of the features")
	}
	return file.Weights
}

// DefaultWeights returns the default weights, in eggs per unit of each feature: those
// of the weights file default_weights.json built into the package, made by self-play
// and Texel tuning from the hand-set weights. The map is the caller's.
func (Features) DefaultWeights() map[string]float64 { return maps.Clone(defaultWeights) }
