package colony

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The default board as colony-board.md's arrow table gives it, written out again here
// (not read from boards/default.board) so that the tests compare the engine's tables with
// the document. For each ordinary log: the arrows, the first being the one passing eggs
// follow (the arrow along the eight).
var mdArrows = map[string][]string{
	"A3": {"A2"},
	"A2": {"A1", "B2"},
	"A1": {"B1"},
	"B1": {"C1", "B2"},
	"C1": {"C2"},
	"C2": {"C3"},
	"C3": {"B4"},
	"B2": {"B3"},
	"B3": {"C3"},
	"A4": {"A5"},
	"A5": {"A6", "B6"},
	"A6": {"B7"},
	"B7": {"C6", "B6"},
	"C6": {"C5"},
	"C5": {"C4"},
	"C4": {"B4"},
	"B6": {"B5"},
	"B5": {"C4"},
}

// The centre B4: a lap starting there leaves for A3 or A4; passing eggs entered from C3
// go on to A4, entered from C4 on to A3.
var (
	mdCentre      = "B4"
	mdCentreExits = []string{"A3", "A4"}
	mdLanes       = map[string]string{"C3": "A4", "C4": "A3"}
)

// mdEight is the figure eight of colony-board.md, once round.
const mdEight = "B4 A4 A5 A6 B7 C6 C5 C4 B4 A3 A2 A1 B1 C1 C2 C3 B4"

