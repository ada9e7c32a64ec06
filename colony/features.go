package colony

// Features of Colony positions for a linear evaluation (eval.FeatureSet[State]), and
// the egg lead of R8 (Score).

import (
	"math/bits"
	"strconv"
)

// Feature numbers the features of the linear evaluation: integer counts that describe
// a position from the view of the player to move ("own": the player to move, "opp":
// the other player). Features that look at the next sowing use Rules.LastEggReach:
// the logs on which the last egg of the first lap of some legal selection lands. It
// follows the first lap only, not relays: that is one table lookup per selectable log
// instead of a whole sowing per selection and direction, and the first lap's landing is
// the one the player controls. Selection is common to both players (a log with eggs
// and no ant), so the reach is the same for both, and it is taken in the position as it
// stands (the eggs the lap itself drops are not counted).
type Feature int

// The features, in the order of Features.Extract's entries. The egg lead of ruling R8
// is FeatStoreDiff + FeatUnderOwnAnts - FeatUnderOppAnts.
const (
	// FeatStoreDiff is own store (captured eggs) minus opp store.
	FeatStoreDiff Feature = iota
	// FeatUnderOwnAnts is the eggs on logs holding an own ant.
	FeatUnderOwnAnts
	// FeatUnderOppAnts is the eggs on logs holding an opp ant.
	FeatUnderOppAnts
	// FeatHandOwn is own ants in hand.
	FeatHandOwn
	// FeatHandOpp is opp ants in hand.
	FeatHandOpp
	// FeatBoardAntsOwn is own ants on the board.
	FeatBoardAntsOwn
	// FeatBoardAntsOpp is opp ants on the board.
	FeatBoardAntsOpp
	// FeatSelectableLogs is the logs that can be selected: eggs and no ant (the same
	// for both players).
	FeatSelectableLogs
	// FeatSelectableEggs is the eggs on the selectable logs (mobility).
	FeatSelectableEggs
	// FeatThreatsOwn is, if own hand is not empty, the logs with exactly 3 eggs and no
	// ant that the last egg of a first lap can reach: landings that would place an own
	// ant.
	FeatThreatsOwn
	// FeatThreatsOpp is the same count for the opponent, if opp hand is not empty.
	FeatThreatsOpp
	// FeatAtRiskOwn is the eggs under own ants on logs the last egg of a first lap can
	// reach: the opponent's next sowing landing there relays them away.
	FeatAtRiskOwn
	// FeatAtRiskOpp is the eggs under opp ants on logs the last egg of a first lap can
	// reach: what the player to move's sowing could take.
	FeatAtRiskOpp
	// FeatMandatory is 1 when ant moves are mandatory (R7), else 0.
	FeatMandatory
	// FeatBlockedOwn is own ants on the board with no neighbouring log free of ants.
	FeatBlockedOwn
	// FeatBlockedOpp is opp ants on the board with no neighbouring log free of ants.
	FeatBlockedOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files, in feature order.
var featureNames = [NumFeatures]string{
	FeatStoreDiff:      "store_diff",
	FeatUnderOwnAnts:   "under_own_ants",
	FeatUnderOppAnts:   "under_opp_ants",
	FeatHandOwn:        "hand_own",
	FeatHandOpp:        "hand_opp",
	FeatBoardAntsOwn:   "board_ants_own",
	FeatBoardAntsOpp:   "board_ants_opp",
	FeatSelectableLogs: "selectable_logs",
	FeatSelectableEggs: "selectable_eggs",
	FeatThreatsOwn:     "threats_own",
	FeatThreatsOpp:     "threats_opp",
	FeatAtRiskOwn:      "at_risk_own",
	FeatAtRiskOpp:      "at_risk_opp",
	FeatMandatory:      "mandatory",
	FeatBlockedOwn:     "blocked_own",
	FeatBlockedOpp:     "blocked_opp",
}

// String returns the feature's name in weights files, such as "store_diff".
func (f Feature) String() string {
	if f >= 0 && f < NumFeatures {
		return featureNames[f]
	}
	return "Feature(" + strconv.Itoa(int(f)) + ")"
}

// FeatureByName returns the feature with the given name (as String writes it) and
// true, or false when no feature has that name.
func FeatureByName(name string) (Feature, bool) {
	for f, n := range featureNames {
		if n == name {
			return Feature(f), true
		}
	}
	return 0, false
}

// FeatureSetName is the name of The Colony's feature set, which its weights files
// carry ("features": "colony").
const FeatureSetName = "colony"

// Features is the feature set of The Colony under one rule set: the features above, in
// the order of their constants, as integers from the view of the player to move. It
// has the methods of eval.FeatureSet[State] (Extract returns an array of 16 counts,
// the size of eval.Vector). It is safe for concurrent use and allocates nothing.
type Features struct {
	rules *Rules
}

// NewFeatures returns the feature set of positions under rules r (Default() when nil).
func NewFeatures(r *Rules) Features { return Features{rules: NewGame(r).Rules} }

// Name returns "colony" (FeatureSetName), the name weights files of the set carry.
func (Features) Name() string { return FeatureSetName }

// Features returns the features' names, in Feature order, as Feature.String writes
// them. The caller must not modify the slice.
func (Features) Features() []string { return featureNames[:] }

// Extract returns the features of s, entry f holding Feature f (the entries past
// NumFeatures are 0), from the view of the player to move. It works in any phase (a
// turn in progress is described as its eggs and ants stand), allocates nothing, and
// costs a few tens of nanoseconds: one table lookup per selectable log
// (Rules.LastEggReach), the rest masks, popcounts and word-wide egg sums. The zero
// Features extracts under Default().
func (fs Features) Extract(s *State) [16]int32 {
	var f [16]int32
	r := fs.rules
	if r == nil {
		r = Default()
	}
	me := s.ToMove()
	own, opp := s.Ants(me), s.Ants(me.Other())
	reach := r.LastEggReach(s)
	sel := s.Selectable()

	underOwn, underOpp := int32(s.EggsOn(own)), int32(s.EggsOn(opp))
	// A log with 3 eggs has eggs, so it is selectable unless it holds an ant.
	threats := int32(bits.OnesCount32(s.LogsWithEggs(3) & reach &^ (own | opp)))
	// The eggs on the board are those not captured nor in hand; the ones not under an
	// ant are on selectable logs.
	_, inHand := s.Pending()
	onBoard := int32(TotalEggs - s.Store(Red) - s.Store(Black) - inHand)
	// A log has a free neighbour iff it is a neighbour of a free log.
	movable := r.Board().Reach(allLogs &^ (own | opp))

	f[FeatStoreDiff] = int32(s.Store(me) - s.Store(me.Other()))
	f[FeatUnderOwnAnts] = underOwn
	f[FeatUnderOppAnts] = underOpp
	handOwn, handOpp := int32(s.Hand(me)), int32(s.Hand(me.Other()))
	f[FeatHandOwn] = handOwn
	f[FeatHandOpp] = handOpp
	f[FeatBoardAntsOwn] = int32(bits.OnesCount32(own))
	f[FeatBoardAntsOpp] = int32(bits.OnesCount32(opp))
	f[FeatSelectableLogs] = int32(bits.OnesCount32(sel))
	f[FeatSelectableEggs] = onBoard - underOwn - underOpp
	f[FeatThreatsOwn] = threats & -min(handOwn, 1)
	f[FeatThreatsOpp] = threats & -min(handOpp, 1)
	f[FeatAtRiskOwn] = int32(s.EggsOn(own & reach))
	f[FeatAtRiskOpp] = int32(s.EggsOn(opp & reach))
	if s.AntMovesMandatory() {
		f[FeatMandatory] = 1
	}
	f[FeatBlockedOwn] = int32(bits.OnesCount32(own &^ movable))
	f[FeatBlockedOpp] = int32(bits.OnesCount32(opp &^ movable))
	return f
}

// Score is the evaluation of ruling R8: the eggs the player to move owns (captured
// eggs plus the eggs under their ants) minus the eggs the opponent owns. It has the
// methods of game.Evaluator[State] and game.Scaler, is safe for concurrent use
// and allocates nothing.
type Score struct{}

// Evaluate returns the player to move's egg lead by R8.
func (Score) Evaluate(s *State) int {
	me := s.ToMove()
	return s.Score(me) - s.Score(me.Other())
}

// Name returns "score", the name of this evaluation in player specs.
func (Score) Name() string { return "score" }

// Scale returns 1: Evaluate counts whole eggs.
func (Score) Scale() int { return 1 }
