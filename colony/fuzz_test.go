package colony

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// fuzzMoves hands out move buffers (a MoveList is too big to allocate per input).
var fuzzMoves = sync.Pool{New: func() any { return make([]Move, MaxMoves) }}

// fuzzPositions are seeds for FuzzParsePosition, also the positions of FuzzParseMove.
func fuzzPositions() []string {
	seeds := []string{StartPosition, posNoAnt, posAnts, posBoxed, posOver}
	for _, p := range invPerftPositions {
		seeds = append(seeds, p.pos)
	}
	r := Default()
	rng := rand.NewPCG(3, 4)
	s := r.Start()
	for !s.Over() {
		if s.Phase() == PhaseSelect && s.Turn()%25 == 0 {
			seeds = append(seeds, s.String())
		}
		r.Apply(&s, r.RandomAction(&s, rng))
	}
	return append(seeds, s.String())
}

// playChecked plays up to n random decisions from s, checking every state and step.
func playChecked(t *testing.T, r *Rules, s State, rng *rand.PCG, n int) {
	t.Helper()
	for i := 0; i < n && !s.Over(); i++ {
		prev := s
		a := r.RandomAction(&s, rng)
		if !r.IsLegal(&prev, a) {
			t.Fatalf("RandomAction gave the illegal %q in %s", r.ActionString(a), prev.String())
		}
		r.Apply(&s, a)
		if err := invCheckState(r, &s); err != nil {
			t.Fatalf("after %q from %s (phase %v): %v", r.ActionString(a), prev.String(), prev.Phase(), err)
		}
		if err := invCheckStep(r, &prev, a, &s); err != nil {
			t.Fatalf("after %q from %s (phase %v): %v", r.ActionString(a), prev.String(), prev.Phase(), err)
		}
	}
}

// fuzzLegalMoves puts the legal turns of s, the position written text, in ml and
// returns their number and LegalMoves' error. It fails t unless LegalMoves succeeds or
// stops at a limit of the move generator (ErrTooManyMoves, ErrMoveTooLong: then the
// list may be short), and unless it finds a turn in a game that is not over.
func fuzzLegalMoves(t *testing.T, r *Rules, s *State, text string, ml []Move) (int, error) {
	t.Helper()
	n, err := r.LegalMoves(s, ml)
	if err != nil && !errors.Is(err, ErrTooManyMoves) && !errors.Is(err, ErrMoveTooLong) {
		t.Fatalf("LegalMoves: %v", err)
	}
	if err == nil && !s.Over() && n == 0 {
		t.Fatalf("%q: not over, but no legal turn", text)
	}
	return n, err
}

// fuzzCheckSampledMoves applies a sample of moves, turns of s (every k-th, k =
// max(1, len(moves)/16): some 16 of them), each to a copy of s, and fails t unless the
// turn ends and the invariants hold; desc names s in the messages. check, if not nil,
// is called with every sampled turn for further checks.
func fuzzCheckSampledMoves(t *testing.T, r *Rules, s *State, moves []Move, desc string, check func(m Move)) {
	t.Helper()
	n := len(moves)
	for i, m := range moves {
		if i%max(1, n/16) != 0 {
			continue
		}
		c := *s
		r.ApplyMove(&c, m)
		if !invMoveFinished(&c) {
			t.Fatalf("%s: after %s the turn has not ended (phase %v)", desc, m.String(), c.Phase())
		}
		if err := invCheckState(r, &c); err != nil {
			t.Fatalf("%s: after %s: %v", desc, m.String(), err)
		}
		if check != nil {
			check(m)
		}
	}
}

