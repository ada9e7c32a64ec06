package protocol

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// connectServe connects a Client to Serve running h in the same process.
func connectServe(t *testing.T, h Handler) *Client {
	t.Helper()
	cr, ew := io.Pipe() // the engine's output
	er, cw := io.Pipe() // the engine's input
	done := make(chan error, 1)
	go func() {
		err := Serve(context.Background(), er, ew, h)
		ew.Close()
		done <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	c, err := Connect(ctx, cr, cw, Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(testWait):
			t.Error("Serve did not return after Close")
		}
	})
	return c
}

// scripted is an engine for tests that answers each command with respond's lines:
// "<close>" closes its output, "<sleep>" waits 100 ms.
type scripted func(cmd string) []string

// handshake answers mep as a minimal engine does.
func handshake(cmd string) []string {
	if cmd == "mep 1" {
		return []string{"id name Scripted", "option name Hash type int default 16 min 1 max 1024", "mepok 1"}
	}
	return nil
}

// connectScripted connects a Client to the scripted engine respond.
func connectScripted(t *testing.T, tm Timeouts, respond scripted) (*Client, error) {
	t.Helper()
	cr, ew := io.Pipe()
	er, cw := io.Pipe()
	go func() {
		defer ew.Close()
		br := bufio.NewReader(er)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			for _, out := range respond(strings.TrimSuffix(line, "\n")) {
				switch out {
				case "<close>":
					ew.Close()
				case "<sleep>":
					time.Sleep(100 * time.Millisecond)
				default:
					_, _ = io.WriteString(ew, out+"\n")
				}
			}
		}
	}()
	t.Cleanup(func() {
		cw.Close()
		cr.Close()
	})
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	c, err := Connect(ctx, cr, cw, tm)
	if c != nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, err
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader in two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// wantFault checks that err is a Fault for reason whose detail says detail.
func wantFault(t *testing.T, err error, reason, detail string) *Fault {
	t.Helper()
	f := AsFault(err)
	if f == nil {
		t.Fatalf("error %v, want a %s fault", err, reason)
	}
	if f.Reason != reason || !strings.Contains(f.Detail, detail) {
		t.Fatalf("fault %q, want %s saying %q", f, reason, detail)
	}
	return f
}

