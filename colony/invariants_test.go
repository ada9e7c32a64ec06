package colony

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// invCheckState returns the first broken invariant of s, or nil. It needs no history, so
// the fuzz targets use it too.
func invCheckState(r *Rules, s *State) error {
	b := r.Board()
	// 57 eggs: on the board, in the stores and in hand while a direction is pending.
	pending, inHand := s.Pending()
	total := s.Store(Red) + s.Store(Black) + inHand
	for l := Log(0); l < NumLogs; l++ {
		total += s.Eggs(l)
	}
	if total != TotalEggs {
		return fmt.Errorf("%d eggs on the board, in the stores and in hand (%d), want %d", total, inHand, TotalEggs)
	}
	// 6 ants a colour, no log with two ants, no ant off the board.
	for c := Red; c <= Black; c++ {
		if s.Ants(c)&^allLogs != 0 {
			return fmt.Errorf("%v ant off the board: mask %#x", c, s.Ants(c))
		}
		if n := bits.OnesCount32(s.Ants(c)) + s.Hand(c); n != AntsPerSide {
			return fmt.Errorf("%v has %d ants on the board and %d in hand", c, bits.OnesCount32(s.Ants(c)), s.Hand(c))
		}
	}
	if both := s.Ants(Red) & s.Ants(Black); both != 0 {
		return fmt.Errorf("logs %v hold two ants", mdMaskNames(both))
	}
	for l := Log(0); l < NumLogs; l++ {
		c, ok := s.AntAt(l)
		if ok != ((s.Ants(Red)|s.Ants(Black))&(1<<l) != 0) || ok && s.Ants(c)&(1<<l) == 0 {
			return fmt.Errorf("AntAt(%v) = %v, %v disagrees with the masks", l, c, ok)
		}
	}
	if h := s.ComputeHash(); s.Hash() != h {
		return fmt.Errorf("Hash() = %#x, ComputeHash() = %#x", s.Hash(), h)
	}
	// Selectable: logs with eggs and no ant.
	var sel uint32
	for l := Log(0); l < NumLogs; l++ {
		if _, ok := s.AntAt(l); !ok && s.Eggs(l) > 0 {
			sel |= 1 << l
		}
	}
	if s.Selectable() != sel {
		return fmt.Errorf("Selectable() = %v, want %v", mdMaskNames(s.Selectable()), mdMaskNames(sel))
	}
	// Scores (R8).
	for c := Red; c <= Black; c++ {
		want := s.Store(c)
		for l := Log(0); l < NumLogs; l++ {
			if col, ok := s.AntAt(l); ok && col == c {
				want += s.Eggs(l)
			}
		}
		if s.Score(c) != want {
			return fmt.Errorf("Score(%v) = %d, want %d", c, s.Score(c), want)
		}
	}
	// The legal actions: LegalActions (increasing, no repeats), LegalActionSet and IsLegal
	// agree with each other and with the actions the phase allows.
	var list ActionList
	legal := r.LegalActions(s, &list)
	var set ActionSet
	for i, a := range legal {
		if i > 0 && legal[i-1] >= a {
			return fmt.Errorf("LegalActions not increasing: %v", legal)
		}
		set.Add(a)
	}
	if got := r.LegalActionSet(s); got != set || got.Len() != len(legal) {
		return fmt.Errorf("LegalActionSet %v (len %d) differs from LegalActions %v", got, got.Len(), legal)
	}
	for a := 0; a < 256; a++ {
		if r.IsLegal(s, Action(a)) != set.Has(Action(a)) {
			return fmt.Errorf("IsLegal(%d %q) = %v, but LegalActions = %v", a, r.ActionString(Action(a)), !set.Has(Action(a)), legal)
		}
	}
	var want ActionSet
	me := s.ToMove()
	free := allLogs &^ (s.Ants(Red) | s.Ants(Black))
	if !s.Over() && s.EndReason() != NotOver {
		return fmt.Errorf("phase %v with end reason %v", s.Phase(), s.EndReason())
	}
	if s.Phase() != PhaseDirection && (pending != NoLog || inHand != 0) {
		return fmt.Errorf("phase %v with pending %v, %d", s.Phase(), pending, inHand)
	}
	switch s.Phase() {
	case PhaseSelect:
		if sel == 0 {
			return fmt.Errorf("a turn boundary with no log to select, not over")
		}
		if s.Turn() < 1 || s.Turn() > r.TurnCap() {
			return fmt.Errorf("turn %d outside 1..%d, not over", s.Turn(), r.TurnCap())
		}
		for m := sel; m != 0; m &= m - 1 {
			want.Add(SelectBase + Action(bits.TrailingZeros32(m)))
		}
	case PhaseDirection:
		if pending >= NumLogs || len(b.Exits(pending)) < 2 {
			return fmt.Errorf("direction pending on %v, which has exits %v", pending, b.Exits(pending))
		}
		if inHand < 1 || s.Eggs(pending) != 0 {
			return fmt.Errorf("direction pending on %v with %d eggs in hand and %d left there", pending, inHand, s.Eggs(pending))
		}
		for _, x := range b.Exits(pending) {
			want.Add(DirectionBase + Action(x))
		}
	case PhaseAnt:
		if !s.AntMovesMandatory() {
			want.Add(Pass)
		}
		moves := 0
		for f := Log(0); f < NumLogs; f++ {
			if s.Ants(me)&(1<<f) == 0 {
				continue
			}
			for t := Log(0); t < NumLogs; t++ {
				if b.Neighbours(f)&free&(1<<t) != 0 {
					a, ok := r.AntAction(f, t)
					if !ok {
						return fmt.Errorf("no action for the ant step %v-%v", f, t)
					}
					want.Add(a)
					moves++
				}
			}
		}
		if moves == 0 {
			return fmt.Errorf("ant phase, but %v has no ant that can move", me)
		}
	case PhaseOver:
		switch s.EndReason() {
		case NoLogToSelect:
			if sel != 0 {
				return fmt.Errorf("over (%v), but %v can select %v", s.EndReason(), me, mdMaskNames(sel))
			}
		case TurnCapReached:
			if s.Turn() <= r.TurnCap() {
				return fmt.Errorf("over (%v) at turn %d, cap %d", s.EndReason(), s.Turn(), r.TurnCap())
			}
		case NoAntCanMove:
			if !s.AntMovesMandatory() || s.Ants(me) == 0 {
				return fmt.Errorf("over (%v), but mandatory=%v and %v has ants %v", s.EndReason(), s.AntMovesMandatory(), me, mdMaskNames(s.Ants(me)))
			}
			for m := s.Ants(me); m != 0; m &= m - 1 {
				if f := Log(bits.TrailingZeros32(m)); b.Neighbours(f)&free != 0 {
					return fmt.Errorf("over (%v), but the ant on %v can move", s.EndReason(), f)
				}
			}
		default:
			return fmt.Errorf("over with end reason %v", s.EndReason())
		}
		// R9: more eggs wins; on equal eggs the player who completed the last full turn,
		// never the player left to move.
		rs, bs := s.Score(Red), s.Score(Black)
		w := me.Other()
		if rs > bs {
			w = Red
		} else if bs > rs {
			w = Black
		}
		if s.Winner() != w {
			return fmt.Errorf("Winner() = %v with scores %d-%d and %v to move, want %v", s.Winner(), rs, bs, me, w)
		}
	default:
		return fmt.Errorf("unknown phase %d", s.Phase())
	}
	if set != want {
		var names []string
		for a := 0; a < 256; a++ {
			if want.Has(Action(a)) {
				names = append(names, fmt.Sprintf("%d%q", a, r.ActionString(Action(a))))
			}
		}
		return fmt.Errorf("phase %v: legal actions %v, want %v", s.Phase(), legal, names)
	}
	return nil
}

