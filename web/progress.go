package web

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// progressEvery is how often an analysis tells its progress between its lines.
const progressEvery = 250 * time.Millisecond

// SearchProgress is an analysis's progress, sent between its lines: the time since
// the search started, and the depth and nodes of its last line (0 before the
// first); the search is on the depth after it. Searched counts the nodes searched
// so far, during the depth under way too (alpha-beta publishes its count every 1024
// nodes; for other players it is the last line's), and NPS is their speed.
type SearchProgress struct {
	Millis   int64  `json:"millis"`
	Depth    int    `json:"depth"`
	Nodes    uint64 `json:"nodes"`
	Searched uint64 `json:"searched"`
	NPS      uint64 `json:"nps"`
}

// progress is what an analysis has reported so far, for its progress events.
type progress struct {
	start time.Time
	live  atomic.Uint64 // the search's node count as it goes (search.Options.Nodes)
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
				t := time.Since(p.start)
				v := SearchProgress{Millis: t.Milliseconds(), Depth: p.depth, Nodes: p.nodes, Searched: max(p.nodes, p.live.Load())}
				p.mu.Unlock()
				if t > 0 {
					v.NPS = uint64(float64(v.Searched) / t.Seconds())
				}
				ev.send("progress", v)
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
	}
}
