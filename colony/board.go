package colony

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/inputfile"
)

// NumLogs is the number of log spaces on a Colony board: rows of 6, 7 and 6.
const NumLogs = 19

// MaxExits is the largest number of directions a lap may start in from one log.
const MaxExits = 6

// MaxNeighbours is the largest number of neighbours a log may have (the hex grid's six).
const MaxNeighbours = 6

// allLogs is the mask with one bit for every log.
const allLogs = uint32(1)<<NumLogs - 1

// Log is a log space, numbered in canonical order: A1..A6 are 0..5, B1..B7 are 6..12
// and C1..C6 are 13..18.
type Log uint8

// NoLog stands for the absence of a log (for example a move without an ant move).
const NoLog Log = 255

var logNames = [NumLogs]string{
	"A1", "A2", "A3", "A4", "A5", "A6",
	"B1", "B2", "B3", "B4", "B5", "B6", "B7",
	"C1", "C2", "C3", "C4", "C5", "C6",
}

// String returns the log's name, such as "B4".
func (l Log) String() string {
	if l < NumLogs {
		return logNames[l]
	}
	if l == NoLog {
		return "-"
	}
	return fmt.Sprintf("Log(%d)", uint8(l))
}

// ParseLog reads a log name (A1..A6, B1..B7, C1..C6).
func ParseLog(name string) (Log, error) {
	if len(name) == 2 {
		row, col := name[0], int(name[1]-'0')
		switch {
		case row == 'A' && col >= 1 && col <= 6:
			return Log(col - 1), nil
		case row == 'B' && col >= 1 && col <= 7:
			return Log(6 + col - 1), nil
		case row == 'C' && col >= 1 && col <= 6:
			return Log(13 + col - 1), nil
		}
	}
	return NoLog, fmt.Errorf("unknown log %s (logs are A1..A6, B1..B7, C1..C6)", game.Quote(name))
}

// Board is the arrangement of the logs: which logs touch (for ant moves), the sowing
// arrows, the forks and the centre's lanes. A Board is immutable once loaded.
type Board struct {
	name string
	// neighbours[l] is the mask of logs an ant on l may step to; entries NumLogs..32
	// are 0, so that neighbours[bits.TrailingZeros32(0)] is the empty mask.
	neighbours [33]uint32
	// exits[l][:exitCount[l]] are the directions a lap starting on l may take: the arrows
	// of an ordinary log (the first is the one passing eggs follow) or a centre's exits.
	exits     [NumLogs][MaxExits]Log
	exitCount [NumLogs]uint8
	// dirActions[l][:exitCount[l]] are the direction actions of a lap starting on l,
	// in increasing order (the order of LegalActions).
	dirActions [NumLogs][MaxExits]Action
	// next[l][from] is where an egg passing through l goes after coming from from.
	next [NumLogs][NumLogs]Log
	// adjacent[i][m] counts, for every log t (byte t%8 of word t/8), the logs of the
	// 7-bit chunk m of a log mask (bits 7i..7i+6) that touch t: summed over the three
	// chunks of the mover's ants, it gives how many of them could step to each log.
	adjacent [3][128][3]uint64
	// reach[i][m] is the union of the neighbours of the logs in the 7-bit chunk m of a
	// log mask (bits 7i..7i+6): three lookups give all the logs a set of ants touches.
	reach [3][128]uint32
	// The sowing path as arcs (from -> to): arcTo[a] is the log an egg travelling on
	// arc a reaches, arcNext[a] the arc it travels on after passing that log, and
	// arcIndex[from][to] the arc from -> to (255: none). Following arcs is one load
	// per egg on the sowing loop's critical path.
	arcTo    []Log
	arcNext  []uint8
	arcIndex [NumLogs][NumLogs]uint8
	// dirArcs[l][i] is the arc towards the i-th exit of l in increasing log order
	// (the order of dirActions).
	dirArcs [NumLogs][MaxExits]uint8
	// dirWord[l] packs dirArcs[l] (bytes 0 to 5), l*slotWidth (byte 6, see starts)
	// and exitCount[l] (byte 7), for one load a lap start in RandomPlayout; entries
	// NumLogs..255 are unused.
	dirWord [256]uint64
	// firstArc[l] is the arc of l's first arrow (or a centre's first exit).
	firstArc [NumLogs]uint8
	// laps[k][a] is what k eggs dropped one by one, the first on arc a, do.
	laps [TotalEggs][]lap
	// runs[k*len(arcTo)+a] is laps[k][a] for RandomPlayout, which needs no hash: one
	// flat table of 32-byte entries with the log of the lap's last egg, the short laps
	// of every arc together at its start.
	runs []run
	// starts[k*startRow+l*slotWidth+i] is the run of k eggs from arc dirArcs[l][i]
	// (i < exitCount[l]; the other entries are unused): the laps that begin with a
	// direction, found from the log and the direction's index without the arc.
	// slotWidth is the largest exitCount and startRow NumLogs*slotWidth.
	starts              []run
	slotWidth, startRow int
	// centres is the mask of centre logs.
	centres uint32
	// lanes[c][from] is the exit of centre c for eggs entering from from (NoLog: none).
	lanes [NumLogs][NumLogs]Log
	// edges numbers the ant steps: edgeFrom[e] -> edgeTo[e], in order of (to, from);
	// edgeIndex[from][to] is the inverse (255 where the logs do not touch).
	edgeFrom  []Log
	edgeTo    []Log
	edgeIndex [NumLogs][NumLogs]uint8
}

