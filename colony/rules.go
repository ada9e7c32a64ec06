package colony

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Default settings of the rule set "colony" (see RULES.md for how they were chosen).
const (
	DefaultSowingCap = 10000
	DefaultTurnCap   = 1000
)

// Rules is a named rule set: a board plus the settings the rulings leave to the rule
// set. Rules values are immutable and safe for concurrent use; all the moving parts of a
// game are in State.
type Rules struct {
	board *Board
	// sowingCap: a turn puts down at most this many eggs one by one (R6).
	sowingCap int
	// turnCap: the game ends after this many full turns (R10).
	turnCap int
}

// Default returns the default rule set "colony": the board and rulings of
// shared/colony-board.md.
func Default() *Rules {
	return defaultRules
}

var defaultRules = &Rules{board: defaultBoard, sowingCap: DefaultSowingCap, turnCap: DefaultTurnCap}

// NewRules returns a rule set on board b with the given sowing cap (R6) and turn cap
// (R10); both must be at least 1.
func NewRules(b *Board, sowingCap, turnCap int) (*Rules, error) {
	if b == nil {
		return nil, fmt.Errorf("rules: no board")
	}
	if sowingCap < 1 || sowingCap > 60000 {
		return nil, fmt.Errorf("rules: sowing cap %d out of range 1..60000", sowingCap)
	}
	if turnCap < 1 || turnCap > 60000 {
		return nil, fmt.Errorf("rules: turn cap %d out of range 1..60000", turnCap)
	}
	return &Rules{board: b, sowingCap: sowingCap, turnCap: turnCap}, nil
}

// ParseRules reads a rule set name: "colony", optionally followed by ':' and
// comma-separated settings turncap=N and sowcap=N, for example "colony:turncap=300".
// A board other than the default is given by a board file (LoadBoardFile, NewRules).
func ParseRules(name string) (*Rules, error) {
	base, settings, _ := strings.Cut(name, ":")
	if base != "colony" {
		return nil, fmt.Errorf("unknown rule set %q (known: colony)", base)
	}
	r := *defaultRules
	if settings == "" {
		if strings.Contains(name, ":") {
			return nil, fmt.Errorf("rule set %q: empty settings after ':'", name)
		}
		return defaultRules, nil
	}
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(val)
		if !ok || err != nil {
			return nil, fmt.Errorf("rule set %q: setting %q is not key=number", name, kv)
		}
		switch key {
		case "turncap":
			r.turnCap = n
		case "sowcap":
			r.sowingCap = n
		default:
			return nil, fmt.Errorf("rule set %q: unknown setting %q (known: turncap, sowcap)", name, key)
		}
	}
	return NewRules(r.board, r.sowingCap, r.turnCap)
}

// Name returns the rule set's canonical name: "colony" for the default, otherwise the
// settings that differ, as in "colony:turncap=300,board=myboard". ParseRules reads it
// back when the board is the default one.
func (r *Rules) Name() string {
	var parts []string
	if r.turnCap != DefaultTurnCap {
		parts = append(parts, "turncap="+strconv.Itoa(r.turnCap))
	}
	if r.sowingCap != DefaultSowingCap {
		parts = append(parts, "sowcap="+strconv.Itoa(r.sowingCap))
	}
	if r.board != defaultBoard {
		parts = append(parts, "board="+r.board.name)
	}
	if len(parts) == 0 {
		return "colony"
	}
	return "colony:" + strings.Join(parts, ",")
}

// String returns Name.
func (r *Rules) String() string { return r.Name() }

// Board returns the rule set's board.
func (r *Rules) Board() *Board { return r.board }

// SowingCap returns the most eggs a turn puts down one by one (R6).
func (r *Rules) SowingCap() int { return r.sowingCap }

// TurnCap returns the number of full turns after which the game ends (R10).
func (r *Rules) TurnCap() int { return r.turnCap }

