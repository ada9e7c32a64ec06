package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol/protocoltest"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/engine"
	"github.com/colony-ai/colony/protocol"
)

// engineWait bounds the waits of the engine command's tests: generous, the machine
// may be busy (no test asserts a time).
const engineWait = 60 * time.Second

// noRaceExitSleep is the environment of the engines the tests start and quit: a test
// binary built with -race otherwise sleeps 1 s when it exits, which is as long as a
// runner waits for an engine to exit after quit.
const noRaceExitSleep = "GORACE=atexit_sleep_ms=0"

// TestEngineRoundTrip runs 'colony engine --player ab:depth=3' as a process, as a
// runner does (enginehost.Start), and checks that it plays exactly the turns the same
// player plays in process, over positions of several games set by their notation and
// reached by turns from the start; then that Close leaves no process behind.
func TestEngineRoundTrip(t *testing.T) {
	const spec = "ab:depth=3"
	ctx, cancel := context.WithTimeout(context.Background(), engineWait)
	defer cancel()
	var stderr lockedBuffer
	c, err := enginehost.Start(ctx, enginehost.Process{Path: os.Args[0], Args: []string{"engine", "--player", spec},
		Env: []string{"COLONY_TEST_MAIN=1", noRaceExitSleep}, Stderr: &stderr}, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	pid := c.Pid()
	defer func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if !protocoltest.ProcessGone(pid) || !protocoltest.GroupGone(pid) {
			t.Errorf("the engine's process %d (or its group) is left after Close", pid)
		}
		if s := stderr.String(); s != "" {
			t.Errorf("the engine wrote on its standard error: %q", s)
		}
	}()
	if id := c.Identity(); id.Name != "colony ab:depth=3,tt=16,aspiration=12" || id.Author != engine.Author {
		t.Errorf("identity %q by %q", id.Name, id.Author)
	}
	played := 0
	for _, name := range []string{"colony", "kalah:6x4", "oware", "ayo"} {
		g, err := catalog.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.NewGame(ctx, name); err != nil {
			t.Fatal(err)
		}
		check := func(start string, moves []string) {
			t.Helper()
			pos := start
			if pos == "" {
				pos = g.StartPosition()
			}
			pos, _, err := g.Play(pos, moves)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := g.Think(ctx, spec, pos)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Position(ctx, start, moves); err != nil {
				t.Fatal(err)
			}
			res, err := c.Go(ctx, protocol.Limits{}, engineWait, nil)
			if err != nil {
				t.Fatalf("%s, position %q moves %q: %v", name, start, moves, err)
			}
			if res.Turn != want {
				t.Errorf("%s, position %q moves %q: the engine plays %q, the player in process %q", name, start, moves, res.Turn, want)
			}
			played++
		}
		for _, pos := range g.SamplePositions(6, 11) {
			check(pos, nil)
		}
		// A game the engine plays against itself, sent as the start and the turns
		// since, as runners send it.
		var turns []string
		for len(turns) < 6 {
			pos, outcome, err := g.Play(g.StartPosition(), turns)
			if err != nil || outcome != nil {
				break
			}
			check("", turns)
			turn, _, err := g.Think(ctx, spec, pos)
			if err != nil {
				t.Fatal(err)
			}
			turns = append(turns, turn)
		}
	}
	if played < 36 {
		t.Errorf("%d positions played, want a few dozen", played)
	}
}