func mdLog(t testing.TB, name string) Log {
	t.Helper()
	l, err := ParseLog(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// mdRowCol splits a log into its row (0 A, 1 B, 2 C) and its 1-based column.
func mdRowCol(l Log) (row, col int) {
	switch {
	case l < 6:
		return 0, int(l) + 1
	case l < 13:
		return 1, int(l) - 5
	}
	return 2, int(l) - 12
}

// mdNeighbours computes the neighbour mask of l from colony-board.md's rule: A(i)
// touches A(i-1), A(i+1), B(i), B(i+1); B(j) touches B(j-1), B(j+1), A(j-1), A(j),
// C(j-1), C(j); C(i) touches C(i-1), C(i+1), B(i), B(i+1) (where those exist).
func mdNeighbours(l Log) uint32 {
	row, col := mdRowCol(l)
	var m uint32
	add := func(row byte, col int) {
		if lg, err := ParseLog(fmt.Sprintf("%c%d", row, col)); err == nil {
			m |= 1 << lg
		}
	}
	switch row {
	case 0:
		add('A', col-1)
		add('A', col+1)
		add('B', col)
		add('B', col+1)
	case 1:
		add('B', col-1)
		add('B', col+1)
		add('A', col-1)
		add('A', col)
		add('C', col-1)
		add('C', col)
	case 2:
		add('C', col-1)
		add('C', col+1)
		add('B', col)
		add('B', col+1)
	}
	return m
}

// mdMirror returns the log's left-right mirror image.
func mdMirror(l Log) Log {
	row, col := mdRowCol(l)
	switch row {
	case 0:
		return Log(6 - col)
	case 1:
		return Log(6 + 7 - col)
	}
	return Log(13 + 6 - col)
}

func mdNames(logs []Log) []string {
	var out []string
	for _, l := range logs {
		out = append(out, l.String())
	}
	return out
}

func mdMaskNames(m uint32) []string {
	var out []string
	for ; m != 0; m &= m - 1 {
		out = append(out, Log(bits.TrailingZeros32(m)).String())
	}
	return out
}

// mdReachable returns the mask of the logs reachable from start (start included), where
// succ[l] is the mask of the logs that l leads to (its arrows, or its exits and lanes).
func mdReachable(succ *[NumLogs]uint32, start Log) uint32 {
	seen := uint32(1) << start
	for changed := true; changed; {
		changed = false
		for m := seen; m != 0; m &= m - 1 {
			if n := succ[bits.TrailingZeros32(m)] &^ seen; n != 0 {
				seen |= n
				changed = true
			}
		}
	}
	return seen
}

func TestParseLogNames(t *testing.T) {
	for l := Log(0); l < NumLogs; l++ {
		got, err := ParseLog(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLog(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
	}
	for _, bad := range []string{"", "A", "A0", "A7", "B0", "B8", "C7", "D1", "a1", "A1 ", " A1", "A10", "B44"} {
		if l, err := ParseLog(bad); err == nil {
			t.Errorf("ParseLog(%q) = %v, want an error", bad, l)
		} else if !strings.Contains(err.Error(), "unknown log") {
			t.Errorf("ParseLog(%q): error %q does not say unknown log", bad, err)
		}
	}
	if NoLog.String() != "-" {
		t.Errorf("NoLog.String() = %q, want -", NoLog.String())
	}
}

func TestDefaultBoardParses(t *testing.T) {
	b, err := ParseBoard(strings.NewReader(DefaultBoardText()))
	if err != nil {
		t.Fatalf("ParseBoard(default): %v", err)
	}
	if b.Name() != "default" {
		t.Errorf("name %q, want default", b.Name())
	}
	if !reflect.DeepEqual(b, DefaultBoard()) {
		t.Errorf("parsing the default board text again gives a different board")
	}
	if Default().Board() != DefaultBoard() {
		t.Errorf("Default().Board() is not DefaultBoard()")
	}
	fromFile, err := LoadBoardFile(filepath.Join("boards", "default.board"))
	if err != nil {
		t.Fatalf("LoadBoardFile: %v", err)
	}
	if !reflect.DeepEqual(fromFile, DefaultBoard()) {
		t.Errorf("boards/default.board loads to a different board than DefaultBoard()")
	}
}

func TestBoardFormatRoundTrip(t *testing.T) {
	boards := map[string]*Board{"default": DefaultBoard()}
	// A variant: the default with the two centre exits written the other way round and
	// the forks' arrows swapped, so that the file order matters.
	variant := strings.NewReplacer(
		"centre B4 A3 A4", "centre B4 A4 A3",
		"arrow A2 A1 B2", "arrow A2 B2 A1",
		"arrow B7 C6 B6", "arrow B7 B6 C6",
		"board default", "board swapped-forks",
	).Replace(DefaultBoardText())
	vb, err := ParseBoard(strings.NewReader(variant))
	if err != nil {
		t.Fatalf("variant: %v", err)
	}
	boards["variant"] = vb
	for name, b := range boards {
		t.Run(name, func(t *testing.T) {
			text := b.Format()
			b2, err := ParseBoard(strings.NewReader(text))
			if err != nil {
				t.Fatalf("Format() does not parse: %v\n%s", err, text)
			}
			if !reflect.DeepEqual(b, b2) {
				t.Errorf("Format() parses to a different board\n%s", text)
			}
			if got := b2.Format(); got != text {
				t.Errorf("Format() is not stable:\n%s\nthen\n%s", text, got)
			}
			for l := Log(0); l < NumLogs; l++ {
				if !reflect.DeepEqual(b.Exits(l), b2.Exits(l)) {
					t.Errorf("%v: exits %v, after Format %v", l, b.Exits(l), b2.Exits(l))
				}
			}
		})
	}
	if got := vb.Exits(mdLog(t, "A2")); got[0] != mdLog(t, "B2") {
		t.Errorf("variant: A2's first exit is %v, want B2 (the file's order)", got[0])
	}
}

// TestDefaultBoardMatchesDocument checks the default board against colony-board.md:
// the neighbours, every arrow in the table and its order, the centre and its lanes, the
// figure eight and the left-right symmetry.
func TestDefaultBoardMatchesDocument(t *testing.T) {
	b := DefaultBoard()
	t.Run("neighbours", func(t *testing.T) {
		steps := 0
		for l := Log(0); l < NumLogs; l++ {
			want := mdNeighbours(l)
			if got := b.Neighbours(l); got != want {
				t.Errorf("neighbours of %v: %v, want %v", l, mdMaskNames(got), mdMaskNames(want))
			}
			if b.Neighbours(l)&(1<<l) != 0 {
				t.Errorf("%v is its own neighbour", l)
			}
			steps += bits.OnesCount32(b.Neighbours(l))
		}
		for _, tc := range []struct {
			log  string
			want int
		}{{"B1", 3}, {"B7", 3}, {"B4", 6}, {"A1", 3}, {"A6", 3}, {"C1", 3}, {"C6", 3}, {"A3", 4}, {"C4", 4}, {"B2", 6}, {"B6", 6}} {
			if got := bits.OnesCount32(b.Neighbours(mdLog(t, tc.log))); got != tc.want {
				t.Errorf("%s has %d neighbours, want %d", tc.log, got, tc.want)
			}
		}
		if b.NumAntSteps() != steps {
			t.Errorf("NumAntSteps() = %d, want %d (the sum of the neighbour counts)", b.NumAntSteps(), steps)
		}
		// Every ant step is numbered once, and AntAction inverts AntStep.
		r := Default()
		seen := map[[2]Log]bool{}
		for e := 0; e < b.NumAntSteps(); e++ {
			f, to := b.AntStep(e)
			if b.Neighbours(f)&(1<<to) == 0 {
				t.Errorf("ant step %d: %v-%v are not neighbours", e, f, to)
			}
			if seen[[2]Log{f, to}] {
				t.Errorf("ant step %v-%v numbered twice", f, to)
			}
			seen[[2]Log{f, to}] = true
			if a, ok := r.AntAction(f, to); !ok || a != AntBase+Action(e) {
				t.Errorf("AntAction(%v, %v) = %d, %v; want %d", f, to, a, ok, AntBase+Action(e))
			}
		}
		if _, ok := r.AntAction(mdLog(t, "A1"), mdLog(t, "C6")); ok {
			t.Errorf("AntAction(A1, C6) is ok for logs that do not touch")
		}
		if _, ok := r.AntAction(NoLog, mdLog(t, "A1")); ok {
			t.Errorf("AntAction(NoLog, A1) is ok")
		}
	})
	t.Run("arrows", func(t *testing.T) {
		if len(mdArrows) != 18 {
			t.Fatalf("the table has %d ordinary logs, want 18", len(mdArrows))
		}
		forks, single := 0, 0
		for name, want := range mdArrows {
			l := mdLog(t, name)
			if b.IsCentre(l) {
				t.Errorf("%s is a centre", name)
			}
			got := mdNames(b.Exits(l))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("arrows of %s: %v, want %v (first = the arrow along the eight)", name, got, want)
			}
			if len(want) == 2 {
				forks++
			} else {
				single++
			}
			// Passing eggs follow the first arrow, wherever they come from.
			for from := Log(0); from < NumLogs; from++ {
				if b.Neighbours(l)&(1<<from) == 0 {
					continue
				}
				if got := b.Next(l, from); got.String() != want[0] {
					t.Errorf("Next(%s, from %v) = %v, want %s", name, from, got, want[0])
				}
			}
		}
		if forks != 4 || single != 14 {
			t.Errorf("%d forks and %d one-arrow logs, want 4 and 14 (the sheet's counts)", forks, single)
		}
	})
	t.Run("centre", func(t *testing.T) {
		c := mdLog(t, mdCentre)
		if !b.IsCentre(c) {
			t.Fatalf("%s is not a centre", mdCentre)
		}
		for l := Log(0); l < NumLogs; l++ {
			if l != c && b.IsCentre(l) {
				t.Errorf("%v is a centre too", l)
			}
		}
		if got := mdNames(b.Exits(c)); !reflect.DeepEqual(got, mdCentreExits) {
			t.Errorf("exits of the centre: %v, want %v", got, mdCentreExits)
		}
		for from, to := range mdLanes {
			if got := b.Next(c, mdLog(t, from)); got.String() != to {
				t.Errorf("eggs entering %s from %s go on to %v, want %s", mdCentre, from, got, to)
			}
		}
		for from := Log(0); from < NumLogs; from++ {
			if _, ok := mdLanes[from.String()]; !ok && b.Next(c, from) != NoLog {
				t.Errorf("the centre has a lane from %v to %v, which the document does not give", from, b.Next(c, from))
			}
		}
	})
	t.Run("eight", func(t *testing.T) {
		// Follow passing eggs from the centre, entered from C3.
		want := strings.Fields(mdEight)
		prev, cur := mdLog(t, "C3"), mdLog(t, "B4")
		got := []string{cur.String()}
		for len(got) < len(want) {
			prev, cur = cur, b.Next(cur, prev)
			got = append(got, cur.String())
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("the eight: %v, want %v", got, want)
		}
		// The eight visits the 14 outer logs once and B4 twice.
		visits := map[string]int{}
		for _, n := range want[:len(want)-1] {
			visits[n]++
		}
		if len(visits) != 15 || visits["B4"] != 2 {
			t.Errorf("the eight visits %d logs (%v), want 15 with B4 twice", len(visits), visits)
		}
	})
	t.Run("symmetry", func(t *testing.T) {
		for l := Log(0); l < NumLogs; l++ {
			m := mdMirror(l)
			if mdMirror(m) != l {
				t.Fatalf("mirror is not an involution at %v", l)
			}
			var mirrored uint32
			for n := b.Neighbours(l); n != 0; n &= n - 1 {
				mirrored |= 1 << mdMirror(Log(bits.TrailingZeros32(n)))
			}
			if mirrored != b.Neighbours(m) {
				t.Errorf("neighbours of %v mirrored are %v, but %v has %v", l, mdMaskNames(mirrored), m, mdMaskNames(b.Neighbours(m)))
			}
			var ex, mex []string
			for _, x := range b.Exits(l) {
				ex = append(ex, mdMirror(x).String())
			}
			mex = mdNames(b.Exits(m))
			if !b.IsCentre(l) && !reflect.DeepEqual(ex, mex) {
				t.Errorf("arrows of %v mirrored are %v, but %v has %v", l, ex, m, mex)
			}
		}
	})
	t.Run("reachable", func(t *testing.T) {
		var succ [NumLogs]uint32
		for l := Log(0); l < NumLogs; l++ {
			for _, x := range b.Exits(l) {
				succ[l] |= 1 << x
			}
			for from := Log(0); from < NumLogs; from++ {
				if to := b.Next(l, from); to != NoLog {
					succ[l] |= 1 << to
				}
			}
		}
		for start := Log(0); start < NumLogs; start++ {
			if seen := mdReachable(&succ, start); seen != allLogs {
				t.Errorf("from %v the arrows miss %v", start, mdMaskNames(allLogs&^seen))
			}
		}
	})
}

// badBoardText edits the default board file: each old line is replaced by its new text
// ("" deletes it); a new text of "+X" keeps the old line and puts X after it.
func badBoardText(t testing.TB, edits ...string) string {
	t.Helper()
	text := DefaultBoardText()
	for i := 0; i < len(edits); i += 2 {
		old, repl := edits[i], edits[i+1]
		if !strings.Contains(text, old+"\n") && !strings.HasSuffix(text, old) {
			t.Fatalf("the default board has no line %q", old)
		}
		switch {
		case repl == "":
			text = strings.Replace(text, old+"\n", "", 1)
			if strings.HasSuffix(text, old) {
				text = strings.TrimSuffix(text, old)
			}
		case strings.HasPrefix(repl, "+"):
			text = strings.Replace(text, old, old+"\n"+repl[1:], 1)
		default:
			text = strings.Replace(text, old, repl, 1)
		}
	}
	return text
}

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		name string
		text func(t testing.TB) string
		// line is the line the message must name ("line N"); "" when the problem is on no
		// single line.
		line string
		want []string
	}{
		{
			name: "unknown log",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A1 B1", "arrow A1 B9") },
			line: "arrow A1 B9", want: []string{"unknown log", `"B9"`},
		},
		{
			name: "unknown log in neighbours",
			text: func(t testing.TB) string { return badBoardText(t, "neighbours A1 A2 B1 B2", "neighbours A1 A2 B1 D2") },
			line: "neighbours A1 A2 B1 D2", want: []string{"unknown log", `"D2"`},
		},
		{
			name: "unknown directive",
			text: func(t testing.TB) string { return badBoardText(t, "arrow C1 C2", "arow C1 C2") },
			line: "arow C1 C2", want: []string{"unknown directive", `"arow"`},
		},
		{
			name: "arrow to a non-neighbour",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A1 B1", "arrow A1 C1") },
			line: "arrow A1 C1", want: []string{"A1 -> C1", "not a neighbour"},
		},
		{
			name: "dead end",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A6 B7", "") },
			want: []string{"A6", "dead end"},
		},
		{
			name: "unreachable log",
			// Only A2 leads to A1.
			text: func(t testing.TB) string { return badBoardText(t, "arrow A2 A1 B2", "arrow A2 B2") },
			want: []string{"A1", "unreachable"},
		},
		{
			name: "centre entry without a lane",
			text: func(t testing.TB) string { return badBoardText(t, "lane B4 C3 A4", "") },
			line: "arrow C3 B4", want: []string{"C3 leads into the centre B4", "no lane from C3"},
		},
		{
			name: "asymmetric neighbours",
			text: func(t testing.TB) string {
				return badBoardText(t, "neighbours A1 A2 B1 B2", "neighbours A1 A2 B1 B2 A3")
			},
			line: "neighbours A1 A2 B1 B2 A3", want: []string{"A1 lists A3 as a neighbour", "does not list A1"},
		},
		{
			name: "asymmetric neighbours, missing back",
			text: func(t testing.TB) string { return badBoardText(t, "neighbours A1 A2 B1 B2", "neighbours A1 A2 B1") },
			line: "neighbours B2 B1 B3 A1 A2 C1 C2", want: []string{"B2 lists A1 as a neighbour", "does not list B2"},
		},
		{
			name: "duplicate arrow line",
			text: func(t testing.TB) string { return badBoardText(t, "arrow C2 C3", "+arrow C2 C3") },
			line: "arrow C2 C3#2", want: []string{"arrows of C2 given twice"},
		},
		{
			name: "fork with 3 arrows",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A2 A1 B2", "arrow A2 A1 B2 B3") },
			line: "arrow A2 A1 B2 B3", want: []string{"one arrow or two", "A2 has 3"},
		},
		{
			name: "missing board line",
			text: func(t testing.TB) string { return badBoardText(t, "board default", "") },
			want: []string{"no board line"},
		},
		{
			name: "second board line",
			text: func(t testing.TB) string { return badBoardText(t, "board default", "+board other") },
			line: "board other", want: []string{"second board line"},
		},
		{
			name: "bad board name",
			text: func(t testing.TB) string { return badBoardText(t, "board default", "board my/board") },
			line: "board my/board", want: []string{"board name"},
		},
		{
			name: "neighbours given twice",
			text: func(t testing.TB) string { return badBoardText(t, "neighbours C6 C5 B6 B7", "+neighbours C6 C5 B6 B7") },
			line: "neighbours C6 C5 B6 B7#2", want: []string{"neighbours of C6 given twice"},
		},
		{
			name: "missing neighbours line",
			text: func(t testing.TB) string { return badBoardText(t, "neighbours C6 C5 B6 B7", "") },
			want: []string{"C6", "no neighbours line"},
		},
		{
			name: "arrow to itself",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A1 B1", "arrow A1 A1") },
			line: "arrow A1 A1", want: []string{"refers to itself"},
		},
		{
			name: "fork to the same log twice",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A2 A1 B2", "arrow A2 A1 A1") },
			line: "arrow A2 A1 A1", want: []string{"listed twice"},
		},
		{
			name: "arrow without a log",
			text: func(t testing.TB) string { return badBoardText(t, "arrow A1 B1", "arrow A1") },
			line: "arrow A1", want: []string{"one arrow or two", "A1 has 0"},
		},
		{
			name: "lane on a log that is not a centre",
			text: func(t testing.TB) string { return badBoardText(t, "lane B4 C3 A4", "+lane C2 C1 C3") },
			line: "lane C2 C1 C3", want: []string{"not a centre"},
		},
		{
			name: "lane from a non-neighbour",
			text: func(t testing.TB) string { return badBoardText(t, "lane B4 C3 A4", "+lane B4 A1 A4") },
			line: "lane B4 A1 A4", want: []string{"A1 is not a neighbour of B4"},
		},
		{
			name: "lane given twice",
			text: func(t testing.TB) string { return badBoardText(t, "lane B4 C3 A4", "+lane B4 C3 A3") },
			line: "lane B4 C3 A3", want: []string{"lane of B4 from C3 given twice"},
		},
		{
			name: "lane with a missing log",
			text: func(t testing.TB) string { return badBoardText(t, "lane B4 C3 A4", "lane B4 C3") },
			line: "lane B4 C3", want: []string{"lane takes"},
		},
		{
			name: "centre with arrows",
			text: func(t testing.TB) string { return badBoardText(t, "centre B4 A3 A4", "+arrow B4 A3") },
			line: "arrow B4 A3", want: []string{"B4 is a centre"},
		},
		{
			name: "centre to a non-neighbour",
			text: func(t testing.TB) string { return badBoardText(t, "centre B4 A3 A4", "centre B4 A3 A5") },
			line: "centre B4 A3 A5", want: []string{"B4 -> A5", "not a neighbour"},
		},
		{
			name: "too many neighbours",
			text: func(t testing.TB) string {
				return badBoardText(t, "neighbours B4 B3 B5 A3 A4 C3 C4", "neighbours B4 B3 B5 A3 A4 C3 C4 A2")
			},
			line: "neighbours B4 B3 B5 A3 A4 C3 C4 A2", want: []string{"1 to 6 neighbours"},
		},
		{
			name: "empty file",
			text: func(t testing.TB) string { return "" },
			want: []string{"no board line"},
		},
		{
			name: "only a board line",
			text: func(t testing.TB) string { return "board x\n" },
			want: []string{"A1", "no neighbours line"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.text(t)
			b, err := ParseBoard(strings.NewReader(text))
			if err == nil {
				t.Fatalf("ParseBoard accepted the board (%q)\n%s", b.Name(), text)
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
			if tc.line != "" {
				line, nth := tc.line, 1
				if i := strings.IndexByte(line, '#'); i >= 0 {
					line, nth = line[:i], int(line[i+1]-'0')
				}
				n := 0
				for i, l := range strings.Split(text, "\n") {
					if l == line {
						if nth--; nth == 0 {
							n = i + 1
							break
						}
					}
				}
				if n == 0 {
					t.Fatalf("test bug: no line %q", tc.line)
				}
				if !strings.HasPrefix(msg, fmt.Sprintf("line %d: ", n)) {
					t.Errorf("error %q does not start with \"line %d: \" (the line %q)", msg, n, line)
				}
			} else if strings.HasPrefix(msg, "line ") {
				t.Errorf("error %q names a line for a problem of the whole board", msg)
			}
		})
	}
}

func TestLoadBoardFile(t *testing.T) {
	tests := []struct {
		file string
		line int // the line the message names, or 0
		want string
	}{
		{"testdata/bad_fork3.board", 9, "one arrow or two"},
		{"testdata/bad_no_lane.board", 39, "C4 leads into the centre B4"},
		{"testdata/bad_asymmetric.board", 8, "C3 lists A1 as a neighbour"},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			_, err := LoadBoardFile(tc.file)
			if err == nil {
				t.Fatalf("LoadBoardFile(%s) accepted the board", tc.file)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.file) {
				t.Errorf("error %q does not name the file", msg)
			}
			if !strings.Contains(msg, tc.want) {
				t.Errorf("error %q does not contain %q", msg, tc.want)
			}
			if tc.line > 0 && !strings.Contains(msg, fmt.Sprintf("line %d: ", tc.line)) {
				t.Errorf("error %q does not name line %d", msg, tc.line)
			}
		})
	}
	t.Run("good variant", func(t *testing.T) {
		b, err := LoadBoardFile("testdata/mirror.board")
		if err != nil {
			t.Fatal(err)
		}
		if b.Name() != "mirror" {
			t.Errorf("name %q", b.Name())
		}
		// The mirror board is the default board mirrored left to right, which is the
		// default board with its centre exits and fork arrows in another file order.
		d := DefaultBoard()
		for l := Log(0); l < NumLogs; l++ {
			if b.Neighbours(l) != d.Neighbours(l) {
				t.Errorf("%v: neighbours differ", l)
			}
			for from := Log(0); from < NumLogs; from++ {
				if d.Neighbours(l)&(1<<from) != 0 && b.Next(l, from) != d.Next(l, from) {
					t.Errorf("Next(%v, %v) = %v, default %v", l, from, b.Next(l, from), d.Next(l, from))
				}
			}
		}
		r, err := NewRules(b, DefaultSowingCap, DefaultTurnCap)
		if err != nil {
			t.Fatal(err)
		}
		if r.Name() != "colony:board=mirror" {
			t.Errorf("rule set name %q", r.Name())
		}
	})
	t.Run("missing file", func(t *testing.T) {
		_, err := LoadBoardFile(filepath.Join(t.TempDir(), "none.board"))
		if err == nil || !strings.Contains(err.Error(), "board file") {
			t.Errorf("LoadBoardFile(missing) = %v", err)
		}
		if _, statErr := os.Stat("testdata"); statErr != nil {
			t.Errorf("testdata: %v", statErr)
		}
	})
}