// Start returns the start position (R1): 3 eggs on every log, 6 ants in each hand,
// Red to move, turn 1.
func (r *Rules) Start() State {
	var s State
	for l := range s.eggs {
		s.eggs[l] = StartEggs
	}
	s.filled = allLogs
	s.hand = [2]uint8{AntsPerSide, AntsPerSide}
	s.turn = 1
	s.hash = s.ComputeHash()
	return s
}

// Action is one decision inside a turn: selecting a log, choosing a direction where a
// lap starts on a fork or the centre, passing on the optional ant move, or moving an ant.
type Action uint8

// Action numbering: SelectBase+l selects log l, DirectionBase+l leaves towards log l,
// Pass declines the optional ant move, AntBase+e moves an ant along the board's e-th
// ant step (Board.AntStep).
const (
	SelectBase    Action = 0
	DirectionBase Action = NumLogs
	Pass          Action = 2 * NumLogs
	AntBase       Action = Pass + 1
)

// MaxActions bounds the legal actions of one decision: 19 logs to select, or at most
// MaxExits directions, or one pass plus at most 6 ants with 6 free neighbours each.
const MaxActions = 1 + AntsPerSide*MaxNeighbours

// ActionList is a caller-owned buffer for the legal actions of one decision.
type ActionList [MaxActions]Action

// ActionSet is a set of actions, one bit each.
type ActionSet [4]uint64

// Has reports whether a is in the set.
func (s *ActionSet) Has(a Action) bool { return s[a>>6]&(1<<(a&63)) != 0 }

// Add puts a in the set.
func (s *ActionSet) Add(a Action) { s[a>>6] |= 1 << (a & 63) }

// Len returns the number of actions in the set.
func (s *ActionSet) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// AntStep returns the logs of the board's e-th ant step (from, to).
func (b *Board) AntStep(e int) (from, to Log) { return b.edgeFrom[e], b.edgeTo[e] }

// AntAction returns the action moving an ant from from to to, and false when the logs
// do not touch.
func (r *Rules) AntAction(from, to Log) (Action, bool) {
	if from >= NumLogs || to >= NumLogs {
		return 0, false
	}
	e := r.board.edgeIndex[from][to]
	if e == 255 {
		return 0, false
	}
	return AntBase + Action(e), true
}

