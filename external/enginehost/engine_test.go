package enginehost

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/protocol/protocoltest"
)

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

// testWait bounds the waits of the tests for what must happen.
const testWait = 20 * time.Second

// wantFault checks that err is a fault of reason whose detail holds detail.
func wantFault(t *testing.T, err error, reason, detail string) *protocol.Fault {
	t.Helper()
	f := protocol.AsFault(err)
	if f == nil {
		t.Fatalf("error %v, want a %s fault", err, reason)
	}
	if f.Reason != reason || !strings.Contains(f.Detail, detail) {
		t.Fatalf("fault %q, want %s saying %q", f, reason, detail)
	}
	return f
}

// stopTimeout returns tm's Stop, or its default.
func stopTimeout(tm protocol.Timeouts) time.Duration {
	if tm.Stop > 0 {
		return tm.Stop
	}
	return protocol.DefaultStopTimeout
}

// engineTest starts and checks test engines.
type engineTest struct {
	t    *testing.T
	path string
}

// start starts the test engine with args; the test checks at its end that the
// engine's process and group are gone after Close.
func (e engineTest) start(tm protocol.Timeouts, stderr *syncBuffer, args ...string) *protocol.Client {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	p := Process{Path: e.path, Args: args}
	if stderr != nil {
		p.Stderr = stderr
	}
	c, err := Start(ctx, p, tm)
	if err != nil {
		e.t.Fatalf("Start %v: %v", args, err)
	}
	e.t.Cleanup(func() { closeAndCheck(e.t, c) })
	return c
}