// invTurnEnded reports whether the decision that led to s ended the turn: s is between turns,
// or the game ended for a reason other than a missing ant move (which ends the game in
// the middle of the mover's turn).
func invTurnEnded(s *State) bool {
	return s.Phase() == PhaseSelect || s.Over() && s.EndReason() != NoAntCanMove
}

// invMoveFinished reports whether a whole turn move has been played out on s: the next
// turn is waiting, or the game is over (for any reason, "no ant can move" included:
// that ending comes inside the turn, after the sowing).
func invMoveFinished(s *State) bool {
	return s.Phase() == PhaseSelect || s.Over()
}

// invCheckStep checks what a decision may change: the side to move and the turn number only
// when the turn ends, the opponent's store, hand and ants never, the mover's store and
// ants only upwards (except the ant moved), the mandatory flag only by an ant move.
func invCheckStep(r *Rules, prev *State, a Action, s *State) error {
	me, opp := prev.ToMove(), prev.ToMove().Other()
	if invTurnEnded(s) {
		if s.ToMove() != opp || s.Turn() != prev.Turn()+1 {
			return fmt.Errorf("the turn ended, but move %v turn %d became move %v turn %d", me, prev.Turn(), s.ToMove(), s.Turn())
		}
	} else if s.ToMove() != me || s.Turn() != prev.Turn() {
		return fmt.Errorf("inside a turn, move %v turn %d became move %v turn %d", me, prev.Turn(), s.ToMove(), s.Turn())
	}
	if a >= Pass && !invTurnEnded(s) {
		return fmt.Errorf("the ant decision %q did not end the turn (phase %v)", r.ActionString(a), s.Phase())
	}
	if s.Store(opp) != prev.Store(opp) || s.Hand(opp) != prev.Hand(opp) || s.Ants(opp) != prev.Ants(opp) {
		return fmt.Errorf("the opponent's store, hand or ants changed")
	}
	if s.Store(me) < prev.Store(me) || s.Hand(me) > prev.Hand(me) {
		return fmt.Errorf("the mover's store or hand went the wrong way")
	}
	switch {
	case a > Pass:
		f, t := r.Board().AntStep(int(a - AntBase))
		if s.Ants(me) != prev.Ants(me)&^(1<<f)|1<<t || !s.AntMovesMandatory() {
			return fmt.Errorf("the ant move %v-%v gave ants %v, mandatory %v", f, t, mdMaskNames(s.Ants(me)), s.AntMovesMandatory())
		}
		for l := Log(0); l < NumLogs; l++ {
			if s.Eggs(l) != prev.Eggs(l) {
				return fmt.Errorf("the ant move changed the eggs on %v", l)
			}
		}
	default:
		if s.AntMovesMandatory() != prev.AntMovesMandatory() {
			return fmt.Errorf("%q changed the mandatory flag", r.ActionString(a))
		}
		if s.Ants(me)&prev.Ants(me) != prev.Ants(me) {
			return fmt.Errorf("sowing removed an ant")
		}
		placed := bits.OnesCount32(s.Ants(me)) - bits.OnesCount32(prev.Ants(me))
		if placed != prev.Hand(me)-s.Hand(me) || placed > s.Store(me)-prev.Store(me) {
			return fmt.Errorf("%d ants placed, hand %d -> %d, store %d -> %d", placed, prev.Hand(me), s.Hand(me), prev.Store(me), s.Store(me))
		}
	}
	return nil
}

