package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/internal/jsontest"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
)

// gate holds every player that reaches its turn number at of a game, until
// released: the games stay in flight, their turns so far played, and none ends.
type gate struct {
	at      int
	taken   atomic.Bool
	held    chan struct{} // closed when a player is held
	release chan struct{}
}

func newGate(at int) *gate {
	return &gate{at: at, held: make(chan struct{}), release: make(chan struct{})}
}

type gatedPlayer struct {
	search.Player[colony.State]
	g     *gate
	turns int
}

func (p *gatedPlayer) Play(ctx context.Context, s *colony.State) (search.Decision, error) {
	if p.turns == p.g.at {
		if p.g.taken.CompareAndSwap(false, true) {
			close(p.g.held)
		}
		select {
		case <-p.g.release:
		case <-ctx.Done():
			return search.Decision{}, ctx.Err()
		}
	}
	p.turns++
	return p.Player.Play(ctx, s)
}

func (g *gate) factory() match.PlayerFactory[colony.State] {
	inner := newFactory[colony.State](colonyGame, colony.Score{})
	return func(spec string, opts search.Options) (search.Player[colony.State], error) {
		p, err := inner(spec, opts)
		if err != nil {
			return nil, err
		}
		return &gatedPlayer{Player: p, g: g}, nil
	}
}

// watcher polls a Follower on its own goroutine and keeps what it saw.
type watcher struct {
	f      *report.Follower
	cancel context.CancelFunc
	done   chan struct{}

	mu        sync.Mutex
	snapshots int
	finished  []int // each snapshot's finished games
	errs      []error
	maxTurns  int // of a live game
}

func watch(f *report.Follower) *watcher {
	ctx, cancel := context.WithCancel(context.Background())
	w := &watcher{f: f, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		_ = f.Watch(ctx, 10*time.Millisecond, func(s *report.Snapshot, err error) error {
			w.mu.Lock()
			defer w.mu.Unlock()
			w.snapshots++
			if err != nil {
				w.errs = append(w.errs, err)
			}
			w.finished = append(w.finished, s.Progress.Finished)
			for _, g := range s.Live {
				w.maxTurns = max(w.maxTurns, len(g.Moves))
			}
			return nil
		})
	}()
	return w
}

// waitTurns waits until the watcher has seen a live game of turns turns.
func (w *watcher) waitTurns(t *testing.T, turns int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		w.mu.Lock()
		seen := w.maxTurns
		w.mu.Unlock()
		if seen >= turns {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the watcher saw live games of at most %d turns within a minute, want %d", seen, turns)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (w *watcher) stop(t *testing.T, what string) {
	t.Helper()
	w.cancel()
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.errs) > 0 {
		t.Errorf("%s: the follower failed: %v", what, w.errs[0])
	}
	if !slices.IsSorted(w.finished) {
		t.Errorf("%s: the finished games went back: %v", what, w.finished)
	}
}

