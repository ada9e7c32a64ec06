package piecepack

import "math/bits"

// Features of piecepack mancala positions for a linear evaluation
// (eval.FeatureSet[State]).

// The features, in order. "own" is the player to move, "opp" the other player.
const (
	// FeatStoreDiff is own mancala minus opp mancala.
	FeatStoreDiff = iota
	// FeatCoinsOwn and FeatCoinsOpp are the coins on each side's tiles.
	FeatCoinsOwn
	FeatCoinsOpp
	// FeatEmptyOwn and FeatEmptyOpp are each side's empty tiles.
	FeatEmptyOwn
	FeatEmptyOpp
	// FeatExtraOwn and FeatExtraOpp are each side's legal moves that give the side
	// another turn (Egyptian, Ethiopian), the opponent's as if it were to move now.
	FeatExtraOwn
	FeatExtraOpp
	// FeatGainOwn is the most coins one legal move of the player to move puts in its
	// mancala (the sowing's coin, captures, Nigerian's tiles of four); FeatGainOpp
	// the same for the opponent, as if it were to move now.
	FeatGainOwn
	FeatGainOpp
	// FeatMobilityOwn and FeatMobilityOpp are the legal moves of each side, the
	// opponent's as if it were to move now.
	FeatMobilityOwn
	FeatMobilityOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files.
var featureNames = []string{
	FeatStoreDiff:   "store_diff",
	FeatCoinsOwn:    "coins_own",
	FeatCoinsOpp:    "coins_opp",
	FeatEmptyOwn:    "empty_own",
	FeatEmptyOpp:    "empty_opp",
	FeatExtraOwn:    "extra_own",
	FeatExtraOpp:    "extra_opp",
	FeatGainOwn:     "gain_own",
	FeatGainOpp:     "gain_opp",
	FeatMobilityOwn: "mobility_own",
	FeatMobilityOpp: "mobility_opp",
}

// Features is the feature set of one rule set: the features above, in the order of
// their constants, as integers from the view of the player to move. It has the
// methods of eval.FeatureSet[State] (Extract returns an array of 16 counts, the size
// of eval.Vector). Its name is the variant's ("egyptian", "ethiopian", "nigerian"),
// so that the weights of one rule set are not read for another. It is safe for
// concurrent use and allocates nothing; the extra-turn and gain features play each
// legal move of both sides on a copy of the state.
type Features struct {
	g *Game
}

// NewFeatures returns the feature set of positions of g.
func NewFeatures(g *Game) Features { return Features{g: g} }

// Name returns the variant's name, which weights files of the set carry.
func (f Features) Name() string { return f.g.variant.String() }

// Features returns the features' names. The caller must not modify the slice.
func (Features) Features() []string { return featureNames }

// HandWeights returns the hand-set weights, in coins per unit: the mancala difference
// at one coin a coin, a tenth of a coin a coin on one's tiles, a fifth of a coin an
// empty tile (Egyptian and Ethiopian, where captures land in them), three quarters of
// a coin a move giving another turn to the mover and half a coin to the opponent, the
// best gain at 0.6 of its coins for the mover and 0.4 for the opponent, and a tenth of
// a coin a legal move.
func (f Features) HandWeights() map[string]float64 {
	w := map[string]float64{
		"store_diff": 1, "coins_own": 0.1, "coins_opp": -0.1, "empty_own": 0.2, "empty_opp": -0.2,
		"extra_own": 0.75, "extra_opp": -0.5, "gain_own": 0.6, "gain_opp": -0.4,
		"mobility_own": 0.1, "mobility_opp": -0.1,
	}
	if f.g.variant == Nigerian {
		w["empty_own"], w["empty_opp"] = 0, 0
	}
	return w
}

// Extract returns the features of s from the view of the player to move.
func (f Features) Extract(s *State) [16]int32 {
	var v [16]int32
	g := f.g
	me := int(s.toMove)
	v[FeatStoreDiff] = int32(s.cells[southStore+me]) - int32(s.cells[southStore+1-me])
	for i := 0; i < g.n; i++ {
		own, opp := s.cells[MaxTiles*me+i], s.cells[MaxTiles*(1-me)+i]
		v[FeatCoinsOwn] += int32(own)
		v[FeatCoinsOpp] += int32(opp)
		if own == 0 {
			v[FeatEmptyOwn]++
		}
		if opp == 0 {
			v[FeatEmptyOpp]++
		}
	}
	if s.end != inPlay {
		return v
	}
	v[FeatExtraOwn], v[FeatGainOwn], v[FeatMobilityOwn] = f.moves(s)
	t := *s
	t.toMove ^= 1 // the opponent to move in the same position
	v[FeatExtraOpp], v[FeatGainOpp], v[FeatMobilityOpp] = f.moves(&t)
	return v
}

// moves plays every legal move of s, which is in play, and returns the moves that
// give the mover another turn, the most coins one move puts in the mover's mancala,
// and the number of legal moves.
func (f Features) moves(s *State) (extra, gain, mobility int32) {
	g := f.g
	p := s.toMove
	store := southStore + int(p)
	m := g.movable(s)
	for d := 0; d < g.dirs; d++ {
		for mm := m; mm != 0; mm &= mm - 1 {
			t := *s
			g.move(&t, bits.TrailingZeros32(mm), d)
			if t.toMove == p && t.end == inPlay {
				extra++
			}
			gain = max(gain, int32(t.cells[store])-int32(s.cells[store]))
			mobility++
		}
	}
	return extra, gain, mobility
}
