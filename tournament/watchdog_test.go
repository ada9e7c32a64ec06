package tournament

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// stallLab builds players for the watchdog tests: the players whose spec starts
// with stuckSpec (the entrant named "stuck") stall on their stallTurn-th turn,
// ignoring their context, until the lab's release is closed or, with lateBy, for that
// long; then they play the turn. The others play as usual. It notes every misuse: a Play after the player stalled or after Close, a
// Close during Play or twice.
type stallLab struct {
	stuckSpec string
	stallTurn int
	lateBy    time.Duration
	release   chan struct{}
	once      sync.Once
	// stalled receives each stalling player's id when it stalls (buffered).
	stalled chan int

	mu      sync.Mutex
	players []*stallPlayer
	misuse  []string
}

type stallPlayer struct {
	search.Player[colony.State]
	lab   *stallLab
	id    int
	stuck bool

	// under lab.mu:
	turns           int
	inPlay, stalled bool
	closes          int
}

func newStallLab(stuckSpec string, stallTurn int, lateBy time.Duration) *stallLab {
	return &stallLab{stuckSpec: stuckSpec, stallTurn: stallTurn, lateBy: lateBy, release: make(chan struct{}), stalled: make(chan int, 1000)}
}

// releaseAll lets the stuck players return.
func (l *stallLab) releaseAll() { l.once.Do(func() { close(l.release) }) }

func (l *stallLab) factory() match.PlayerFactory[colony.State] {
	real := newFactory[colony.State](colonyGame, colony.Score{})
	return func(spec string, opts search.Options) (search.Player[colony.State], error) {
		inner, err := real(spec, opts)
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		p := &stallPlayer{Player: inner, lab: l, id: len(l.players), stuck: strings.HasPrefix(spec, l.stuckSpec)}
		l.players = append(l.players, p)
		return p, nil
	}
}

func (l *stallLab) noteLocked(format string, args ...any) {
	l.misuse = append(l.misuse, fmt.Sprintf(format, args...))
}