// FuzzParsePosition: ParsePosition never panics; a position it accepts writes back to
// the same text, keeps the invariants, and its turns and a few random decisions keep
// them too.
func FuzzParsePosition(f *testing.F) {
	for _, p := range fuzzPositions() {
		f.Add(p)
	}
	for _, p := range []string{
		"",
		"eggs=3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
		"eggs=57.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
		"eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A1,A2,A3,A4,A5,A6 black=C1,C2,C3,C4,C5,C6 hand=0,0 store=57,0 move=black ants=mandatory turn=60000",
		"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=A1,A1 black=- hand=4,6 store=0,0 move=red ants=optional turn=1",
		"eggs=03.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1",
		"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=green ants=optional turn=1",
	} {
		f.Add(p)
	}
	r := Default()
	f.Fuzz(func(t *testing.T, text string) {
		s, err := r.ParsePosition(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParsePosition(%q): empty error", text)
			}
			return
		}
		if got := s.String(); got != text {
			t.Fatalf("ParsePosition(%q).String() = %q", text, got)
		}
		if err := invCheckState(r, &s); err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if !s.Over() && s.Phase() != PhaseSelect {
			t.Fatalf("ParsePosition(%q): phase %v", text, s.Phase())
		}
		if s.Over() && s.EndReason() == NoAntCanMove {
			t.Fatalf("ParsePosition(%q): ended by %v between turns", text, s.EndReason())
		}
		ml := fuzzMoves.Get().([]Move)
		defer fuzzMoves.Put(ml)
		n, _ := fuzzLegalMoves(t, r, &s, text, ml)
		fuzzCheckSampledMoves(t, r, &s, ml[:n], fmt.Sprintf("%q", text), nil)
		playChecked(t, r, s, rand.NewPCG(uint64(len(text)), s.Hash()), 60)
	})
}

// FuzzParseMove: ParseMove never panics, in the start position and a middlegame; a move
// it accepts is one of LegalMoves, writes back to the same text, passes CheckMove and
// ends the turn; and every legal turn's text is accepted.
func FuzzParseMove(f *testing.F) {
	r := Default()
	type position struct {
		s     State
		legal map[string]bool
	}
	var positions []position
	ml := make([]Move, MaxMoves)
	for _, p := range []string{StartPosition, invPerftPositions[0].pos, invPerftPositions[2].pos} {
		s, err := r.ParsePosition(p)
		if err != nil {
			f.Fatal(err)
		}
		n, err := r.LegalMoves(&s, ml)
		if err != nil {
			f.Fatal(err)
		}
		legal := map[string]bool{}
		for i, m := range ml[:n] {
			legal[m.String()] = true
			if i%7 == 0 {
				f.Add(m.String())
			}
		}
		positions = append(positions, position{s, legal})
	}
	for _, m := range []string{
		"", "C1", "C1/B4-A4", "A2>B2", "A2>A1", "B4>A3", "B4>A4/B4-A4", "A1>", "/B4-A4", "C1/B4", "C1/B4-Z9",
		"A2>B3", "A2", "A1>B1", "C1/B4-B4", "C1/", "C1/B4-A4/A4-A5", "A2>>B2", "B4>A3>A4>A3>A4",
		"c1", "C1 ", " C1", "C1/B4-A4 ", "Z9", "B8", "A0", "A2>B2/C3-C2", "C6/B4-C4",
	} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range positions {
			s := p.s
			m, err := r.ParseMove(&s, text)
			if s != p.s {
				t.Fatalf("ParseMove(%q) changed the state", text)
			}
			if (err == nil) != p.legal[text] {
				t.Fatalf("ParseMove(%q) in %s: error %v, but legal=%v", text, s.String(), err, p.legal[text])
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "move ") {
					t.Fatalf("ParseMove(%q): error %q does not start with the move", text, err)
				}
				continue
			}
			if m.String() != text {
				t.Fatalf("ParseMove(%q).String() = %q", text, m.String())
			}
			m2, err := r.ParseMove(&s, m.String())
			if err != nil || m2 != m {
				t.Fatalf("ParseMove(%q) again = %+v, %v; first %+v", m.String(), m2, err, m)
			}
			if err := r.CheckMove(&s, m); err != nil {
				t.Fatalf("CheckMove(%q): %v", text, err)
			}
			c := s
			r.ApplyMove(&c, m)
			if !invMoveFinished(&c) {
				t.Fatalf("after %q the turn has not ended (phase %v)", text, c.Phase())
			}
			if err := invCheckState(r, &c); err != nil {
				t.Fatalf("after %q: %v", text, err)
			}
		}
	})
}

