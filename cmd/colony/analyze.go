package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/colony-ai/colony/games/game"

	"github.com/spf13/cobra"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/games"
	"github.com/colony-ai/colony/search"
)

// defaultPlayer is the player spec of analyze and bench when --player is not given.
// Depth 5 keeps the default 'colony bench' at 3 to 8 seconds on the 2-core machine it
// was tuned on (depth 6 takes over 30 seconds there); it is part of the bench
// signature that TestBenchSignature pins.
const defaultPlayer = "ab:depth=5"

// playerFlag adds --player to c.
func playerFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "player", defaultPlayer,
		"player `SPEC`: random, greedy, minimax, ab or mcts, with settings, as in ab:depth=6 or mcts:sims=20000,c=1.2")
}

// newPlayer builds the player of spec for the rule set r, with the given report
// function (nil for none), and returns it with its evaluation's scale (units per egg).
// A bad spec is the user's input: the error names it.
func newPlayer(cmd string, r *colony.Rules, spec string, report func(search.Iteration)) (search.Player[colony.State], int, error) {
	loader := games.ColonyLoader(r)
	p, err := playerFactory(r, loader)(spec, search.Options{Report: report})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: --player: %w", cmd, err)
	}
	sp, _ := search.ParseSpec(spec)
	ev, err := loader.Evaluator(sp.Settings["eval"])
	if err != nil {
		return nil, 0, fmt.Errorf("%s: --player: %w", cmd, err)
	}
	return p, search.EvalScale(ev), nil
}

