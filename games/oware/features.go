package oware

import "math/bits"

// Features of Oware and Ayo positions for a linear evaluation
// (eval.FeatureSet[State]).

// The features, in order. "own" is the player to move, "opp" the other player.
const (
	// FeatStoreDiff is own store minus opp store (captured seeds).
	FeatStoreDiff = iota
	// FeatSeedsOwn and FeatSeedsOpp are the seeds on each side's row (a side takes
	// the seeds of its row when the game ends).
	FeatSeedsOwn
	FeatSeedsOpp
	// FeatEmptyOwn and FeatEmptyOpp are each side's empty pits.
	FeatEmptyOwn
	FeatEmptyOpp
	// FeatTargetsOwn and FeatTargetsOpp are each side's pits holding 1 or 2 seeds:
	// the pits an Oware sowing turns into 2s and 3s to capture.
	FeatTargetsOwn
	FeatTargetsOpp
	// FeatCaptureOwn is the most seeds one legal move of the player to move captures;
	// FeatCaptureOpp the same for the opponent, as if it were to move now (any pit
	// with seeds, without the feeding obligation). Both sow by the rules (grand
	// slams, Ayo's relays and all); 0 when the game is over.
	FeatCaptureOwn
	FeatCaptureOpp
	// FeatMobilityOwn is the legal moves of the player to move, FeatMobilityOpp the
	// opponent's pits with seeds (its moves were it to move, feeding aside); 0 when
	// the game is over.
	FeatMobilityOwn
	FeatMobilityOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files.
var featureNames = []string{
	FeatStoreDiff:   "store_diff",
	FeatSeedsOwn:    "seeds_own",
	FeatSeedsOpp:    "seeds_opp",
	FeatEmptyOwn:    "empty_own",
	FeatEmptyOpp:    "empty_opp",
	FeatTargetsOwn:  "targets_own",
	FeatTargetsOpp:  "targets_opp",
	FeatCaptureOwn:  "capture_own",
	FeatCaptureOpp:  "capture_opp",
	FeatMobilityOwn: "mobility_own",
	FeatMobilityOpp: "mobility_opp",
}

// Features is the feature set of one rule set of the family: the features above, in
// the order of their constants, as integers from the view of the player to move. It
// has the methods of eval.FeatureSet[State] (Extract returns an array of 16 counts,
// the size of eval.Vector). Its name is the rule family's ("oware" or "ayo"), so that
// the weights of one game are not read for the other. It is safe for concurrent use
// and allocates nothing; the capture features sow each move of both sides on a copy
// of the two rows.
type Features struct {
	g *Game
}

// NewFeatures returns the feature set of positions of g.
func NewFeatures(g *Game) Features { return Features{g: g} }

// Name returns "oware" or "ayo", the name weights files of the set carry.
func (f Features) Name() string { return f.g.variant.String() }

// Features returns the features' names. The caller must not modify the slice.
func (Features) Features() []string { return featureNames }

// HandWeights returns the hand-set weights of the rule family's features, in seeds per
// unit: the store difference at one seed a seed, a tenth of a seed a seed on one's
// row, a capture at 0.6 of its seeds for the mover and 0.4 for the opponent, a tenth
// of a seed a legal move; in Oware a pit of 1 or 2 seeds (a target) at 0.3 of a seed
// against its owner, in Ayo an empty pit (where captures land) at 0.2 of a seed for
// its owner.
func (f Features) HandWeights() map[string]float64 {
	w := map[string]float64{
		"store_diff": 1, "seeds_own": 0.1, "seeds_opp": -0.1, "empty_own": 0, "empty_opp": 0,
		"targets_own": -0.3, "targets_opp": 0.3, "capture_own": 0.6, "capture_opp": -0.4,
		"mobility_own": 0.1, "mobility_opp": -0.1,
	}
	if f.g.variant == Ayo {
		w["targets_own"], w["targets_opp"] = 0, 0
		w["empty_own"], w["empty_opp"] = 0.2, -0.2
	}
	return w
}

// oneTwo returns the mask of the pits of row w that hold 1 or 2 seeds: v+1 is then 2
// or 3, which twoThree finds (a byte of at most 48 does not carry).
func oneTwo(w uint64) uint8 { return twoThree(w + lows) }

// Extract returns the features of s from the view of the player to move.
func (f Features) Extract(s *State) [16]int32 {
	var v [16]int32
	me := s.toMove & 1
	own, opp := s.rows[me], s.rows[me^1]
	v[FeatStoreDiff] = int32(s.stores[me]) - int32(s.stores[me^1])
	v[FeatSeedsOwn] = int32(rowSum(own))
	v[FeatSeedsOpp] = int32(rowSum(opp))
	v[FeatEmptyOwn] = int32(PitsPerSide - bits.OnesCount8(nonEmpty(own)))
	v[FeatEmptyOpp] = int32(PitsPerSide - bits.OnesCount8(nonEmpty(opp)))
	v[FeatTargetsOwn] = int32(bits.OnesCount8(oneTwo(own)))
	v[FeatTargetsOpp] = int32(bits.OnesCount8(oneTwo(opp)))
	if s.legal == 0 {
		return v // the game is over
	}
	v[FeatCaptureOwn] = f.bestCapture(own, opp, s.legal)
	v[FeatMobilityOwn] = int32(bits.OnesCount8(s.legal))
	// The opponent's moves are its pits with seeds: the feeding obligation and the
	// grand slam rule "illegal" are not applied to them.
	oppMoves := nonEmpty(opp)
	v[FeatCaptureOpp] = f.bestCapture(opp, own, oppMoves)
	v[FeatMobilityOpp] = int32(bits.OnesCount8(oppMoves))
	return v
}

// bestCapture returns the most seeds one move of moves (pits of row own, the mover's)
// captures, sowing on the rows own and opp by the rules.
func (f Features) bestCapture(own, opp uint64, moves uint8) int32 {
	var best int32
	g := f.g
	for mm := moves; mm != 0; mm &= mm - 1 {
		a := bits.TrailingZeros8(mm)
		var c int
		if g.variant == Ayo {
			rows := [2]uint64{own, opp}
			k, _ := g.sowAyo(&rows, 0, a)
			c = int(k)
		} else {
			e := &laps[a&7][own>>(8*uint(a))&63]
			if e.lastRow != 1 {
				continue
			}
			var slam bool
			c, slam, _ = captureRun(opp+e.add[1], uint(e.lastByte))
			if slam && (g.grandSlam == GrandSlamNoCapture || g.grandSlam == GrandSlamIllegal) {
				c = 0
			}
		}
		best = max(best, int32(c))
	}
	return best
}
