package colony

import "github.com/colony-ai/colony/game"

// The parts of The Colony's observation, in order (Game.Observation).
const (
	obsEggs      = 0                      // eggs on each log
	obsOwnAnts   = obsEggs + NumLogs      // 1 where the observer has an ant
	obsOtherAnts = obsOwnAnts + NumLogs   // 1 where the opponent has one
	obsStores    = obsOtherAnts + NumLogs // the stores, the observer's first
	obsHands     = obsStores + 2          // the ants in hand, the observer's first
	obsToMove    = obsHands + 2           // 1 when the observer is to move
	obsPhase     = obsToMove + 1          // one-hot: select, direction, ant
	obsMandatory = obsPhase + 3           // 1 once ant moves are mandatory
	obsPending   = obsMandatory + 1       // one-hot: the log a pending lap starts from
	obsInHand    = obsPending + NumLogs   // the eggs in hand of a pending lap
	obsTurn      = obsInHand + 1          // the turn number
	obsSize      = obsTurn + 1
)

// Observation describes the compact observation (game.Observer), 87 values: the
// board's logs in the order of their numbers (A1 .. C6, as the notation's eggs=
// field lists them), the same for every observer, and each side's pieces with the
// observer's first.
func (g Game) Observation() game.Observation {
	return game.Observation{Size: obsSize, Shape: []int{obsSize}, Parts: []game.ObservationPart{
		{Name: "eggs", Size: NumLogs, Doc: "the eggs on each log, in the order of the notation's eggs= field"},
		{Name: "own ants", Size: NumLogs, Doc: "1 on each log holding one of the observer's ants"},
		{Name: "opponent ants", Size: NumLogs, Doc: "1 on each log holding one of the opponent's ants"},
		{Name: "stores", Size: 2, Doc: "the eggs in the observer's store, then the opponent's"},
		{Name: "hands", Size: 2, Doc: "the ants the observer has not placed, then the opponent's"},
		{Name: "to move", Size: 1, Doc: "1 when the observer is to move, 0 otherwise"},
		{Name: "phase", Size: 3, Doc: "one-hot: the decision awaited is a selection, a direction, an ant move (all 0 once the game is over)"},
		{Name: "mandatory", Size: 1, Doc: "1 once ant moves are mandatory"},
		{Name: "pending", Size: NumLogs, Doc: "one-hot: the log the pending lap starts from (a direction to choose)"},
		{Name: "in hand", Size: 1, Doc: "the eggs in hand for the pending lap"},
		{Name: "turn", Size: 1, Doc: "the number of the turn being played"},
	}}
}

// Observe writes the observation of s seen by player p into dst.
func (g Game) Observe(s *State, p int, dst []float32) {
	clear(dst[:obsSize])
	own, other := Color(p), Color(1-p)
	for l := range Log(NumLogs) {
		dst[obsEggs+int(l)] = float32(s.Eggs(l))
		if s.ants[own]&(1<<l) != 0 {
			dst[obsOwnAnts+int(l)] = 1
		}
		if s.ants[other]&(1<<l) != 0 {
			dst[obsOtherAnts+int(l)] = 1
		}
	}
	dst[obsStores], dst[obsStores+1] = float32(s.Store(own)), float32(s.Store(other))
	dst[obsHands], dst[obsHands+1] = float32(s.Hand(own)), float32(s.Hand(other))
	if s.ToMove() == own {
		dst[obsToMove] = 1
	}
	switch s.Phase() {
	case PhaseSelect:
		dst[obsPhase] = 1
	case PhaseDirection:
		dst[obsPhase+1] = 1
	case PhaseAnt:
		dst[obsPhase+2] = 1
	}
	if s.AntMovesMandatory() {
		dst[obsMandatory] = 1
	}
	if l, n := s.Pending(); l < NumLogs {
		dst[obsPending+int(l)] = 1
		dst[obsInHand] = float32(n)
	}
	dst[obsTurn] = float32(s.Turn())
}