// A reference model of the default rules, written from colony-board.md's table (the
// mdArrows, mdCentre and mdLanes of board_test.go) and the rulings, without the engine's
// tables. It does not model the sowing cap (R6), which random games never reach.
type invRefView struct {
	eggs      [NumLogs]int
	ants      [2]uint32
	hand      [2]int
	store     [2]int
	toMove    Color
	mandatory bool
	phase     Phase
	pending   Log
	inHand    int
	turn      int
	end       EndReason
}

func invView(s *State) invRefView {
	v := invRefView{
		ants: [2]uint32{s.Ants(Red), s.Ants(Black)}, hand: [2]int{s.Hand(Red), s.Hand(Black)},
		store: [2]int{s.Store(Red), s.Store(Black)}, toMove: s.ToMove(), mandatory: s.AntMovesMandatory(),
		phase: s.Phase(), turn: s.Turn(), end: s.EndReason(),
	}
	v.pending, v.inHand = s.Pending()
	for l := Log(0); l < NumLogs; l++ {
		v.eggs[l] = s.Eggs(l)
	}
	return v
}

type invRefRules struct {
	exits   [NumLogs][]Log // where a lap starting on the log may go (one unless a choice)
	passing [NumLogs]Log   // the arrow passing eggs follow (NoLog on the centre)
	centre  Log
	lanes   map[Log]Log
	nbr     [NumLogs]uint32
	turnCap int
	board   *Board // only to decode ant actions
}

func invNewRefRules(t testing.TB) *invRefRules {
	m := &invRefRules{centre: mdLog(t, mdCentre), lanes: map[Log]Log{}, turnCap: DefaultTurnCap, board: DefaultBoard()}
	for name, next := range mdArrows {
		l := mdLog(t, name)
		for _, n := range next {
			m.exits[l] = append(m.exits[l], mdLog(t, n))
		}
		m.passing[l] = m.exits[l][0]
	}
	for _, n := range mdCentreExits {
		m.exits[m.centre] = append(m.exits[m.centre], mdLog(t, n))
	}
	m.passing[m.centre] = NoLog
	for from, to := range mdLanes {
		m.lanes[mdLog(t, from)] = mdLog(t, to)
	}
	for l := Log(0); l < NumLogs; l++ {
		m.nbr[l] = mdNeighbours(l)
	}
	return m
}

func (m *invRefRules) apply(v *invRefView, a Action) {
	switch {
	case a < DirectionBase:
		l := Log(a)
		n := v.eggs[l]
		v.eggs[l] = 0
		if len(m.exits[l]) > 1 {
			v.phase, v.pending, v.inHand = PhaseDirection, l, n
			return
		}
		m.sow(v, l, m.exits[l][0], n)
	case a < Pass:
		l, n := v.pending, v.inHand
		v.phase, v.pending, v.inHand = PhaseSelect, NoLog, 0
		m.sow(v, l, Log(a-DirectionBase), n)
	case a == Pass:
		m.endTurn(v)
	default:
		f, t := m.board.AntStep(int(a - AntBase))
		v.ants[v.toMove] ^= 1<<f | 1<<t
		v.mandatory = true
		m.endTurn(v)
	}
}

func (m *invRefRules) sow(v *invRefView, start, exit Log, n int) {
	me, opp := v.toMove, v.toMove.Other()
	prev, cur := start, exit
	for {
		if n > 1 {
			v.eggs[cur]++
			n--
			next := m.passing[cur]
			if cur == m.centre {
				next = m.lanes[prev]
			}
			prev, cur = cur, next
			continue
		}
		e := v.eggs[cur]
		mine, theirs := v.ants[me]&(1<<cur) != 0, v.ants[opp]&(1<<cur) != 0
		relay := false
		switch {
		case mine:
			v.store[me]++
		case theirs && e == 0:
			v.eggs[cur] = 1
		case theirs:
			relay = true
		case e == 0:
			v.eggs[cur] = 1
		case e == 3:
			v.store[me]++
			if v.hand[me] > 0 {
				v.hand[me]--
				v.ants[me] |= 1 << cur
			}
		default:
			relay = true
		}
		if !relay {
			break
		}
		n = e + 1
		v.eggs[cur] = 0
		if len(m.exits[cur]) > 1 {
			v.phase, v.pending, v.inHand = PhaseDirection, cur, n
			return
		}
		prev, cur = cur, m.exits[cur][0]
	}
	// R7 after the sowing.
	own := v.ants[me]
	if own == 0 {
		m.endTurn(v)
		return
	}
	free := allLogs &^ (v.ants[Red] | v.ants[Black])
	movable := false
	for l := Log(0); l < NumLogs; l++ {
		if own&(1<<l) != 0 && m.nbr[l]&free != 0 {
			movable = true
		}
	}
	switch {
	case movable:
		v.phase = PhaseAnt
	case v.mandatory:
		v.phase, v.end = PhaseOver, NoAntCanMove
	default:
		m.endTurn(v)
	}
}

func (m *invRefRules) endTurn(v *invRefView) {
	v.phase = PhaseSelect
	v.toMove = v.toMove.Other()
	v.turn++
	selectable := false
	for l := Log(0); l < NumLogs; l++ {
		if v.eggs[l] > 0 && (v.ants[Red]|v.ants[Black])&(1<<l) == 0 {
			selectable = true
		}
	}
	switch {
	case !selectable:
		v.phase, v.end = PhaseOver, NoLogToSelect
	case v.turn > m.turnCap:
		v.phase, v.end = PhaseOver, TurnCapReached
	}
}

// invTurnCount counts the turns of a position and the most direction choices in one by
// walking the decision tree, without LegalMoves and its bounds.
type invTurnCount struct{ turns, maxDirs int }

