package native

import (
	"context"
	"fmt"
	"sync"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/external/enginefile"
	"github.com/colony-ai/colony/search"
)

// playerObject is a player's handle: the player and the lock that serialises its use.
type playerObject struct {
	mu sync.Mutex
	g  *gameObject
	p  catalog.StatePlayer
}

// NewPlayer builds the player of spec for the game of handle g: a spec as analyze
// --player takes it ("ab:depth=4,eval=net", "mcts:sims=800", "cmd:./engine"), or
// engine:NAME, an engine of the engines file at the path engines ("": none).
func (l *Library) NewPlayer(g int64, spec, engines string) (int64, error) {
	o, err := get[*gameObject](l, g, "game")
	if err != nil {
		return 0, err
	}
	p, err := newPlayer(o, spec, engines)
	if err != nil {
		return 0, err
	}
	return l.add(&playerObject{g: o, p: p}), nil
}

// newPlayer builds the player of spec for the game o.
func newPlayer(o *gameObject, spec, engines string) (catalog.StatePlayer, error) {
	resolved, err := enginefile.ResolveSpec(engines, spec)
	if err != nil {
		return nil, failed(fmt.Errorf("player %q: %w", spec, err))
	}
	p, err := o.sg.NewPlayer(resolved, search.Options{})
	if err != nil {
		return nil, failed(err) // it names the spec
	}
	return p, nil
}

// PlayerSpec returns the canonical spec of the player of handle h.
func (l *Library) PlayerSpec(h int64) (string, error) {
	p, err := get[*playerObject](l, h, "player")
	if err != nil {
		return "", err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.p.Spec(), nil
}

// Thought is what a player chose and what its search saw (catalog.Thought), as the C
// ABI writes it in JSON.
type Thought struct {
	// Spec is the player's canonical spec.
	Spec string `json:"spec"`
	// Actions are the decisions chosen (the rest of the turn) and Turn their
	// notation.
	Actions []int  `json:"actions"`
	Turn    string `json:"turn"`
	// Score is the value for the player to move in evaluation units, Scale of them
	// a point (a proven result: WinScore plus the margin, or minus that); Depth
	// the depth in turns of the last completed iteration, PartialDepth that of an
	// unfinished one the choice came from (0: none).
	Score        int `json:"score"`
	Scale        int `json:"scale"`
	WinScore     int `json:"win_score"`
	Depth        int `json:"depth"`
	PartialDepth int `json:"partial_depth"`
	// Nodes counts the states searched (simulations for MCTS); TimeNs is how long
	// the search took, in nanoseconds.
	Nodes  uint64 `json:"nodes"`
	TimeNs int64  `json:"time_ns"`
	// PV is the principal variation in decisions and PVTurns a turn a string (an
	// unfinished last turn ends in "...").
	PV      []int    `json:"pv"`
	PVTurns []string `json:"pv_turns"`
}

// Think lets the player of handle p choose the rest of the current turn of the state
// of handle s (unchanged). ctx bounds the search beside the player's own limits.
func (l *Library) Think(ctx context.Context, p, s int64) (*Thought, error) {
	po, err := get[*playerObject](l, p, "player")
	if err != nil {
		return nil, err
	}
	so, err := get[*stateObject](l, s, "state")
	if err != nil {
		return nil, err
	}
	so.mu.Lock()
	c := so.s.Clone()
	so.mu.Unlock()
	po.mu.Lock()
	defer po.mu.Unlock()
	return think(ctx, po.p, c)
}

// ThinkOnce builds the player of spec (as NewPlayer does), lets it choose the rest of
// the current turn of the state of handle s, and closes it.
func (l *Library) ThinkOnce(ctx context.Context, s int64, spec, engines string) (*Thought, error) {
	so, err := get[*stateObject](l, s, "state")
	if err != nil {
		return nil, err
	}
	so.mu.Lock()
	c := so.s.Clone()
	so.mu.Unlock()
	p, err := newPlayer(so.g, spec, engines)
	if err != nil {
		return nil, err
	}
	t, err := think(ctx, p, c)
	if cerr := p.Close(); err == nil && cerr != nil {
		return nil, failed(cerr)
	}
	return t, err
}

// think runs p on s.
func think(ctx context.Context, p catalog.StatePlayer, s catalog.State) (*Thought, error) {
	t, err := p.Think(ctx, s)
	if err != nil {
		return nil, failed(err)
	}
	return &Thought{Spec: t.Spec, Actions: nonNil(t.Actions), Turn: t.Turn, Score: t.Score, Scale: t.Scale,
		WinScore: search.WinScore, Depth: t.Depth, PartialDepth: t.PartialDepth, Nodes: t.Nodes,
		TimeNs: t.Time.Nanoseconds(), PV: nonNil(t.PV), PVTurns: nonNil(t.PVTurns)}, nil
}

// nonNil returns s, or an empty slice for nil (written [] in JSON, not null).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
