package colony

import "math/bits"

// Eggs and ants of a game: 57 eggs, 3 on each log at the start, and 6 ants a colour.
const (
	TotalEggs   = 57
	StartEggs   = 3
	AntsPerSide = 6
)

// eggBytes is the egg array's size: three 8-byte words, so that a lap of sowing adds
// its eggs to all the logs with three additions.
const eggBytes = 24

// Color is a player: Red moves first.
type Color uint8

// The two players.
const (
	Red   Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "red" or "black".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Phase says which decision a state is waiting for.
type Phase uint8

// The phases of a turn. A state between turns is in PhaseSelect; PhaseDirection and
// PhaseAnt occur only inside a turn; PhaseOver is final.
const (
	// PhaseSelect: the player to move picks the log to sow from.
	PhaseSelect Phase = iota
	// PhaseDirection: a lap starts on a fork or the centre (R4) and the player picks
	// the exit; Pending and InHand tell where and with how many eggs.
	PhaseDirection
	// PhaseAnt: the sowing is over and the player moves an ant (or passes, while ant
	// moves are optional).
	PhaseAnt
	// PhaseOver: the game has ended; EndReason says why.
	PhaseOver
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseSelect:
		return "select"
	case PhaseDirection:
		return "direction"
	case PhaseAnt:
		return "ant"
	case PhaseOver:
		return "over"
	}
	return "?"
}

// EndReason says why a game ended (R9, R10).
type EndReason uint8

// The ways a game ends.
const (
	NotOver EndReason = iota
	// NoLogToSelect: the player to move has no log to select (R2, R9).
	NoLogToSelect
	// NoAntCanMove: the player must move an ant and none of theirs can move (R7, R9).
	NoAntCanMove
	// TurnCapReached: the rule set's cap on full turns was reached (R10).
	TurnCapReached
)

// String returns the reason as written in result lines: "no log to select",
// "no ant can move" or "turn cap".
func (r EndReason) String() string {
	switch r {
	case NoLogToSelect:
		return "no log to select"
	case NoAntCanMove:
		return "no ant can move"
	case TurnCapReached:
		return "turn cap"
	}
	return "not over"
}

// State is a Colony position, including a turn in progress. It is a plain value of
// 64 bytes without pointers: copying it is how search makes and unmakes moves. The
// rules that move it on are in Rules; the zero State is not a position (use
// Rules.Start or Rules.ParsePosition).
type State struct {
	hash   uint64
	ants   [2]uint32       // bit l: an ant of that colour on log l
	filled uint32          // bit l: log l holds at least one egg
	eggs   [eggBytes]uint8 // eggs[l] for l < NumLogs; the padding is always 0
	hand   [2]uint8        // ants not yet placed
	store  [2]uint8        // captured eggs
	toMove Color
	// mandatory: some player has moved an ant, so ant moves are now compulsory (R7).
	mandatory bool
	phase     Phase
	end       EndReason
	turn      uint16 // the full turn being played, from 1
	drops     uint16 // eggs put down one by one in this turn (for the sowing cap, R6)
	pending   Log    // PhaseDirection: the log the lap starts from
	inHand    uint8  // PhaseDirection: the eggs in hand
}

// Eggs returns the number of eggs on log l.
func (s *State) Eggs(l Log) int { return int(s.eggs[l]) }

// Ants returns the mask of logs (bit l for log l) holding an ant of colour c.
func (s *State) Ants(c Color) uint32 { return s.ants[c] }

// AntAt returns the colour of the ant on l and true, or false when l has no ant.
func (s *State) AntAt(l Log) (Color, bool) {
	switch {
	case s.ants[Red]&(1<<l) != 0:
		return Red, true
	case s.ants[Black]&(1<<l) != 0:
		return Black, true
	}
	return Red, false
}

// Hand returns how many ants colour c has not yet placed.
func (s *State) Hand(c Color) int { return int(s.hand[c]) }

// Store returns the eggs colour c has captured.
func (s *State) Store(c Color) int { return int(s.store[c]) }

// ToMove returns the player whose turn it is.
func (s *State) ToMove() Color { return s.toMove }

// AntMovesMandatory reports whether some player has moved an ant, which makes ant
// moves compulsory from then on (R7).
func (s *State) AntMovesMandatory() bool { return s.mandatory }

// Phase returns the decision the state waits for.
func (s *State) Phase() Phase { return s.phase }

