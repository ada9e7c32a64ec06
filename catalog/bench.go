package catalog

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"time"

	"github.com/colony-ai/colony/match"
)

// The positions of the bench of a game that has none of its own (no BenchPositions
// in its game.About): benchSamples positions of seeded random games
// (SamplePositions with benchSeed).
const (
	benchSamples = 16
	benchSeed    = 1
)

// Bench is a benchmark of a player on a game: a fixed list of positions, each
// searched by a fresh player; with a limit on depth or nodes its node count and the
// hash of its best turns are a signature of the engine.
type Bench struct {
	g    Ruleset
	spec string
	// Canonical is the player's canonical spec, with every setting it plays with.
	Canonical string
	// Positions are the game's own bench positions (Own), or else positions of
	// seeded random games, the same on every machine.
	Positions []string
	Own       bool
}

// BenchResult is the search of one bench position, or of all (the totals).
type BenchResult struct {
	Nodes uint64
	Time  time.Duration
	// Best is the turn chosen (empty in the totals).
	Best string
}

// NewBench returns the bench of the player of spec on g, with every position and the
// spec checked before any search: a finished position is an error, and so is a spec
// that cannot play (a *match.SettingError of the setting "player").
func NewBench(g Ruleset, spec string) (*Bench, error) {
	b := &Bench{g: g, spec: spec, Positions: g.BenchPositions(), Own: true}
	if b.Positions == nil {
		b.Positions, b.Own = g.SamplePositions(benchSamples, benchSeed), false
	}
	for i, pos := range b.Positions {
		st, err := g.Situation(pos)
		if err != nil {
			return nil, fmt.Errorf("position %d: %w", i+1, err)
		}
		if st.End != nil {
			return nil, fmt.Errorf("position %d is a finished game under the rule set %s (%s)", i+1, g.Name(), st.End.Reason)
		}
	}
	canonical, err := g.PlayerSpec(spec)
	if err != nil {
		return nil, &match.SettingError{Setting: "player", Err: err}
	}
	b.Canonical = canonical
	return b, nil
}

// Header returns the bench's first line: the player (with all its settings, for the
// game's own positions, whose signature is pinned; as given, with the game's name,
// for sampled ones) and the number of positions.
func (b *Bench) Header() string {
	if !b.Own {
		return fmt.Sprintf("bench game=%s player=%s positions=%d\n", b.g.Name(), b.spec, len(b.Positions))
	}
	return fmt.Sprintf("bench player=%s positions=%d\n", b.Canonical, len(b.Positions))
}

// PositionLine is the line 'colony bench' prints for the result r of position i
// (from 0) of the bench: "position <i+1>/<n> nodes=<n> time=<s>s nps=<n> best=<turn>".
func (b *Bench) PositionLine(i int, r BenchResult) string {
	return fmt.Sprintf("position %d/%d nodes=%d time=%.3fs nps=%.0f best=%s\n",
		i+1, len(b.Positions), r.Nodes, r.Time.Seconds(), PerSecond(r.Nodes, r.Time), r.Best)
}

// TotalLine is the bench's last line, its signature, for the totals and the moves'
// hash Run returns: "bench nodes=<n> time=<s>s nps=<n> moves=<hash>".
func TotalLine(total BenchResult, hash uint64) string {
	return fmt.Sprintf("bench nodes=%d time=%.3fs nps=%.0f moves=%016x\n",
		total.Nodes, total.Time.Seconds(), PerSecond(total.Nodes, total.Time), hash)
}

// Run searches the positions in order, calling each, when not nil, after each search
// with the position's index (from 0) and result; an error of each stops the run and
// is returned as it is. It returns the totals and the signature's hash: FNV-1a 64 of
// the best turns, each followed by a newline.
func (b *Bench) Run(ctx context.Context, each func(i int, r BenchResult) error) (BenchResult, uint64, error) {
	hash := fnv.New64a()
	var total BenchResult
	for i, pos := range b.Positions {
		start := time.Now()
		best, d, err := b.g.Think(ctx, b.spec, pos)
		r := BenchResult{Nodes: d.Nodes, Time: time.Since(start), Best: best}
		if err != nil {
			return total, 0, fmt.Errorf("position %d: %s: %w", i+1, b.Canonical, err)
		}
		total.Nodes += r.Nodes
		total.Time += r.Time
		io.WriteString(hash, best+"\n")
		if each != nil {
			if err := each(i, r); err != nil {
				return total, 0, err
			}
		}
	}
	return total, hash.Sum64(), nil
}

// WriteRun runs the bench and writes what 'colony bench' prints to w: the header, a
// line a position as each search ends, then the total line, the signature. An error
// writing to w stops the run and is returned as it is; a search's error is Run's.
func (b *Bench) WriteRun(ctx context.Context, w io.Writer) error {
	if _, err := io.WriteString(w, b.Header()); err != nil {
		return err
	}
	total, hash, err := b.Run(ctx, func(i int, r BenchResult) error {
		_, err := io.WriteString(w, b.PositionLine(i, r))
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, TotalLine(total, hash))
	return err
}