func (c *invTurnCount) walk(r *Rules, s State, dirs int) {
	var list ActionList
	for _, a := range r.LegalActions(&s, &list) {
		child := s
		r.Apply(&child, a)
		d := dirs
		if a >= DirectionBase && a < Pass {
			d++
		}
		if child.Phase() == PhaseSelect || child.Over() {
			c.turns++
			c.maxDirs = max(c.maxDirs, d)
		} else {
			c.walk(r, child, d)
		}
	}
}

// invGames returns n, or n/10 with -short.
func invGames(n int) int {
	switch {
	case testing.Short():
		return max(n/10, 1)
	case !longTests:
		return max(n/4, 1)
	}
	return n
}

// TestRandomGameInvariants plays seeded random games and checks every state, every
// decision and every game end. With the default rules it also replays each decision on
// the reference model, and it counts the legal turns of every position between turns.
func TestRandomGameInvariants(t *testing.T) {
	small, err := NewRules(DefaultBoard(), 5, 40)
	if err != nil {
		t.Fatal(err)
	}
	tiny, err := NewRules(DefaultBoard(), 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		r     *Rules
		games int
		ref   bool
	}{
		{"colony", Default(), invGames(2000), true},
		{"sowcap=5,turncap=40", small, invGames(500), false},
		{"sowcap=1,turncap=3", tiny, invGames(200), false},
	}
	for ti, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			var ref *invRefRules
			if tc.ref {
				ref = invNewRefRules(t)
			}
			ml := make([]Move, MaxMoves)
			var (
				ends                 = map[EndReason]int{}
				maxMoves, maxDirsRun int
				maxMovesPos          string
				maxDirsTree          int
				maxDirsPos           string
				genErrors            int
				firstGenError        string
				positions, decisions int
				longest              int
			)
			for g := 0; g < tc.games; g++ {
				rng := rand.NewPCG(uint64(ti)+1, uint64(g))
				s := r.Start()
				if s.String() != StartPosition {
					t.Fatalf("Start() = %q", s.String())
				}
				completed, dirs := 0, 0
				lastTurn := Black // no turn completed yet: a tie would go to Black, who did not move first
				_ = lastTurn
				for !s.Over() {
					if s.Phase() == PhaseSelect {
						var c invTurnCount
						c.walk(r, s, 0)
						n, err := r.LegalMoves(&s, ml)
						switch {
						case err != nil:
							if genErrors == 0 {
								firstGenError = fmt.Sprintf("game %d turn %d: LegalMoves: %v (the longest turn has %d direction choices)\n%s",
									g, s.Turn(), err, c.maxDirs, s.String())
							}
							genErrors++
						case n != c.turns:
							t.Fatalf("game %d turn %d: LegalMoves gives %d turns, the decision tree has %d\n%s", g, s.Turn(), n, c.turns, s.String())
						}
						if c.turns > maxMoves {
							maxMoves, maxMovesPos = c.turns, s.String()
						}
						if c.maxDirs > maxDirsTree {
							maxDirsTree, maxDirsPos = c.maxDirs, s.String()
						}
						positions++
					}
					prev := s
					a := r.RandomAction(&s, rng)
					if !r.IsLegal(&prev, a) {
						t.Fatalf("game %d: RandomAction gave the illegal %d %q", g, a, r.ActionString(a))
					}
					r.Apply(&s, a)
					decisions++
					if a >= DirectionBase && a < Pass {
						dirs++
						maxDirsRun = max(maxDirsRun, dirs)
					}
					fail := func(err error) {
						t.Helper()
						t.Fatalf("game %d turn %d, %v to move, after %d %q: %v\nbefore: %s (phase %v)\nafter:  %s (phase %v)",
							g, prev.Turn(), prev.ToMove(), a, r.ActionString(a), err, prev.String(), prev.Phase(), s.String(), s.Phase())
					}
					if err := invCheckState(r, &s); err != nil {
						fail(err)
					}
					if err := invCheckStep(r, &prev, a, &s); err != nil {
						fail(err)
					}
					if ref != nil {
						want := invView(&prev)
						ref.apply(&want, a)
						if got := invView(&s); got != want {
							fail(fmt.Errorf("the reference model disagrees:\n got  %+v\n want %+v", got, want))
						}
					}
					if invTurnEnded(&s) {
						completed++
						lastTurn = prev.ToMove()
						dirs = 0
					}
					if s.Turn() != 1+completed {
						fail(fmt.Errorf("Turn() = %d after %d completed turns", s.Turn(), completed))
					}
				}
				ends[s.EndReason()]++
				longest = max(longest, completed)
				// R9 with the history: the tie goes to the player who completed the last turn.
				rs, bs := s.Score(Red), s.Score(Black)
				if rs+bs > TotalEggs {
					t.Fatalf("game %d: scores %d+%d > %d", g, rs, bs, TotalEggs)
				}
				if rs == bs && s.Winner() != lastTurn {
					t.Fatalf("game %d: tie %d-%d, Winner() = %v, but %v completed the last turn", g, rs, bs, s.Winner(), lastTurn)
				}
				if s.EndReason() == TurnCapReached && completed != r.TurnCap() {
					t.Fatalf("game %d: turn cap %d reached after %d turns", g, r.TurnCap(), completed)
				}
				// A finished game has no moves.
				if n, err := r.LegalMoves(&s, ml); n != 0 || err != nil {
					t.Fatalf("game %d: LegalMoves of a finished game = %d, %v", g, n, err)
				}
				if r.Perft(&s, 1) != 0 {
					t.Fatalf("game %d: Perft(finished, 1) = %d", g, r.Perft(&s, 1))
				}
			}
			t.Logf("%d games, %d decisions, %d positions between turns; longest game %d turns; ends %v",
				tc.games, decisions, positions, longest, ends)
			t.Logf("most legal turns in a position: %d (MaxMoves %d), at %s", maxMoves, MaxMoves, maxMovesPos)
			t.Logf("most direction choices in one played turn: %d; in a legal turn: %d (MaxDirections %d), at %s",
				maxDirsRun, maxDirsTree, MaxDirections, maxDirsPos)
			if genErrors > 0 {
				t.Errorf("LegalMoves failed in %d of %d positions between turns; the first:\n%s", genErrors, positions, firstGenError)
			}
			if tc.name == "sowcap=1,turncap=3" && ends[TurnCapReached] == 0 {
				t.Errorf("no game reached the turn cap")
			}
		})
	}
}