// Name returns the board's name, as given by its file's board line.
func (b *Board) Name() string { return b.name }

// Neighbours returns the mask of logs (bit l for log l) adjacent to l.
func (b *Board) Neighbours(l Log) uint32 { return b.neighbours[l] }

// Reach returns the logs adjacent to at least one log of the mask m.
func (b *Board) Reach(m uint32) uint32 {
	return b.reach[0][m&127] | b.reach[1][m>>7&127] | b.reach[2][m>>14&127]
}

// Exits returns the directions a lap starting on l may take, in the board file's order.
func (b *Board) Exits(l Log) []Log { return b.exits[l][:b.exitCount[l]] }

// Next returns the log an egg passing through at goes to, having come from from.
func (b *Board) Next(at, from Log) Log { return b.next[at][from] }

// IsCentre reports whether l is a centre log (eggs pass it by lanes).
func (b *Board) IsCentre(l Log) bool { return b.centres&(1<<l) != 0 }

// NumAntSteps returns the number of directed neighbour pairs, one per possible ant step.
func (b *Board) NumAntSteps() int { return len(b.edgeFrom) }

//go:embed boards/default.board
var defaultBoardText string

var defaultBoard = mustParseBoard(defaultBoardText)

// DefaultBoard returns the board of docs/colony-board.md.
func DefaultBoard() *Board { return defaultBoard }

// DefaultBoardText returns the board file text of the default board.
func DefaultBoardText() string { return defaultBoardText }

func mustParseBoard(text string) *Board {
	b, err := ParseBoard(strings.NewReader(text))
	if err != nil {
		panic("colony: default board: " + err.Error())
	}
	return b
}

// MaxBoardFileBytes is the largest board file read: a board of every log, with
// comments, takes a few kilobytes.
const MaxBoardFileBytes = 1 << 20

// boardFileKind is the kind of a board file.
var boardFileKind = inputfile.Kind{What: "a board file", Max: MaxBoardFileBytes}

// ReadBoardFile returns the bytes of the board file path. What is not a regular file
// of at most MaxBoardFileBytes is refused before it is read (a named pipe would block
// for good, /dev/zero never end); errors name the file.
func ReadBoardFile(path string) ([]byte, error) {
	data, err := boardFileKind.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("board file: %w", err)
	}
	return data, nil
}

// LoadBoardFile reads and validates a board file (see ReadBoardFile).
func LoadBoardFile(path string) (*Board, error) {
	data, err := ReadBoardFile(path)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoard(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("board file %s: %w", path, err)
	}
	return b, nil
}

// boardBuilder collects a board file's directives with the line each came from.
type boardBuilder struct {
	name       string
	nameLine   int
	nbrLine    [NumLogs]int
	neighbours [NumLogs][]Log
	arrowLine  [NumLogs]int
	arrows     [NumLogs][]Log
	centreLine [NumLogs]int
	laneLine   [NumLogs][NumLogs]int
	lanes      [NumLogs][NumLogs]Log
}

// ParseBoard reads a board file: one directive a line, '#' comments. It checks every
// log name, that neighbours are symmetric, that arrows and lanes go to neighbours, that
// no log is a dead end, that every log can be reached from every other by the arrows,
// and that every way into a centre has a lane. Errors name the line and the problem.
func ParseBoard(r io.Reader) (*Board, error) {
	var bb boardBuilder
	for i := range bb.lanes {
		for j := range bb.lanes[i] {
			bb.lanes[i][j] = NoLog
		}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if err := bb.directive(fields); err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		bb.mark(fields[0], lineNo, fields)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading board: %w", err)
	}
	return bb.build()
}

