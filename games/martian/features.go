package martian

// Features of Martian Mancala positions for a linear evaluation
// (eval.FeatureSet[State]).

// The features, in order. "own" is the player to move, "opp" the other player.
const (
	// FeatStoreDiff is own mancala's pips minus opp mancala's.
	FeatStoreDiff = iota
	// FeatPipsOwn and FeatPipsOpp are the pips on each side's spaces.
	FeatPipsOwn
	FeatPipsOpp
	// FeatEmptyOwn and FeatEmptyOpp are each side's empty spaces.
	FeatEmptyOwn
	FeatEmptyOpp
	// FeatBonusOwn and FeatBonusOpp are each side's moves whose last piece falls in
	// the side's own mancala (a bonus move), the opponent's as if it were to move.
	FeatBonusOwn
	FeatBonusOpp
	// FeatGainOwn is the most that one move of the player to move adds to the
	// mancalas' difference in its favour (its own pips gained minus the opponent's);
	// FeatGainOpp the same for the opponent, as if it were to move.
	FeatGainOwn
	FeatGainOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files.
var featureNames = []string{
	FeatStoreDiff: "store_diff",
	FeatPipsOwn:   "pips_own",
	FeatPipsOpp:   "pips_opp",
	FeatEmptyOwn:  "empty_own",
	FeatEmptyOpp:  "empty_opp",
	FeatBonusOwn:  "bonus_own",
	FeatBonusOpp:  "bonus_opp",
	FeatGainOwn:   "gain_own",
	FeatGainOpp:   "gain_opp",
}

// Features is the feature set of Martian Mancala under one rule set: the features
// above, in the order of their constants, as integers from the view of the player to
// move. It has the methods of eval.FeatureSet[State] (Extract returns an array of 16
// counts, the size of eval.Vector). It is safe for concurrent use and allocates
// nothing; the bonus and gain features play every move of both sides on a copy of the
// working board.
type Features struct {
	g *Game
}

// NewFeatures returns the feature set of positions of g.
func NewFeatures(g *Game) Features { return Features{g: g} }

// Name returns "martian", the name weights files of the set carry.
func (Features) Name() string { return "martian" }

// Features returns the features' names. The caller must not modify the slice.
func (Features) Features() []string { return featureNames }

// HandWeights returns the hand-set weights of the features, in pips per unit: the
// mancala difference at one pip a pip, a tenth of a pip a pip on one's spaces (the
// last mover takes what is left), a fifth of a pip an empty space, a bonus move at
// three quarters of a pip for the mover and half a pip for the opponent, and the best
// gain at 0.6 of its pips for the mover and 0.4 for the opponent.
func (Features) HandWeights() map[string]float64 {
	return map[string]float64{
		"store_diff": 1, "pips_own": 0.1, "pips_opp": -0.1, "empty_own": -0.2, "empty_opp": 0.2,
		"bonus_own": 0.75, "bonus_opp": -0.5, "gain_own": 0.6, "gain_opp": -0.4,
	}
}

// Extract returns the features of s from the view of the player to move.
func (f Features) Extract(s *State) [16]int32 {
	var v [16]int32
	g := f.g
	me := s.ToMove()
	v[FeatStoreDiff] = int32(s.Store(me) - s.Store(1-me))
	if s.Over() {
		return v
	}
	var b board
	g.unpack(s, &b)
	for side := 0; side < 2; side++ {
		p := me ^ side
		var pips, empty, bonus, gain int32
		gain = -1 << 30
		for i := 0; i < g.n; i++ {
			x := b.st[p*g.n+i]
			if x.zero() {
				empty++
				continue
			}
			pips += int32(x.pips())
			c := b
			before := c.storePips(p) - c.storePips(1-p)
			if gets, _ := g.sow(&c, p, i); gets {
				bonus++
			}
			gain = max(gain, int32(c.storePips(p)-c.storePips(1-p)-before))
		}
		if gain < -1<<29 {
			gain = 0
		}
		v[FeatPipsOwn+side], v[FeatEmptyOwn+side], v[FeatBonusOwn+side], v[FeatGainOwn+side] = pips, empty, bonus, gain
	}
	return v
}

// storePips returns the pips in player p's mancala.
func (b *board) storePips(p int) int {
	st := &b.store[p]
	return int(st[1]) + 2*int(st[2]) + 3*int(st[3])
}

// StoreDiff is the simple evaluation: the pips in the mover's mancala minus the
// opponent's.
type StoreDiff struct{}

// Evaluate returns the mancalas' difference from the view of the player to move.
func (StoreDiff) Evaluate(s *State) int {
	me := s.ToMove()
	return s.Store(me) - s.Store(1-me)
}