// invPath is one way through a turn's decisions: its actions and the state it reaches.
type invPath struct {
	actions []Action
	end     State
}

// invDecisionPaths walks the decisions of the turn from s with LegalActions and Apply and
// returns the paths in order, each named by the concatenated ActionStrings.
func invDecisionPaths(r *Rules, s State, prefix string, acts []Action, names *[]string, out map[string]invPath) {
	var list ActionList
	for _, a := range r.LegalActions(&s, &list) {
		c := s
		r.Apply(&c, a)
		name := prefix + r.ActionString(a)
		path := append(acts[:len(acts):len(acts)], a)
		if c.Phase() == PhaseSelect || c.Over() {
			*names = append(*names, name)
			out[name] = invPath{path, c}
		} else {
			invDecisionPaths(r, c, name, path, names, out)
		}
	}
}

// invCheckTurns compares the turns LegalMoves gives in s with the decision paths, and checks
// each turn's notation and the positions it leads to. It returns the number of turns and
// the most direction choices in one, or the error of LegalMoves when a bound is exceeded.
// The notation round trips (ParseMove, ParsePosition) are checked for every stride-th
// turn, which keeps the test fast.
func invCheckTurns(t *testing.T, r *Rules, s *State, ml []Move, stride int) (moves, dirs int, err error) {
	t.Helper()
	n, err := r.LegalMoves(s, ml)
	if err == ErrMoveTooLong || err == ErrTooManyMoves {
		return 0, 0, err
	}
	if err != nil {
		t.Fatalf("LegalMoves: %v\n%s", err, s.String())
	}
	var names []string
	paths := map[string]invPath{}
	invDecisionPaths(r, *s, "", nil, &names, paths)
	if len(paths) != len(names) {
		t.Fatalf("two decision paths have the same notation\n%s\n%v", s.String(), names)
	}
	if n != len(names) {
		t.Fatalf("LegalMoves gives %d turns, the decision paths %d\n%s", n, len(names), s.String())
	}
	if p := r.Perft(s, 1); p != uint64(n) {
		t.Fatalf("Perft(s, 1) = %d, LegalMoves %d\n%s", p, n, s.String())
	}
	var buf []Action
	for i, m := range ml[:n] {
		text := m.String()
		dirs = max(dirs, int(m.NumDirs))
		if text != names[i] {
			t.Fatalf("turn %d is %q, the decision path %q (LegalMoves is not in decision order, or is another set)\n%s", i, text, names[i], s.String())
		}
		path := paths[text]
		c := *s
		r.ApplyMove(&c, m)
		if c != path.end {
			t.Fatalf("ApplyMove(%s) reaches\n%s (phase %v)\nthe decision path\n%s (phase %v)\nfrom %s", text, c.String(), c.Phase(), path.end.String(), path.end.Phase(), s.String())
		}
		if buf = r.Actions(s, m, buf); !slices.Equal(buf, path.actions) {
			t.Fatalf("Actions(%s) = %v, the decision path %v", text, buf, path.actions)
		}
		if err := r.CheckMove(s, m); err != nil {
			t.Fatalf("CheckMove(%s): %v\n%s", text, err, s.String())
		}
		if i%stride != 0 {
			continue
		}
		pm, err := r.ParseMove(s, text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v\n%s", text, err, s.String())
		}
		if pm != m || pm.String() != text {
			t.Fatalf("ParseMove(%q) = %#v, LegalMoves has %#v", text, pm, m)
		}
		if invTurnEnded(&c) {
			text := c.String()
			p, err := r.ParsePosition(text)
			if err != nil {
				t.Fatalf("ParsePosition(%q) after %s: %v", text, m.String(), err)
			}
			if back := p.String(); back != text || p.Hash() != c.Hash() || p != c {
				t.Fatalf("after %s: %s (hash %#x, phase %v) reads back as %s (hash %#x, phase %v)",
					m.String(), text, c.Hash(), c.Phase(), back, p.Hash(), p.Phase())
			}
		}
	}
	return n, dirs, nil
}

