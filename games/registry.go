package games

import (
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/games/piecepack"
)

// The classic games. Their players evaluate with "linear" by default, the linear
// evaluation over the game's feature set with its shipped tuned weights (see
// newClassic); "score" is the store difference, "hand" the linear evaluation with the
// hand-set weights, and a weights file of the set (eval=FILE, as 'colony tune' writes
// them) the same with those weights. Every one is a Tunable.
func init() {
	registry = append(registry,
		entry{"kalah", "Kalah (Champion, 1958): MxN pits and seeds (default 6x4), stores sown, extra turns, captures; kalah:MxN[,capture=nonempty]", kalah.RulesDocument,
			func(params string) (Game, error) {
				g, err := kalah.New(params)
				if err != nil {
					return nil, err
				}
				return newClassic[kalah.State](g, kalah.NewFeatures(g), kalah.StoreDiff{})
			}},
		entry{"oware", "Oware (Abapa): 2x6 pits of 4, captures of 2s and 3s, feeding, grand slam options (see games/oware/RULES.md)", oware.RulesDocument,
			func(params string) (Game, error) {
				g, err := oware.New(params)
				if err != nil {
					return nil, err
				}
				return newClassic[oware.State](g, oware.NewFeatures(g), oware.StoreDiff{})
			}},
		entry{"ayo", "Ayo (Yoruba): Oware's board with relay sowing and captures from the opposite pit (see games/oware/RULES.md)", oware.RulesDocument,
			func(params string) (Game, error) {
				g, err := oware.NewAyo(params)
				if err != nil {
					return nil, err
				}
				return newClassic[oware.State](g, oware.NewFeatures(g), oware.StoreDiff{})
			}},
	)
	for _, variant := range []struct{ name, doc string }{
		{"egyptian", "piecepack Mancala, Egyptian option: 6 tiles of 4 coins a side, extra turns, captures (see games/piecepack/RULES.md)"},
		{"ethiopian", "piecepack Mancala, Ethiopian option: Egyptian with a choice of direction, no start from a single coin"},
		{"nigerian", "piecepack Mancala, Nigerian option: both mancalas sown, relays, tiles of 4 go to their owner"},
	} {
		registry = append(registry, entry{variant.name, variant.doc, piecepack.RulesDocument, func(params string) (Game, error) {
			g, err := piecepack.New(variant.name, params)
			if err != nil {
				return nil, err
			}
			return newClassic[piecepack.State](g, piecepack.NewFeatures(g), piecepack.StoreDiff{})
		}})
	}
}
