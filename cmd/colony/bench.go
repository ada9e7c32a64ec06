package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/spf13/cobra"
)

// benchPositions are the positions of 'colony bench': the start position, ten
// middlegame positions and five endgame positions (the last few turns before a game
// ended with no log to select). They were taken from five games played with the
// search package's players on the default rule set, each position being the state
// before the turn given:
//
//	game 1: greedy:seed=1 (red) vs greedy:seed=2 (black), turns 13, 30 and 50
//	game 2: greedy:seed=3 vs greedy:seed=4, turns 15, 28 and 43
//	game 3: minimax:depth=1 vs greedy:seed=5, turns 19, 34 and 45
//	game 4: greedy:seed=6 vs minimax:depth=1, turns 11, 24 and 44
//	game 5: greedy:seed=7 vs greedy:seed=8, turns 21, 38 and 53
//
// (each game played from the start position with search.New players and
// colony.Score, one Play call a turn, until the game was over). Changing the list
// changes the bench signature.
var benchPositions = []string{
	colony.StartPosition,
	// Middlegame.
	"eggs=3.2.5.11.0.9/0.0.1.3.2.2.0/2.0.0.0.7.1 red=A1,B1,C4,C5 black=A4,A6,B4,C1 hand=2,2 store=4,5 move=red ants=mandatory turn=13",
	"eggs=4.2.0.2.0.1/5.2.0.3.0.0.2/3.4.1.1.5.2 red=A1,B4,C1,C5 black=A3,A5,B1,B7,C2 hand=2,1 store=10,10 move=black ants=mandatory turn=30",
	"eggs=0.0.1.9.1.0/3.0.4.1.6.6.5/2.1.0.3.3.0 red=B3,B4,B6,B7,C6 black=A1,A4,B5,C4 hand=1,2 store=7,5 move=red ants=mandatory turn=15",
	"eggs=0.0.3.1.0.4/2.1.0.4.8.0.0/1.5.0.3.4.1 red=A6,B1,B6,C2,C5 black=B2,B4,B5,C4 hand=1,2 store=13,7 move=black ants=mandatory turn=28",
	"eggs=8.0.1.2.4.6/1.1.0.1.1.1.1/12.4.0.0.0.1 red=A1,A6,C2,C5 black=A3,A5,B4,C1 hand=2,2 store=7,6 move=red ants=mandatory turn=19",
	"eggs=1.2.1.2.3.0/0.0.4.0.0.2.5/3.7.1.1.2.0 red=A2,B6,B7,C2,C3 black=A5,B1,B3,B4,C5,C6 hand=1,0 store=12,11 move=black ants=mandatory turn=34",
	"eggs=8.1.2.5.0.0/1.0.5.4.3.4.0/8.1.8.0.1.0 red=B5,C1,C4 black=A4,B3,C3 hand=3,3 store=3,3 move=red ants=mandatory turn=11",
	"eggs=6.0.1.4.4.0/0.6.0.1.0.0.2/0.1.7.1.2.7 red=A1,B7,C3,C6 black=A4,A6,B2,B3,B4 hand=2,1 store=6,9 move=black ants=mandatory turn=24",
	"eggs=7.0.4.3.0.7/0.1.1.1.1.2.1/0.3.1.1.5.2 red=A5,A6,C5,C6 black=A1,A3,B2,C2 hand=2,2 store=9,8 move=red ants=mandatory turn=21",
	"eggs=1.3.1.2.0.4/0.4.0.0.1.2.3/3.6.0.0.0.1 red=A4,A6,B7,C2,C3,C6 black=A2,B1,B2,B4 hand=0,2 store=16,10 move=black ants=mandatory turn=38",
	// Endgame.
	"eggs=1.1.0.9.0.0/1.0.2.1.0.0.3/0.4.0.0.2.0 red=A6,B1,C2,C5 black=A3,A4,B2,B3,B7,C4 hand=2,0 store=15,18 move=black ants=mandatory turn=50",
	"eggs=0.1.3.5.1.1/6.0.0.2.1.2.1/2.1.0.2.0.0 red=A6,B1,B4,C1,C5 black=A1,A4,B6,C2,C4 hand=1,1 store=17,12 move=red ants=mandatory turn=43",
	"eggs=1.3.6.1.3.1/0.2.0.1.0.2.1/0.0.2.2.4.0 red=A3,A6,B6,C2,C4 black=A5,B1,B2,B4,B7,C5 hand=1,0 store=15,13 move=red ants=mandatory turn=45",
	"eggs=0.0.2.5.4.0/0.2.0.1.0.2.1/0.5.4.0.0.2 red=A5,B2,B7,C2,C3 black=A2,A3,A4,B4,C6 hand=1,1 store=13,16 move=black ants=mandatory turn=44",
	"eggs=1.1.0.6.1.0/2.0.1.0.0.0.5/0.0.3.0.1.3 red=A4,A5,B3,B7,C3,C6 black=A1,A2,A3,B1 hand=0,2 store=19,14 move=red ants=mandatory turn=53",
}

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
is. For MCTS the counts are simulations, and the signature holds when it
searches on one thread. Greedy and random players count no nodes. The signature is for the default rule set; --rules and --board apply
too, but a position the rule set ends (turncap) is refused.`, len(benchPositions)),
		Example: `  colony bench
  colony bench --player ab:depth=4
  colony bench --player mcts:sims=5000`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if !opts.isColony() {
				return runGameBench(c, opts, spec)
			}
			r, err := opts.colonyRules(c.Name())
			if err != nil {
				return err
			}
			// Check all the positions and the spec before the first search.
			states := make([]colony.State, len(benchPositions))
			for i, text := range benchPositions {
				s, err := r.ParsePosition(text)
				if err != nil {
					return fmt.Errorf("bench: position %d: %w", i+1, err)
				}
				if s.Over() {
					return fmt.Errorf("bench: position %d (turn %d) is a finished game under the rule set %s (%v)", i+1, s.Turn(), r.Name(), s.EndReason())
				}
				states[i] = s
			}
			p, _, err := newPlayer("bench", r, spec, nil)
			if err != nil {
				return err
			}
			return runBench(c.OutOrStdout(), c, r, states, p.Spec(), spec)
		},
	}
	playerFlag(c, &spec)
	return c
}

// runBench searches states with a fresh player of spec each and writes the report.
func runBench(w io.Writer, c *cobra.Command, r *colony.Rules, states []colony.State, canonical, spec string) error {
	if _, err := fmt.Fprintf(w, "bench player=%s positions=%d\n", canonical, len(states)); err != nil {
		return fail(err)
	}
	hash := fnv.New64a()
	var (
		total   uint64
		elapsed time.Duration
	)
	n := len(states)
	for i, s := range states {
		p, _, err := newPlayer("bench", r, spec, nil)
		if err != nil {
			return err
		}
		start := time.Now()
		d, err := p.Play(cmdContext(c), &s)
		t := time.Since(start)
		if err != nil {
			return fail(fmt.Errorf("bench: position %d: %s: %w", i+1, canonical, err))
		}
		best, _, err := turnOf(r, s, d.Actions)
		if err != nil {
			return fail(fmt.Errorf("bench: position %d: %s: %w", i+1, canonical, err))
		}
		total += d.Nodes
		elapsed += t
		io.WriteString(hash, best+"\n")
		if _, err := fmt.Fprintf(w, "position %d/%d nodes=%d time=%.3fs nps=%.0f best=%s\n",
			i+1, n, d.Nodes, t.Seconds(), perSecond(d.Nodes, t), best); err != nil {
			return fail(err)
		}
	}
	_, err := fmt.Fprintf(w, "bench nodes=%d time=%.3fs nps=%.0f moves=%016x\n",
		total, elapsed.Seconds(), perSecond(total, elapsed), hash.Sum64())
	return fail(err)
}

// benchSamples is the number of positions of the bench of a game other than The
// Colony, and benchSeed their seed.
const (
	benchSamples = 16
	benchSeed    = 1
)

// runGameBench is bench for a game other than The Colony: 16 positions from seeded
// random games of the game (the same on every machine), the same report.
func runGameBench(c *cobra.Command, opts *options, spec string) error {
	g, err := opts.openGame()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if err := g.CheckPlayer(spec); err != nil {
		return fmt.Errorf("bench: --player: %w", err)
	}
	w := c.OutOrStdout()
	positions := g.SamplePositions(benchSamples, benchSeed)
	if _, err := fmt.Fprintf(w, "bench game=%s player=%s positions=%d\n", g.Name(), spec, len(positions)); err != nil {
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
			return fail(fmt.Errorf("bench: position %d: %w", i+1, err))
		}
		total += d.Nodes
		elapsed += t
		io.WriteString(hash, best+"\n")
		if _, err := fmt.Fprintf(w, "position %d/%d nodes=%d time=%.3fs nps=%.0f best=%s\n",
			i+1, len(positions), d.Nodes, t.Seconds(), perSecond(d.Nodes, t), best); err != nil {
			return fail(err)
		}
	}
	_, err = fmt.Fprintf(w, "bench nodes=%d time=%.3fs nps=%.0f moves=%016x\n",
		total, elapsed.Seconds(), perSecond(total, elapsed), hash.Sum64())
	return fail(err)
}