// ActionString writes an action in the turn notation's pieces: "B4" for a selection,
// ">A3" for a direction, "/B4-A4" for an ant move and "" for a pass.
func (r *Rules) ActionString(a Action) string {
	switch {
	case a < DirectionBase:
		return Log(a).String()
	case a < Pass:
		return ">" + Log(a-DirectionBase).String()
	case a == Pass:
		return ""
	case int(a-AntBase) < len(r.board.edgeFrom):
		f, t := r.board.AntStep(int(a - AntBase))
		return "/" + f.String() + "-" + t.String()
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// LegalActions writes the actions legal in s into dst and returns them as a slice of
// dst, in increasing order. It allocates nothing. A finished game has none.
func (r *Rules) LegalActions(s *State, dst *ActionList) []Action {
	n := 0
	switch s.phase {
	case PhaseSelect:
		for m := s.Selectable(); m != 0; m &= m - 1 {
			dst[n] = SelectBase + Action(bits.TrailingZeros32(m))
			n++
		}
	case PhaseDirection:
		n = copy(dst[:], r.board.dirActions[s.pending][:r.board.exitCount[s.pending]])
	case PhaseAnt:
		if !s.mandatory {
			dst[n] = Pass
			n++
		}
		free := allLogs &^ (s.ants[Red] | s.ants[Black])
		for m := s.ants[s.toMove]; m != 0; m &= m - 1 {
			f := bits.TrailingZeros32(m)
			row := &r.board.edgeIndex[f]
			for t := r.board.neighbours[f] & free; t != 0; t &= t - 1 {
				dst[n] = AntBase + Action(row[bits.TrailingZeros32(t)])
				n++
			}
		}
	}
	return dst[:n]
}

// LegalActionSet returns the legal actions of s as a set.
func (r *Rules) LegalActionSet(s *State) ActionSet {
	var set ActionSet
	switch s.phase {
	case PhaseSelect:
		set[0] = uint64(s.Selectable())
	case PhaseDirection:
		for _, x := range r.board.exits[s.pending][:r.board.exitCount[s.pending]] {
			set.Add(DirectionBase + Action(x))
		}
	case PhaseAnt:
		var list ActionList
		for _, a := range r.LegalActions(s, &list) {
			set.Add(a)
		}
	}
	return set
}

// IsLegal reports whether a is one of the legal actions of s.
func (r *Rules) IsLegal(s *State, a Action) bool {
	switch s.phase {
	case PhaseSelect:
		return a < DirectionBase && s.Selectable()&(1<<a) != 0
	case PhaseDirection:
		if a < DirectionBase || a >= Pass {
			return false
		}
		for _, x := range r.board.exits[s.pending][:r.board.exitCount[s.pending]] {
			if DirectionBase+Action(x) == a {
				return true
			}
		}
	case PhaseAnt:
		if a == Pass {
			return !s.mandatory
		}
		if a < AntBase || int(a-AntBase) >= len(r.board.edgeFrom) {
			return false
		}
		f, t := r.board.AntStep(int(a - AntBase))
		return s.ants[s.toMove]&(1<<f) != 0 && (s.ants[Red]|s.ants[Black])&(1<<t) == 0
	}
	return false
}

// Apply plays one legal action on s. The side to move changes only when the turn ends.
// Apply does not check legality (use IsLegal or Step for untrusted input); it
// allocates nothing.
func (r *Rules) Apply(s *State, a Action) {
	switch {
	case a < DirectionBase:
		l := Log(a)
		n := s.eggs[l]
		s.hash ^= zobristEggs[l][n] ^ zobristEggs[l][0]
		s.eggs[l] = 0
		s.filled &^= 1 << l
		if r.board.exitCount[l] > 1 {
			s.waitForDirection(l, n)
			return
		}
		r.sow(s, r.board.arcIndex[l][r.board.exits[l][0]], n)
	case a < Pass:
		from, n := s.pending, s.inHand
		s.hash ^= phaseKey(PhaseDirection, from, n) ^ phaseKey(PhaseSelect, 0, 0)
		s.phase, s.pending, s.inHand = PhaseSelect, 0, 0
		r.sow(s, r.board.arcIndex[from][a-DirectionBase], n)
	case a == Pass:
		r.endTurn(s)
	default:
		e := int(a - AntBase)
		f, t := r.board.edgeFrom[e], r.board.edgeTo[e]
		c := s.toMove
		s.ants[c] ^= 1<<f | 1<<t
		s.hash ^= zobristAnt[c][f] ^ zobristAnt[c][t]
		if !s.mandatory {
			s.mandatory = true
			s.hash ^= zobristMandatory
		}
		r.endTurn(s)
	}
}

// Step plays a after checking that it is legal.
func (r *Rules) Step(s *State, a Action) error {
	if !r.IsLegal(s, a) {
		if s.phase == PhaseOver {
			return fmt.Errorf("action %d: the game is over", a)
		}
		return fmt.Errorf("action %d (%q) is not legal in phase %v", a, r.ActionString(a), s.phase)
	}
	r.Apply(s, a)
	return nil
}

// waitForDirection stops the sowing where a lap starts on a fork or centre (R4).
func (s *State) waitForDirection(at Log, n uint8) {
	s.hash ^= phaseKey(s.phase, s.pending, s.inHand) ^ phaseKey(PhaseDirection, at, n)
	s.phase, s.pending, s.inHand = PhaseDirection, at, n
}

// sow carries n eggs along the arrows, the first on the arc arc (Board.arcIndex), and
// plays out the last egg (R5), relays included, until the sowing ends or a relay lap
// needs the player to choose a direction. The hot loop keeps the hash, the mask of
// filled logs and the cap count in locals and writes them back once.
func (r *Rules) sow(s *State, arc uint8, n uint8) {
	b := r.board
	p := s.toMove
	own, opp := s.ants[p], s.ants[p^1]
	hash, filled := s.hash, s.filled
	capLeft := r.sowingCap - int(s.drops)
	for {
		cur := b.arcTo[arc]
		e := s.eggs[cur]
		if capLeft <= 0 {
			// R6: the cap is reached; the eggs in hand stay on the log reached.
			hash ^= zobristEggs[cur][e] ^ zobristEggs[cur][e+n]
			s.eggs[cur] = e + n
			filled |= 1 << cur
			break
		}
		if n > 1 {
			hash ^= zobristEggStep[cur][e]
			s.eggs[cur] = e + 1
			filled |= 1 << cur
			n--
			capLeft--
			arc = b.arcNext[arc]
			continue
		}
		// The last egg (R5).
		bit := uint32(1) << cur
		if own&bit != 0 || (e == 3 && opp&bit == 0) {
			hash ^= zobristStore[p][s.store[p]] ^ zobristStore[p][s.store[p]+1]
			s.store[p]++
			if own&bit == 0 && s.hand[p] > 0 {
				hash ^= zobristHand[p][s.hand[p]] ^ zobristHand[p][s.hand[p]-1] ^ zobristAnt[p][cur]
				s.hand[p]--
				s.ants[p] |= bit
			}
			break
		}
		capLeft--
		if e == 0 {
			hash ^= zobristEggStep[cur][0]
			s.eggs[cur] = 1
			filled |= bit
			break
		}
		// Relay: pick up everything, the last egg included, and sow on.
		n = e + 1
		hash ^= zobristEggs[cur][e] ^ zobristEggs[cur][0]
		s.eggs[cur] = 0
		filled &^= bit
		if b.exitCount[cur] > 1 {
			s.hash, s.filled = hash, filled
			s.drops = uint16(r.sowingCap - capLeft)
			s.waitForDirection(cur, n)
			return
		}
		arc = b.arcIndex[cur][b.exits[cur][0]]
	}
	s.hash, s.filled = hash, filled
	s.drops = uint16(r.sowingCap - capLeft)
	r.afterSowing(s)
}

// afterSowing starts the ant step (R7), skips it, or ends the game when a compulsory
// ant move is impossible (R9).
func (r *Rules) afterSowing(s *State) {
	own := s.ants[s.toMove]
	if own == 0 {
		r.endTurn(s)
		return
	}
	free := allLogs &^ (s.ants[Red] | s.ants[Black])
	switch {
	case r.board.Reach(own)&free != 0:
		s.hash ^= zobristPhase[PhaseAnt]
		s.phase = PhaseAnt
	case s.mandatory:
		s.finish(NoAntCanMove)
	default:
		r.endTurn(s)
	}
}

// endTurn passes the move to the opponent and ends the game if they cannot select a
// log (R9) or the turn cap is reached (R10).
func (r *Rules) endTurn(s *State) {
	s.hash ^= zobristBlack ^ zobristPhase[s.phase]
	s.phase = PhaseSelect
	s.toMove ^= 1
	s.turn++
	s.drops = 0
	switch {
	case s.Selectable() == 0:
		s.finish(NoLogToSelect)
	case int(s.turn) > r.turnCap:
		s.finish(TurnCapReached)
	}
}

// finish ends the game.
func (s *State) finish(why EndReason) {
	s.hash ^= phaseKey(s.phase, s.pending, s.inHand) ^ zobristPhase[PhaseOver]
	s.phase, s.pending, s.inHand = PhaseOver, 0, 0
	s.end = why
}

// checkEnd sets the end of a position read at a turn boundary.
func (r *Rules) checkEnd(s *State) {
	switch {
	case s.Selectable() == 0:
		s.finish(NoLogToSelect)
	case int(s.turn) > r.turnCap:
		s.finish(TurnCapReached)
	}
}
