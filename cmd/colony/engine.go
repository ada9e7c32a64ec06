package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/protocol"
)

func newEngineCmd(opts *options) *cobra.Command {
	var spec string
	c := &cobra.Command{
		Use:   "engine [--player SPEC] [--game NAME]",
		Short: "Run a player as an engine of the Mancala Engine Protocol (MEP)",
		Long: `engine runs the player of --player as an engine of the Mancala Engine Protocol
(docs/protocol.md): it reads commands on its standard input and writes its
replies, and nothing else, on its standard output, until quit, the end of its
input, Ctrl-C or SIGTERM. Any program that speaks MEP can then play the
toolkit's players (random, greedy, minimax, ab, mcts: 'colony players').

It plays every game 'colony games' lists, the runner naming the game and its
rule set with newgame; with --game only that game (under any of its rule sets),
and a search without newgame plays --game's rule set. --rules and --board do not
apply: the runner names the rule set.

  id name     colony and the player's canonical spec
  option      one a setting of the player's kind, its default the spec's value:
              whole numbers are int options (0 leaves a setting without a
              default unset), on/off settings check options, the others string
              options (empty: the kind's default); setoption changes the spec
              from the next search on
  go          depth, nodes and movetime go to the kind's depth, node (mcts:
              sims) and time settings, replacing the spec's own limits; a clock
              (time, inc) gives the move a thirtieth of the time left plus 3/4
              of the increment (at most half the time left); infinite searches
              until stop; with no limit the spec's own limits apply; a depth
              or node limit the kind has no setting for is ignored, with an
              info string (a movetime ends its search through its context)
  info        depth, score (the evaluation's units, or win N / loss N for a
              proven result with its margin in points), nodes, nps, time and
              the principal variation in the game's turn notation

With a depth or node limit the engine plays exactly the turns the same spec
plays in process ('colony analyze', tournaments).`,
		Example: `  colony engine --player ab:depth=6
  colony engine --player mcts:sims=20000 --game kalah
  (printf 'mep 1\nnewgame kalah\nposition start moves c\ngo depth 8\n'; sleep 1; echo quit) | colony engine --player ab`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if c.Flags().Changed("rules") || c.Flags().Changed("board") {
				return errors.New("engine: --rules and --board do not apply: the runner names the game and its rule set (newgame colony:turncap=300); --game restricts the engine to one game")
			}
			game := ""
			if c.Flags().Changed("game") {
				game = opts.game
			}
			if game != "" {
				if _, err := catalog.Open(game); err != nil {
					return fmt.Errorf("engine: --game: %w", err)
				}
			}
			e, err := catalog.NewEngine(spec, game)
			if err != nil {
				return fmt.Errorf("engine: --player: %w", err)
			}
			e.Stderr = c.ErrOrStderr() // an external engine's (--player cmd:...)
			ctx, stop := interruptContext(c)
			defer stop()
			err = protocol.Serve(ctx, c.InOrStdin(), c.OutOrStdout(), e)
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				err = nil // Ctrl-C or SIGTERM: a clean end
			}
			return fail(errors.Join(err, e.Close()))
		},
	}
	playerFlag(c, &spec)
	return c
}
