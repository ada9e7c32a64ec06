package external

import (
	"context"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/protocol/protocoltest"
	"github.com/colony-ai/colony/search"
)

// TestWithPool: players built with an Env lending a Pool (WithPool) take their
// process from it and give it back when closed, so that the next player plays with
// the same process; players built without one end their own.
func TestWithPool(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an engine process")
	}
	spec := "cmd:" + protocoltest.BuildEngine(t)
	// idle returns the pids of the processes pool keeps.
	idle := func(pool *Pool) []int {
		pool.mu.Lock()
		defer pool.mu.Unlock()
		var pids []int
		for _, ps := range pool.idle {
			for _, p := range ps {
				pids = append(pids, p.client.Pid())
			}
		}
		return pids
	}
	// play builds a player with opts, gets it ready and closes it.
	play := func(opts search.Options) {
		t.Helper()
		p, err := search.New[colony.State](colonyGame, colony.Score{}, spec, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.(search.Preparer).Prepare(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
	}

	pool := &Pool{}
	defer pool.Close()
	play(search.Options{Env: WithPool(search.Env{}, pool)})
	first := idle(pool)
	if len(first) != 1 {
		t.Fatalf("after a player lent the pool is closed, the pool keeps %d processes, want 1", len(first))
	}
	play(search.Options{Env: WithCPUs(WithPool(search.Env{}, pool), nil)})
	if again := idle(pool); len(again) != 1 || again[0] != first[0] {
		t.Errorf("the next player's process: the pool keeps %v, want the first's [%d]", again, first[0])
	}

	// Without a pool lent, a player starts and ends a process of its own.
	play(search.Options{Env: WithPool(search.Env{}, nil)})
	play(search.Options{})
	if again := idle(pool); len(again) != 1 || again[0] != first[0] {
		t.Errorf("after players without the pool, the pool keeps %v, want [%d]", again, first[0])
	}
}
