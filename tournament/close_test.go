package tournament

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// closeCounter wraps a factory: it counts the players built and the Close calls of
// each, and notes a Play after Close.
type closeCounter struct {
	mu     sync.Mutex
	closes []int // by player, in the order built
	misuse []string

	// failBuild, if above 0, makes the failBuild-th player built (from 1) fail.
	failBuild int
	builds    int // the players asked for so far
	// closeErr is what Close returns; closePanic makes it panic instead.
	closeErr   error
	closePanic bool
	// onPlay, if not nil, is called before every Play with the number of Plays so far.
	onPlay func(n int)
	plays  int
}

// countedPlayer is a player built through a closeCounter.
type countedPlayer struct {
	search.Player[colony.State]
	c  *closeCounter
	id int
}

func (p *countedPlayer) Play(ctx context.Context, s *colony.State) (search.Decision, error) {
	c := p.c
	c.mu.Lock()
	if c.closes[p.id] > 0 {
		c.misuse = append(c.misuse, fmt.Sprintf("player %d played after Close", p.id))
	}
	c.plays++
	n, onPlay := c.plays, c.onPlay
	c.mu.Unlock()
	if onPlay != nil {
		onPlay(n)
	}
	return p.Player.Play(ctx, s)
}

func (p *countedPlayer) Close() error {
	c := p.c
	c.mu.Lock()
	c.closes[p.id]++
	c.mu.Unlock()
	if err := p.Player.Close(); err != nil {
		return err
	}
	if c.closePanic {
		panic("the engine would not stop")
	}
	return c.closeErr
}

// factory returns inner (or the real players) counted.
func (c *closeCounter) factory(inner match.PlayerFactory[colony.State]) match.PlayerFactory[colony.State] {
	if inner == nil {
		inner = newFactory[colony.State](colonyGame, colony.Score{})
	}
	return func(spec string, opts search.Options) (search.Player[colony.State], error) {
		c.mu.Lock()
		c.builds++
		built := c.builds // counted under the lock: concurrent builds get distinct numbers
		c.mu.Unlock()
		if built == c.failBuild {
			return nil, errors.New("no such engine")
		}
		p, err := inner(spec, opts)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		c.closes = append(c.closes, 0)
		return &countedPlayer{Player: p, c: c, id: len(c.closes) - 1}, nil
	}
}

// check fails the test unless every player built was closed exactly once and none
// played after Close.
func (c *closeCounter) check(t *testing.T) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.closes) == 0 {
		t.Fatal("no player was built")
	}
	for id, n := range c.closes {
		if n != 1 {
			t.Errorf("player %d of %d closed %d times, want once", id, len(c.closes), n)
		}
	}
	for _, m := range c.misuse {
		t.Error(m)
	}
}

// TestRunClosesEveryPlayer: every player the runner builds (to check the specs and
// for each game) is closed exactly once, however its game ends and however the run
// ends.
func TestRunClosesEveryPlayer(t *testing.T) {
	asMatch := func(c *record.Config) {
		c.Players = []record.Entrant{{Name: "bad", Spec: "greedy"}, {Name: "good", Spec: "random"}}
		c.Format = record.Match
	}
	tests := []struct {
		name    string
		edit    func(*record.Config)
		inner   match.PlayerFactory[colony.State]
		counter *closeCounter // nil: a plain one
		cancel  bool          // cancel the run from a Play, with games in flight
		wantErr string        // "" for none
		// complete: every game of the schedule is played.
		complete bool
	}{
		{name: "games to their end", complete: true},
		{name: "a player panics", edit: asMatch, inner: brokenFactory("panic"), complete: true},
		{name: "a player fails", edit: asMatch, inner: brokenFactory("error"), complete: true},
		{name: "an illegal turn", edit: asMatch, inner: brokenFactory("illegal"), complete: true},
		// The three players checked, then game 0's first player, then the second fails.
		{name: "a player cannot be built", counter: &closeCounter{failBuild: 5}, wantErr: "no such engine"},
		{name: "cancelled", cancel: true},
		{name: "close fails", counter: &closeCounter{closeErr: errors.New("stuck")}, wantErr: "close: stuck"},
		{name: "close panics", counter: &closeCounter{closePanic: true}, wantErr: "close: panic: the engine would not stop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig()
			cfg.Games = 6
			if tc.edit != nil {
				tc.edit(&cfg)
			}
			c := tc.counter
			if c == nil {
				c = &closeCounter{}
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r := &Runner{Games: match.Bind(colonyGame, c.factory(tc.inner), nil), Config: cfg, Concurrency: 3}
			if tc.cancel {
				// Cancel from inside the 1000th Play: these 120 games take 14 to 70
				// turns each (about 4,000 in all), so with three games in flight some
				// have ended and some have not (the collector may see the first games
				// only after the workers have played them all, so it cannot time this).
				r.Config.Games = 40
				c.onPlay = func(n int) {
					if n == 1000 {
						cancel()
					}
				}
			}
			res, err := r.Run(ctx)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("Run: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("Run: %v, want an error with %q", err, tc.wantErr)
			}
			if tc.complete && (res == nil || !res.Complete) {
				t.Fatal("the run did not play every game")
			}
			if tc.edit == nil && res != nil {
				for _, g := range res.Games {
					if g.Forfeit() {
						t.Fatalf("game %d: %s (%s)", g.Index, g.Reason, g.Detail)
					}
				}
			}
			if tc.cancel && (res == nil || res.Complete || len(res.Games) == 0) {
				t.Fatalf("the cancelled run: %v, want some games but not all", res != nil && res.Complete)
			}
			c.check(t)
		})
	}
}

// TestCloseErrorsDoNotStopTheRun: players that fail to close change no result, and
// Run reports the first failure and how many more.
func TestCloseErrorsDoNotStopTheRun(t *testing.T) {
	cfg := testConfig()
	c := &closeCounter{closeErr: errors.New("stuck")}
	r := &Runner{Games: match.Bind(colonyGame, c.factory(nil), nil), Config: cfg, Concurrency: 2}
	// CheckPlayers closes what it builds, and fails on a Close error.
	if err := r.CheckPlayers(); err == nil || !strings.Contains(err.Error(), "player 1 (random): close: stuck") {
		t.Fatalf("CheckPlayers: %v, want the close error of player 1", err)
	}
	c.check(t)

	_, want, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Failing from the games' players on (the check's players close cleanly).
	var mu sync.Mutex
	built := 0
	failing := func(spec string, opts search.Options) (search.Player[colony.State], error) {
		p, err := newFactory[colony.State](colonyGame, colony.Score{})(spec, opts)
		mu.Lock()
		defer mu.Unlock()
		if built++; built > len(cfg.Players) && err == nil {
			return closeFails{p}, nil
		}
		return p, err
	}
	_, got, err := run(t, cfg, 2, failing, nil, nil)
	if err == nil || !strings.Contains(err.Error(), ": close: stuck (and 23 more players that failed to close)") {
		t.Fatalf("Run: %v, want the first close error and 23 more", err)
	}
	if !got.Complete {
		t.Fatal("the run stopped")
	}
	equalGames(t, "players that fail to close", got.Games, want.Games)
}

// closeFails is a player whose Close fails.
type closeFails struct{ search.Player[colony.State] }

func (closeFails) Close() error { return errors.New("stuck") }