func parseLogs(names []string) ([]Log, error) {
	logs := make([]Log, len(names))
	for i, n := range names {
		l, err := ParseLog(n)
		if err != nil {
			return nil, err
		}
		logs[i] = l
	}
	return logs, nil
}

// directive checks one line's syntax and records it.
func (bb *boardBuilder) directive(f []string) error {
	switch f[0] {
	case "board":
		if len(f) != 2 {
			return fmt.Errorf("board takes one name, got %d words", len(f)-1)
		}
		if bb.nameLine != 0 {
			return fmt.Errorf("second board line (the first is line %d)", bb.nameLine)
		}
		if !validName(f[1]) {
			return fmt.Errorf("board name %q: use letters, digits, '-', '_' and '.'", f[1])
		}
		bb.name = f[1]
		return nil
	case "neighbours", "arrow", "centre", "lane":
	default:
		return fmt.Errorf("unknown directive %q (want board, neighbours, arrow, centre or lane)", f[0])
	}
	if len(f) < 2 {
		return fmt.Errorf("%s needs a log", f[0])
	}
	logs, err := parseLogs(f[1:])
	if err != nil {
		return fmt.Errorf("%s: %w", f[0], err)
	}
	l, rest := logs[0], logs[1:]
	if err := noRepeats(f[0], l, rest); err != nil {
		return err
	}
	switch f[0] {
	case "neighbours":
		if bb.nbrLine[l] != 0 {
			return fmt.Errorf("neighbours of %v given twice (first on line %d)", l, bb.nbrLine[l])
		}
		if len(rest) == 0 || len(rest) > MaxNeighbours {
			return fmt.Errorf("%v must have 1 to %d neighbours, got %d", l, MaxNeighbours, len(rest))
		}
		bb.neighbours[l] = rest
	case "arrow":
		if bb.arrowLine[l] != 0 {
			return fmt.Errorf("arrows of %v given twice (first on line %d)", l, bb.arrowLine[l])
		}
		if bb.centreLine[l] != 0 {
			return fmt.Errorf("%v is a centre (line %d): its ways out are its exits and lanes, not arrows", l, bb.centreLine[l])
		}
		if len(rest) < 1 || len(rest) > 2 {
			return fmt.Errorf("a log has one arrow or two (a fork); %v has %d", l, len(rest))
		}
		bb.arrows[l] = rest
	case "centre":
		if bb.centreLine[l] != 0 {
			return fmt.Errorf("centre %v given twice (first on line %d)", l, bb.centreLine[l])
		}
		if bb.arrowLine[l] != 0 {
			return fmt.Errorf("%v has arrows (line %d) and cannot also be a centre", l, bb.arrowLine[l])
		}
		if len(rest) < 1 || len(rest) > MaxExits {
			return fmt.Errorf("centre %v needs 1 to %d exits, got %d", l, MaxExits, len(rest))
		}
		bb.arrows[l] = rest
	case "lane":
		if len(rest) != 2 {
			return fmt.Errorf("lane takes a centre, the log the eggs come from and the log they go to")
		}
		from := rest[0]
		if bb.laneLine[l][from] != 0 {
			return fmt.Errorf("lane of %v from %v given twice (first on line %d)", l, from, bb.laneLine[l][from])
		}
		bb.lanes[l][from] = rest[1]
	}
	return nil
}

func noRepeats(directive string, l Log, rest []Log) error {
	var seen uint32
	for _, x := range rest {
		if x == l && directive != "lane" {
			return fmt.Errorf("%s: %v refers to itself", directive, l)
		}
		if seen&(1<<x) != 0 {
			return fmt.Errorf("%s %v: %v listed twice", directive, l, x)
		}
		seen |= 1 << x
	}
	return nil
}

// mark remembers the line a directive came from, for later messages.
func (bb *boardBuilder) mark(directive string, line int, f []string) {
	if directive == "board" {
		bb.nameLine = line
		return
	}
	l, _ := ParseLog(f[1])
	switch directive {
	case "neighbours":
		bb.nbrLine[l] = line
	case "arrow":
		bb.arrowLine[l] = line
	case "centre":
		bb.centreLine[l] = line
	case "lane":
		from, _ := ParseLog(f[2])
		bb.laneLine[l][from] = line
	}
}