// FuzzParseBoard: ParseBoard never panics; a board it accepts keeps its promises
// (symmetric neighbours, arrows to neighbours, no dead end, every log reachable), its
// Format re-parses to the same board and Format, and a short random game on it keeps
// the invariants.
func FuzzParseBoard(f *testing.F) {
	f.Add(DefaultBoardText())
	f.Add(DefaultBoard().Format())
	for _, name := range []string{"mirror.board", "bad_fork3.board", "bad_no_lane.board", "bad_asymmetric.board"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, edits := range [][]string{
		{"arrow A1 B1", "arrow A1 C1"},
		{"arrow A6 B7", ""},
		{"lane B4 C3 A4", ""},
		{"arrow A2 A1 B2", "arrow A2 B2"},
		{"centre B4 A3 A4", "centre B4 A3 A4 B3 B5 C3"},
		{"arrow C3 B4", "arrow C3 B4 C2"},
		{"board default", "board x\r"},
	} {
		f.Add(badBoardText(f, edits...))
	}
	f.Add("board b\nneighbours A1 A2\n")
	f.Add("# only a comment")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBoard(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error")
			}
			return
		}
		var succ [NumLogs]uint32
		for l := Log(0); l < NumLogs; l++ {
			nb := b.Neighbours(l)
			if nb&^allLogs != 0 || nb&(1<<l) != 0 || nb == 0 {
				t.Fatalf("neighbours of %v: %#x", l, nb)
			}
			for m := nb; m != 0; m &= m - 1 {
				if n := Log(bits.TrailingZeros32(m)); b.Neighbours(n)&(1<<l) == 0 {
					t.Fatalf("%v touches %v, but not the other way", l, n)
				}
			}
			if len(b.Exits(l)) == 0 {
				t.Fatalf("%v has no exit", l)
			}
			for _, x := range b.Exits(l) {
				if nb&(1<<x) == 0 {
					t.Fatalf("%v -> %v: not a neighbour", l, x)
				}
				succ[l] |= 1 << x
			}
			for from := Log(0); from < NumLogs; from++ {
				to := b.Next(l, from)
				if !b.IsCentre(l) && to != b.Exits(l)[0] {
					t.Fatalf("Next(%v, %v) = %v, not the first arrow", l, from, to)
				}
				if to != NoLog {
					if nb&(1<<to) == 0 {
						t.Fatalf("Next(%v, %v) = %v: not a neighbour", l, from, to)
					}
					succ[l] |= 1 << to
				}
			}
		}
		// Every way into a centre has a lane.
		for l := Log(0); l < NumLogs; l++ {
			for m := succ[l]; m != 0; m &= m - 1 {
				if c := Log(bits.TrailingZeros32(m)); b.IsCentre(c) && b.Next(c, l) == NoLog {
					t.Fatalf("%v leads into the centre %v, which has no lane from it", l, c)
				}
			}
		}
		for start := Log(0); start < NumLogs; start++ {
			if seen := mdReachable(&succ, start); seen != allLogs {
				t.Fatalf("from %v the arrows miss %v", start, mdMaskNames(allLogs&^seen))
			}
		}
		out := b.Format()
		b2, err := ParseBoard(strings.NewReader(out))
		if err != nil {
			t.Fatalf("Format() does not parse: %v\n%s", err, out)
		}
		if again := b2.Format(); again != out {
			t.Fatalf("Format() changes when re-parsed:\n%s\nthen\n%s", out, again)
		}
		if !reflect.DeepEqual(b, b2) {
			t.Fatalf("Format() re-parses to a different board\n%s", out)
		}
		// A short game on the board, with small caps so that it stays quick.
		r, err := NewRules(b, 200, 12)
		if err != nil {
			t.Fatal(err)
		}
		s := r.Start()
		playChecked(t, r, s, rand.NewPCG(uint64(len(text)), 1), 400)
	})
}

