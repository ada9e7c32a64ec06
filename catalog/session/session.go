// Package session holds the interactive sessions on a game of the catalog: a game
// between a person and an engine (Game) and the replay of a recorded tournament game
// (Replay). They keep the state, play the engine's turns, take turns back and say
// what to show after each step; a terminal ('colony play', 'colony replay') or a
// browser drives them and does the reading and the printing.
package session

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
)

// Turn is one turn of a Game: the position it was played from, by which side, and
// the turn in the game's notation (its listed spelling when the game lists it).
type Turn struct {
	From  string
	Mover int
	Turn  string
}

// Game is a game between a person, who plays the side You, and an engine, the
// player of a spec, from a start position.
type Game struct {
	g     catalog.Ruleset
	spec  string
	you   int
	start string
	pos   string
	turns []Turn
	// outcome is how the last turn played ended the game (Play's word: the position
	// alone may give another reason), nil while it goes on or after an undo.
	outcome *catalog.GameEnd
}

// NewGame starts a game of g from position between the person, on side you, and the
// player of spec (checked here, so that a spec that cannot play is refused before
// the first turn).
func NewGame(g catalog.Ruleset, spec string, you int, position string) (*Game, error) {
	if err := g.CheckPlayer(spec); err != nil {
		return nil, err
	}
	if you != 0 && you != 1 {
		return nil, fmt.Errorf("side %d: want 0 or 1", you)
	}
	return &Game{g: g, spec: spec, you: you, start: position, pos: position}, nil
}

// ParseSide reads the person's side: first, second (or 1, 2), or a side's name, in
// any case.
func ParseSide(as string, sides [2]string) (int, error) {
	switch strings.ToLower(as) {
	case "first", "1", strings.ToLower(sides[0]):
		return 0, nil
	case "second", "2", strings.ToLower(sides[1]):
		return 1, nil
	}
	return 0, fmt.Errorf("%q: want first, second, %s or %s", as, sides[0], sides[1])
}

// Ruleset returns the game's rule set.
func (s *Game) Ruleset() catalog.Ruleset { return s.g }

// Spec returns the engine's player spec.
func (s *Game) Spec() string { return s.spec }

// You returns the person's side.
func (s *Game) You() int { return s.you }

// Start returns the position the game started from.
func (s *Game) Start() string { return s.start }

// Position returns the current position.
func (s *Game) Position() string { return s.pos }

// Turns returns the turns played, in order.
func (s *Game) Turns() []Turn { return slices.Clone(s.turns) }

// Name returns a side's name with who plays it: "red (you)", "black (engine)".
func (s *Game) Name(side int) string {
	who := "engine"
	if side == s.you {
		who = "you"
	}
	return s.g.Sides()[side] + " (" + who + ")"
}

// Situation returns the side to move and, for a finished game, how it ended (as the
// last turn's Play said, or as the position says for a game over from the start).
func (s *Game) Situation() (toMove int, outcome *catalog.GameEnd, err error) {
	st, err := s.g.Situation(s.pos)
	if err != nil {
		return 0, nil, err
	}
	if s.outcome != nil {
		return st.ToMove, s.outcome, nil
	}
	return st.ToMove, st.End, nil
}

// Moves returns the legal turns of the current position, sorted.
func (s *Game) Moves() ([]string, error) { return s.g.Moves(s.pos) }

// EngineTurn lets the engine choose a turn for the side to move and plays it; it
// returns what the engine's search saw.
func (s *Game) EngineTurn(ctx context.Context) (*catalog.Analysis, error) {
	st, err := s.g.Situation(s.pos)
	if err != nil {
		return nil, err
	}
	a, err := s.g.Analyze(ctx, s.spec, s.pos, nil)
	if err != nil {
		return nil, fmt.Errorf("the engine: %w", err)
	}
	if err := s.play(a.Best, st.ToMove); err != nil {
		return nil, fmt.Errorf("the engine's turn %q: %w", a.Best, err)
	}
	return a, nil
}

// Hint asks the engine which turn it would play for the side to move, without
// playing it; number is the turn's place in moves, counting from 1 (0: not listed).
func (s *Game) Hint(ctx context.Context, moves []string) (a *catalog.Analysis, number int, err error) {
	a, err = s.g.Analyze(ctx, s.spec, s.pos, nil)
	if err != nil {
		return nil, 0, err
	}
	return a, slices.Index(moves, a.Best) + 1, nil
}

// NumberError is the error of Game.Choose for a number that is not a turn's.
type NumberError struct {
	// N is the number chosen, Turns the number of turns listed.
	N, Turns int
}

