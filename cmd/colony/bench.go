package main

import (
	"errors"
	"fmt"
	"io"

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
		Example: helpText("bench.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runBench(c, opts, spec)
		},
	}
	playerFlag(c, &spec)
	return c
}

// runBench is the bench of the game of --game with the player of spec (catalog.Bench).
func runBench(c *cobra.Command, opts *options, spec string) error {
	g, err := opts.openGame()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	b, err := catalog.NewBench(g, spec)
	var se *catalog.SettingError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("bench: --player: %w", se.Err)
	case err != nil:
		return fmt.Errorf("bench: %w", err)
	}
	w := c.OutOrStdout()
	if _, err := io.WriteString(w, b.Header()); err != nil {
		return fail(err)
	}
	var werr error
	total, hash, err := b.Run(cmdContext(c), func(i int, r catalog.BenchResult) error {
		_, werr = fmt.Fprintf(w, "position %d/%d nodes=%d time=%.3fs nps=%.0f best=%s\n",
			i+1, len(b.Positions), r.Nodes, r.Time.Seconds(), catalog.PerSecond(r.Nodes, r.Time), r.Best)
		return werr
	})
	switch {
	case werr != nil:
		return fail(werr)
	case err != nil:
		return fail(fmt.Errorf("bench: %w", err))
	}
	_, err = fmt.Fprintf(w, "bench nodes=%d time=%.3fs nps=%.0f moves=%016x\n",
		total.Nodes, total.Time.Seconds(), catalog.PerSecond(total.Nodes, total.Time), hash)
	return fail(err)
}
