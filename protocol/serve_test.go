package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// testWait bounds every wait of the tests: generous, so that only a hang fails it.
const testWait = 20 * time.Second

// fakeHandler is a Handler for tests: it plays Turn at once (or, with Block, when its
// search is stopped), after an info line.
type fakeHandler struct {
	ID      Identity
	Turn    string
	Block   bool          // search until stopped
	Err     error         // Search's error
	GameErr error         // NewGame's error
	Info    []Info        // the info lines to send (default: depth 1 and the turn)
	Delay   time.Duration // how long a search takes at least

	mu       sync.Mutex
	options  map[string]string
	games    []string
	searches []Position
}

func (h *fakeHandler) Identity() Identity {
	if h.ID.Name == "" {
		return Identity{Name: "Fake", Options: []Option{{Name: "seed", Type: IntOption, Default: "1", Min: "0", Max: "9"}}}
	}
	return h.ID
}

func (h *fakeHandler) SetOption(name, value string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.options == nil {
		h.options = map[string]string{}
	}
	h.options[name] = value
	return nil
}

func (h *fakeHandler) NewGame(game string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.games = append(h.games, game)
	return h.GameErr
}

func (h *fakeHandler) Search(ctx context.Context, pos Position, limits Limits, info func(Info)) (string, error) {
	h.mu.Lock()
	h.searches = append(h.searches, pos)
	h.mu.Unlock()
	lines := h.Info
	if lines == nil {
		lines = []Info{{Depth: 1, PV: []string{h.Turn}}}
	}
	for _, in := range lines {
		info(in)
	}
	if h.Block {
		<-ctx.Done()
	}
	if h.Delay > 0 {
		time.Sleep(h.Delay)
	}
	return h.Turn, h.Err
}

// serveSession runs Serve over pipes: send writes a command line, recv reads a
// reply line (failing the test after testWait), done has Serve's result.
type serveSession struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan string
	done   chan error
	cancel context.CancelFunc
}

func startServe(t *testing.T, h Handler) *serveSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serveSession{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1), cancel: cancel}
	go func() {
		err := Serve(ctx, inR, outW, h)
		outW.Close()
		s.done <- err
	}()
	go func() {
		br := bufio.NewReader(outR)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				close(s.lines)
				return
			}
			s.lines <- strings.TrimSuffix(line, "\n")
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
	})
	return s
}

func (s *serveSession) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

func (s *serveSession) recv() string {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatal("the output ended")
		}
		return line
	case <-time.After(testWait):
		s.t.Fatal("no reply")
	}
	return ""
}

// expect reads the lines want, in order.
func (s *serveSession) expect(want ...string) {
	s.t.Helper()
	for _, w := range want {
		if got := s.recv(); got != w {
			s.t.Fatalf("got %q, want %q", got, w)
		}
	}
}

// ended waits for Serve's end and returns its error.
// handshake sends mep and expects the fake handler's identity.
func (s *serveSession) handshake() {
	s.t.Helper()
	s.send("mep 1")
	s.expect("id name Fake", "option name seed type int default 1 min 0 max 9", "mepok 1")
}

func (s *serveSession) ended() error {
	s.t.Helper()
	select {
	case err := <-s.done:
		return err
	case <-time.After(testWait):
		s.t.Fatal("Serve did not return")
	}
	return nil
}

