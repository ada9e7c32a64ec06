package colony

import (
	"errors"
	"fmt"
	"strings"

	"github.com/colony-ai/colony/game"
)

// MaxDirections bounds the direction choices in one turn, so that a Move is 64 bytes.
// The most seen is 46, in the turn-boundary positions of 30,000 random games (about
// three million positions; 99.99% need 17 or fewer). LegalMoves reports a turn that
// would need more as ErrMoveTooLong; it never cuts one short.
const MaxDirections = 60

// MaxMoves is the size of MoveList. The most legal turns seen in one position is
// 4,533 (same sample as MaxDirections; the median is about 100); the tail is long,
// so LegalMoves reports ErrTooManyMoves when a buffer is too small, and a caller that
// needs every position may retry with a larger slice.
const MaxMoves = 8192

// Errors of turn generation when a fixed bound is exceeded.
var (
	ErrTooManyMoves = errors.New("colony: more legal turns than the move buffer holds")
	ErrMoveTooLong  = fmt.Errorf("colony: a turn needs more than %d direction choices", MaxDirections)
)

// Move is one complete turn: the log selected, the direction chosen at each lap that
// starts on a fork or the centre (R4), and the ant move, if any. It is a plain value of
// 64 bytes; the entries of Dirs past NumDirs are zero, so equal moves compare equal
// with ==.
type Move struct {
	Select Log
	// NumDirs is the number of direction choices, Dirs[:NumDirs] the logs chosen.
	NumDirs uint8
	Dirs    [MaxDirections]Log
	// AntFrom and AntTo are the ant move, or NoLog when the player makes none.
	AntFrom, AntTo Log
}

// MoveList is a caller-owned buffer for the legal turns of a position.
type MoveList [MaxMoves]Move

// String writes the move in turn notation: <log>{><log>}[/<from>-<to>], for example
// "A2>B2" or "C1/B4-A4".
func (m Move) String() string {
	var sb strings.Builder
	sb.WriteString(m.Select.String())
	for _, d := range m.Dirs[:m.NumDirs] {
		sb.WriteByte('>')
		sb.WriteString(d.String())
	}
	if m.AntFrom != NoLog {
		sb.WriteByte('/')
		sb.WriteString(m.AntFrom.String())
		sb.WriteByte('-')
		sb.WriteString(m.AntTo.String())
	}
	return sb.String()
}

// parseMoveSyntax reads a move's notation without looking at a position.
func parseMoveSyntax(text string) (Move, error) {
	m := Move{AntFrom: NoLog, AntTo: NoLog}
	sow, ant, hasAnt := strings.Cut(text, "/")
	parts := strings.Split(sow, ">")
	if parts[0] == "" {
		return m, fmt.Errorf("move %s: no log selected", game.Quote(text))
	}
	if len(parts)-1 > MaxDirections {
		return m, fmt.Errorf("move %s: more than %d directions", game.Quote(text), MaxDirections)
	}
	for i, p := range parts {
		if p == "" && i > 0 {
			return m, fmt.Errorf("move %s: missing log after '>'", game.Quote(text))
		}
		l, err := ParseLog(p)
		if err != nil && isAntMove(p) {
			return m, fmt.Errorf("move %s: %s is an ant move: it comes after the log selected and a '/', as in C1/B4-A4", game.Quote(text), game.Quote(p))
		}
		if err != nil {
			return m, fmt.Errorf("move %s: %w", game.Quote(text), err)
		}
		if i == 0 {
			m.Select = l
		} else {
			m.Dirs[i-1] = l
		}
	}
	m.NumDirs = uint8(len(parts) - 1)
	if hasAnt {
		from, to, ok := strings.Cut(ant, "-")
		if !ok {
			return m, fmt.Errorf("move %s: ant move %s: want /<from>-<to>", game.Quote(text), game.Quote(ant))
		}
		f, err := ParseLog(from)
		if err != nil {
			return m, fmt.Errorf("move %s: ant move: %w", game.Quote(text), err)
		}
		t, err := ParseLog(to)
		if err != nil {
			return m, fmt.Errorf("move %s: ant move: %w", game.Quote(text), err)
		}
		m.AntFrom, m.AntTo = f, t
	}
	return m, nil
}