// build checks the whole board and computes the tables the rules use.
func (bb *boardBuilder) build() (*Board, error) {
	b := &Board{name: bb.name}
	if bb.nameLine == 0 {
		return nil, fmt.Errorf("no board line: the file must name its board (board NAME)")
	}
	for l := Log(0); l < NumLogs; l++ {
		if bb.nbrLine[l] == 0 {
			return nil, fmt.Errorf("log %v: no neighbours line", l)
		}
		for _, n := range bb.neighbours[l] {
			b.neighbours[l] |= 1 << n
		}
	}
	for l := Log(0); l < NumLogs; l++ {
		for _, n := range bb.neighbours[l] {
			if b.neighbours[n]&(1<<l) == 0 {
				return nil, fmt.Errorf("line %d: %v lists %v as a neighbour but line %d (neighbours of %v) does not list %v",
					bb.nbrLine[l], l, n, bb.nbrLine[n], n, l)
			}
		}
	}
	for l := Log(0); l < NumLogs; l++ {
		line := bb.arrowLine[l]
		if bb.centreLine[l] != 0 {
			line = bb.centreLine[l]
			b.centres |= 1 << l
		}
		if line == 0 {
			return nil, fmt.Errorf("log %v is a dead end: it has no arrow (add 'arrow %v NEXT')", l, l)
		}
		for i, x := range bb.arrows[l] {
			if b.neighbours[l]&(1<<x) == 0 {
				return nil, fmt.Errorf("line %d: %v -> %v: %v is not a neighbour of %v", line, l, x, x, l)
			}
			b.exits[l][i] = x
		}
		b.exitCount[l] = uint8(len(bb.arrows[l]))
		dirs := b.dirActions[l][:b.exitCount[l]]
		for i, x := range bb.arrows[l] {
			dirs[i] = DirectionBase + Action(x)
		}
		slices.Sort(dirs)
	}
	for c := Log(0); c < NumLogs; c++ {
		for from := Log(0); from < NumLogs; from++ {
			line := bb.laneLine[c][from]
			if line == 0 {
				continue
			}
			to := bb.lanes[c][from]
			switch {
			case b.centres&(1<<c) == 0:
				return nil, fmt.Errorf("line %d: lane on %v, which is not a centre (declare 'centre %v EXIT...')", line, c, c)
			case b.neighbours[c]&(1<<from) == 0:
				return nil, fmt.Errorf("line %d: lane %v from %v: %v is not a neighbour of %v", line, c, from, from, c)
			case b.neighbours[c]&(1<<to) == 0:
				return nil, fmt.Errorf("line %d: lane %v to %v: %v is not a neighbour of %v", line, c, to, to, c)
			case from == to:
				return nil, fmt.Errorf("line %d: lane %v from %v turns back to %v", line, c, from, to)
			}
		}
	}
	// Every way into a centre needs a lane: an arrow or exit of another log, or a lane of
	// another centre.
	for l := Log(0); l < NumLogs; l++ {
		outs := bb.arrows[l]
		line := bb.arrowLine[l]
		if b.centres&(1<<l) != 0 {
			line = bb.centreLine[l]
			outs = nil
			outs = append(outs, bb.arrows[l]...)
			for from := Log(0); from < NumLogs; from++ {
				if to := bb.lanes[l][from]; to != NoLog {
					outs = append(outs, to)
				}
			}
		}
		for _, c := range outs {
			if b.centres&(1<<c) != 0 && bb.lanes[c][l] == NoLog {
				return nil, fmt.Errorf("line %d: %v leads into the centre %v, which has no lane from %v (add 'lane %v %v NEXT')",
					line, l, c, l, c, l)
			}
		}
	}
	for at := Log(0); at < NumLogs; at++ {
		for from := Log(0); from < NumLogs; from++ {
			if b.centres&(1<<at) != 0 {
				b.next[at][from] = bb.lanes[at][from]
			} else {
				b.next[at][from] = b.exits[at][0]
			}
		}
		b.lanes[at] = bb.lanes[at]
	}
	if err := b.checkReachable(); err != nil {
		return nil, err
	}
	b.numberEdges()
	b.numberArcs()
	b.buildLaps()
	for i := range b.reach {
		for m := range b.reach[i] {
			for bit := 0; bit < 7; bit++ {
				if l := 7*i + bit; m&(1<<bit) != 0 && l < NumLogs {
					b.reach[i][m] |= b.neighbours[l]
				}
			}
		}
	}
	return b, nil
}