// cmdContext returns the context of c, or the background context.
func cmdContext(c *cobra.Command) context.Context {
	if ctx := c.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// pvTurns writes the decisions pv, played from s (at the start of a turn), in turn
// notation: one string per turn, each the concatenation of the decisions'
// Rules.ActionString pieces ("B4" + ">A3" + "/B4-A4"). A last turn that the list
// leaves unfinished ends in "..."; the walk stops at a decision that is not legal or
// when the game ends.
func pvTurns(r *colony.Rules, s colony.State, pv []game.Action) []string {
	var turns []string
	var cur strings.Builder
	open := false
	for _, a := range pv {
		if s.Over() || !r.IsLegal(&s, colony.Action(a)) {
			break
		}
		cur.WriteString(r.ActionString(colony.Action(a)))
		open = true
		r.Apply(&s, colony.Action(a))
		if s.Phase() == colony.PhaseSelect || s.Over() {
			turns = append(turns, cur.String())
			cur.Reset()
			open = false
		}
	}
	if open {
		turns = append(turns, cur.String()+"...")
	}
	return turns
}

// turnOf checks that actions are exactly one legal turn from s and returns it in turn
// notation, with the position after it.
func turnOf(r *colony.Rules, s colony.State, actions []game.Action) (string, colony.State, error) {
	var sb strings.Builder
	for i, a := range actions {
		if s.Over() || s.Phase() == colony.PhaseSelect && i > 0 {
			return "", s, fmt.Errorf("the player's decisions %v are more than one turn", actions)
		}
		if !r.IsLegal(&s, colony.Action(a)) {
			return "", s, fmt.Errorf("the player's decision %d (%s) is not legal", i+1, r.ActionString(colony.Action(a)))
		}
		sb.WriteString(r.ActionString(colony.Action(a)))
		r.Apply(&s, colony.Action(a))
	}
	if len(actions) == 0 || !(s.Phase() == colony.PhaseSelect || s.Over()) {
		return "", s, fmt.Errorf("the player's decisions %v are not a whole turn", actions)
	}
	return sb.String(), s, nil
}

// scoreText writes a search score: the egg lead of the player to move (a whole
// number for the egg-lead evaluation, with two decimals for finer ones, whose units
// are 1/scale of an egg), or, for a proven result, "win+N" or "loss-N" with the final
// egg margin N.
func scoreText(v, scale int) string {
	switch {
	case v >= search.WinScore:
		return "win+" + strconv.Itoa(v-search.WinScore)
	case v <= -search.WinScore:
		return "loss-" + strconv.Itoa(-v-search.WinScore)
	case scale > 1:
		return strconv.FormatFloat(float64(v)/float64(scale), 'f', 2, 64)
	}
	return strconv.Itoa(v)
}

// perSecond returns n per second of d, 0 when d is 0.
func perSecond(n uint64, d time.Duration) float64 {
	if secs := d.Seconds(); secs > 0 {
		return float64(n) / secs
	}
	return 0
}

// iterationLines writes one reported iteration of a search of The Colony from s (see
// iterationText).
func iterationLines(r *colony.Rules, s colony.State, it search.Iteration, scale int) string {
	return iterationText(games.NewIteration(it, scale, pvTurns(r, s, it.PV), func(a game.Action) string {
		return r.ActionString(colony.Action(a))
	}))
}

// iterationText writes one reported iteration: a line
//
//	depth=<d> score=<s> nodes=<n> nps=<n/s> time=<t>s pv <turn> <turn> ...
//
// and, for MCTS (Children not empty), "sims=" and "sps=" in place of "nodes=" and
// "nps=", followed by the first root decisions (up to 5; the caller sorts them, the
// most visited first), one a line:
//
//	root <decision> visits=<n> value=<v> [proven=win|loss]
func iterationText(it games.Iteration) string {
	var sb strings.Builder
	count, rate := "nodes", "nps"
	if len(it.Children) > 0 {
		count, rate = "sims", "sps"
	}
	fmt.Fprintf(&sb, "depth=%d score=%s %s=%d %s=%.0f time=%.3fs pv", it.Depth, scoreText(it.Score, it.Scale),
		count, it.Nodes, rate, perSecond(it.Nodes, it.Time), it.Time.Seconds())
	for _, t := range it.PV {
		sb.WriteString(" " + t)
	}
	sb.WriteByte('\n')
	for _, k := range it.Children[:min(5, len(it.Children))] {
		fmt.Fprintf(&sb, "  root %s visits=%d value=%+.3f", k.Decision, k.Visits, k.Value)
		switch {
		case k.Proven > 0:
			sb.WriteString(" proven=win")
		case k.Proven < 0:
			sb.WriteString(" proven=loss")
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func newAnalyzeCmd(opts *options) *cobra.Command {
	var spec string
	c := positionCmd(opts, &cobra.Command{
		Use:   "analyze [--position P] [--player SPEC]",
		Short: "Search a position with a player and show what it sees",
		Long: `analyze searches the position once with the player of --player (the same
players as everywhere: random, greedy, minimax, ab for alpha-beta, mcts for
Monte Carlo tree search, each with its settings; a time limit is a setting, as
in ab:time=2s) and prints, for every iteration the search reports (alpha-beta's
depths, MCTS's progress reports):

  depth=<d> score=<s> nodes=<n> nps=<n per second> time=<t>s pv <turn> <turn> ...

The score is the egg lead of the player to move that the search expects (eggs
captured plus eggs under ants, the player's minus the opponent's), or win+N or
loss-N for a result it has proven, N being the final egg margin. The principal
variation (pv) is written in turn notation, one word a turn, from the position
on; a last turn the search left unfinished ends in "...". For MCTS the counts
are simulations (sims=, sps=), and below each line come the root decisions with
the most visits (up to 5): "  root <decision> visits=<n> value=<v>", the value
being the mean result for the player to move, from -1 to 1.

A player that does not iterate (random, greedy, minimax) reports nothing while
it searches: analyze prints one line of the same form for its whole search.
The last line is the turn chosen and its score:

  bestmove <turn> score=<s>

Other games (--game) print the same lines: the score is then the lead in the
game's points (seeds or coins) that the search expects for the player to move,
and the turns and root decisions are in the game's move notation.`,
		Example: `  colony analyze
  colony analyze --player ab:depth=6
  colony --game kalah analyze --player mcts:sims=20000
  colony analyze --player mcts:sims=20000 --position "$(colony apply C1 A3 | head -1)"`,
		Args: noArgs,
	}, func(c *cobra.Command, _ []string, r *colony.Rules, s colony.State) error {
		if s.Over() {
			return fmt.Errorf("analyze: the game in the position is already over (%v)", s.EndReason())
		}
		// The report function may be called while Play runs; it writes each
		// iteration at once, so a long search shows its progress.
		var (
			mu       sync.Mutex
			reported bool
			werr     error
			scale    = 1
		)
		report := func(it search.Iteration) {
			mu.Lock()
			defer mu.Unlock()
			reported = true
			if werr == nil {
				werr = writeOut(c, iterationLines(r, s, it, scale))
			}
		}
		p, pscale, err := newPlayer("analyze", r, spec, report)
		if err != nil {
			return err
		}
		mu.Lock()
		scale = pscale
		mu.Unlock()
		d, err := p.Play(cmdContext(c), &s)
		if err != nil {
			return fail(fmt.Errorf("analyze: %s: %w", p.Spec(), err))
		}
		mu.Lock()
		defer mu.Unlock()
		if werr != nil {
			return werr
		}
		best, _, err := turnOf(r, s, d.Actions)
		if err != nil {
			return fail(fmt.Errorf("analyze: %s: %w", p.Spec(), err))
		}
		var sb strings.Builder
		if !reported {
			pv := d.PV
			if len(pv) == 0 {
				pv = d.Actions
			}
			sb.WriteString(iterationLines(r, s, search.Iteration{
				Depth: d.Depth, Score: d.Score, Nodes: d.Nodes, Time: d.Time, PV: pv,
			}, scale))
		}
		fmt.Fprintf(&sb, "bestmove %s score=%s\n", best, scoreText(d.Score, scale))
		return writeOut(c, sb.String())
	})
	c = otherGames(opts, c, func(cmd *cobra.Command, _ []string, g games.Game, pos string) error {
		return analyzeGame(cmd, g, pos, spec)
	})
	playerFlag(c, &spec)
	return c
}

// analyzeGame is analyze for a game other than The Colony: the same lines, through
// the game's Analyze.
func analyzeGame(c *cobra.Command, g games.Game, pos, spec string) error {
	st, err := g.Status(pos)
	if err != nil {
		return fmt.Errorf("analyze: --position: %w", err)
	}
	if st.Outcome != nil {
		return fmt.Errorf("analyze: the game in the position is already over (%s)", st.Outcome.Reason)
	}
	if err := g.CheckPlayer(spec); err != nil {
		return fmt.Errorf("analyze: --player: %w", err)
	}
	// As for The Colony, each iteration is written as soon as it is reported.
	var (
		mu       sync.Mutex
		reported bool
		werr     error
	)
	report := func(it games.Iteration) {
		mu.Lock()
		defer mu.Unlock()
		reported = true
		if werr == nil {
			werr = writeOut(c, iterationText(it))
		}
	}
	a, err := g.Analyze(cmdContext(c), spec, pos, report)
	if err != nil {
		return fail(fmt.Errorf("analyze: %w", err))
	}
	mu.Lock()
	defer mu.Unlock()
	if werr != nil {
		return werr
	}
	var sb strings.Builder
	if !reported {
		sb.WriteString(iterationText(games.Iteration{
			Depth: a.Depth, Score: a.Score, Scale: a.Scale, Nodes: a.Nodes, Time: a.Time, PV: a.PV,
		}))
	}
	fmt.Fprintf(&sb, "bestmove %s score=%s\n", a.Best, scoreText(a.Score, a.Scale))
	return writeOut(c, sb.String())
}
