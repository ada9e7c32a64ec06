package colony

import (
	"fmt"
	"strings"
)

// Layout of the drawing: a log is a cell of cellWidth characters, cells of a row are
// cellGap apart, and rows A and C are shifted right by half a cell pitch.
const (
	cellWidth = 9
	cellGap   = 1
	rowIndent = 2
)

// logCell draws one log, as in "(A1  3  )"; a log protected by an ant has square
// brackets and the ant's colour, as in "[B4 12 R]".
func logCell(s *State, l Log) string {
	c, ok := s.AntAt(l)
	if !ok {
		return fmt.Sprintf("(%v %2d  )", l, s.Eggs(l))
	}
	ant := "R"
	if c == Black {
		ant = "B"
	}
	return fmt.Sprintf("[%v %2d %s]", l, s.Eggs(l), ant)
}

// Draw draws s as the show command prints it above the position line
// (game.Drawer): the 19 logs in their three rows, offset like the log ends of a
// wood pile, each with its name, its eggs and its ant (R or B), a legend, each
// player's score, store and ants in hand, the player to move with the turn and
// whether ant moves are mandatory (or the result), and the rule set when it is not
// the default.
func (g Game) Draw(s *State) string {
	var sb strings.Builder
	pitch := cellWidth + cellGap
	rows := [3][2]Log{{0, 6}, {6, 13}, {13, NumLogs}}
	for i, row := range rows {
		indent := rowIndent
		if i != 1 {
			indent += pitch / 2
		}
		sb.WriteString(strings.Repeat(" ", indent))
		for l := row[0]; l < row[1]; l++ {
			if l > row[0] {
				sb.WriteString(strings.Repeat(" ", cellGap))
			}
			sb.WriteString(logCell(s, l))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n  (log eggs)   [log eggs ant]: a log with a red (R) or black (B) ant\n")
	for _, l := range FlowText(g.Rules.Board()) {
		sb.WriteString("  " + l + "\n")
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "  %-16s %6s %6s\n", "", "red", "black")
	for _, line := range []struct {
		name string
		f    func(Color) int
	}{
		{"score", s.Score},
		{"store (captured)", s.Store},
		{"ants in hand", s.Hand},
	} {
		fmt.Fprintf(&sb, "  %-16s %6d %6d\n", line.name, line.f(Red), line.f(Black))
	}
	sb.WriteString("\n")
	ants := "optional"
	if s.AntMovesMandatory() {
		ants = "mandatory"
	}
	if s.Over() {
		fmt.Fprintf(&sb, "  game over at turn %d: %v wins %d-%d (%v)\n", s.Turn(), s.Winner(), s.Score(Red), s.Score(Black), s.EndReason())
	} else {
		fmt.Fprintf(&sb, "  turn %d: %v to move; ant moves are %s\n", s.Turn(), s.ToMove(), ants)
	}
	if g.Rules != Default() {
		fmt.Fprintf(&sb, "  rules %s\n", g.Rules.Name())
	}
	return sb.String()
}

// FlowText says where the arrows of b take the eggs, in two lines for the drawing's
// legend: the way passing eggs go round, from the first centre (or A1) by its first
// exit until they are back on that arrow, "eggs go round B4 A3 A2 A1 ... C4 B4"; then
// the other ways out of the forks and centres, which a lap starting there may take,
// written as turns write them, "a lap starting on a fork may take its other way:
// A2>B2 ...". A board without forks or centres has the first line alone.
func FlowText(b *Board) []string {
	start := Log(0)
	for l := range Log(NumLogs) {
		if b.IsCentre(l) {
			start = l
			break
		}
	}
	path := []string{start.String()}
	seen := map[[2]Log]bool{}
	from, at := start, b.Exits(start)[0]
	for !seen[[2]Log{from, at}] && len(path) <= 2*NumLogs {
		seen[[2]Log{from, at}] = true
		path = append(path, at.String())
		from, at = at, b.Next(at, from)
	}
	lines := []string{"eggs go round " + strings.Join(path, " ")}
	var forks []string
	for l := range Log(NumLogs) {
		for _, e := range b.Exits(l)[1:] {
			forks = append(forks, l.String()+">"+e.String())
		}
	}
	if len(forks) > 0 {
		lines = append(lines, "a lap starting on a fork may take its other way: "+strings.Join(forks, " "))
	}
	return lines
}

// ReadTurn reads a turn in the move notation with ParseMove and plays it on s
// (game.TurnReader); on an error s is unchanged and the error says what is wrong.
func (g Game) ReadTurn(s *State, text string) error {
	m, err := g.Rules.ParseMove(s, text)
	if err != nil {
		return err
	}
	g.Rules.ApplyMove(s, m)
	return nil
}

// Perft counts the sequences of exactly depth legal turns from s with Rules.Perft
// (game.Perfter).
func (g Game) Perft(s *State, depth int) uint64 { return g.Rules.Perft(s, depth) }
