package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
)

// stopWait bounds how long a search may take to end once it is asked to: generous,
// the machine may be busy (the searches look every thousand nodes or so).
const stopWait = 10 * time.Second

// rangeRE reads the range a setting's description states ("full turns searched, 1 to
// 64").
var rangeRE = regexp.MustCompile(`\b\d+ to (\d+)\b`)

// hugeLimitSpec returns the spec of a player of kind k that searches for a very long
// time: the settings extra gives it, then its depth and node limits that extra does
// not set at their most (the range its description states, or a huge number), and no
// time limit.
func hugeLimitSpec(k search.Kind, extra string) string {
	var set []string
	if extra != "" {
		set = append(set, extra)
	}
	given, err := search.ParseSpec(k.Name + ":" + extra)
	if extra == "" || err != nil {
		given = search.Spec{}
	}
	for _, s := range k.Settings {
		if _, ok := given.Settings[s.Key]; ok || s.Role != search.RoleDepth && s.Role != search.RoleNodes {
			continue
		}
		v := strconv.FormatInt(1<<40, 10)
		if m := rangeRE.FindStringSubmatch(s.Doc); m != nil {
			v = m[1]
		}
		set = append(set, s.Key+"="+v)
	}
	if len(set) == 0 {
		return k.Name
	}
	return k.Name + ":" + strings.Join(set, ",")
}

// TestEveryKindStops searches The Colony's start with a player of every registered
// kind, at its largest limits, cancels the context after a while and checks that the
// search returns within stopWait, with a legal turn (or, for the kinds that abandon
// their search, the context's error). Kinds are taken from the registry: a new kind
// is tested too (the settings it needs besides its limits go in extra).
func TestEveryKindStops(t *testing.T) {
	t.Setenv("COLONY_TEST_MAIN", "1") // for the process of the cmd kind
	k, v, _ := strings.Cut(noRaceExitSleep, "=")
	t.Setenv(k, v)
	extra := map[string]string{
		// An external engine: this program's engine, alpha-beta to its largest
		// depth (told to the engine as go depth 64 nodes 2^40).
		"cmd": `path=` + os.Args[0] + `,args="engine --player ab",depth=64`,
	}
	// The kinds whose search, when its context is done, ends with the context's
	// error rather than a turn: an external engine's is abandoned (a runner's
	// deadline is kept by stop, with a margin, not by the context).
	abandons := map[string]bool{"cmd": true}
	g, err := catalog.Open("colony")
	if err != nil {
		t.Fatal(err)
	}
	pos := g.StartPosition()
	for _, kind := range search.Kinds() {
		t.Run(kind.Name, func(t *testing.T) {
			spec := hugeLimitSpec(kind, extra[kind.Name])
			if err := g.CheckPlayer(spec); err != nil {
				t.Fatalf("%s: %v (give the kind the settings it needs in extra)", spec, err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			type result struct {
				a   *catalog.Analysis
				err error
			}
			done := make(chan result, 1)
			go func() {
				a, err := g.Analyze(ctx, spec, pos, nil)
				done <- result{a, err}
			}()
			var r result
			select {
			case r = <-done: // a quick player
			case <-time.After(time.Second):
				cancel()
				select {
				case r = <-done:
				case <-time.After(stopWait):
					t.Fatalf("%s: the search goes on %v after its context was cancelled", spec, stopWait)
				}
			}
			if r.err != nil && abandons[kind.Name] && errors.Is(r.err, context.Canceled) {
				return
			}
			if r.err != nil {
				t.Fatalf("%s: %v", spec, r.err)
			}
			if _, _, err := g.Play(pos, []string{r.a.Best}); err != nil {
				t.Errorf("%s: the turn %q: %v", spec, r.a.Best, err)
			}
		})
	}
}

// searchingEngine starts 'colony engine --player minimax:depth=64', a search that
// takes ages, and sets it searching The Colony's start; it returns the process, its
// input, its output's lines and a channel that gives the error of its exit (nil for
// a clean one). isready answered after go says the search is under way.
func searchingEngine(t *testing.T) (cmd *exec.Cmd, in io.WriteCloser, lines <-chan string, exited <-chan error) {
	t.Helper()
	cmd = exec.Command(os.Args[0], "engine", "--player", "minimax:depth=64")
	cmd.Env = append(os.Environ(), "COLONY_TEST_MAIN=1", noRaceExitSleep)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ch := make(chan string, 1000)
	read := make(chan struct{})
	go func() {
		defer close(read)
		defer close(ch)
		br := bufio.NewReader(out)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			ch <- strings.TrimSuffix(line, "\n")
		}
	}()
	ex := make(chan error, 1) // the exit's error, then closed
	gone := make(chan struct{})
	go func() {
		<-read // Wait closes the pipe: not before its output is read
		ex <- cmd.Wait()
		close(ex)
		close(gone)
	}()
	t.Cleanup(func() {
		in.Close()
		select {
		case <-gone:
		case <-time.After(stopWait):
			cmd.Process.Kill()
			<-gone
		}
		if s := stderr.String(); s != "" {
			t.Errorf("the engine wrote on its standard error: %q", s)
		}
	})
	if _, err := io.WriteString(in, "mep 1\nnewgame colony\nposition start\ngo\nisready\n"); err != nil {
		t.Fatal(err)
	}
	waitLine(t, ch, "readyok", engineWait)
	return cmd, in, ch, ex
}

// waitLine reads lines until one that is want or begins with it followed by a
// space, for up to wait; it fails the test when none comes.
func waitLine(t *testing.T, lines <-chan string, want string, wait time.Duration) string {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the engine's output ended before %q", want)
			}
			if l == want || strings.HasPrefix(l, want+" ") {
				return l
			}
		case <-deadline:
			t.Fatalf("no %q within %v", want, wait)
		}
	}
}

// TestEngineStopsMinimax checks that 'colony engine --player minimax:depth=64', a
// search that would take ages, ends its search promptly at stop (with a bestturn),
// and its process at quit, at the end of its input and at the first Ctrl-C (SIGINT),
// each sent while it searches.
func TestEngineStopsMinimax(t *testing.T) {
	waitExit := func(t *testing.T, exited <-chan error, what string) {
		t.Helper()
		select {
		case err, ok := <-exited:
			if ok && err != nil {
				t.Errorf("after %s: %v, want a clean exit", what, err)
			}
		case <-time.After(stopWait):
			t.Fatalf("the engine still searches %v after %s", stopWait, what)
		}
	}
	t.Run("stop", func(t *testing.T) {
		_, in, lines, exited := searchingEngine(t)
		if _, err := io.WriteString(in, "stop\n"); err != nil {
			t.Fatal(err)
		}
		waitLine(t, lines, "bestturn", stopWait)
		if _, err := io.WriteString(in, "quit\n"); err != nil {
			t.Fatal(err)
		}
		waitExit(t, exited, "stop and quit")
	})
	t.Run("quit", func(t *testing.T) {
		_, in, _, exited := searchingEngine(t)
		if _, err := io.WriteString(in, "quit\n"); err != nil {
			t.Fatal(err)
		}
		waitExit(t, exited, "quit")
	})
	t.Run("eof", func(t *testing.T) {
		_, in, _, exited := searchingEngine(t)
		in.Close()
		waitExit(t, exited, "the end of its input")
	})
	t.Run("sigint", func(t *testing.T) {
		cmd, _, _, exited := searchingEngine(t)
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil && !errors.Is(err, os.ErrProcessDone) {
			t.Fatal(err)
		}
		waitExit(t, exited, "one SIGINT")
	})
}
