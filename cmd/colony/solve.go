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
		Use:     "solve --game NAME [--position P] [--tt MB]",
		Short:   "Compute the exact value of a position and a best move",
		Long:    helpText("solve"),
		Example: helpText("solve.example"),
		Args:    noArgs,
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
		Use:     "games",
		Short:   "List the games --game takes",
		Long:    helpText("games"),
		Example: helpText("games.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return writeOut(c, strings.Join(catalog.Describe(), "\n")+"\n")
		},
	}
}
