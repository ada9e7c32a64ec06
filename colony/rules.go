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
	// selectedOnly: the variant of R4 where only the selected log offers a choice of
	// direction; a relay picked up on a fork or the centre goes on as passing eggs do.
	selectedOnly bool
}

// Default returns the default rule set "colony": the board and rulings of
// docs/colony-board.md.
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
// comma-separated settings: turncap=N (R10), sowcap=N (R6) and choice=pickup|selected
// (R4: a choice of direction wherever eggs are picked up, the default, or only on the
// selected log). For example "colony:turncap=300,choice=selected". A board other than
// the default comes from a board file (LoadBoardFile, then NewRules).
func ParseRules(name string) (*Rules, error) {
	base, settings, hasSettings := strings.Cut(name, ":")
	if base != "colony" {
		return nil, fmt.Errorf("unknown rule set %q (known: colony)", base)
	}
	if !hasSettings {
		return defaultRules, nil
	}
	if settings == "" {
		return nil, fmt.Errorf("rule set %q: empty settings after ':'", name)
	}
	r := *defaultRules
	seen := map[string]bool{}
	for _, kv := range strings.Split(settings, ",") {
		key, val, ok := strings.Cut(kv, "=")
		if !ok || val == "" {
			return nil, fmt.Errorf("rule set %q: setting %q is not key=value", name, kv)
		}
		if seen[key] {
			return nil, fmt.Errorf("rule set %q: setting %q given twice", name, key)
		}
		seen[key] = true
		switch key {
		case "turncap", "sowcap":
			n, err := strconv.Atoi(val)
			if err != nil {
				return nil, fmt.Errorf("rule set %q: %s=%q is not a number", name, key, val)
			}
			if key == "turncap" {
				r.turnCap = n
			} else {
				r.sowingCap = n
			}
		case "choice":
			switch val {
			case "pickup":
				r.selectedOnly = false
			case "selected":
				r.selectedOnly = true
			default:
				return nil, fmt.Errorf("rule set %q: choice=%q, want pickup or selected", name, val)
			}
		case "board":
			return nil, fmt.Errorf("rule set %q: a board is loaded from its board file (--board FILE), not named", name)
		default:
			return nil, fmt.Errorf("rule set %q: unknown setting %q (known: turncap, sowcap, choice)", name, key)
		}
	}
	nr, err := NewRules(r.board, r.sowingCap, r.turnCap)
	if err != nil {
		return nil, fmt.Errorf("rule set %q: %w", name, err)
	}
	return nr.WithChoiceOnSelectedOnly(r.selectedOnly), nil
}

// WithChoiceOnSelectedOnly returns a copy of r in which, if on, only the selected log
// offers a choice of direction (the R4 variant "choose only on the selected log"): a
// relay picked up on a fork or the centre goes on the way passing eggs go.
func (r *Rules) WithChoiceOnSelectedOnly(on bool) *Rules {
	c := *r
	c.selectedOnly = on
	return &c
}

// ChoiceOnSelectedOnly reports whether r is the R4 variant where only the selected log
// offers a choice of direction.
func (r *Rules) ChoiceOnSelectedOnly() bool { return r.selectedOnly }