// Error says the number is no turn's and which are.
func (e *NumberError) Error() string {
	return fmt.Sprintf("%d: no such turn, type a number from 1 to %d", e.N, e.Turns)
}

// Choose plays the person's choice: a number from 1 to len(moves), the turn of that
// number in moves, or a turn as the game reads it, or else the one turn of moves it
// names in another case ("B" for Kalah's b, "c1/b4-a4" for The Colony's C1/B4-A4). It
// returns the turn played, as recorded. A number out of range is a *NumberError.
func (s *Game) Choose(choice string, moves []string) (Turn, error) {
	turn := choice
	if n, err := strconv.Atoi(choice); err == nil {
		if n < 1 || n > len(moves) {
			return Turn{}, &NumberError{N: n, Turns: len(moves)}
		}
		turn = moves[n-1]
	}
	if err := s.play(turn, s.you); err != nil {
		folded := foldMatch(turn, moves)
		if folded == "" || s.play(folded, s.you) != nil {
			return Turn{}, err
		}
	}
	return s.turns[len(s.turns)-1], nil
}

// foldMatch returns the one turn of moves that equals text in another case, or "".
func foldMatch(text string, moves []string) string {
	found := ""
	for _, m := range moves {
		if strings.EqualFold(m, text) {
			if found != "" {
				return ""
			}
			found = m
		}
	}
	return found
}

// play plays turn, by mover, from the current position, and records it in its
// canonical notation when the game has one (the legal turn the text names).
func (s *Game) play(turn string, mover int) error {
	after, o, err := s.g.Play(s.pos, []string{turn})
	if err != nil {
		return err
	}
	s.outcome = o
	s.turns = append(s.turns, Turn{From: s.pos, Mover: mover, Turn: s.canonical(turn, after)})
	s.pos = after
	return nil
}

// canonical returns the legal turn of the current position that reaches after as
// turn does: the listed spelling of a turn typed another way.
func (s *Game) canonical(turn, after string) string {
	moves, err := s.g.Moves(s.pos)
	if err != nil || slices.Contains(moves, turn) {
		return turn
	}
	for _, m := range moves {
		if p, _, err := s.g.Play(s.pos, []string{m}); err == nil && p == after {
			return m
		}
	}
	return turn
}

// Undo takes back the person's last turn and the engine's turns after it, and
// returns them; none (false) when the person has played no turn.
func (s *Game) Undo() ([]Turn, bool) {
	for i := len(s.turns) - 1; i >= 0; i-- {
		if s.turns[i].Mover == s.you {
			taken := slices.Clone(s.turns[i:])
			s.pos = s.turns[i].From
			s.turns = s.turns[:i]
			s.outcome = nil
			return taken, true
		}
	}
	return nil, false
}

// Board draws the current position as the game's Show does, with the result the
// last turn gave for a finished game (see Show).
func (s *Game) Board() (string, error) { return Show(s.g, s.pos, s.outcome) }

// Sowing returns the path of the last turn's sowing in words (see Sowing), or ""
// before the first turn.
func (s *Game) Sowing() string {
	if len(s.turns) == 0 {
		return ""
	}
	t := s.turns[len(s.turns)-1]
	return Sowing(s.g, t.From, t.Turn)
}

// TurnTexts returns the turns' notations.
func TurnTexts(ts []Turn) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Turn
	}
	return out
}

// Show is the game's Show of pos, a finished position, with its result written as o
// says when o is not nil: the outcome the last turn's Play gave (or a games file
// recorded) may name another reason than the position alone does (a Kalah game that
// ended as South ran out of seeds reads back as "both sides are empty").
func Show(g catalog.Ruleset, pos string, o *catalog.GameEnd) (string, error) {
	text, err := g.Show(pos)
	if err != nil || o == nil {
		return text, err
	}
	st, err := g.Situation(pos)
	if err != nil || st.End == nil {
		return text, err
	}
	return strings.Replace(text, st.End.Text(g.Sides()), o.Text(g.Sides()), 1), nil
}

// Sowing returns the path of the sowings of turn from position in words
// (gamepage.MarksText of the turn's marks: "from A3: A2, A1; on from A1: B1, C1",
// naming the log where The Colony's last egg was captured and the ant placed), or ""
// for a turn that sows nothing or a game that does not trace its sowings.
func Sowing(g catalog.Ruleset, position, turn string) string {
	marks, err := g.TurnMarks(position, turn)
	if err != nil {
		return ""
	}
	return gamepage.MarksText(marks)
}