// isAntMove reports whether text is written as an ant move, <from>-<to>.
func isAntMove(text string) bool {
	from, to, ok := strings.Cut(text, "-")
	if !ok {
		return false
	}
	_, errFrom := ParseLog(from)
	_, errTo := ParseLog(to)
	return errFrom == nil && errTo == nil
}

// ParseMove reads a turn in turn notation and checks that it is legal in s, naming the
// problem when it is not (an empty or protected log, a missing or impossible direction,
// an illegal or missing ant move).
func (r *Rules) ParseMove(s *State, text string) (Move, error) {
	m, err := parseMoveSyntax(text)
	if err != nil {
		return m, err
	}
	if err := r.checkMove(s, m, text); err != nil {
		return m, err
	}
	return m, nil
}

// CheckMove reports whether m is a legal turn in s, and if not, why.
func (r *Rules) CheckMove(s *State, m Move) error {
	return r.checkMove(s, m, m.String())
}

func (r *Rules) checkMove(s *State, m Move, text string) error {
	c := *s
	if c.phase == PhaseOver {
		return fmt.Errorf("move %s: the game is over (%v)", text, c.end)
	}
	if c.phase != PhaseSelect {
		return fmt.Errorf("move %s: the position is in the middle of a turn", text)
	}
	l := m.Select
	if l >= NumLogs {
		return fmt.Errorf("move %s: no log selected", text)
	}
	if col, ok := c.AntAt(l); ok {
		return fmt.Errorf("move %s: %v is protected by a %v ant and cannot be selected", text, l, col)
	}
	if c.eggs[l] == 0 {
		return fmt.Errorf("move %s: %v has no eggs and cannot be selected", text, l)
	}
	r.Apply(&c, SelectBase+Action(l))
	for i := 0; i < int(m.NumDirs); i++ {
		d := m.Dirs[i]
		if c.phase != PhaseDirection {
			return fmt.Errorf("move %s: the sowing has no %s direction choice (>%v): %s",
				text, ordinal(i+1), d, r.noChoiceReason(i))
		}
		a := DirectionBase + Action(d)
		if !r.IsLegal(&c, a) {
			return fmt.Errorf("move %s: %v is not an exit of %v (choose %s)", text, d, c.pending, r.exitNames(c.pending))
		}
		r.Apply(&c, a)
	}
	if c.phase == PhaseDirection {
		return fmt.Errorf("move %s: the lap starting on %v needs a direction (%s)", text, c.pending, r.exitNames(c.pending))
	}
	if m.AntFrom == NoLog {
		if c.phase == PhaseAnt && c.mandatory {
			return fmt.Errorf("move %s: an ant move is mandatory (add /<from>-<to>)", text)
		}
		return nil
	}
	switch {
	case c.phase == PhaseOver:
		return fmt.Errorf("move %s: the game ends after the sowing (%v), so there is no ant move", text, c.end)
	case c.phase != PhaseAnt && c.ants[s.toMove] == 0:
		return fmt.Errorf("move %s: %v has no ant on the board to move", text, s.toMove)
	case c.phase != PhaseAnt:
		return fmt.Errorf("move %s: none of %v's ants can move", text, s.toMove)
	}
	if c.ants[s.toMove]&(1<<m.AntFrom) == 0 {
		return fmt.Errorf("move %s: there is no %v ant on %v", text, s.toMove, m.AntFrom)
	}
	a, ok := r.AntAction(m.AntFrom, m.AntTo)
	if !ok {
		return fmt.Errorf("move %s: %v is not a neighbour of %v", text, m.AntTo, m.AntFrom)
	}
	if col, taken := c.AntAt(m.AntTo); taken {
		return fmt.Errorf("move %s: %v already holds a %v ant", text, m.AntTo, col)
	}
	if !r.IsLegal(&c, a) {
		return fmt.Errorf("move %s: the ant move is not legal", text)
	}
	return nil
}

