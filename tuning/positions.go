package tuning

// Positions files: the positions of self-play games with the games' results, the data
// of Texel tuning.

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/record"
)

// Position is one line of a positions file (see WritePositions): a position with the
// result of its game.
type Position struct {
	// Result is the game's result for the side to move: 1 a win, 0 a loss, 0.5 a
	// draw.
	Result float64
	// Game is the game's index in its tournament.
	Game int
	// Text is the position in the game's notation.
	Text string
	// ToMove is the side to move (0 or 1) and Features the values of the game's
	// features in the position.
	ToMove   int
	Features eval.Vector
}

// WritePositions replays the games of the games file gamesFile (a tournament's, in
// schedule order) of the game t and writes every position at the start of a turn,
// with its game's result, to the positions file name. It returns the number of
// positions.
//
// A positions file has one line per position, in the order the games were played:
//
//	<result> <game> <position>
//
// where <result> is the game's result for the side to move in the position (1 a win,
// 0 a loss, 0.5 a draw), <game> the game's index in the tournament and <position> the
// position in the game's notation (which may hold spaces). The file is written whole
// or not at all (atomicfile.Write).
func WritePositions(t catalog.Tunable, gamesFile, name string) (int, error) {
	gf, err := record.ReadGamesFile(gamesFile)
	if err != nil {
		return 0, err
	}
	merged, err := record.Collect(gf.Header.Config, gf.Games)
	if err != nil {
		return 0, err
	}
	byIndex := map[int]*record.Record{}
	for i := range gf.Games {
		byIndex[gf.Games[i].Index] = &gf.Games[i]
	}
	n := 0
	err = atomicfile.Write(name, func(w io.Writer) error {
		for _, g := range merged.Games {
			rec := byIndex[g.Index]
			err := t.Replay(rec.Opening, rec.Moves, func(position string, toMove int) {
				fmt.Fprintf(w, "%s %d %s\n", resultFor(rec.Winner, toMove), rec.Index, position)
				n++
			})
			if err != nil {
				return fmt.Errorf("game %d: %w", rec.Index, err)
			}
		}
		return nil
	})
	return n, err
}

// resultFor writes a game's result for side: "1", "0" or "0.5".
func resultFor(winner, side int) string {
	switch winner {
	case side:
		return "1"
	case -1:
		return "0.5"
	}
	return "0"
}

// positionsFileKind is the kind of a positions file: read one line at a time, of any
// size.
var positionsFileKind = inputfile.Kind{What: "a positions file"}

// ReadPositions reads a positions file of the game t (see WritePositions). An error
// in a line names the file and the line number; a file without positions is an error.
func ReadPositions(t catalog.Tunable, name string) ([]Position, error) {
	f, _, err := positionsFileKind.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Position
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		fields := strings.SplitN(sc.Text(), " ", 3)
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s:%d: want <result> <game> <position>", name, line)
		}
		res, err1 := strconv.ParseFloat(fields[0], 64)
		game, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil || !(res == 0 || res == 0.5 || res == 1) || game < 0 {
			return nil, fmt.Errorf("%s:%d: bad result %q or game %q", name, line, fields[0], fields[1])
		}
		x, toMove, err := t.Features(fields[2])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w (a position of %s?)", name, line, err, t.Name())
		}
		out = append(out, Position{Result: res, Game: game, Text: fields[2], ToMove: toMove, Features: x})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return out, nil
}