// TestTurnsMatchDecisionPaths checks LegalMoves against the decision paths in every
// position between turns of 200 random games (20 with -short), and the notation round
// trips of every turn in the first tenth of the games and of every 8th turn in the rest.
func TestTurnsMatchDecisionPaths(t *testing.T) {
	r := Default()
	ml := make([]Move, MaxMoves)
	games := invGames(200)
	maxMoves, maxDirs, positions, turns, failed := 0, 0, 0, 0, 0
	for g := 0; g < games; g++ {
		rng := rand.NewPCG(77, uint64(g))
		s := r.Start()
		for !s.Over() {
			if s.Phase() == PhaseSelect {
				stride := 1
				if g >= games/10 {
					stride = 8
				}
				n, d, err := invCheckTurns(t, r, &s, ml, stride)
				if err != nil {
					if failed == 0 {
						t.Errorf("game %d turn %d: LegalMoves: %v\n%s", g, s.Turn(), err, s.String())
					}
					failed++
				}
				maxMoves, maxDirs = max(maxMoves, n), max(maxDirs, d)
				positions++
				turns += n
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	if failed > 0 {
		t.Errorf("LegalMoves failed in %d positions (not compared)", failed)
	}
	t.Logf("%d games, %d positions, %d turns: most legal turns %d (MaxMoves %d), most direction choices in a legal turn %d (MaxDirections %d)",
		games, positions, turns, maxMoves, MaxMoves, maxDirs, MaxDirections)
}

// TestLegalMovesEqualAsValues checks that a Move from LegalMoves equals (==) the same
// turn read by ParseMove: Move is documented as a plain value, so callers compare moves
// with == (killer moves, transposition tables, a UI matching a typed move).
func TestLegalMovesEqualAsValues(t *testing.T) {
	r := Default()
	ml := make([]Move, MaxMoves)
	rng := rand.NewPCG(5, 5)
	s := r.Start()
	bad := 0
	for !s.Over() && bad < 3 {
		if s.Phase() == PhaseSelect {
			n, err := r.LegalMoves(&s, ml)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ml[:n] {
				pm, err := r.ParseMove(&s, m.String())
				if err != nil {
					t.Fatal(err)
				}
				if pm != m {
					t.Errorf("%s: LegalMoves gives %#v, ParseMove %#v (stale Dirs beyond NumDirs?)\n%s", m.String(), m, pm, s.String())
					bad++
					break
				}
			}
		}
		r.Apply(&s, r.RandomAction(&s, rng))
	}
}

// TestGameEnd checks Over, EndReason and Winner (R9, R10) on positions written out.
func TestGameEnd(t *testing.T) {
	capped, err := NewRules(DefaultBoard(), DefaultSowingCap, 10)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		r      *Rules
		pos    string
		over   bool
		reason EndReason
		winner Color
	}{
		{"start", Default(), StartPosition, false, NotOver, Red},
		{
			// Every log with eggs holds an ant: Black cannot select. (With 57 eggs, a tie
			// needs an odd number of eggs on logs without ants, so it cannot happen here.)
			"no log to select, red ahead", Default(),
			"eggs=9.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.9 red=A1 black=C6 hand=5,5 store=30,9 move=black ants=optional turn=20",
			true, NoLogToSelect, Red,
		},
		{
			"no log to select, black ahead", Default(),
			"eggs=9.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.9 red=A1 black=C6 hand=5,5 store=10,29 move=black ants=optional turn=20",
			true, NoLogToSelect, Black,
		},
		{
			"no eggs at all", Default(),
			"eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=28,29 move=red ants=optional turn=9",
			true, NoLogToSelect, Black,
		},
		{
			"turn cap, tie goes to the player who moved last (red)", capped,
			"eggs=1.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=28,28 move=black ants=optional turn=11",
			true, TurnCapReached, Red,
		},
		{
			"turn cap, tie goes to the player who moved last (black)", capped,
			"eggs=1.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=28,28 move=red ants=optional turn=11",
			true, TurnCapReached, Black,
		},
		{
			"turn cap, more eggs win", capped,
			"eggs=1.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=27,29 move=black ants=optional turn=11",
			true, TurnCapReached, Black,
		},
		{
			"turn cap, eggs under ants count", capped,
			"eggs=1.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.5 red=C6 black=- hand=5,6 store=25,26 move=red ants=optional turn=11",
			true, TurnCapReached, Red,
		},
		{
			"turn cap reached", capped,
			"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=black ants=optional turn=11",
			true, TurnCapReached, Red,
		},
		{
			"last turn before the cap", capped,
			"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=black ants=optional turn=10",
			false, NotOver, Red,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if err := invCheckState(tc.r, &s); err != nil {
				t.Fatal(err)
			}
			if s.Over() != tc.over || s.EndReason() != tc.reason {
				t.Fatalf("Over() = %v (%v), want %v (%v)", s.Over(), s.EndReason(), tc.over, tc.reason)
			}
			if tc.over && s.Winner() != tc.winner {
				t.Errorf("Winner() = %v (scores %d-%d), want %v", s.Winner(), s.Score(Red), s.Score(Black), tc.winner)
			}
		})
	}

	// The last turn before the cap ends the game by the cap.
	t.Run("cap after a turn", func(t *testing.T) {
		s, _ := capped.ParsePosition(tests[len(tests)-1].pos)
		m, err := capped.ParseMove(&s, "A1")
		if err != nil {
			t.Fatal(err)
		}
		capped.ApplyMove(&s, m)
		if !s.Over() || s.EndReason() != TurnCapReached || s.Turn() != 11 {
			t.Fatalf("after the 10th turn: over %v (%v), turn %d", s.Over(), s.EndReason(), s.Turn())
		}
		if err := invCheckState(capped, &s); err != nil {
			t.Fatal(err)
		}
	})

	// An ant that cannot move once moves are mandatory ends the game (R7, R9); while they
	// are optional the turn just ends.
	for _, mandatory := range []bool{false, true} {
		t.Run(fmt.Sprintf("blocked ant, mandatory=%v", mandatory), func(t *testing.T) {
			pos := "eggs=3.3.3.3.3.1/3.3.3.3.3.3.0/3.3.3.3.3.3 red=B1 black=A1,B2,C1 hand=5,3 store=5,0 move=red ants=optional turn=30"
			if mandatory {
				pos = strings.Replace(pos, "optional", "mandatory", 1)
			}
			r := Default()
			s, err := r.ParsePosition(pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := r.ParseMove(&s, "A6")
			if err != nil {
				t.Fatal(err)
			}
			r.ApplyMove(&s, m)
			if err := invCheckState(r, &s); err != nil {
				t.Fatal(err)
			}
			if mandatory {
				if !s.Over() || s.EndReason() != NoAntCanMove || s.ToMove() != Red || s.Turn() != 30 {
					t.Fatalf("over %v (%v), %v to move, turn %d; want over (no ant can move), red, 30", s.Over(), s.EndReason(), s.ToMove(), s.Turn())
				}
				// Red 5 + 3 (B1) = 8, Black 0 + 3+3+3 = 9.
				if s.Winner() != Black {
					t.Errorf("Winner() = %v", s.Winner())
				}
			} else if s.Over() || s.ToMove() != Black || s.Turn() != 31 {
				t.Fatalf("over %v (%v), %v to move, turn %d; want black to move at turn 31", s.Over(), s.EndReason(), s.ToMove(), s.Turn())
			}
		})
	}
}

func TestStateSize(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n > 64 {
		t.Errorf("State is %d bytes, want at most 64 (one cache line)", n)
	} else {
		t.Logf("State is %d bytes", n)
	}
}

// invPerftMoves counts turn sequences with LegalMoves and ApplyMove: the turn-level
// definition of Perft.
func invPerftMoves(t testing.TB, r *Rules, s *State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ml := make([]Move, MaxMoves)
	n, err := r.LegalMoves(s, ml)
	if err != nil {
		t.Fatalf("LegalMoves: %v", err)
	}
	var total uint64
	for _, m := range ml[:n] {
		c := *s
		r.ApplyMove(&c, m)
		switch {
		case c.Phase() == PhaseSelect:
			total += invPerftMoves(t, r, &c, depth-1)
		case depth == 1:
			total++
		}
	}
	return total
}

// Middlegame positions from seeded random games (rand.NewPCG(2024, i), the position
// between turns at turn 20, 40 and 60), with their perft counts, computed once with the
// decision-level Perft and the turn-level invPerftMoves, which agreed.
var invPerftPositions = []struct {
	pos    string
	counts []uint64 // depth 1, 2, 3
}{
	{"eggs=2.6.3.3.1.0/0.0.5.4.0.4.1/4.3.0.9.0.0 red=A4,B2,B4,B7,C2 black=A5,C1,C4 hand=1,3 store=8,4 move=black ants=mandatory turn=20", []uint64{51, 7148, 610156}},
	{"eggs=1.7.1.5.0.3/0.1.2.2.0.8.2/0.1.1.2.4.1 red=A1,A3,B4,B6,C4,C6 black=B3 hand=0,5 store=11,5 move=black ants=mandatory turn=40", []uint64{66, 15068, 1061108}},
	{"eggs=0.1.2.0.2.0/0.12.1.0.1.1.2/3.1.0.3.0.0 red=A2,A6,B2,B3,B5 black=A3,B7,C1,C2,C4 hand=1,1 store=16,12 move=black ants=mandatory turn=60", []uint64{27, 1302, 75076}},
}

func TestPerft(t *testing.T) {
	r := Default()
	start := r.Start()
	tests := []struct {
		name   string
		pos    string
		counts []uint64
	}{
		{"start", StartPosition, []uint64{122, 9948, 1485742}},
	}
	for i, p := range invPerftPositions {
		tests = append(tests, struct {
			name   string
			pos    string
			counts []uint64
		}{fmt.Sprintf("middlegame%d", i+1), p.pos, p.counts})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "start" && s != start {
				t.Fatalf("ParsePosition(StartPosition) differs from Start()")
			}
			if r.Perft(&s, 0) != 1 {
				t.Errorf("Perft(0) = %d", r.Perft(&s, 0))
			}
			for i, want := range tc.counts {
				depth := i + 1
				if depth == 3 && testing.Short() {
					continue
				}
				if got := r.Perft(&s, depth); got != want {
					t.Errorf("Perft(%d) = %d, want %d", depth, got, want)
				}
				if depth <= 2 {
					if got := invPerftMoves(t, r, &s, depth); got != want {
						t.Errorf("turn-level perft(%d) = %d, want %d", depth, got, want)
					}
				}
			}
		})
	}
	// Perft of a state in the middle of a turn is 0.
	s := start
	r.Apply(&s, SelectBase+Action(mdLog(t, "A2")))
	if s.Phase() != PhaseDirection || r.Perft(&s, 1) != 0 {
		t.Errorf("Perft in the middle of a turn (phase %v) = %d, want 0", s.Phase(), r.Perft(&s, 1))
	}
}