// checkReachable verifies that the sowing graph is strongly connected.
func (b *Board) checkReachable() error {
	var succ [NumLogs]uint32
	for l := Log(0); l < NumLogs; l++ {
		for _, x := range b.Exits(l) {
			succ[l] |= 1 << x
		}
		for from := Log(0); from < NumLogs; from++ {
			if to := b.lanes[l][from]; to != NoLog {
				succ[l] |= 1 << to
			}
		}
	}
	for start := Log(0); start < NumLogs; start++ {
		seen := uint32(1) << start
		frontier := seen
		for frontier != 0 {
			var nxt uint32
			for m := frontier; m != 0; m &= m - 1 {
				nxt |= succ[bits.TrailingZeros32(m)]
			}
			frontier = nxt &^ seen
			seen |= nxt
		}
		if missing := allLogs &^ seen; missing != 0 {
			return fmt.Errorf("log %v is unreachable: no arrows lead to it from %v", Log(bits.TrailingZeros32(missing)), start)
		}
	}
	return nil
}

func (b *Board) numberEdges() {
	for f := range b.edgeIndex {
		for t := range b.edgeIndex[f] {
			b.edgeIndex[f][t] = 255
		}
	}
	// Ant steps are numbered by target, then by the log the ant leaves: the order in
	// which the random playout's counting by target finds them.
	for t := Log(0); t < NumLogs; t++ {
		for m := b.neighbours[t]; m != 0; m &= m - 1 {
			f := Log(bits.TrailingZeros32(m))
			b.edgeIndex[f][t] = uint8(len(b.edgeFrom))
			b.edgeFrom = append(b.edgeFrom, f)
			b.edgeTo = append(b.edgeTo, t)
		}
	}
	for i := range b.adjacent {
		for c := range b.adjacent[i] {
			var counts [3 * 8]uint8
			for bit := 0; bit < 7; bit++ {
				if l := 7*i + bit; c&(1<<bit) != 0 && l < NumLogs {
					for m := b.neighbours[l]; m != 0; m &= m - 1 {
						counts[bits.TrailingZeros32(m)]++
					}
				}
			}
			for w := range b.adjacent[i][c] {
				b.adjacent[i][c][w] = binary.LittleEndian.Uint64(counts[8*w:])
			}
		}
	}
}

// lap is the effect of dropping a run of eggs one by one along the sowing path.
type lap struct {
	eggs   [3]uint64 // the eggs added, one byte a log (State.eggs as three words)
	hash   uint64    // the hash added
	filled uint32    // the logs that receive eggs
	next   uint8     // the arc the following egg travels on
}

// run is a lap (the effect of dropping k eggs one by one from an arc) as
// RandomPlayout uses it: the eggs added, the logs filled, the arc the following egg
// travels on and the log it reaches.
type run struct {
	eggs   [3]uint64
	filled uint32
	next   uint8
	last   Log   // arcTo[next]
	onLast uint8 // the eggs added to last (a lap may pass it)
}

// dropRun adds the eggs of run r to s's logs, eight logs at a time.
func (s *State) dropRun(r *run) {
	binary.LittleEndian.PutUint64(s.eggs[0:8], binary.LittleEndian.Uint64(s.eggs[0:8])+r.eggs[0])
	binary.LittleEndian.PutUint64(s.eggs[8:16], binary.LittleEndian.Uint64(s.eggs[8:16])+r.eggs[1])
	binary.LittleEndian.PutUint64(s.eggs[16:24], binary.LittleEndian.Uint64(s.eggs[16:24])+r.eggs[2])
}

// dropLap adds the eggs of lap l to s's logs, eight logs at a time.
func (s *State) dropLap(l *lap) {
	binary.LittleEndian.PutUint64(s.eggs[0:8], binary.LittleEndian.Uint64(s.eggs[0:8])+l.eggs[0])
	binary.LittleEndian.PutUint64(s.eggs[8:16], binary.LittleEndian.Uint64(s.eggs[8:16])+l.eggs[1])
	binary.LittleEndian.PutUint64(s.eggs[16:24], binary.LittleEndian.Uint64(s.eggs[16:24])+l.eggs[2])
}