// fuzzReader returns a function that hands out the bytes of data one by one, as ints,
// and 0 once they have run out.
func fuzzReader(data []byte) func() int {
	return func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
}

// fuzzPosition builds a valid position line from fuzz bytes (0 once they run out): the
// eggs of each log, the stores, an ant or none on each log, the side to move, the
// mandatory flag and the turn. It also picks the rules: the default, or small caps.
func fuzzPosition(data []byte) (*Rules, string, error) {
	next := fuzzReader(data)
	var sb strings.Builder
	sb.WriteString("eggs=")
	left := TotalEggs
	for l := 0; l < NumLogs; l++ {
		if l > 0 {
			if l == 6 || l == 13 {
				sb.WriteByte('/')
			} else {
				sb.WriteByte('.')
			}
		}
		e := min(next()%16, left)
		left -= e
		sb.WriteString(itoa(e))
	}
	redStore := next() % (left + 1)
	var ants [2][]string
	for l := Log(0); l < NumLogs; l++ {
		switch v := next() % 8; {
		case v == 0 && len(ants[Red]) < AntsPerSide:
			ants[Red] = append(ants[Red], l.String())
		case v == 1 && len(ants[Black]) < AntsPerSide:
			ants[Black] = append(ants[Black], l.String())
		}
	}
	for c := Red; c <= Black; c++ {
		sb.WriteString(" " + c.String() + "=")
		if len(ants[c]) == 0 {
			sb.WriteString("-")
		}
		sb.WriteString(strings.Join(ants[c], ","))
	}
	sb.WriteString(" hand=" + itoa(AntsPerSide-len(ants[Red])) + "," + itoa(AntsPerSide-len(ants[Black])))
	sb.WriteString(" store=" + itoa(redStore) + "," + itoa(left-redStore))
	sb.WriteString(" move=" + Color(next()&1).String())
	if next()&1 == 0 {
		sb.WriteString(" ants=optional")
	} else {
		sb.WriteString(" ants=mandatory")
	}
	sb.WriteString(" turn=" + itoa(1+next()%200))
	r := Default()
	if v := next(); v%4 == 3 {
		var err error
		if r, err = NewRules(DefaultBoard(), 1+next()%40, 1+next()%250); err != nil {
			return nil, "", err
		}
	}
	return r, sb.String(), nil
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// FuzzRandomPosition plays from valid positions built from fuzz bytes (ParsePosition
// alone rarely sees one): the turns of the position and random decisions from it keep
// the invariants, with the default rules or small sowing and turn caps.
func FuzzRandomPosition(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0})
	f.Add([]byte("the colony: a mancala game of antlike proportions"))
	f.Add([]byte{15, 15, 15, 15, 15, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 1, 1, 9, 3, 5, 7})
	f.Add([]byte{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 9, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 7, 3, 2, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, text, err := fuzzPosition(data)
		if err != nil {
			t.Fatal(err)
		}
		s, err := r.ParsePosition(text)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if got := s.String(); got != text {
			t.Fatalf("ParsePosition(%q).String() = %q", text, got)
		}
		if err := invCheckState(r, &s); err != nil {
			t.Fatalf("%s (%v): %v", text, r, err)
		}
		ml := fuzzMoves.Get().([]Move)
		defer fuzzMoves.Put(ml)
		n, err := fuzzLegalMoves(t, r, &s, text, ml)
		if err == nil && r.Perft(&s, 1) != uint64(n) {
			t.Fatalf("%q (%v): Perft(1) = %d, LegalMoves %d", text, r, r.Perft(&s, 1), n)
		}
		fuzzCheckSampledMoves(t, r, &s, ml[:n], fmt.Sprintf("%q (%v)", text, r), func(m Move) {
			if cm := r.CheckMove(&s, m); cm != nil {
				t.Fatalf("%q: CheckMove(%s): %v", text, m.String(), cm)
			}
		})
		playChecked(t, r, s, rand.NewPCG(uint64(len(data)), s.Hash()), 200)
	})
}

