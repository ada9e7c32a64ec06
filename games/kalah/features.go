package kalah

// Features of Kalah positions for a linear evaluation (eval.FeatureSet[State]).

// The features, in order. "own" is the player to move, "opp" the other player.
const (
	// FeatStoreDiff is own store minus opp store.
	FeatStoreDiff = iota
	// FeatSeedsOwn and FeatSeedsOpp are the seeds in each side's pits (a side's seeds
	// go to its store when the game ends).
	FeatSeedsOwn
	FeatSeedsOpp
	// FeatEmptyOwn and FeatEmptyOpp are each side's empty pits (landing places of
	// captures).
	FeatEmptyOwn
	FeatEmptyOpp
	// FeatExtraOwn and FeatExtraOpp are each side's pits whose sowing ends in the
	// side's store (an extra turn), the opponent's counted as if it were to move.
	FeatExtraOwn
	FeatExtraOpp
	// FeatCaptureOwn is the most seeds one move of the player to move captures (the
	// last seed and the opposite pit's seeds); FeatCaptureOpp the same for the
	// opponent as if it were to move. Only sowings of less than one lap are
	// followed (longer ones are rare and cost a loop).
	FeatCaptureOwn
	FeatCaptureOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files.
var featureNames = []string{
	FeatStoreDiff:  "store_diff",
	FeatSeedsOwn:   "seeds_own",
	FeatSeedsOpp:   "seeds_opp",
	FeatEmptyOwn:   "empty_own",
	FeatEmptyOpp:   "empty_opp",
	FeatExtraOwn:   "extra_own",
	FeatExtraOpp:   "extra_opp",
	FeatCaptureOwn: "capture_own",
	FeatCaptureOpp: "capture_opp",
}

// Features is the feature set of Kalah under one rule set: the features above, in
// the order of their constants, as integers from the view of the player to move. It
// has the methods of eval.FeatureSet[State] (Extract returns an array of 16 counts,
// the size of eval.Vector). It is safe for concurrent use and allocates nothing.
type Features struct {
	g *Game
}

// NewFeatures returns the feature set of positions of g.
func NewFeatures(g *Game) Features { return Features{g: g} }

// Name returns "kalah", the name weights files of the set carry.
func (Features) Name() string { return "kalah" }

// Features returns the features' names. The caller must not modify the slice.
func (Features) Features() []string { return featureNames }

// HandWeights returns the hand-set weights of the features, in seeds per unit: the
// store difference at one seed a seed, a tenth of a seed a seed in one's pits, a
// fifth of a seed an empty pit, an extra turn at three quarters of a seed for the
// mover (who can take it now) and half a seed for the opponent, and a capture at 0.6
// of its seeds for the mover and 0.4 for the opponent (who may be prevented).
func (Features) HandWeights() map[string]float64 {
	return map[string]float64{
		"store_diff": 1, "seeds_own": 0.1, "seeds_opp": -0.1, "empty_own": 0.2, "empty_opp": -0.2,
		"extra_own": 0.75, "extra_opp": -0.5, "capture_own": 0.6, "capture_opp": -0.4,
	}
}

// Extract returns the features of s from the view of the player to move.
func (f Features) Extract(s *State) [16]int32 {
	var v [16]int32
	me := s.ToMove()
	v[FeatStoreDiff] = int32(s.Store(me) - s.Store(1-me))
	seeds, empty, extra, capture := f.side(s, me)
	v[FeatSeedsOwn], v[FeatEmptyOwn], v[FeatExtraOwn], v[FeatCaptureOwn] = seeds, empty, extra, capture
	seeds, empty, extra, capture = f.side(s, 1-me)
	v[FeatSeedsOpp], v[FeatEmptyOpp], v[FeatExtraOpp], v[FeatCaptureOpp] = seeds, empty, extra, capture
	return v
}

// side returns player p's seeds in pits, empty pits, pits giving an extra turn and
// the most seeds one of p's sowings of less than a lap captures.
func (f Features) side(s *State, p int) (seeds, empty, extra, capture int32) {
	g := f.g
	m := g.m
	lapLen := g.lapLen
	for i := 0; i < m; i++ {
		n := s.Pit(p, i)
		seeds += int32(n)
		if n == 0 {
			empty++
			continue
		}
		if (n-(m-i))%lapLen == 0 && n >= m-i {
			extra++
		}
		if n >= lapLen {
			continue
		}
		// The last seed's pit j, on p's side: reached without going round (j > i),
		// or after the opponent's side (j < i), which has put a seed in every
		// opponent pit, the opposite one included.
		j, passed := i+n, 0
		if j >= lapLen {
			j, passed = j-lapLen, 1
		} else if j >= m {
			continue // the store or the opponent's side
		}
		if s.Pit(p, j) != 0 {
			continue
		}
		opp := s.Pit(1-p, m-1-j) + passed
		if opp == 0 && !g.captureEmpty {
			continue
		}
		capture = max(capture, int32(1+opp))
	}
	return seeds, empty, extra, capture
}