// invSampleStates returns the states at every decision of a few seeded random games.
func invSampleStates(r *Rules, games int) []State {
	var out []State
	for g := 0; g < games; g++ {
		rng := rand.NewPCG(99, uint64(g))
		s := r.Start()
		for !s.Over() {
			out = append(out, s)
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	return out
}

func TestZeroAllocs(t *testing.T) {
	r := Default()
	states := invSampleStates(r, 4)
	var boundary []State
	for _, s := range states {
		if s.Phase() == PhaseSelect {
			boundary = append(boundary, s)
		}
	}
	actions := make([]Action, len(states))
	rng := rand.NewPCG(1, 1)
	for i := range states {
		actions[i] = r.RandomAction(&states[i], rng)
	}
	ml := new(MoveList)
	moves := make([]Move, len(boundary))
	for i := range boundary {
		n, err := r.LegalMoves(&boundary[i], ml[:])
		if err != nil || n == 0 {
			t.Fatal(n, err)
		}
		moves[i] = ml[int(rng.Uint64()%uint64(n))]
	}
	start := r.Start()
	var list ActionList
	sink := 0
	tests := []struct {
		name string
		f    func()
	}{
		{"LegalActions", func() {
			for i := range states {
				sink += len(r.LegalActions(&states[i], &list))
			}
		}},
		{"LegalActionSet", func() {
			for i := range states {
				set := r.LegalActionSet(&states[i])
				sink += set.Len()
			}
		}},
		{"Apply", func() {
			for i := range states {
				c := states[i]
				r.Apply(&c, actions[i])
				sink += c.Turn()
			}
		}},
		{"RandomAction", func() {
			for i := range states {
				sink += int(r.RandomAction(&states[i], rng))
			}
		}},
		{"LegalMoves", func() {
			for i := range boundary {
				n, _ := r.LegalMoves(&boundary[i], ml[:])
				sink += n
			}
		}},
		{"ApplyMove", func() {
			for i := range boundary {
				c := boundary[i]
				r.ApplyMove(&c, moves[i])
				sink += c.Turn()
			}
		}},
		{"RandomPlayout", func() {
			c := start
			sink += r.RandomPlayout(&c, rng)
		}},
		{"Perft", func() {
			sink += int(r.Perft(&boundary[len(boundary)/2], 2))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := testing.AllocsPerRun(20, tc.f); got != 0 {
				t.Errorf("%s allocates %.1f times per run, want 0", tc.name, got)
			}
		})
	}
	_ = sink
}

// TestActionStrings checks the notation pieces of every action.
func TestActionStrings(t *testing.T) {
	r := Default()
	for l := Log(0); l < NumLogs; l++ {
		if got := r.ActionString(SelectBase + Action(l)); got != l.String() {
			t.Errorf("select %v: %q", l, got)
		}
		if got := r.ActionString(DirectionBase + Action(l)); got != ">"+l.String() {
			t.Errorf("direction %v: %q", l, got)
		}
	}
	if got := r.ActionString(Pass); got != "" {
		t.Errorf("pass: %q", got)
	}
	for e := 0; e < r.Board().NumAntSteps(); e++ {
		f, to := r.Board().AntStep(e)
		if got := r.ActionString(AntBase + Action(e)); got != "/"+f.String()+"-"+to.String() {
			t.Errorf("ant step %d: %q", e, got)
		}
	}
	if got := r.ActionString(255); !strings.HasPrefix(got, "Action(") {
		t.Errorf("action 255: %q", got)
	}
}

// TestLegalMovesLongTurns pins positions from random games with many legal turns or long
// turns (many direction choices); LegalMoves must list them all (it once failed here,
// with MaxMoves 4096 and MaxDirections 24). The counts come from walking the decision
// tree with LegalActions and Apply.
func TestLegalMovesLongTurns(t *testing.T) {
	r := Default()
	tests := []struct {
		pos     string
		turns   int
		maxDirs int
	}{
		{"eggs=1.4.0.2.1.3/2.0.2.1.1.1.2/6.6.8.7.3.1 red=A2,A6,C2 black=B2,B6 hand=3,4 store=4,2 move=black ants=mandatory turn=12", 4118, 28},
		{"eggs=5.5.1.4.4.4/4.3.3.2.3.3.0/3.3.3.0.2.2 red=B2,B4,C2 black=- hand=3,6 store=3,0 move=black ants=mandatory turn=6", 206, 29},
		{"eggs=8.1.0.1.2.7/2.4.4.6.0.0.5/0.0.1.2.5.5 red=B2 black=B6 hand=5,5 store=1,3 move=red ants=mandatory turn=11", 1602, 27},
		{"eggs=12.2.1.2.1.0/1.2.3.1.0.0.1/0.7.4.0.10.3 red=B4,B5,C1 black=- hand=3,6 store=7,0 move=black ants=mandatory turn=18", 114, 25},
	}
	ml := make([]Move, MaxMoves)
	for _, tc := range tests {
		s, err := r.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		var c invTurnCount
		c.walk(r, s, 0)
		if c.turns != tc.turns || c.maxDirs != tc.maxDirs {
			t.Fatalf("the decision tree has %d turns, the longest with %d choices; want %d, %d\n%s", c.turns, c.maxDirs, tc.turns, tc.maxDirs, tc.pos)
		}
		n, err := r.LegalMoves(&s, ml)
		if err != nil {
			t.Errorf("LegalMoves: %v (the position has %d turns, the longest with %d direction choices; MaxMoves %d, MaxDirections %d)\n%s",
				err, tc.turns, tc.maxDirs, MaxMoves, MaxDirections, tc.pos)
			continue
		}
		most := 0
		for _, m := range ml[:n] {
			most = max(most, int(m.NumDirs))
		}
		if n != tc.turns || most != tc.maxDirs {
			t.Errorf("LegalMoves gives %d turns, the longest with %d choices; want %d, %d\n%s", n, most, tc.turns, tc.maxDirs, tc.pos)
		}
		if p := r.Perft(&s, 1); p != uint64(tc.turns) {
			t.Errorf("Perft(1) = %d, want %d", p, tc.turns)
		}
	}
	// A buffer too small is reported, not silently truncated.
	start := r.Start()
	if n, err := r.LegalMoves(&start, ml[:100]); err != ErrTooManyMoves {
		t.Errorf("LegalMoves(start) into 100 moves = %d, %v; want ErrTooManyMoves (it has 122)", n, err)
	}
	if n, err := r.LegalMoves(&start, ml[:122]); err != nil || n != 122 {
		t.Errorf("LegalMoves(start) into 122 moves = %d, %v", n, err)
	}
}
