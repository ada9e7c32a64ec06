package eval

import (
	"math/bits"
	"strconv"

	"github.com/colony-ai/colony/colony"
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

// The features. The egg lead of ruling R8 is StoreDiff + UnderOwnAnts - UnderOppAnts.
const (
	// StoreDiff is own store (captured eggs) minus opp store.
	StoreDiff Feature = iota
	// UnderOwnAnts is the eggs on logs holding an own ant.
	UnderOwnAnts
	// UnderOppAnts is the eggs on logs holding an opp ant.
	UnderOppAnts
	// HandOwn is own ants in hand.
	HandOwn
	// HandOpp is opp ants in hand.
	HandOpp
	// BoardAntsOwn is own ants on the board.
	BoardAntsOwn
	// BoardAntsOpp is opp ants on the board.
	BoardAntsOpp
	// SelectableLogs is the logs that can be selected: eggs and no ant (the same for
	// both players).
	SelectableLogs
	// SelectableEggs is the eggs on the selectable logs (mobility).
	SelectableEggs
	// ThreatsOwn is, if own hand is not empty, the logs with exactly 3 eggs and no ant
	// that the last egg of a first lap can reach: landings that would place an own ant.
	ThreatsOwn
	// ThreatsOpp is the same count for the opponent, if opp hand is not empty.
	ThreatsOpp
	// AtRiskOwn is the eggs under own ants on logs the last egg of a first lap can
	// reach: the opponent's next sowing landing there relays them away.
	AtRiskOwn
	// AtRiskOpp is the eggs under opp ants on logs the last egg of a first lap can
	// reach: what the player to move's sowing could take.
	AtRiskOpp
	// Mandatory is 1 when ant moves are mandatory (R7), else 0.
	Mandatory
	// BlockedOwn is own ants on the board with no neighbouring log free of ants.
	BlockedOwn
	// BlockedOpp is opp ants on the board with no neighbouring log free of ants.
	BlockedOpp
	// NumFeatures is the number of features.
	NumFeatures
)

// featureNames are the names of the features in weights files, in feature order.
var featureNames = [NumFeatures]string{
	StoreDiff:      "store_diff",
	UnderOwnAnts:   "under_own_ants",
	UnderOppAnts:   "under_opp_ants",
	HandOwn:        "hand_own",
	HandOpp:        "hand_opp",
	BoardAntsOwn:   "board_ants_own",
	BoardAntsOpp:   "board_ants_opp",
	SelectableLogs: "selectable_logs",
	SelectableEggs: "selectable_eggs",
	ThreatsOwn:     "threats_own",
	ThreatsOpp:     "threats_opp",
	AtRiskOwn:      "at_risk_own",
	AtRiskOpp:      "at_risk_opp",
	Mandatory:      "mandatory",
	BlockedOwn:     "blocked_own",
	BlockedOpp:     "blocked_opp",
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

// Features holds the values of all the features for one position, indexed by Feature.
type Features [NumFeatures]int32

// allLogs is the mask of every log.
const allLogs = uint32(1)<<colony.NumLogs - 1

// Extract computes the features of s under rules r into f, from the view of the player
// to move. It works in any phase (a turn in progress is described as its eggs and ants
// stand), allocates nothing, and costs a few tens of nanoseconds: one table lookup per
// selectable log (LastEggReach), the rest masks, popcounts and word-wide egg sums.
func Extract(r *colony.Rules, s *colony.State, f *Features) {
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
	onBoard := int32(colony.TotalEggs - s.Store(colony.Red) - s.Store(colony.Black) - inHand)
	// A log has a free neighbour iff it is a neighbour of a free log.
	movable := r.Board().Reach(allLogs &^ (own | opp))

	f[StoreDiff] = int32(s.Store(me) - s.Store(me.Other()))
	f[UnderOwnAnts] = underOwn
	f[UnderOppAnts] = underOpp
	handOwn, handOpp := int32(s.Hand(me)), int32(s.Hand(me.Other()))
	f[HandOwn] = handOwn
	f[HandOpp] = handOpp
	f[BoardAntsOwn] = int32(bits.OnesCount32(own))
	f[BoardAntsOpp] = int32(bits.OnesCount32(opp))
	f[SelectableLogs] = int32(bits.OnesCount32(sel))
	f[SelectableEggs] = onBoard - underOwn - underOpp
	f[ThreatsOwn] = threats & -min(handOwn, 1)
	f[ThreatsOpp] = threats & -min(handOpp, 1)
	f[AtRiskOwn] = int32(s.EggsOn(own & reach))
	f[AtRiskOpp] = int32(s.EggsOn(opp & reach))
	f[Mandatory] = 0
	if s.AntMovesMandatory() {
		f[Mandatory] = 1
	}
	f[BlockedOwn] = int32(bits.OnesCount32(own &^ movable))
	f[BlockedOpp] = int32(bits.OnesCount32(opp &^ movable))
}