func (r *Rules) noChoiceReason(i int) string {
	if i == 0 {
		return "eggs only passing a fork or the centre follow the arrows"
	}
	return "the sowing does not stop on a fork or the centre again"
}

func (r *Rules) exitNames(l Log) string {
	var names []string
	for _, x := range r.board.Exits(l) {
		names = append(names, x.String())
	}
	return strings.Join(names, " or ")
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

// ApplyMove plays a legal turn on s. It does not check legality (ParseMove and
// CheckMove do); it allocates nothing.
func (r *Rules) ApplyMove(s *State, m Move) {
	r.Apply(s, SelectBase+Action(m.Select))
	for _, d := range m.Dirs[:m.NumDirs] {
		r.Apply(s, DirectionBase+Action(d))
	}
	if s.phase == PhaseAnt {
		if m.AntFrom == NoLog {
			r.Apply(s, Pass)
		} else {
			a, _ := r.AntAction(m.AntFrom, m.AntTo)
			r.Apply(s, a)
		}
	}
}

// PlayMove checks m and plays it on s; on error s is unchanged.
func (r *Rules) PlayMove(s *State, m Move) error {
	if err := r.CheckMove(s, m); err != nil {
		return err
	}
	r.ApplyMove(s, m)
	return nil
}

// Actions returns the decision-level actions that make up m, in order, into dst.
func (r *Rules) Actions(s *State, m Move, dst []Action) []Action {
	c := *s
	dst = dst[:0]
	add := func(a Action) {
		dst = append(dst, a)
		r.Apply(&c, a)
	}
	add(SelectBase + Action(m.Select))
	for _, d := range m.Dirs[:m.NumDirs] {
		add(DirectionBase + Action(d))
	}
	if c.phase == PhaseAnt {
		if m.AntFrom == NoLog {
			add(Pass)
		} else {
			a, _ := r.AntAction(m.AntFrom, m.AntTo)
			add(a)
		}
	}
	return dst
}

// LegalMoves writes the legal turns of s into dst, in the order of their decision
// paths (actions in increasing order at each decision), and returns how many there are.
// It returns ErrTooManyMoves if dst is too small and ErrMoveTooLong if a turn needs
// more than MaxDirections choices; it never drops a move silently. A finished game, or
// a state in the middle of a turn, has none. It allocates nothing.
func (r *Rules) LegalMoves(s *State, dst []Move) (int, error) {
	if s.phase != PhaseSelect {
		return 0, nil
	}
	g := moveGen{r: r, dst: dst}
	g.path.AntFrom, g.path.AntTo = NoLog, NoLog
	err := g.walk(*s)
	return g.n, err
}

type moveGen struct {
	r    *Rules
	dst  []Move
	n    int
	path Move
}

// walk takes the state by value so that children stay on the stack.
func (g *moveGen) walk(s State) error {
	var list ActionList
	for _, a := range g.r.LegalActions(&s, &list) {
		child := s
		g.r.Apply(&child, a)
		switch {
		case a < DirectionBase:
			g.path.Select = Log(a)
		case a < Pass:
			if g.path.NumDirs == MaxDirections {
				return ErrMoveTooLong
			}
			g.path.Dirs[g.path.NumDirs] = Log(a - DirectionBase)
			g.path.NumDirs++
		case a > Pass:
			g.path.AntFrom, g.path.AntTo = g.r.board.AntStep(int(a - AntBase))
		}
		if child.phase == PhaseSelect || child.phase == PhaseOver {
			if g.n == len(g.dst) {
				return ErrTooManyMoves
			}
			g.dst[g.n] = g.path
			g.n++
		} else if err := g.walk(child); err != nil {
			return err
		}
		switch {
		case a >= DirectionBase && a < Pass:
			g.path.NumDirs--
			g.path.Dirs[g.path.NumDirs] = 0 // keep Move values comparable with ==
		case a > Pass:
			g.path.AntFrom, g.path.AntTo = NoLog, NoLog
		}
	}
	return nil
}