// closeAndCheck closes c (a second time is harmless) and checks that its process
// and process group are gone.
func closeAndCheck(t *testing.T, c *protocol.Client) {
	t.Helper()
	_ = c.Close()
	pid := c.Pid()
	deadline := time.Now().Add(testWait)
	for !(protocoltest.ProcessGone(pid) && protocoltest.GroupGone(pid)) {
		if time.Now().After(deadline) {
			t.Errorf("process %d (or its group) still runs after Close", pid)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// play plays n turns of the game from its start (after the turns in moves),
// appending them to moves.
func play(c *protocol.Client, moves *[]string, n int, limits protocol.Limits, timeout time.Duration) error {
	ctx := context.Background()
	for range n {
		if err := c.Position(ctx, "", *moves); err != nil {
			return err
		}
		res, err := c.Go(ctx, limits, timeout, nil)
		if err != nil {
			return err
		}
		*moves = append(*moves, res.Turn)
	}
	return nil
}

var (
	depth1   = protocol.Limits{Depth: 1}
	moveTime = protocol.Limits{MoveTime: 100 * time.Millisecond}
)

// TestEngineProcess runs the test engine as a process and checks the client against
// each of its faults, and that no process is left behind.
func TestEngineProcess(t *testing.T) {
	e := engineTest{t: t, path: protocoltest.BuildEngine(t)}
	ctx := context.Background()

	t.Run("plays", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		var stderr syncBuffer
		c := e.start(protocol.Timeouts{}, &stderr, "-seed", "3")
		id := c.Identity()
		if id.Name != "TestEngine" || id.Author != "colony" || len(id.Options) != 4 || id.Games != nil {
			t.Fatalf("identity %+v", id)
		}
		if c.Pid() <= 0 {
			t.Fatalf("pid %d", c.Pid())
		}
		for _, o := range [][2]string{{"seed", "7"}, {"Style", "wild"}, {"Log", "true"}, {"Book", ""}} {
			if err := c.SetOption(ctx, o[0], o[1]); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.SetOption(ctx, "Style", "mild"); err == nil {
			t.Fatal("Style=mild was accepted")
		}
		for _, game := range []string{"kalah:6x4", "oware", "colony"} {
			if err := c.NewGame(ctx, game); err != nil {
				t.Fatal(err)
			}
			var moves []string
			if err := play(c, &moves, 4, depth1, testWait); err != nil {
				t.Fatalf("%s: %v", game, err)
			}
			if len(moves) != 4 || slicesHasEmpty(moves) {
				t.Fatalf("%s: turns %q", game, moves)
			}
		}
		if !strings.Contains(stderr.String(), "testengine: started") {
			t.Fatalf("stderr %q", stderr.String())
		}
		if err := c.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	})

	t.Run("infinite", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		c := e.start(protocol.Timeouts{}, nil)
		if err := c.NewGame(ctx, "kalah"); err != nil {
			t.Fatal(err)
		}
		if err := c.Position(ctx, "", nil); err != nil {
			t.Fatal(err)
		}
		var once sync.Once
		res, err := c.Go(ctx, protocol.Limits{Infinite: true}, 0, func(protocol.Info) {
			once.Do(func() {
				go func() {
					time.Sleep(50 * time.Millisecond) // the engine holds its turn until stop
					_ = c.Stop()
				}()
			})
		})
		if err != nil || res.Turn == "" || res.Info.Depth != 1 {
			t.Fatalf("go infinite, stop: %+v, %v", res, err)
		}
		if err := c.IsReady(ctx); err != nil {
			t.Fatal(err)
		}
	})

	faults := []struct {
		fault   string
		args    []string
		limits  protocol.Limits
		timeout time.Duration
		reason  string // "" for no fault at go
		detail  string
		usable  bool
		then    func(c *protocol.Client) error // after the go of the fault
	}{
		{fault: "illegal", limits: depth1, timeout: testWait, usable: true},
		{fault: "garbage", limits: depth1, timeout: testWait, reason: protocol.ProtocolError, detail: `line "this is not MEP": unknown reply "this"`},
		{fault: "noreply", limits: depth1, timeout: 300 * time.Millisecond, reason: protocol.Stalled, detail: "no bestturn within the move deadline of 300ms"},
		{fault: "noreply", limits: moveTime, timeout: 300 * time.Millisecond, reason: protocol.Stalled, detail: "no bestturn within 300ms (time forfeit), then none within 1s of stop"},
		{fault: "slow", args: []string{"-slow", "1s"}, limits: moveTime, timeout: 300 * time.Millisecond, reason: protocol.TimeForfeit,
			detail: "no bestturn within 300ms (it came after", usable: true},
		{fault: "crash", limits: depth1, timeout: testWait, reason: protocol.Crashed, detail: "the engine ended: exit status 3"},
		{fault: "exitzero", limits: depth1, timeout: testWait, reason: protocol.Disconnected, detail: "the engine exited with status 0"},
		{fault: "huge", limits: depth1, timeout: testWait, reason: protocol.ProtocolError, detail: "a line longer than 65536 bytes"},
		{fault: "badutf8", limits: depth1, timeout: testWait, reason: protocol.ProtocolError, detail: "invalid UTF-8 at byte 12"},
		{fault: "stray", limits: depth1, timeout: testWait, usable: true, then: func(c *protocol.Client) error {
			// The stray bestturn is ignored where the next readyok belongs: the next
			// game is not charged with it.
			if err := c.NewGame(context.Background(), "kalah"); err != nil {
				return fmt.Errorf("newgame after a stray bestturn: %v, want none", err)
			}
			var moves []string
			return play(c, &moves, 1, depth1, testWait)
		}},
	}
	for _, tt := range faults {
		t.Run(tt.fault+"/"+(&protocol.GoCommand{Limits: tt.limits}).String(), func(t *testing.T) {
			e := engineTest{t: t, path: e.path}
			tm := protocol.Timeouts{}
			if tt.fault == "slow" {
				tm.Stop = 5 * time.Second // the engine answers 700 ms after stop: not a stall
			}
			c := e.start(tm, nil, append([]string{"-fault", tt.fault, "-fault-turn", "2"}, tt.args...)...)
			if err := c.NewGame(ctx, "kalah"); err != nil {
				t.Fatal(err)
			}
			var moves []string
			if err := play(c, &moves, 1, depth1, testWait); err != nil {
				t.Fatalf("turn 1: %v", err)
			}
			if err := c.Position(ctx, "", moves); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			res, err := c.Go(ctx, tt.limits, tt.timeout, nil)
			took := time.Since(start)
			switch {
			case tt.reason == "" && err != nil:
				t.Fatalf("turn 2: %v", err)
			case tt.reason != "":
				f := wantFault(t, err, tt.reason, tt.detail)
				if len(f.Tail) == 0 {
					t.Fatalf("fault %v without the engine's last lines", f)
				}
			}
			if tt.fault == "illegal" && res.Turn != "xyzzy" {
				t.Fatalf("turn %q, want xyzzy", res.Turn)
			}
			if c.Usable() != tt.usable {
				t.Fatalf("usable %v after %v, want %v", c.Usable(), err, tt.usable)
			}
			if tt.timeout < testWait && took > tt.timeout+stopTimeout(tm)+5*time.Second {
				t.Fatalf("the fault took %v", took)
			}
			if tt.then != nil {
				if err := tt.then(c); err != nil {
					t.Fatal(err)
				}
			} else if tt.usable { // the engine plays on
				if err := play(c, &moves, 2, depth1, testWait); err != nil {
					t.Fatalf("after the fault: %v", err)
				}
			} else if _, err := c.Go(ctx, depth1, testWait, nil); !errors.Is(err, protocol.ErrClosed) {
				t.Fatalf("Go after the fault: %v, want protocol.ErrClosed", err)
			}
		})
	}

	t.Run("stray noted", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		var stderr syncBuffer
		c := e.start(protocol.Timeouts{}, &stderr, "-fault", "stray", "-fault-turn", "1")
		if err := c.NewGame(ctx, "kalah"); err != nil {
			t.Fatal(err)
		}
		var moves []string
		if err := play(c, &moves, 1, depth1, testWait); err != nil {
			t.Fatal(err)
		}
		if err := c.NewGame(ctx, "kalah"); err != nil {
			t.Fatalf("newgame after a stray bestturn: %v", err)
		}
		want := fmt.Sprintf("# colony: ignored a stray \"bestturn %s\" after the search's bestturn\n", moves[0])
		if !strings.Contains(stderr.String(), want) {
			t.Fatalf("the engine's stderr log:\n%s\nwants the line %q", stderr.String(), want)
		}
	})

	t.Run("fault-game", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		c := e.start(protocol.Timeouts{}, nil, "-fault", "crash", "-fault-turn", "1", "-fault-game", "2")
		for game := 1; game <= 2; game++ {
			if err := c.NewGame(ctx, "oware"); err != nil {
				t.Fatal(err)
			}
			var moves []string
			err := play(c, &moves, 3, depth1, testWait)
			if game == 1 && err != nil {
				t.Fatalf("game 1: %v", err)
			}
			if game == 2 {
				wantFault(t, err, protocol.Crashed, "exit status 3")
			}
		}
	})

	t.Run("games", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		c := e.start(protocol.Timeouts{}, nil, "-games", "kalah,oware")
		if err := c.NewGame(ctx, "colony"); err == nil || protocol.AsFault(err) != nil || !c.Usable() {
			t.Fatalf("NewGame of a game not declared: %v, want an error before sending", err)
		}
		if err := c.NewGame(ctx, "oware:grandslam=illegal"); err != nil {
			t.Fatal(err)
		}
		// A game it declares but cannot open.
		err := c.NewGame(ctx, "kalah:99x99")
		wantFault(t, err, protocol.EngineError, `"error unsupported game kalah:99x99" (to newgame kalah:99x99)`)
	})

	t.Run("unknown game", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		c := e.start(protocol.Timeouts{}, nil)
		wantFault(t, c.NewGame(ctx, "chess"), protocol.EngineError, "unsupported game chess")
	})

	t.Run("handshake-exit", func(t *testing.T) {
		_, err := Start(ctx, Process{Path: e.path, Args: []string{"-fault", "handshake-exit"}}, protocol.Timeouts{})
		f := wantFault(t, err, protocol.Crashed, "the engine ended: exit status 2; last lines: ")
		for _, line := range []string{`"id name TestEngine"`, `"stderr: testengine: started (pid `} { // in either order
			if !strings.Contains(f.Detail, line) {
				t.Errorf("fault %v without the line %s", f, line)
			}
		}
	})

	t.Run("handshake-silent", func(t *testing.T) {
		_, err := Start(ctx, Process{Path: e.path, Args: []string{"-fault", "handshake-silent"}}, protocol.Timeouts{Handshake: 300 * time.Millisecond})
		wantFault(t, err, protocol.Stalled, "no mepok within 300ms of mep")
	})

	t.Run("no program", func(t *testing.T) {
		_, err := Start(ctx, Process{Path: filepath.Join(t.TempDir(), "nothing")}, protocol.Timeouts{})
		if err == nil || protocol.AsFault(err) != nil {
			t.Fatalf("Start of a missing program: %v, want an error that is not a fault", err)
		}
	})

	t.Run("linger", func(t *testing.T) {
		e := engineTest{t: t, path: e.path}
		c := e.start(protocol.Timeouts{Quit: 200 * time.Millisecond}, nil, "-linger", "1h")
		if err := c.Close(); err == nil || !strings.Contains(err.Error(), "did not exit within 200ms of quit: killed") {
			t.Fatalf("Close of an engine that stays: %v", err)
		}
	})

	t.Run("pdeathsig", func(t *testing.T) { testPdeathsig(t, e.path) })
}

