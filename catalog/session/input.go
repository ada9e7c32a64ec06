package session

import (
	"regexp"
	"strings"
)

// Command is what a person typed on their turn of a Game (see ReadCommand).
type Command int

// The commands of a game on a terminal. Their words are whole English words (and
// "?"), none of them a turn of any registered game: a pit or log name typed always
// plays that turn.
const (
	// PlayTurn is a turn to play: a legal turn, a number from the list of turns, or a
	// text that Choose reads or reports.
	PlayTurn Command = iota
	// Nothing is an empty line.
	Nothing
	// ShowBoard draws the board again.
	ShowBoard
	// ShowHelp lists the commands.
	ShowHelp
	// ListMoves lists the legal turns, numbered.
	ListMoves
	// TakeBack takes back the person's last turn and the engine's replies.
	TakeBack
	// AskHint asks the engine which turn it would play.
	AskHint
	// Stop leaves the game unfinished.
	Stop
)

// CommandWords returns the words of the commands, each with its command: "board",
// "help" and "?", "moves", "undo", "hint", "quit" and "exit".
func CommandWords() map[string]Command {
	return map[string]Command{
		"board": ShowBoard,
		"help":  ShowHelp, "?": ShowHelp,
		"moves": ListMoves,
		"undo":  TakeBack,
		"hint":  AskHint,
		"quit":  Stop, "exit": Stop,
	}
}

// ReadCommand reads a line the person typed on their turn, moves being the legal
// turns: a legal turn is always PlayTurn, whatever the words; then a command's word,
// in any case; anything else is PlayTurn, for Choose to play or to refuse.
func ReadCommand(line string, moves []string) Command {
	line = strings.TrimSpace(line)
	if line == "" {
		return Nothing
	}
	for _, m := range moves {
		if m == line {
			return PlayTurn
		}
	}
	if c, ok := CommandWords()[strings.ToLower(line)]; ok {
		return c
	}
	return PlayTurn
}

// cell is a place of a game's text drawing: a pit, log or store in round or square
// brackets, "(A1  3  )", "[B4 12 R]", "[N  0]".
var cell = regexp.MustCompile(`[(\[][^()\[\]]*[)\]]`)

// MarkChanges returns the drawing after (a game's Show) with every place that differs
// from the drawing before (of the same game) marked by a '*' in front of it, where
// the drawing has a space: the places whose pieces or ants the turns between them
// changed. The places are the bracketed cells of the board's lines, the lines before
// the first empty one; a line whose cells do not pair up one to one with before's is
// left unmarked.
func MarkChanges(before, after string) string {
	old := strings.Split(before, "\n")
	lines := strings.Split(after, "\n")
	for i, l := range lines {
		if l == "" || i >= len(old) || old[i] == "" {
			break
		}
		was, now := cell.FindAllStringIndex(old[i], -1), cell.FindAllStringIndex(l, -1)
		if len(was) != len(now) {
			continue
		}
		b := []byte(l)
		for j, c := range now {
			if old[i][was[j][0]:was[j][1]] != l[c[0]:c[1]] && c[0] > 0 && b[c[0]-1] == ' ' {
				b[c[0]-1] = '*'
			}
		}
		lines[i] = string(b)
	}
	return strings.Join(lines, "\n")
}

// Changes returns the last turns and the position before them: the engine's turns
// since the person's last turn (its reply and the extra turns it gave), or the
// person's last turn when they play again (an extra turn); none (the current
// position) before the first turn.
func (s *Game) Changes() (from string, turns []Turn) {
	n := len(s.turns)
	if n == 0 {
		return s.pos, nil
	}
	i := n - 1
	for i > 0 && s.turns[n-1].Mover != s.you && s.turns[i-1].Mover != s.you {
		i--
	}
	return s.turns[i].From, append([]Turn(nil), s.turns[i:]...)
}

// MarkedBoard draws the current position as Board does, with the places that the
// last turns (see Changes) changed marked (see MarkChanges).
func (s *Game) MarkedBoard() (string, error) {
	after, err := s.Board()
	if err != nil {
		return "", err
	}
	from, turns := s.Changes()
	if len(turns) == 0 {
		return after, nil
	}
	before, err := Show(s.g, from, nil)
	if err != nil {
		return "", err
	}
	return MarkChanges(before, after), nil
}