// Name returns the rule set's canonical name: "colony" for the default, otherwise the
// settings that differ, as in "colony:turncap=300,choice=selected,board=myboard".
// ParseRules reads it back when the board is the default one.
func (r *Rules) Name() string {
	var parts []string
	if r.turnCap != DefaultTurnCap {
		parts = append(parts, "turncap="+strconv.Itoa(r.turnCap))
	}
	if r.sowingCap != DefaultSowingCap {
		parts = append(parts, "sowcap="+strconv.Itoa(r.sowingCap))
	}
	if r.selectedOnly {
		parts = append(parts, "choice=selected")
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
	for l := 0; l < NumLogs; l++ {
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
	if a <= Pass || int(a-AntBase) < len(r.board.edgeFrom) {
		var buf [8]byte
		return string(r.AppendAction(buf[:0], a))
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// AppendAction appends ActionString(a) to dst; for a valid action it allocates
// nothing beyond growing dst.
func (r *Rules) AppendAction(dst []byte, a Action) []byte {
	switch {
	case a < DirectionBase:
		return append(dst, logNames[a]...)
	case a < Pass:
		return append(append(dst, '>'), logNames[a-DirectionBase]...)
	case a == Pass:
		return dst
	case int(a-AntBase) < len(r.board.edgeFrom):
		f, t := r.board.AntStep(int(a - AntBase))
		dst = append(append(dst, '/'), logNames[f]...)
		return append(append(dst, '-'), logNames[t]...)
	}
	return append(dst, r.ActionString(a)...)
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
		// By target, then by the ant's log: the order of the ant step numbers.
		own := s.ants[s.toMove]
		for tm := r.board.Reach(own) &^ (s.ants[Red] | s.ants[Black]); tm != 0; tm &= tm - 1 {
			t := bits.TrailingZeros32(tm)
			for fm := r.board.neighbours[t] & own; fm != 0; fm &= fm - 1 {
				dst[n] = AntBase + Action(r.board.edgeIndex[bits.TrailingZeros32(fm)][t])
				n++
			}
		}
	}
	return dst[:n]
}

// AntTargets returns the mask of logs the ant on l may step to in s: the neighbours
// of l that hold no ant (R7). It does not check that l holds an ant.
func (r *Rules) AntTargets(s *State, l Log) uint32 {
	return r.board.neighbours[l] &^ (s.ants[Red] | s.ants[Black])
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
		r.selectLog(s, Log(a))
	case a < Pass:
		r.sowPending(s, r.board.arcIndex[s.pending][a-DirectionBase])
	case a == Pass:
		r.endTurn(s)
	default:
		e := int(a - AntBase)
		r.moveAnt(s, r.board.edgeFrom[e], r.board.edgeTo[e])
	}
}

// selectLog picks up the eggs of l and sows them, or waits for a direction (R2, R4).
func (r *Rules) selectLog(s *State, l Log) {
	n := s.eggs[l]
	s.hash -= keys.egg[l] * uint64(n)
	s.eggs[l] = 0
	s.filled &^= 1 << l
	if r.board.exitCount[l] > 1 {
		s.waitForDirection(l, n)
		return
	}
	r.sow(s, r.board.firstArc[l], n)
}

// sowPending sows the eggs of the lap waiting for a direction, along arc.
func (r *Rules) sowPending(s *State, arc uint8) {
	n := s.inHand
	s.hash += phaseKey(PhaseSelect, 0, 0) - phaseKey(PhaseDirection, s.pending, n)
	s.phase, s.pending, s.inHand = PhaseSelect, 0, 0
	r.sow(s, arc, n)
}

// moveAnt moves the mover's ant from f to t (R7) and ends the turn.
func (r *Rules) moveAnt(s *State, f, t Log) {
	c := s.toMove
	s.ants[c] ^= 1<<f | 1<<t
	s.hash += keys.ant[c][t] - keys.ant[c][f]
	if !s.mandatory {
		s.mandatory = true
		s.hash += keys.mandatory
	}
	r.endTurn(s)
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
	s.hash += phaseKey(PhaseDirection, at, n) - phaseKey(s.phase, s.pending, s.inHand)
	s.phase, s.pending, s.inHand = PhaseDirection, at, n
}

// sow carries n eggs along the arrows, the first on the arc arc (Board.arcIndex), and
// plays out the last egg (R5), relays included, until the sowing ends or a relay lap
// needs the player to choose a direction. All the eggs of a lap but the last are
// dropped at once from the board's lap tables; the egg-by-egg path is taken only when
// the sowing cap (R6) may be reached within the lap.
func (r *Rules) sow(s *State, arc uint8, n uint8) {
	b := r.board
	p := s.toMove
	own, opp := s.ants[p], s.ants[p^1]
	hash, filled := s.hash, s.filled
	capLeft := r.sowingCap - int(s.drops)
	for {
		if capLeft < int(n) {
			hash, filled, capLeft, arc, n = r.sowSlowly(s, hash, filled, capLeft, arc, n)
			if n == 0 {
				break
			}
		} else {
			// One egg in hand takes the empty lap (Board.laps[0]) rather than a branch
			// that random positions make hard to predict.
			lap := &b.laps[n-1][arc]
			s.dropLap(lap)
			hash += lap.hash
			filled |= lap.filled
			capLeft -= int(n - 1)
			arc = lap.next
		}
		// The last egg (R5).
		cur := b.arcTo[arc]
		e := s.eggs[cur]
		bit := uint32(1) << cur
		if own&bit != 0 || (e == 3 && opp&bit == 0) {
			hash += keys.store[p]
			s.store[p]++
			if own&bit == 0 && s.hand[p] > 0 {
				hash += keys.ant[p][cur] - keys.hand[p]
				s.hand[p]--
				s.ants[p] |= bit
			}
			break
		}
		capLeft--
		if e == 0 {
			hash += keys.egg[cur]
			s.eggs[cur] = 1
			filled |= bit
			break
		}
		// Relay: pick up everything, the last egg included, and sow on.
		n = e + 1
		hash -= keys.egg[cur] * uint64(e)
		s.eggs[cur] = 0
		filled &^= bit
		switch {
		case b.exitCount[cur] == 1:
			arc = b.firstArc[cur]
		case r.selectedOnly:
			arc = b.arcNext[arc] // no choice: on as a passing egg goes (R4 variant)
		default:
			s.hash, s.filled = hash, filled
			s.drops = uint16(r.sowingCap - capLeft)
			s.waitForDirection(cur, n)
			return
		}
	}
	s.hash, s.filled = hash, filled
	s.drops = uint16(r.sowingCap - capLeft)
	r.afterSowing(s)
}

// sowSlowly drops the eggs of a lap one by one while the sowing cap may be reached
// (R6), updating the hash, the filled logs and the eggs the cap leaves. It returns
// them with the arc of the last egg and 1 when that egg is to be played out normally,
// or n == 0 when the cap ended the sowing: the eggs still in hand were put on the log
// reached, with no capture and no ant placed. (Values in and out, not pointers, so
// that the callers' loops keep them in registers.)
func (r *Rules) sowSlowly(s *State, hash uint64, filled uint32, capLeft int, arc, n uint8) (uint64, uint32, int, uint8, uint8) {
	b := r.board
	for ; n > 1 || capLeft <= 0; n-- {
		cur := b.arcTo[arc]
		if capLeft <= 0 {
			hash += keys.egg[cur] * uint64(n)
			s.eggs[cur] += n
			filled |= 1 << cur
			return hash, filled, capLeft, arc, 0
		}
		hash += keys.egg[cur]
		s.eggs[cur]++
		filled |= 1 << cur
		capLeft--
		arc = b.arcNext[arc]
	}
	return hash, filled, capLeft, arc, 1
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
		s.hash += keys.phase[PhaseAnt]
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
	// Add the key of Black to move when Red's turn ends, subtract it when Black's does.
	neg := -uint64(s.toMove)
	s.hash += (keys.black ^ neg) - neg - keys.phase[s.phase]
	s.phase = PhaseSelect
	s.toMove ^= 1
	s.turn++
	s.drops = 0
	r.checkEnd(s)
}

// finish ends the game.
func (s *State) finish(why EndReason) {
	s.hash += keys.phase[PhaseOver] - phaseKey(s.phase, s.pending, s.inHand)
	s.phase, s.pending, s.inHand = PhaseOver, 0, 0
	s.end = why
}

// checkEnd ends the game at a turn boundary if the player to move has no log to
// select (R9) or the turn cap is passed (R10).
func (r *Rules) checkEnd(s *State) {
	switch {
	case s.Selectable() == 0:
		s.finish(NoLogToSelect)
	case int(s.turn) > r.turnCap:
		s.finish(TurnCapReached)
	}
}