// pollUntil polls f until ok holds (the test's deadline fails it otherwise).
func pollUntil(t *testing.T, f *report.Follower, what string, ok func(*report.Snapshot) bool) *report.Snapshot {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s, err := f.Poll()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			b, _ := json.Marshal(s)
			t.Fatalf("%s: not seen within a minute; last snapshot %s", what, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// summaryStandings writes the report of res as summary.json in dir, as the command
// does, and returns its standings as JSON.
func summaryStandings(t *testing.T, dir string, cfg record.Config, res *Result) string {
	t.Helper()
	rep, err := report.Summarize(&cfg, res.Games, colonyGame.Sides(), res.SPRT)
	if err != nil {
		t.Fatal(err)
	}
	o := report.Outputs{Dir: dir}
	o.Fill()
	o.Plot, o.CSV = "", ""
	if err := o.Write(rep, os.Stderr); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(o.Summary)
	if err != nil {
		t.Fatal(err)
	}
	var summary struct {
		Standings json.RawMessage `json:"standings"`
		SPRT      *struct {
			LLR   float64 `json:"llr"`
			Pairs int     `json:"pairs"`
		} `json:"sprt"`
	}
	if err := json.Unmarshal(data, &summary); err != nil {
		t.Fatal(err)
	}
	return jsontest.Compact(t, summary.Standings)
}

// TestLiveRunFollowed follows a real run: the live file shows a game in flight with
// its turns, the snapshots grow, the run is cancelled while its games are held (the
// live file says stopped), then found killed (stale), then resumed to its end: the
// game that was in flight is played again from the turns the live file showed, and
// the follower's standings are the report's.
func TestLiveRunFollowed(t *testing.T) {
	cfg := testConfig()
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	f := report.FollowDir(dir)
	if s, err := f.Poll(); err != nil || s.Progress.State != report.WatchWaiting || s.Tournament != nil {
		t.Fatalf("before the run: %v, %+v; want the state %q", err, s, report.WatchWaiting)
	}

	g := newGate(3)
	s, _ := session(cfg, name, false, g.factory())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := watch(report.FollowDir(dir))
	type outcome struct {
		res *Result
		err error
	}
	ran := make(chan outcome, 1)
	defer close(g.release)
	go func() {
		res, err := s.Run(ctx)
		ran <- outcome{res, err}
	}()
	<-g.held
	held := pollUntil(t, f, "a game held at its turn 3", func(s *report.Snapshot) bool {
		for _, lg := range s.Live {
			if len(lg.Moves) >= 3 {
				return true
			}
		}
		return false
	})
	if held.Progress.State != record.LiveRunning || held.Run == nil || held.Run.PID != os.Getpid() || held.Run.Stale {
		t.Errorf("while held: state %q, run %+v; want running, by this process", held.Progress.State, held.Run)
	}
	if held.Progress.Scheduled != cfg.RunGames() || held.Tournament == nil || held.Tournament.Total != cfg.TotalGames() {
		t.Errorf("while held: scheduled %d, tournament %+v; want %d games", held.Progress.Scheduled, held.Tournament, cfg.RunGames())
	}
	var inFlight record.LiveGame
	for _, lg := range held.Live {
		if len(lg.Moves) >= 3 {
			inFlight = lg
		}
	}
	sl := cfg.Slot(inFlight.Index)
	if inFlight.Pair != sl.Pair || inFlight.Round != sl.Round || inFlight.Players != [2]string{cfg.Players[sl.Seats[0]].Name, cfg.Players[sl.Seats[1]].Name} ||
		inFlight.Opening == "" || !strings.Contains(inFlight.Specs[0], "seed=") || inFlight.Started.IsZero() {
		t.Errorf("the game in flight: %+v; its slot is %+v", inFlight, sl)
	}
	w.waitTurns(t, 3)
	cancel() // while the games are held: they are cut short, the run stops
	out := <-ran
	w.stop(t, "the first run")
	if out.err != nil || out.res == nil || out.res.Complete {
		t.Fatalf("the cancelled run: %v, %+v; want an incomplete result", out.err, out.res)
	}
	lf, err := record.ReadLiveFile(record.LiveFileName(name))
	if err != nil || lf.State != record.LiveStopped || len(lf.Games) != 0 || lf.Played != out.res.Played {
		t.Fatalf("the live file after the cancelled run: %v, %+v; want stopped, no games, %d played", err, lf, out.res.Played)
	}
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	stopped, err := f.Poll()
	if err != nil || stopped.Progress.State != record.LiveStopped || stopped.Progress.Finished != len(gf.Games) || len(stopped.Live) != 0 {
		t.Fatalf("after the cancelled run: %v, state %q, %d finished, %d live; want stopped, %d, none", err, stopped.Progress.State,
			stopped.Progress.Finished, len(stopped.Live), len(gf.Games))
	}
	// A killed run leaves its live file running: the follower sees it stale.
	lf.State, lf.PID, lf.Games = record.LiveRunning, exitedPID(t), []record.LiveGame{inFlight}
	data, err := json.Marshal(lf)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(record.LiveFileName(name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	killed, err := f.Poll()
	if err != nil || killed.Progress.State != report.WatchStale || !killed.Run.Stale || len(killed.Live) != 0 || killed.Progress.Left != nil {
		t.Fatalf("after a kill: %v, %+v; want stale, no live games, no time left", err, killed.Progress)
	}

	w = watch(f)
	s, _ = session(cfg, name, true, nil)
	res, err := s.Run(context.Background())
	if err != nil || !res.Complete {
		t.Fatalf("resumed: %v, %+v", err, res)
	}
	w.stop(t, "the resumed run")
	final, err := f.Poll()
	if err != nil {
		t.Fatal(err)
	}
	if final.Progress.State != record.LiveFinished || final.Progress.Finished != cfg.TotalGames() || final.Progress.Played != res.Played ||
		final.Progress.Left == nil || *final.Progress.Left != 0 || final.Restarts != 0 || len(final.Live) != 0 {
		t.Errorf("at the end: %+v, %d restarts, %d live; want finished, %d games, %d played, no time left", final.Progress,
			final.Restarts, len(final.Live), cfg.TotalGames(), res.Played)
	}
	whole, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range whole.Games {
		if rec.Index == inFlight.Index && !slices.Equal(rec.Moves[:len(inFlight.Moves)], inFlight.Moves) {
			t.Errorf("game %d starts with %q, the live file showed %q", rec.Index, rec.Moves[:len(inFlight.Moves)], inFlight.Moves)
		}
	}
	last := whole.Games[len(whole.Games)-1]
	if len(final.Recent) != min(report.DefaultRecent, len(whole.Games)) || final.Recent[0].Index != last.Index || final.Recent[0].Turns != last.Turns || final.Recent[0].Result != last.Result {
		t.Errorf("recent games: %+v; want %d, the last game %d first", final.Recent, report.DefaultRecent, last.Index)
	}
	want := summaryStandings(t, dir, cfg, res)
	if got := jsontest.Compact(t, final.Standings); got != want {
		t.Errorf("standings\n got %s\nwant %s (summary.json)", got, want)
	}
	// A new follower reads the whole file at once to the same standings.
	again, err := report.FollowDir(dir).Poll()
	if err != nil {
		t.Fatal(err)
	}
	if got := jsontest.Compact(t, again.Standings); got != want {
		t.Errorf("a new follower's standings\n got %s\nwant %s", got, want)
	}
}

// TestLiveSPRT follows a match with an SPRT that decides: the LLR, its history and
// the standings are the report's.
func TestLiveSPRT(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=100,alpha=0.1,beta=0.1,model=logistic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "random", Spec: "random"}, {Name: "ab1", Spec: "ab:depth=1"}},
		Format: record.Match, Games: 60, Seed: 3, Openings: record.Openings{RandomTurns: 3}, SPRT: &test}
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	w := watch(report.FollowDir(dir))
	s, _ := session(cfg, name, false, nil)
	res, err := s.Run(context.Background())
	if err != nil || !res.Complete {
		t.Fatalf("run: %v, %+v", err, res)
	}
	w.stop(t, "the match")
	f := report.FollowDir(dir)
	f.HistoryPoints = 4
	snap, err := f.Poll()
	if err != nil {
		t.Fatal(err)
	}
	sp := snap.SPRT
	lo, hi := test.Bounds()
	if sp == nil || sp.LLR != res.SPRT.LLR || sp.Lower != lo || sp.Upper != hi || sp.Pairs != res.SPRT.Pentanomial.Pairs() ||
		sp.Verdict != res.SPRT.Verdict.String() || sp.StopPair != res.SPRT.StopPair {
		t.Fatalf("SPRT %+v, the run's %+v", sp, res.SPRT)
	}
	if res.SPRT.Verdict == stats.Continue {
		t.Fatalf("the SPRT did not decide in %d pairs: choose a test that does (%+v)", sp.Pairs, sp)
	}
	if n := len(sp.History); n < 2 || n > 4 || sp.History[n-1] != (report.LLRPoint{Pairs: sp.Pairs, LLR: sp.LLR}) || sp.History[0].Pairs != 1 {
		t.Errorf("history %+v: want at most 4 points, from pair 1 to %d with the LLR %v", sp.History, sp.Pairs, sp.LLR)
	}
	f.HistoryPoints = 0
	full, _ := f.Poll()
	if len(full.SPRT.History) != sp.Pairs {
		t.Errorf("%d points of history, want one a pair: %d", len(full.SPRT.History), sp.Pairs)
	}
	for i, p := range full.SPRT.History {
		if p.Pairs != i+1 {
			t.Fatalf("history point %d: %+v", i, p)
		}
	}
	if got, want := jsontest.Compact(t, snap.Standings), summaryStandings(t, dir, cfg, res); got != want {
		t.Errorf("standings\n got %s\nwant %s (summary.json)", got, want)
	}
}

// TestSessionNoLive keeps no live file when asked, and one beside the games file
// otherwise.
func TestSessionNoLive(t *testing.T) {
	cfg := testConfig()
	cfg.Games = 2
	for _, noLive := range []bool{true, false} {
		dir := t.TempDir()
		name := filepath.Join(dir, "shard.jsonl")
		s, _ := session(cfg, name, false, nil)
		s.NoLive = noLive
		if _, err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		lf, err := record.ReadLiveFile(filepath.Join(dir, "shard.live.json"))
		switch {
		case noLive && !errors.Is(err, fs.ErrNotExist):
			t.Errorf("NoLive: the live file: %v, want none", err)
		case !noLive && (err != nil || lf.State != record.LiveFinished || lf.Finished != cfg.TotalGames() || lf.GamesFile != "shard.jsonl"):
			t.Errorf("the live file: %v, %+v; want finished, %d games", err, lf, cfg.TotalGames())
		}
	}
}

// exitedPID returns the process id of a process that has exited.
func exitedPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("no process to start: %v", err)
	}
	return cmd.Process.Pid
}