// fuzzBoard builds a board file from fuzz bytes: the hex neighbours of the default
// board, one or two arrows a log (or a centre with up to six exits and a lane from every
// neighbour), all to neighbours. Many such boards are refused (a log no arrow reaches);
// the others are played on.
func fuzzBoard(data []byte) string {
	next := fuzzReader(data)
	var sb strings.Builder
	sb.WriteString("board fuzz\n")
	var nbrs [NumLogs][]Log
	for l := Log(0); l < NumLogs; l++ {
		sb.WriteString("neighbours " + l.String())
		for m := mdNeighbours(l); m != 0; m &= m - 1 {
			n := Log(bits.TrailingZeros32(m))
			nbrs[l] = append(nbrs[l], n)
			sb.WriteString(" " + n.String())
		}
		sb.WriteString("\n")
	}
	for l := Log(0); l < NumLogs; l++ {
		v := next()
		nb := nbrs[l]
		pick := func(k int) []Log { // k distinct neighbours, starting at a chosen one
			var out []Log
			i := next()
			for j := 0; j < k && j < len(nb); j++ {
				out = append(out, nb[(i+j)%len(nb)])
			}
			return out
		}
		switch {
		case v%8 == 7: // a centre
			sb.WriteString("centre " + l.String())
			for _, x := range pick(1 + next()%len(nb)) {
				sb.WriteString(" " + x.String())
			}
			sb.WriteString("\n")
			for i, from := range nb {
				to := nb[(i+1+next()%(len(nb)-1+1))%len(nb)]
				if to == from {
					to = nb[(i+1)%len(nb)]
				}
				sb.WriteString("lane " + l.String() + " " + from.String() + " " + to.String() + "\n")
			}
		default:
			sb.WriteString("arrow " + l.String())
			for _, x := range pick(1 + v%2) {
				sb.WriteString(" " + x.String())
			}
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

// FuzzRandomBoard plays on boards built from fuzz bytes (see fuzzBoard): a board
// ParseBoard accepts must round-trip through Format and keep the invariants in play.
func FuzzRandomBoard(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37})
	f.Add([]byte("the colony: 19 logs, 14 with one arrow, 4 with two, 1 centre log"))
	f.Add([]byte{7, 1, 2, 1, 1, 1, 1, 1, 7, 3, 1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 3, 1, 5, 1, 7, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Fuzz(fuzzRandomBoardBody)
}

func fuzzRandomBoardBody(t *testing.T, data []byte) {
	{
		text := fuzzBoard(data)
		b, err := ParseBoard(strings.NewReader(text))
		if err != nil {
			return
		}
		out := b.Format()
		b2, err := ParseBoard(strings.NewReader(out))
		if err != nil || b2.Format() != out || !reflect.DeepEqual(b, b2) {
			t.Fatalf("Format() does not round-trip (%v)\n%s", err, out)
		}
		r, err := NewRules(b, 300, 30)
		if err != nil {
			t.Fatal(err)
		}
		ml := fuzzMoves.Get().([]Move)
		defer fuzzMoves.Put(ml)
		s := r.Start()
		for i := 0; i < 8 && !s.Over(); i++ {
			n, err := r.LegalMoves(&s, ml)
			if err != nil && !errors.Is(err, ErrTooManyMoves) && !errors.Is(err, ErrMoveTooLong) {
				t.Fatal(err)
			}
			if err == nil && r.Perft(&s, 1) != uint64(n) {
				t.Fatalf("Perft(1) = %d, LegalMoves %d", r.Perft(&s, 1), n)
			}
			for _, m := range ml[:n] {
				c := s
				r.ApplyMove(&c, m)
				if err := invCheckState(r, &c); err != nil || !invMoveFinished(&c) {
					t.Fatalf("after %s from %s: %v (phase %v)\n%s", m.String(), s.String(), err, c.Phase(), out)
				}
			}
			if n == 0 {
				break
			}
			r.ApplyMove(&s, ml[int(s.Hash()%uint64(n))])
		}
		playChecked(t, r, r.Start(), rand.NewPCG(uint64(len(data)), 9), 300)
	}
}