// Turn returns the number of the full turn being played (1 at the start; each
// player's turn counts one).
func (s *State) Turn() int { return int(s.turn) }

// Pending returns, in PhaseDirection, the log the next lap starts from, and the eggs
// in hand; otherwise NoLog and 0.
func (s *State) Pending() (Log, int) {
	if s.phase != PhaseDirection {
		return NoLog, 0
	}
	return s.pending, int(s.inHand)
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// EndReason says why the game ended, or NotOver.
func (s *State) EndReason() EndReason { return s.end }

// Hash returns the position's hash (Zobrist's scheme with additive keys), kept up to
// date move by move. It covers everything that decides the game's future except the
// turn number and the count of eggs dropped in the turn so far.
func (s *State) Hash() uint64 { return s.hash }

// Selectable returns the mask of logs the player may select (R2): logs with at least
// one egg and no ant.
func (s *State) Selectable() uint32 { return s.filled &^ (s.ants[Red] | s.ants[Black]) }

// Score returns the eggs colour c owns (R8): captured eggs plus the eggs on every log
// holding one of c's ants.
func (s *State) Score(c Color) int {
	n := int(s.store[c])
	for m := s.ants[c]; m != 0; m &= m - 1 {
		n += int(s.eggs[bits.TrailingZeros32(m)])
	}
	return n
}

// Winner returns the winner of a finished game (R9): the player with more eggs, or on
// equal eggs the player who completed the last full turn, which is never the player
// left to move. Its result is meaningless while the game goes on.
func (s *State) Winner() Color {
	r, b := s.Score(Red), s.Score(Black)
	switch {
	case r > b:
		return Red
	case b > r:
		return Black
	}
	return s.toMove.Other()
}

// ComputeHash recomputes the hash from scratch (tests compare it with Hash).
func (s *State) ComputeHash() uint64 {
	var h uint64
	for l := 0; l < NumLogs; l++ {
		h += keys.egg[l] * uint64(s.eggs[l])
	}
	for c := Red; c <= Black; c++ {
		for m := s.ants[c]; m != 0; m &= m - 1 {
			h += keys.ant[c][bits.TrailingZeros32(m)]
		}
		h += keys.hand[c]*uint64(s.hand[c]) + keys.store[c]*uint64(s.store[c])
	}
	if s.toMove == Black {
		h += keys.black
	}
	if s.mandatory {
		h += keys.mandatory
	}
	return h + phaseKey(s.phase, s.pending, s.inHand)
}

// phaseKey is the part of the hash that says where in a turn a state is.
func phaseKey(p Phase, pending Log, inHand uint8) uint64 {
	if p == PhaseDirection {
		return keys.phase[p] + keys.pending[pending] + keys.inHand*uint64(inHand)
	}
	return keys.phase[p]
}

// Hash keys: read-only tables filled once at init from a fixed seed, so hashes are the
// same in every run and on every machine. The hash is Zobrist's scheme with addition
// (mod 2^64) in place of exclusive or: the sum of one random key per feature, where a
// count (eggs on a log, ants in hand, captured eggs, eggs in hand) contributes its key
// times the count. Eggs are identical pieces, so addition is what lets a whole lap of
// sowing update the hash with one precomputed sum (Board.laps) instead of one update
// per egg.
var keys = newHashKeys()

// hashKeys holds the random keys of the hash.
type hashKeys struct {
	egg       [NumLogs]uint64
	ant       [2][NumLogs]uint64
	hand      [2]uint64
	store     [2]uint64
	black     uint64
	mandatory uint64
	phase     [4]uint64 // phase[PhaseSelect] is 0
	pending   [NumLogs]uint64
	inHand    uint64
}

func newHashKeys() *hashKeys {
	k := new(hashKeys)
	seed := uint64(0x436f6c6f6e79) // "Colony"
	next := func() uint64 {
		seed += splitMixGamma
		return splitMix(seed)
	}
	for l := range k.egg {
		k.egg[l] = next()
	}
	for c := 0; c < 2; c++ {
		for l := range k.ant[c] {
			k.ant[c][l] = next()
		}
		k.hand[c] = next()
		k.store[c] = next()
	}
	k.black = next()
	k.mandatory = next()
	for p := 1; p < len(k.phase); p++ {
		k.phase[p] = next()
	}
	for l := range k.pending {
		k.pending[l] = next()
	}
	k.inHand = next()
	return k
}
