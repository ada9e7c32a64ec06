package colony

// The value network shipped for The Colony's default rule set (eval=net).

import _ "embed"

// shippedNetwork is the network file of the default rule set: see
// colony/networks/README.md for how it was made.
//
//go:embed networks/colony.nnue
var shippedNetwork []byte

// ShippedNetwork returns the network file (eval/nnue's format) trained for the rule
// set named rules, or nil: one ships for the default rule set, "colony", whose board,
// caps and encoding it was trained on.
func (Features) ShippedNetwork(rules string) []byte {
	if rules != Default().Name() {
		return nil
	}
	return shippedNetwork
}
