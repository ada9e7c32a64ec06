package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
	"github.com/spf13/cobra"
)

func newSolveCmd(opts *options) *cobra.Command {
	var (
		position   string
		tableMB    int
		guessNodes int
		progress   bool
		endgames   int
		endgameDir string
	)
	c := &cobra.Command{
		Use:   "solve --game NAME [--position P] [--tt MB]",
		Short: "Compute the exact value of a position and a best move",
		Long: `solve computes the game-theoretic value of a position of the game of --game: the
final margin under perfect play, from the first player's view (positive when the
first player wins), with a best move, by MTD(f) (null-window alpha-beta searches
to the end of the game) over a transposition table of bounds. It prints, among
other lines,

  value=<margin with its sign: +8, -2 or 0>
  best=<the first turn of a best line, in the game's move notation>

then the value from the view of the player to move, the whole best line (one
word a turn), MTD(f)'s first guess, the nodes searched and the time. It searches
every line to the end, so it is for games and positions small enough (kalah:5x3
in a second, kalah:6x4 in half a minute with --tt 4096 --endgames 16);
--progress prints the bounds after each search on standard error, and Ctrl-C
stops it.

For games that bank points (Kalah and the other mancala games), the first guess
comes from a heuristic iterative deepening search that scores its horizon by the
stores, deepened while its depths took fewer than --guess-nodes nodes in all.

--endgames N (Kalah) looks every position with at most N seeds in play up in an
endgame database instead of searching it: the exact values of all such positions,
built by retrograde analysis on first use (kalah's 6 pits a side: 16 seeds, 61 MB,
about 20 seconds) and cached, with a checksum, in --endgame-dir (by default
the user's cache directory, colony); a file that fails its checksum is built
again. The line "endgames: ..." says whether it was built or read, and the time.`,
		Example: `  colony solve --game kalah:4x3
  colony solve --game kalah:3x3,capture=nonempty
  colony solve --game kalah --tt 4096 --endgames 16`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if tableMB < 1 || tableMB > 1<<16 {
				return fmt.Errorf("solve: --tt must be from 1 to 65536 MB, got %d", tableMB)
			}
			g, err := opts.openGame()
			if err != nil {
				return fmt.Errorf("solve: %w", err)
			}
			pos, err := gamePosition(c, g)
			if err != nil {
				return fmt.Errorf("solve: --position: %w", err)
			}
			ctx, stop := interruptContext(c)
			defer stop()
			so := search.SolveOptions{TableMB: tableMB, GuessNodes: guessNodes, Endgames: endgames, EndgameDir: endgameDir}
			if endgames > 0 && !c.Flags().Changed("endgame-dir") {
				if dir, err := os.UserCacheDir(); err == nil {
					so.EndgameDir = filepath.Join(dir, "colony")
				}
			}
			if progress {
				start := time.Now()
				errOut := c.ErrOrStderr()
				so.Report = func(lower, upper int, nodes uint64) {
					fmt.Fprintf(errOut, "solve: value in [%s, %s] after %d nodes (%.1fs)\n",
						catalog.BoundText(lower), catalog.BoundText(upper), nodes, time.Since(start).Seconds())
				}
			}
			sol, err := g.Solve(ctx, pos, so)
			if err != nil {
				if sol != nil && ctx.Err() != nil {
					return fail(fmt.Errorf("solve: interrupted after %d nodes: %w", sol.Nodes, err))
				}
				return fmt.Errorf("solve: %w", err)
			}
			return writeOut(c, sol.Text(g.Name()))
		},
	}
	c.Flags().StringVar(&position, "position", "", "position `LINE` in the game's notation; default: the start position")
	c.Flags().IntVar(&tableMB, "tt", 256, "transposition table size in `MB`")
	c.Flags().IntVar(&guessNodes, "guess-nodes", 0, "deepen the heuristic search of the first guess while its depths took fewer than `N` nodes in all (0: 1000000; negative: no heuristic search, the guess is 0)")
	c.Flags().IntVar(&endgames, "endgames", 0, "look the positions with at most `N` seeds in play up in an endgame database (Kalah), built on first use and cached in --endgame-dir (0: none)")
	c.Flags().StringVar(&endgameDir, "endgame-dir", "", "cache the endgame databases in `DIR` (default: the user's cache directory, colony; \"\" with the flag given: no cache)")
	c.Flags().BoolVar(&progress, "progress", false, "print the bounds after each null-window search on standard error")
	return c
}

func newGamesCmd(opts *options) *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the games --game takes",
		Long: `games lists the registered games, each with what it is and its parameters.
--game NAME:PARAMS picks one; every command works on all of them.`,
		Example: `  colony games
  colony --game kalah:4x3 solve`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return writeOut(c, strings.Join(catalog.Describe(), "\n")+"\n")
		},
	}
}