func TestClientWithServe(t *testing.T) {
	h := &fakeHandler{ID: Identity{Name: "Fake", Author: "Me", Games: []string{"kalah", "oware"},
		Options: []Option{{Name: "seed", Type: IntOption, Default: "1", Min: "0", Max: "18446744073709551615"}}},
		Turn: "f", Info: []Info{
			{Depth: 1, Score: Score{Kind: ValueScore, Value: 1}, Nodes: 7, PV: []string{"c"}},
			{Depth: 9, Score: Score{Kind: ValueScore, Value: 2}, Nodes: 91844, NPS: 1210000, Time: 76 * time.Millisecond, PV: []string{"f", "c"}},
			{Text: "done"},
		}}
	c := connectServe(t, h)
	ctx := context.Background()
	if want := (Identity{Name: "Fake", Author: "Me", Games: []string{"kalah", "oware"}, Options: h.ID.Options}); !reflect.DeepEqual(c.Identity(), want) {
		t.Fatalf("identity %+v, want %+v", c.Identity(), want)
	}
	if c.Version() != 1 || c.Pid() != 0 {
		t.Fatalf("version %d, pid %d", c.Version(), c.Pid())
	}
	for _, bad := range [][2]string{{"Hash", "1"}, {"seed", "-1"}, {"seed", "x"}} {
		if err := c.SetOption(ctx, bad[0], bad[1]); err == nil || AsFault(err) != nil {
			t.Errorf("SetOption %s=%s: %v, want an error that is not a fault", bad[0], bad[1], err)
		}
	}
	if err := c.SetOption(ctx, "seed", "18446744073709551615"); err != nil {
		t.Fatal(err)
	}
	if err := c.IsReady(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(ctx, "colony"); err == nil || AsFault(err) != nil {
		t.Fatalf("NewGame of a game not declared: %v, want an error that is not a fault", err)
	}
	if err := c.NewGame(ctx, "kalah:6x4"); err != nil {
		t.Fatal(err)
	}
	if err := c.Position(ctx, "", []string{"c"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Position(ctx, "a moves b", nil); err == nil {
		t.Fatal("a notation holding moves was sent")
	}
	var infos []Info
	res, err := c.Go(ctx, Limits{MoveTime: 100 * time.Millisecond}, testWait, func(in Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	want := Info{Depth: 9, Score: Score{Kind: ValueScore, Value: 2}, Nodes: 91844, NPS: 1210000, Time: 76 * time.Millisecond, PV: []string{"f", "c"}, Text: "done"}
	if res.Turn != "f" || !reflect.DeepEqual(res.Info, want) || res.Elapsed <= 0 {
		t.Fatalf("result %+v, want turn f and info %+v", res, want)
	}
	if !reflect.DeepEqual(infos, h.Info) {
		t.Fatalf("infos %+v, want %+v", infos, h.Info)
	}
	h.mu.Lock()
	got := h.searches
	h.mu.Unlock()
	if want := []Position{{Moves: []string{"c"}}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("searched %+v, want %+v", got, want)
	}
}

func TestClientStop(t *testing.T) {
	c := connectServe(t, &fakeHandler{Turn: "c", Block: true})
	ctx := context.Background()
	if err := c.Stop(); err != nil { // not searching: nothing
		t.Fatal(err)
	}
	if err := c.Position(ctx, "", nil); err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	var once sync.Once
	go func() {
		<-started
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	}()
	res, err := c.Go(ctx, Limits{Infinite: true}, 0, func(Info) { once.Do(func() { close(started) }) })
	if err != nil || res.Turn != "c" {
		t.Fatalf("go infinite, stop: %+v, %v", res, err)
	}
	if err := c.IsReady(ctx); err != nil {
		t.Fatal(err)
	}

	// The caller's end: Go stops the search and returns the context's error.
	cctx, cancel := context.WithCancel(ctx)
	res, err = c.Go(cctx, Limits{Depth: 3}, testWait, func(Info) { cancel() })
	if !errors.Is(err, context.Canceled) || AsFault(err) != nil || res.Turn != "" {
		t.Fatalf("canceled go: %+v, %v", res, err)
	}
	if !c.Usable() {
		t.Fatal("the engine is not usable after a canceled go it answered")
	}
	if err := c.IsReady(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestClientFaults checks the fault of each misbehaviour of a scripted engine, and
// that the client ends the engine after the faults that end it.
func TestClientFaults(t *testing.T) {
	short := Timeouts{Handshake: 300 * time.Millisecond, Ready: 300 * time.Millisecond, Stop: 300 * time.Millisecond}
	answer := func(m map[string][]string) scripted {
		return func(cmd string) []string {
			if r := handshake(cmd); r != nil {
				return r
			}
			return m[cmd]
		}
	}
	tests := []struct {
		name    string
		engine  scripted
		do      func(c *Client) error // nil: the handshake fails
		reason  string
		detail  string
		usable  bool
		timeout Timeouts
	}{
		{name: "mepok 2", engine: func(string) []string { return []string{"id name X", "mepok 2"} },
			reason: ProtocolError, detail: "the runner speaks version 1 at most"},
		{name: "no name", engine: func(string) []string { return []string{"mepok 1"} },
			reason: ProtocolError, detail: "mepok before id name"},
		{name: "info in handshake, strict", engine: func(string) []string { return []string{"info depth 1", "mepok 1"} },
			reason: ProtocolError, detail: `"info depth 1" during the handshake`, timeout: Timeouts{Strict: true}},
		{name: "option twice", engine: func(string) []string {
			return []string{"id name X", "option name a type check default true", "option name a type check default true", "mepok 1"}
		}, reason: ProtocolError, detail: "option a declared twice"},
		{name: "error to mep", engine: func(string) []string { return []string{"error version 1 unknown"} },
			reason: EngineError, detail: `"error version 1 unknown" to mep`},
		{name: "silent handshake", engine: func(string) []string { return nil },
			reason: Stalled, detail: "no mepok within 300ms of mep", timeout: short},
		{name: "closed in handshake", engine: func(string) []string { return []string{"id name X", "<close>"} },
			reason: Disconnected, detail: "closed its output"},
		{name: "bestturn to isready", engine: answer(map[string][]string{"isready": {"bestturn c"}}),
			do: func(c *Client) error { return c.IsReady(context.Background()) }, reason: ProtocolError,
			detail: `"bestturn c" where readyok belongs (after isready); last lines: "id name Scripted"`},
		{name: "silent isready", engine: answer(nil), do: func(c *Client) error { return c.IsReady(context.Background()) },
			reason: Stalled, detail: "no readyok within 300ms of isready", timeout: short},
		{name: "refused option", engine: answer(map[string][]string{"setoption name Hash value 64": {"error no memory"}, "isready": {"readyok"}}),
			do: func(c *Client) error {
				if err := c.SetOption(context.Background(), "Hash", "64"); err != nil {
					return err
				}
				return c.IsReady(context.Background())
			}, reason: EngineError, detail: `"error no memory" (to isready)`},
		{name: "refused game", engine: answer(map[string][]string{"newgame kalah": {"error unsupported game kalah"}, "isready": {"readyok"}}),
			do: func(c *Client) error { return c.NewGame(context.Background(), "kalah") }, reason: EngineError,
			detail: `"error unsupported game kalah" (to newgame kalah)`},
		{name: "refused position", engine: answer(map[string][]string{"position set zz": {"error cannot read zz"}}),
			do: func(c *Client) error {
				if err := c.Position(context.Background(), "zz", nil); err != nil {
					return err
				}
				_, err := c.Go(context.Background(), Limits{Depth: 1}, testWait, nil)
				return err
			}, reason: EngineError, detail: `"error cannot read zz"`}, // to go, or (to position) when read before go is written
		{name: "stray bestturn before go", engine: answer(map[string][]string{"isready": {"readyok", "bestturn c"}}),
			do: func(c *Client) error {
				if err := c.IsReady(context.Background()); err != nil {
					return err
				}
				for deadline := time.Now().Add(testWait); len(c.lines) == 0 && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond) // until the stray line is read
				}
				_, err := c.Go(context.Background(), Limits{Depth: 1}, testWait, nil)
				return err
			}, reason: ProtocolError, detail: `"bestturn c" when not searching`},
		{name: "invalid UTF-8", engine: answer(map[string][]string{"go depth 1": {"info string \xff"}}),
			do: goDepth1, reason: ProtocolError, detail: "invalid UTF-8 at byte 12"},
		{name: "unknown reply", engine: answer(map[string][]string{"go depth 1": {"bestmove c"}}),
			do: goDepth1, reason: ProtocolError, detail: `unknown reply "bestmove"`},
		{name: "readyok while searching", engine: answer(map[string][]string{"go depth 1": {"readyok"}}),
			do: goDepth1, reason: ProtocolError, detail: `"readyok" while searching`},
		{name: "line too long", engine: answer(map[string][]string{"go depth 1": {"info string " + strings.Repeat("y", MaxLine)}}),
			do: goDepth1, reason: ProtocolError, detail: "a line longer than 65536 bytes"},
		{name: "closed output", engine: answer(map[string][]string{"go depth 1": {"info depth 1", "<close>"}}),
			do: goDepth1, reason: Disconnected, detail: `the engine closed its output; last lines: "id name Scripted", "option name Hash type int default 16 min 1 max 1024", "mepok 1", "info depth 1"`},
		{name: "no bestturn, depth", engine: answer(nil), do: func(c *Client) error {
			_, err := c.Go(context.Background(), Limits{Depth: 1}, 200*time.Millisecond, nil)
			return err
		}, reason: Stalled, detail: "no bestturn within the move deadline of 200ms"},
		{name: "no bestturn, movetime", engine: answer(nil), do: goMoveTime, timeout: short,
			reason: Stalled, detail: "no bestturn within 200ms (time forfeit), then none within 300ms of stop"},
		{name: "bestturn after stop", engine: answer(map[string][]string{"stop": {"<sleep>", "bestturn c"}, "isready": {"readyok"}}),
			do: func(c *Client) error {
				err := goMoveTime(c)
				if f := AsFault(err); f == nil || f.Reason != TimeForfeit {
					return err
				}
				if err := c.IsReady(context.Background()); err != nil { // the discarded turn is not in the way
					return err
				}
				return err
			}, reason: TimeForfeit, detail: "no bestturn within 200ms (it came after", usable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := connectScripted(t, tt.timeout, tt.engine)
			if tt.do == nil {
				if c != nil {
					t.Fatal("the handshake succeeded")
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				err = tt.do(c)
			}
			f := wantFault(t, err, tt.reason, tt.detail)
			if f.Usable() != tt.usable {
				t.Fatalf("fault %v: usable %v, want %v", f, f.Usable(), tt.usable)
			}
			if c == nil {
				return
			}
			if c.Usable() != tt.usable {
				t.Fatalf("client usable %v, want %v", c.Usable(), tt.usable)
			}
			if !tt.usable {
				if err := c.IsReady(context.Background()); !errors.Is(err, ErrClosed) {
					t.Fatalf("IsReady after the fault: %v, want ErrClosed", err)
				}
			}
			if err := c.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if err := c.Close(); err != nil {
				t.Fatalf("second Close: %v", err)
			}
		})
	}
}

func goDepth1(c *Client) error {
	_, err := c.Go(context.Background(), Limits{Depth: 1}, testWait, nil)
	return err
}

func goMoveTime(c *Client) error {
	_, err := c.Go(context.Background(), Limits{MoveTime: 100 * time.Millisecond}, 200*time.Millisecond, nil)
	return err
}

// TestClientSkipsReadyOK checks that the readyok of an isready given up on does not
// answer the next one.
func TestClientSkipsReadyOK(t *testing.T) {
	var n int
	c, err := connectScripted(t, Timeouts{}, func(cmd string) []string {
		if r := handshake(cmd); r != nil {
			return r
		}
		if cmd == "isready" {
			n++
			if n == 2 {
				return []string{"readyok", "readyok"}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := c.IsReady(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("IsReady: %v, want the context's deadline", err)
	}
	if err := c.IsReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := c.Position(context.Background(), "", nil); err != nil {
		t.Fatal(err)
	}
}

// TestClientCloseWhileSearching checks that Close ends a Go waiting in another
// goroutine.
func TestClientCloseWhileSearching(t *testing.T) {
	c, err := connectScripted(t, Timeouts{}, handshake)
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		_, err := c.Go(context.Background(), Limits{Infinite: true}, 0, nil)
		errc <- err
	}()
	time.Sleep(20 * time.Millisecond)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errc:
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("Go: %v, want ErrClosed", err)
		}
	case <-time.After(testWait):
		t.Fatal("Go did not return after Close")
	}
}

// TestPositionLineIsExtended: the line of a position that adds turns to the last one
// is built from the last line, and is the line encodeCommand writes; a position that
// is not an extension, or whose new turn cannot be sent, is encoded in full.
func TestPositionLineIsExtended(t *testing.T) {
	steps := []struct {
		start    string
		moves    []string
		extended bool
	}{
		{start: "", moves: nil},
		{start: "", moves: []string{"c"}, extended: true},
		{start: "", moves: []string{"c", "f", "B6>A3/A1-B1"}, extended: true},
		{start: "", moves: []string{"c", "g"}},                    // not an extension
		{start: "pits=4.4 move=south", moves: []string{"c", "g"}}, // another start
		{start: "pits=4.4 move=south", moves: []string{"c", "g", "d"}, extended: true},
		{start: "pits=4.4 move=south", moves: []string{"c", "g", "d", "two words"}},
	}
	c := &Client{}
	for i, st := range steps {
		want, wantErr := encodeCommand(&PositionCommand{Position: Position{Start: st.start, Moves: st.moves}})
		extended := c.extendPosition(st.start, st.moves)
		if extended != st.extended {
			t.Fatalf("step %d: extended %v, want %v", i, extended, st.extended)
		}
		if !extended {
			if wantErr != nil {
				c.lastPos.ok = false
				continue
			}
			c.lastPos.line = append(c.lastPos.line[:0], want...)
			c.lastPos.start, c.lastPos.moves, c.lastPos.ok = st.start, append(c.lastPos.moves[:0], st.moves...), true
		}
		if got := string(c.lastPos.line); got != want {
			t.Errorf("step %d: line %q, want %q", i, got, want)
		}
	}
}