func (p *stallPlayer) Play(ctx context.Context, s *colony.State) (search.Decision, error) {
	l := p.lab
	l.mu.Lock()
	switch {
	case p.closes > 0:
		l.noteLocked("player %d played after Close", p.id)
	case p.stalled:
		l.noteLocked("player %d played again after it stalled", p.id)
	case p.inPlay:
		l.noteLocked("player %d played twice at once", p.id)
	}
	p.turns++
	p.inPlay = true
	stall := p.stuck && p.turns == l.stallTurn
	p.stalled = p.stalled || stall
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		p.inPlay = false
		l.mu.Unlock()
	}()
	if stall {
		l.stalled <- p.id
		before := *s
		late := time.Now().Add(l.lateBy)
		// Stuck: the context is not looked at. The position is read all along, as a
		// search would (the race detector sees a runner that writes it). The wait
		// polls with time.Sleep, not timer channels: a timer's channel would tell the
		// race detector that the runner's goroutines happened before it returns.
	wait:
		for {
			select {
			case <-l.release:
				break wait
			default:
			}
			if l.lateBy > 0 && time.Now().After(late) {
				break
			}
			if *s != before {
				l.mu.Lock()
				l.noteLocked("player %d: the position changed under its Play", p.id)
				l.mu.Unlock()
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	// A real turn, late or not: the runner must not take it after a forfeit.
	return p.Player.Play(ctx, s)
}

func (p *stallPlayer) Close() error {
	l := p.lab
	l.mu.Lock()
	if p.inPlay {
		l.noteLocked("player %d closed during Play", p.id)
	}
	p.closes++
	l.mu.Unlock()
	return p.Player.Close()
}

// check fails the test on any misuse, and unless every player that did not stall
// was closed exactly once and each stalled one at most once (exactly once when
// allClosed: all have returned).
func (l *stallLab) check(t *testing.T, allClosed bool) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range l.misuse {
		t.Error(m)
	}
	for _, p := range l.players {
		if p.closes > 1 || (p.closes == 0 && (allClosed || !p.stalled)) {
			t.Errorf("player %d (stalled %v) closed %d times, want once", p.id, p.stalled, p.closes)
		}
	}
}

// waitClosed waits (up to a generous bound) until every player built is closed.
func (l *stallLab) waitClosed(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		l.mu.Lock()
		open := slices.ContainsFunc(l.players, func(p *stallPlayer) bool { return p.closes == 0 })
		l.mu.Unlock()
		if !open {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("abandoned players were not closed after their Play returned")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// runWithin runs r and fails the test if Run does not return within limit (a
// stalled runner would hang the test: the lab's players are released then, so that
// the goroutines end).
func runWithin(t *testing.T, ctx context.Context, r *Runner, lab *stallLab, limit time.Duration) (*Result, time.Duration, error) {
	t.Helper()
	type out struct {
		res *Result
		err error
	}
	done := make(chan out, 1)
	start := time.Now()
	go func() {
		res, err := r.Run(ctx)
		done <- out{res, err}
	}()
	select {
	case o := <-done:
		return o.res, time.Since(start), o.err
	case <-time.After(limit):
		lab.releaseAll()
		<-done
		t.Fatalf("Run did not return within %v with a player stuck in a move", limit)
	}
	return nil, 0, nil
}

// TestWatchdogStalledPlayersForfeit: a player that never returns from a watched move
// (a move time, a clock, a move timeout) loses each game it stalls in on time, with
// a detail that says so; the worker goes on with new players, the other games are
// played, and Run returns without waiting for the stuck players, which are closed
// when their Play returns.
func TestWatchdogStalledPlayersForfeit(t *testing.T) {
	tests := []struct {
		name        string
		limits      record.Limits
		concurrency int
		lateBy      time.Duration // the stuck player returns after this (0: when released)
		detail      string
		// stuck is the stuck player's spec ("greedy" if empty), stalling on its turn-th
		// turn (the second if 0).
		stuck string
		turn  int
	}{
		// The margins and the move timeout are generous (the players that do not
		// stall reply within a few milliseconds, on a loaded machine well within
		// them): the runner's waits must not end the moves of the others.
		{"move time, one at a time", record.Limits{MoveTime: 30 * time.Millisecond, Margin: 400 * time.Millisecond}, 1, 0,
			"no reply after 430ms for a move time of 30ms", "", 0},
		{"move time, two at a time", record.Limits{MoveTime: 30 * time.Millisecond, Margin: 400 * time.Millisecond}, 2, 0,
			"no reply after 430ms for a move time of 30ms", "", 0},
		{"move time, margin over the floor", record.Limits{MoveTime: 20 * time.Millisecond, Margin: 450 * time.Millisecond}, 2, 0,
			"no reply after 470ms for a move time of 20ms", "", 0},
		{"clock", record.Limits{TimeControl: record.TimeControl{Base: 200 * time.Millisecond}, Margin: 400 * time.Millisecond}, 2, 0,
			"on its clock", "", 0},
		{"move timeout", record.Limits{Depth: 1, MoveTimeout: 500 * time.Millisecond}, 2, 0,
			"no reply after 500ms, the move timeout", "", 0},
		{"returns late", record.Limits{MoveTime: 30 * time.Millisecond, Margin: 400 * time.Millisecond}, 2, 700 * time.Millisecond,
			"no reply after 430ms for a move time of 30ms", "", 0},
		// It stalls before it takes its transposition table from the worker's Tables,
		// and takes it when it returns, after its worker has gone on.
		{"alpha-beta returns late", record.Limits{MoveTime: 30 * time.Millisecond, Margin: 400 * time.Millisecond}, 2, 600 * time.Millisecond,
			"no reply after 430ms for a move time of 30ms", "ab:depth=2", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The cases wait for their stuck players, their other players take
			// little CPU and the margins are generous: they run side by side.
			t.Parallel()
			stuck, turn := cmp.Or(tc.stuck, "greedy"), cmp.Or(tc.turn, 2)
			lab := newStallLab(stuck, turn, tc.lateBy)
			cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "stuck", Spec: stuck}, {Name: "random", Spec: "random"}, {Name: "ab", Spec: "ab:depth=1"}},
				Format: record.RoundRobin, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2}, Limits: tc.limits}
			var buf bytes.Buffer
			if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
				t.Fatal(err)
			}
			r := &Runner{Games: match.Bind(colonyGame, lab.factory(), nil), Config: cfg, Concurrency: tc.concurrency, Records: &buf}
			res, took, err := runWithin(t, context.Background(), r, lab, 30*time.Second)
			t.Logf("Run took %v", took)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Complete || len(res.Games) != 6 {
				t.Fatalf("complete %v with %d games, want all 6", res.Complete, len(res.Games))
			}
			stalls := 0
			for _, g := range parseFile(t, buf.Bytes()).Games {
				stuckSeat := slices.Index(g.Players[:], "stuck")
				if stuckSeat < 0 {
					if g.Forfeit() {
						t.Errorf("game %d without the stuck player: %s (%s)", g.Index, g.Reason, g.Detail)
					}
					continue
				}
				stalls++
				if g.Reason != record.ReasonTime || !g.Forfeit() || g.Winner != 1-stuckSeat ||
					!strings.HasPrefix(g.Detail, "stuck (") || !strings.Contains(g.Detail, tc.detail) {
					t.Errorf("game %d: winner %d, reason %q, detail %q; want a time forfeit won by seat %d with %q",
						g.Index, g.Winner, g.Reason, g.Detail, 1-stuckSeat, tc.detail)
				}
				// The turns before the stuck one were played and recorded, not that one.
				if want := 2*(turn-1) + stuckSeat; g.Turns != want || len(g.Info) != g.Turns || len(g.Moves) != g.Turns {
					t.Errorf("game %d: %d turns, %d infos, %d moves; want %d", g.Index, g.Turns, len(g.Info), len(g.Moves), want)
				}
			}
			if stalls != 4 || len(lab.stalled) != 4 || res.Abandoned != 4 {
				t.Errorf("%d games with the stuck player, %d stalls, %d abandoned; want 4 each", stalls, len(lab.stalled), res.Abandoned)
			}
			// Every game built its own players: 3 checked, then 2 a game.
			if n := len(lab.players); n != 3+2*6 {
				t.Errorf("%d players built, want %d", n, 3+2*6)
			}
			lab.check(t, false)
			lab.releaseAll()
			lab.waitClosed(t)
			lab.check(t, true)
		})
	}
}