// slicesHasEmpty reports whether a turn is empty.
func slicesHasEmpty(turns []string) bool {
	for _, s := range turns {
		if s == "" {
			return true
		}
	}
	return false
}

// The environment variable that makes TestPdeathsigHelper the helper process: the
// test engine's path.
const pdeathsigEnv = "PROTOCOL_TEST_PDEATHSIG_ENGINE"

// testPdeathsig starts a helper process (this test binary, running
// TestPdeathsigHelper) that starts the test engine, kills the helper with SIGKILL,
// and checks that the engine dies with it.
func testPdeathsig(t *testing.T, engine string) {
	if runtime.GOOS != "linux" {
		t.Skip("PR_SET_PDEATHSIG is Linux's")
	}
	if err := adoptOrphans(); err != nil {
		t.Logf("the engine will be left a zombie: %v", err)
	}
	helper := exec.Command(os.Args[0], "-test.run=^TestPdeathsigHelper$", "-test.count=1")
	helper.Env = append(os.Environ(), pdeathsigEnv+"="+engine)
	out, err := helper.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	helper.Stderr = os.Stderr
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = helper.Process.Kill()
		_ = helper.Wait()
	}()
	pid := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if s, ok := strings.CutPrefix(sc.Text(), "engine pid "); ok {
				n, _ := strconv.Atoi(s)
				pid <- n
				return
			}
		}
		close(pid)
	}()
	var enginePid int
	select {
	case n, ok := <-pid:
		if !ok || n <= 0 {
			t.Fatal("the helper did not start the engine")
		}
		enginePid = n
	case <-time.After(testWait):
		t.Fatal("the helper did not start the engine in time")
	}
	if protocoltest.ProcessGone(enginePid) {
		t.Fatalf("engine %d is not running", enginePid)
	}
	if err := helper.Process.Kill(); err != nil { // SIGKILL: no Close, no deferred function runs
		t.Fatal(err)
	}
	_ = helper.Wait()
	deadline := time.Now().Add(testWait)
	for !protocoltest.ProcessGone(enginePid) {
		if time.Now().After(deadline) {
			if p, err := os.FindProcess(enginePid); err == nil {
				_ = p.Kill()
			}
			t.Fatalf("engine %d outlived its runner by %v", enginePid, testWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
	reapOrphan(enginePid)
}

// TestPdeathsigHelper is the helper process of testPdeathsig: it starts the test
// engine (which would stay an hour after its input ends), says its pid and waits to
// be killed.
func TestPdeathsigHelper(t *testing.T) {
	engine := os.Getenv(pdeathsigEnv)
	if engine == "" {
		t.Skip("the helper process of TestEngineProcess/pdeathsig")
	}
	c, err := Start(context.Background(), Process{Path: engine, Args: []string{"-linger", "1h"}}, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("engine pid %d\n", c.Pid())
	time.Sleep(time.Hour)
}