// TestServeScripts runs scripts of commands ("> ") and the replies they get ("< ").
func TestServeScripts(t *testing.T) {
	long := strings.Repeat("x", MaxLine+1)
	tests := []struct {
		name   string
		h      *fakeHandler
		script []string
	}{
		{"handshake", &fakeHandler{ID: Identity{Name: "E 1.0", Author: "Jane Doe", Games: []string{"kalah", "oware"},
			Options: []Option{{Name: "Book", Type: StringOption}, {Name: "Style", Type: ComboOption, Default: "a", Vars: []string{"a", "b"}}}}},
			[]string{"> mep 3", "< id name E 1.0", "< id author Jane Doe", "< option name Book type string default <empty>",
				"< option name Style type combo default a var a var b", "< games kalah oware", "< mepok 1"}},
		{"before mep", &fakeHandler{}, []string{"> isready", "< error isready before mep", "> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1", "> isready", "< readyok"}},
		{"options", &fakeHandler{}, []string{"> mep 1", "< id name Fake", "< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> setoption name Hash value 64", `< error unknown option "Hash" (it declares seed)`,
			"> setoption name seed value 10", "< error option seed: 10 is out of its range 0 to 9",
			"> setoption name seed value 3", "> isready", "< readyok"}},
		{"games", &fakeHandler{ID: Identity{Name: "E", Games: []string{"kalah"}}}, []string{"> mep 1", "< id name E", "< games kalah", "< mepok 1",
			"> newgame oware", "< error unsupported game oware", "> newgame kalah:6x4", "> isready", "< readyok"}},
		{"refused game", &fakeHandler{GameErr: fmt.Errorf("%w: no", ErrUnsupportedGame)}, []string{"> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1", "> newgame chess", "< error unsupported game chess"}},
		{"game error", &fakeHandler{GameErr: errors.New("out of\nmemory")}, []string{"> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1", "> newgame chess", "< error out of memory"}},
		{"search", &fakeHandler{Turn: "c"}, []string{"> mep 1", "< id name Fake", "< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> go depth 3", "< error go without a position (send position first)",
			"> position start moves a b", "> go depth 3", "< info depth 1 pv c", "< bestturn c",
			"> stop", "> isready", "< readyok"}},
		{"infinite", &fakeHandler{Turn: "c"}, []string{"> mep 1", "< id name Fake", "< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> position start", "> go infinite", "< info depth 1 pv c", "> isready", "< readyok",
			"> position start", "< error position while searching (send stop first)",
			"> stop", "< bestturn c", "> isready", "< readyok"}},
		{"blocking search", &fakeHandler{Turn: "c", Block: true}, []string{"> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> position set x y moves z", "> go nodes 5", "< info depth 1 pv c", "> stop", "< bestturn c"}},
		{"search error", &fakeHandler{Err: errors.New("the game is over")}, []string{"> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> position start", "> go", "< error the game is over"}}, // its info (pv "") is dropped
		{"bad turn", &fakeHandler{Turn: "a\nb", Info: []Info{}}, []string{"> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1",
			"> position start", "> go", `< error the engine's turn "a\nb" cannot be sent: cannot send *protocol.BestTurnReply: line "bestturn a\nb": control character 0x0a at byte 10`}},
		{"info lines", &fakeHandler{Turn: "c", Info: []Info{{Depth: 2, PV: []string{"c", "d"}, Text: "book"}, {PV: []string{"bad turn"}}, {Nodes: 7}}},
			[]string{"> mep 1", "< id name Fake", "< option name seed type int default 1 min 0 max 9", "< mepok 1",
				"> position start", "> go", "< info depth 2 pv c d", "< info string book", "< info nodes 7", "< bestturn c"}},
		{"bad lines", &fakeHandler{}, []string{"> hello", `< error line "hello": unknown command "hello" (commands: mep, setoption, isready, newgame, position, go, stop, quit)`,
			"> " + long, "< error a line longer than 65536 bytes", "> mep 1", "< id name Fake",
			"< option name seed type int default 1 min 0 max 9", "< mepok 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startServe(t, tt.h)
			for _, step := range tt.script {
				switch {
				case strings.HasPrefix(step, "> "):
					s.send(step[2:])
				case strings.HasPrefix(step, "< "):
					s.expect(step[2:])
				default:
					t.Fatalf("bad step %q", step)
				}
			}
			s.send("quit")
			if err := s.ended(); err != nil {
				t.Fatalf("Serve: %v", err)
			}
			if line, ok := <-s.lines; ok {
				t.Fatalf("unexpected line %q", line)
			}
		})
	}
}

func TestServeOptionsAndPositions(t *testing.T) {
	h := &fakeHandler{Turn: "c"}
	s := startServe(t, h)
	s.handshake()
	s.send("setoption name seed value 4")
	s.send("newgame kalah")
	s.send("position set a b moves c d")
	s.send("go depth 1")
	s.expect("info depth 1 pv c", "bestturn c")
	s.send("quit")
	if err := s.ended(); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if want := map[string]string{"seed": "4"}; !reflect.DeepEqual(h.options, want) {
		t.Errorf("options %v, want %v", h.options, want)
	}
	if want := []string{"kalah"}; !reflect.DeepEqual(h.games, want) {
		t.Errorf("games %v, want %v", h.games, want)
	}
	if want := []Position{{Start: "a b", Moves: []string{"c", "d"}}}; !reflect.DeepEqual(h.searches, want) {
		t.Errorf("searches %v, want %v", h.searches, want)
	}
}