// TestWatchdogCancelWithStuckPlayer: a run cancelled while a player is stuck in a
// watched move returns promptly, without the game, and counts the player abandoned.
func TestWatchdogCancelWithStuckPlayer(t *testing.T) {
	tests := []struct {
		name   string
		limits record.Limits
	}{
		// Limits the watchdog would take long to reach: the cancellation ends the wait.
		{"move time", record.Limits{MoveTime: time.Minute}},
		{"clock", record.Limits{TimeControl: record.TimeControl{Base: time.Hour}, Margin: time.Minute}},
		{"move timeout", record.Limits{Depth: 1, MoveTimeout: time.Hour}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lab := newStallLab("greedy", 2, 0)
			defer lab.releaseAll()
			cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "stuck", Spec: "greedy"}, {Name: "random", Spec: "random"}},
				Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2}, Limits: tc.limits}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				<-lab.stalled
				cancel()
			}()
			r := &Runner{Games: match.Bind(colonyGame, lab.factory(), nil), Config: cfg, Concurrency: 1}
			res, took, err := runWithin(t, ctx, r, lab, 20*time.Second)
			t.Logf("Run took %v", took)
			if err != nil {
				t.Fatal(err)
			}
			if res.Complete || len(res.Games) != 0 || res.Abandoned != 1 {
				t.Errorf("complete %v, %d games, %d abandoned; want no game and one abandoned player", res.Complete, len(res.Games), res.Abandoned)
			}
			lab.check(t, false)
			lab.releaseAll()
			lab.waitClosed(t)
			lab.check(t, true)
		})
	}
}