// buildLaps fills the lap tables for every arc and every run of 0 to 56 eggs (the run
// of 0 is the empty lap, which adds nothing and stays on the arc).
func (b *Board) buildLaps() {
	for k := 0; k < TotalEggs; k++ {
		b.laps[k] = make([]lap, len(b.arcTo))
		for a0 := range b.arcTo {
			var eggs [eggBytes]uint8
			l := &b.laps[k][a0]
			a := uint8(a0)
			for i := 0; i < k; i++ {
				t := b.arcTo[a]
				eggs[t]++
				l.hash += keys.egg[t]
				l.filled |= 1 << t
				a = b.arcNext[a]
			}
			for w := range l.eggs {
				l.eggs[w] = binary.LittleEndian.Uint64(eggs[8*w:])
			}
			l.next = a
		}
	}
	b.runs = make([]run, len(b.arcTo)*TotalEggs)
	for k := 0; k < TotalEggs; k++ {
		for a := range b.arcTo {
			l := &b.laps[k][a]
			last := b.arcTo[l.next]
			b.runs[k*len(b.arcTo)+a] = run{eggs: l.eggs, filled: l.filled, next: l.next, last: last,
				onLast: uint8(l.eggs[last/8] >> (8 * (last % 8)))}
		}
	}
	for l := range b.exitCount {
		b.slotWidth = max(b.slotWidth, int(b.exitCount[l]))
	}
	b.startRow = NumLogs * b.slotWidth
	for l := range b.exitCount {
		b.dirWord[l] |= uint64(l*b.slotWidth) << 48
	}
	b.starts = make([]run, TotalEggs*b.startRow)
	for k := 0; k < TotalEggs; k++ {
		for l := range b.dirArcs {
			for i, a := range b.dirArcs[l][:b.exitCount[l]] {
				b.starts[k*b.startRow+l*b.slotWidth+i] = b.runs[k*len(b.arcTo)+int(a)]
			}
		}
	}
}

// numberArcs builds the arc tables of the sowing path.
func (b *Board) numberArcs() {
	for f := range b.arcIndex {
		for t := range b.arcIndex[f] {
			b.arcIndex[f][t] = 255
		}
	}
	var from []Log
	add := func(f, t Log) {
		if b.arcIndex[f][t] == 255 {
			b.arcIndex[f][t] = uint8(len(b.arcTo))
			b.arcTo = append(b.arcTo, t)
			from = append(from, f)
		}
	}
	for l := Log(0); l < NumLogs; l++ {
		for _, x := range b.Exits(l) {
			add(l, x)
		}
		for f := Log(0); f < NumLogs; f++ {
			if t := b.lanes[l][f]; t != NoLog {
				add(l, t)
			}
		}
	}
	for l := Log(0); l < NumLogs; l++ {
		b.firstArc[l] = b.arcIndex[l][b.exits[l][0]]
		for i, a := range b.dirActions[l][:b.exitCount[l]] {
			b.dirArcs[l][i] = b.arcIndex[l][a-DirectionBase]
			b.dirWord[l] |= uint64(b.dirArcs[l][i]) << (8 * i)
		}
		b.dirWord[l] |= uint64(b.exitCount[l]) << 56
	}
	b.arcNext = make([]uint8, len(b.arcTo))
	for a, t := range b.arcTo {
		b.arcNext[a] = b.arcIndex[t][b.next[t][from[a]]]
	}
}

// Format writes the board in the board file format; ParseBoard reads it back to an
// equal board.
func (b *Board) Format() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "board %s\n", b.name)
	for l := Log(0); l < NumLogs; l++ {
		fmt.Fprintf(&sb, "neighbours %v", l)
		for m := b.neighbours[l]; m != 0; m &= m - 1 {
			fmt.Fprintf(&sb, " %v", Log(bits.TrailingZeros32(m)))
		}
		sb.WriteByte('\n')
	}
	for l := Log(0); l < NumLogs; l++ {
		if b.IsCentre(l) {
			fmt.Fprintf(&sb, "centre %v", l)
		} else {
			fmt.Fprintf(&sb, "arrow %v", l)
		}
		for _, x := range b.Exits(l) {
			fmt.Fprintf(&sb, " %v", x)
		}
		sb.WriteByte('\n')
		for from := Log(0); from < NumLogs; from++ {
			if to := b.lanes[l][from]; to != NoLog {
				fmt.Fprintf(&sb, "lane %v %v %v\n", l, from, to)
			}
		}
	}
	return sb.String()
}

// validName reports whether s can name a board inside a rule set's name.
func validName(s string) bool {
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.'
		if !ok {
			return false
		}
	}
	return s != ""
}
