package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

func newBenchCmd(opts *options) *cobra.Command {
	var spec string
	c := &cobra.Command{
		Use:   "bench [--player SPEC]",
		Short: "Search a fixed set of positions and print the speed and a signature",
		Long: fmt.Sprintf(`bench searches a fixed list of %d positions built into the program (the start
position, ten middlegame and five endgame positions from games between the
engines) with a fresh player of --player for each, and prints a line per
position and a total:

  bench player=<spec> positions=<n>
  position <i>/<n> nodes=<count> time=<t>s nps=<nodes per second> best=<turn>
  ...
  bench nodes=<total> time=<t>s nps=<nodes per second> moves=<hash>

The hash is FNV-1a 64 (in hex) of the best turns found, in turn notation, each
followed by a newline. With a limit on depth, nodes or simulations (not on time)
the total node count and the hash are a signature of the engine: the same on
every machine and in every run, so a change of either shows that a change of
the code changed what the search does; the times and speeds show how fast it
is. For MCTS the counts are simulations, and the signature holds on one thread
and with root parallelism, not with threads=N,parallel=tree (its threads share
a tree, and the search depends on how they interleave). Greedy and random players count no nodes. The signature is for the default rule set; --rules and --board apply
too, but a position the rule set ends (turncap) is refused.`, len(colony.NewGame(nil).BenchPositions())),
		Example: `  colony bench
  colony bench --player ab:depth=4
  colony bench --player mcts:sims=5000`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runBench(c, opts, spec)
		},
	}
	playerFlag(c, &spec)
	return c
}

// benchSamples is the number of positions of the bench of a game that has no bench
// positions of its own (game.Bencher), and benchSeed their seed.
const (
	benchSamples = 16
	benchSeed    = 1
)

// runBench is the bench of the game of --game with the player of spec: its own bench
// positions (The Colony's), or else 16 positions from seeded random games of the game
// (the same on every machine), each searched by a fresh player.
func runBench(c *cobra.Command, opts *options, spec string) error {
	g, err := opts.openGame()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	// Check all the positions and the spec before the first search.
	positions := g.BenchPositions()
	own := positions != nil
	if !own {
		positions = g.SamplePositions(benchSamples, benchSeed)
	}
	for i, pos := range positions {
		st, err := g.Standing(pos)
		if err != nil {
			return fmt.Errorf("bench: position %d: %w", i+1, err)
		}
		if st.Outcome != nil {
			return fmt.Errorf("bench: position %d is a finished game under the rule set %s (%s)", i+1, g.Name(), st.Outcome.Reason)
		}
	}
	canonical, err := g.PlayerSpec(spec)
	if err != nil {
		return fmt.Errorf("bench: --player: %w", err)
	}
	// The header of a game's own positions, whose signature is pinned, names the
	// player with all its settings; that of sampled positions names the game.
	header := fmt.Sprintf("bench player=%s positions=%d\n", canonical, len(positions))
	if !own {
		header = fmt.Sprintf("bench game=%s player=%s positions=%d\n", g.Name(), spec, len(positions))
	}
	w := c.OutOrStdout()
	if _, err := io.WriteString(w, header); err != nil {
		return fail(err)
	}
	hash := fnv.New64a()
	var (
		total   uint64
		elapsed time.Duration
	)
	for i, pos := range positions {
		start := time.Now()
		best, d, err := g.Think(cmdContext(c), spec, pos)
		t := time.Since(start)
		if err != nil {
			return fail(fmt.Errorf("bench: position %d: %s: %w", i+1, canonical, err))
		}
		total += d.Nodes
		elapsed += t
		io.WriteString(hash, best+"\n")
		if _, err := fmt.Fprintf(w, "position %d/%d nodes=%d time=%.3fs nps=%.0f best=%s\n",
			i+1, len(positions), d.Nodes, t.Seconds(), catalog.PerSecond(d.Nodes, t), best); err != nil {
			return fail(err)
		}
	}
	_, err = fmt.Fprintf(w, "bench nodes=%d time=%.3fs nps=%.0f moves=%016x\n",
		total, elapsed.Seconds(), catalog.PerSecond(total, elapsed), hash.Sum64())
	return fail(err)
}