// TestEngineCommandErrors checks that bad flags are usage errors (exit 2) with a
// message naming what is wrong, before anything is read or written.
func TestEngineCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"engine", "--player", "ab:depth=0"}, `colony: engine: --player: player "ab:depth=0": depth="0": want a whole number from 1 to 64`},
		{[]string{"engine", "--player", "nosuch"}, `colony: engine: --player: player "nosuch": unknown kind "nosuch"`},
		{[]string{"engine", "--player", "ab:eval=no/such/weights.json", "--game", "kalah"}, `colony: engine: --player: player "ab:eval=no/such/weights.json"`},
		{[]string{"engine", "--game", "nosuch"}, `colony: engine: --game: game "nosuch": unknown game`},
		{[]string{"--rules", "colony:turncap=3", "engine"}, "colony: engine: --rules and --board do not apply"},
		{[]string{"engine", "now"}, `colony: engine takes no arguments, got "now"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errOut strings.Builder
			code := runWithInput(tt.args, strings.NewReader("mep 1\n"), &out, &errOut)
			if code != exitUsage || !strings.HasPrefix(errOut.String(), tt.want) || out.Len() != 0 {
				t.Errorf("colony %q: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout and %q", tt.args, code, out.String(), errOut.String(), tt.want)
			}
		})
	}
}

// TestEngineCommandSession drives 'colony engine --player random --game kalah' in
// process through its standard input and output with a scripted session.
func TestEngineCommandSession(t *testing.T) {
	kalah, _ := catalog.Open("kalah:4x3")
	first, _, err := kalah.Think(context.Background(), "random:seed=7", kalah.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut strings.Builder
	exit := make(chan int, 1)
	go func() {
		code := runWithInput([]string{"engine", "--player", "random", "--game", "kalah"}, inR, outW, &errOut)
		outW.Close()
		exit <- code
	}()
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		br := bufio.NewReader(outR)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			lines <- strings.TrimSuffix(line, "\n")
		}
	}()
	script := []struct {
		send   string
		expect []string // the replies; a last word "*" stands for the rest of the line
	}{
		{"mep 1", []string{"id name colony random:seed=1", "id author The Colony toolkit",
			"option name seed type int default 1 min 0 max 18446744073709551615", "games kalah", "mepok 1"}},
		{"setoption name seed value 7", nil},
		{"isready", []string{"readyok"}},
		{"newgame kalah:4x3", nil},
		{"isready", []string{"readyok"}},
		{"position start", nil},
		{"go depth 3", []string{"info string random has no depth limit: depth 3 ignored", "info pv " + first, "bestturn " + first}},
		{"newgame oware", []string{"error unsupported game oware"}},
		{"newgame kalah:4x3", nil},
		{"position start moves zz", nil},
		{"go", []string{`error position: turn 1 of the moves, zz: move "zz" is not a legal turn here *`}},
		{"setoption name seed value x", []string{"error option seed: *"}},
		{"isready", []string{"readyok"}},
		{"quit", nil},
	}
	for _, step := range script {
		if _, err := io.WriteString(inW, step.send+"\n"); err != nil {
			t.Fatalf("sending %q: %v", step.send, err)
		}
		for _, want := range step.expect {
			var got string
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("after %q: the output ended, want %q", step.send, want)
				}
				got = l
			case <-time.After(engineWait):
				t.Fatalf("after %q: no line, want %q", step.send, want)
			}
			if prefix, ok := strings.CutSuffix(want, " *"); ok && strings.HasPrefix(got, prefix+" ") || got == want {
				continue
			}
			t.Errorf("after %q: got %q, want %q", step.send, got, want)
		}
	}
	select {
	case code := <-exit:
		if code != exitOK || errOut.String() != "" {
			t.Errorf("exit %d, stderr %q after quit", code, errOut.String())
		}
	case <-time.After(engineWait):
		t.Fatal("the engine did not end after quit")
	}
	if l, ok := <-lines; ok {
		t.Errorf("a line after quit: %q", l)
	}
}

// TestEngineCommandSignal checks that SIGTERM ends the engine cleanly (status 0).
func TestEngineCommandSignal(t *testing.T) {
	cmd := exec.Command(os.Args[0], "engine", "--player", "ab:depth=2")
	cmd.Env = append(os.Environ(), "COLONY_TEST_MAIN=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	// The handshake, so that the engine is serving when the signal comes.
	go func() {
		br := bufio.NewReader(out)
		for {
			line, err := br.ReadString('\n')
			if err != nil || line == "mepok 1\n" {
				done <- err
				return
			}
		}
	}()
	if _, err := io.WriteString(in, "mep 1\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("handshake: %v", err)
		}
	case <-time.After(engineWait):
		cmd.Process.Kill()
		t.Fatal("no handshake")
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if err != nil || stderr.String() != "" {
			t.Errorf("after SIGTERM: %v, stderr %q; want a clean exit", err, stderr.String())
		}
	case <-time.After(engineWait):
		cmd.Process.Kill()
		t.Fatal("the engine did not end after SIGTERM")
	}
}

// TestEngineRelay runs an external engine as the player of 'colony engine' (a cmd
// spec: here 'colony engine --player ab:depth=2' itself, as a process) and checks
// that its turns are the turns of the player it runs, and that its process ends
// with the engine.
func TestEngineRelay(t *testing.T) {
	t.Setenv("COLONY_TEST_MAIN", "1") // for the process the engine starts
	k, v, _ := strings.Cut(noRaceExitSleep, "=")
	t.Setenv(k, v)
	spec := `cmd:path=` + os.Args[0] + `,args="engine --player ab:depth=2"`
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut lockedBuffer
	exit := make(chan int, 1)
	go func() {
		code := runWithInput([]string{"engine", "--player", spec}, inR, outW, &errOut)
		outW.Close()
		inR.Close()
		exit <- code
	}()
	ctx, cancel := context.WithTimeout(context.Background(), engineWait)
	defer cancel()
	c, err := protocol.Connect(ctx, outR, inW, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := catalog.Open("kalah:6x4")
	if err := c.NewGame(ctx, "kalah:6x4"); err != nil {
		t.Fatal(err)
	}
	children := protocoltest.ChildProcesses()
	if len(children) == 0 && runtime.GOOS == "linux" {
		t.Error("no process started for the external engine at newgame")
	}
	var turns []string
	for range 6 {
		pos, outcome, err := g.Play(g.StartPosition(), turns)
		if err != nil || outcome != nil {
			break
		}
		want, _, err := g.Think(ctx, "ab:depth=2", pos)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Position(ctx, "", turns); err != nil {
			t.Fatal(err)
		}
		res, err := c.Go(ctx, protocol.Limits{}, engineWait, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Turn != want {
			t.Errorf("after %q: %q, the player the engine runs plays %q", turns, res.Turn, want)
		}
		turns = append(turns, res.Turn)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	select {
	case code := <-exit:
		if code != exitOK || errOut.String() != "" {
			t.Errorf("exit %d, stderr %q", code, errOut.String())
		}
	case <-time.After(engineWait):
		t.Fatal("the engine did not end after quit")
	}
	for _, pid := range children {
		if !protocoltest.ProcessGone(pid) {
			t.Errorf("the external engine's process %d is left", pid)
		}
	}
}
