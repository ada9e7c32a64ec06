package web

import (
	"context"
	"sync"
	"time"
)

// progressEvery is how often an analysis tells its progress between its lines.
const progressEvery = 250 * time.Millisecond

// ProgressView is an analysis's progress, sent between its lines: the time since
// the search started, and the depth and nodes of its last line (0 before the
// first); the search is on the depth after it.
type ProgressView struct {
	Millis int64  `json:"millis"`
	Depth  int    `json:"depth"`
	Nodes  uint64 `json:"nodes"`
}

// progress is what an analysis has reported so far, for its progress events.
type progress struct {
	start time.Time
	mu    sync.Mutex
	depth int
	nodes uint64
}

// done records a line of the search.
func (p *progress) done(depth int, nodes uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.depth, p.nodes = depth, nodes
}

// run sends a "progress" event every progressEvery until ctx ends or stop is
// called; stop returns when no more is sent.
func (p *progress) run(ctx context.Context, ev *events) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-quit:
				return
			case <-tick.C:
				p.mu.Lock()
				v := ProgressView{Millis: time.Since(p.start).Milliseconds(), Depth: p.depth, Nodes: p.nodes}
				p.mu.Unlock()
				ev.send("progress", v)
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
	}
}