// TestPlayoutTables checks the two facts about the board's tables that let
// RandomPlayout go without branches: the lap of no eggs (one egg in hand) adds
// nothing and stays on its arc, and a log of one exit has that exit's arc as its only
// direction, the arc a lap from it takes (Board.firstArc).
func TestPlayoutTables(t *testing.T) {
	b := Default().Board()
	for a := range b.arcTo {
		if got := b.laps[0][a]; got != (lap{next: uint8(a)}) {
			t.Errorf("arc %d: the empty lap is %+v, want nothing added and next %d", a, got, a)
		}
	}
	for l := Log(0); l < NumLogs; l++ {
		if b.exitCount[l] == 1 && b.dirArcs[l][0] != b.firstArc[l] {
			t.Errorf("%v: direction arc %d, first arc %d", l, b.dirArcs[l][0], b.firstArc[l])
		}
		want := uint64(b.exitCount[l])<<56 | uint64(int(l)*b.slotWidth)<<48
		for i, a := range b.dirArcs[l][:b.exitCount[l]] {
			want |= uint64(a) << (8 * i)
		}
		if b.dirWord[l] != want {
			t.Errorf("%v: dirWord %#x, want %#x", l, b.dirWord[l], want)
		}
	}
	// runs[k*len(arcTo)+a] is laps[k][a] without the hash, with the last egg's log and
	// the eggs the lap itself puts there.
	if len(b.runs) != TotalEggs*len(b.arcTo) {
		t.Fatalf("%d runs, want %d", len(b.runs), TotalEggs*len(b.arcTo))
	}
	for k := 0; k < TotalEggs; k++ {
		for a := range b.arcTo {
			l, got := b.laps[k][a], b.runs[k*len(b.arcTo)+a]
			var s State
			s.dropLap(&l)
			last := b.arcTo[l.next]
			want := run{eggs: l.eggs, filled: l.filled, next: l.next, last: last, onLast: s.eggs[last]}
			if got != want {
				t.Fatalf("run of %d eggs from arc %d: %+v, want %+v", k, a, got, want)
			}
		}
		for l := Log(0); l < NumLogs; l++ {
			for i, a := range b.dirArcs[l][:b.exitCount[l]] {
				if got, want := b.starts[k*b.startRow+int(l)*b.slotWidth+i], b.runs[k*len(b.arcTo)+int(a)]; got != want {
					t.Fatalf("start of %d eggs from %v by exit %d: %+v, want %+v", k, l, i, got, want)
				}
			}
		}
	}
}

// TestSelectBit compares selectBit with a loop over the bits for every log mask and
// every k below its number of logs.
func TestSelectBit(t *testing.T) {
	for m := uint32(0); m <= allLogs; m++ {
		k := 0
		for l := 0; l < NumLogs; l++ {
			if m&(1<<l) == 0 {
				continue
			}
			if got := selectBit(m, k); got != l {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", m, k, got, l)
			}
			k++
		}
	}
}