// TestServeEnds checks the ends of Serve: quit during a search, the end of the
// input, the end of the context, and an identity that cannot be declared.
func TestServeEnds(t *testing.T) {
	t.Run("quit while searching", func(t *testing.T) {
		s := startServe(t, &fakeHandler{Turn: "c", Block: true})
		s.handshake()
		s.send("position start")
		s.send("go infinite")
		s.expect("info depth 1 pv c")
		s.send("quit")
		if err := s.ended(); err != nil {
			t.Fatal(err)
		}
		if line, ok := <-s.lines; ok {
			t.Fatalf("unexpected line %q after quit", line)
		}
	})
	t.Run("end of input", func(t *testing.T) {
		s := startServe(t, &fakeHandler{Turn: "c", Block: true})
		s.handshake()
		s.send("position start")
		s.send("go")
		s.expect("info depth 1 pv c")
		s.in.Close()
		if err := s.ended(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("context", func(t *testing.T) {
		s := startServe(t, &fakeHandler{Turn: "c", Block: true})
		s.handshake()
		s.send("position start")
		s.send("go")
		s.expect("info depth 1 pv c")
		s.cancel()
		if err := s.ended(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Serve returned %v, want context.Canceled", err)
		}
	})
	t.Run("bad identity", func(t *testing.T) {
		for _, id := range []Identity{{}, {Name: "a\nb"}, {Name: "x", Games: []string{"a b"}},
			{Name: "x", Options: []Option{{Name: "o", Type: CheckOption, Default: "yes"}}},
			{Name: "x", Options: []Option{{Name: "o", Type: StringOption}, {Name: "o", Type: StringOption}}}} {
			err := Serve(context.Background(), strings.NewReader(""), io.Discard, idHandler{&fakeHandler{}, id})
			if err == nil {
				t.Errorf("%+v: served", id)
			}
		}
	})
}

// idHandler is a fakeHandler with any identity.
type idHandler struct {
	*fakeHandler
	id Identity
}

func (h idHandler) Identity() Identity { return h.id }

// TestServePositionExtended: a position line that adds turns to the last one is read
// from its new turns only, and gives what ParseCommand gives; other lines, and bad
// ones, are read in full.
func TestServePositionExtended(t *testing.T) {
	lines := []string{
		"position start",
		"position start moves c",
		"position start moves c f B6>A3/A1-B1",
		"position start moves c f B6>A3/A1-B1  d", // an empty word: an error, the last position kept
		"position start moves c f B6>A3/A1-B1 d",
		"position start moves c g", // not an extension
		"position set pits=4.4 move=south",
		"position set pits=4.4 move=south extra", // the notation goes on: another position
		"position set pits=4.4 move=south extra moves a",
		"position set pits=4.4 move=south extra moves a b\x01", // a control character
		"position set pits=4.4 move=south extra moves a b",
	}
	s := &server{started: true, out: bufio.NewWriter(io.Discard)}
	var want *Position
	for _, line := range lines {
		if c, err := ParseCommand(line); err == nil {
			p := c.(*PositionCommand).Position
			want = &p
		}
		if _, err := s.handle(context.Background(), line); err != nil {
			t.Fatal(err)
		}
		if s.pos == nil || s.pos.Start != want.Start || !slices.Equal(s.pos.Moves, want.Moves) {
			t.Fatalf("after %q: position %+v, want %+v", line, s.pos, want)
		}
	}
}

// TestInfoFits: the direct check of an info line agrees with reading the line back.
func TestInfoFits(t *testing.T) {
	infos := []Info{
		{Depth: 3, Score: Score{Kind: ValueScore, Value: -12}, Nodes: 99, NPS: 5, Time: 7 * time.Millisecond, PV: []string{"c", "B6>A3/A1-B1"}},
		{Depth: 1},
		{Depth: -1, PV: []string{"c"}},
		{Time: -time.Millisecond},
		{Time: 1500 * time.Microsecond, PV: []string{"a"}},
		{Score: Score{Kind: WinScore, Value: 3, HasMargin: true}},
		{Score: Score{Kind: LossScore, Value: -3, HasMargin: true}},
		{Score: Score{Kind: LossScore}},
		{Score: Score{Kind: 9}},
		{PV: []string{"a b"}},
		{PV: []string{""}},
		{PV: []string{"a\x01"}},
		{PV: []string{strings.Repeat("x", MaxLine)}},
		{PV: []string{"\xff"}},
		{Text: "book move"},
		{Text: "two\nlines"},
	}
	for i, in := range infos {
		line := (&InfoReply{Info: in}).AppendLine(nil)
		back, err := ParseReply(string(line))
		want := err == nil && sameInfo(&back.(*InfoReply).Info, &in)
		if got := infoFits(&in, line); got != want {
			t.Errorf("info %d (%q): infoFits %v, reading it back says %v (%v)", i, line, got, want, err)
		}
	}
}
