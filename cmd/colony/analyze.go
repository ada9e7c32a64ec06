package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"github.com/colony-ai/colony/catalog"
)

// defaultPlayer is the player spec of analyze and bench when --player is not given.
// Depth 5 keeps the default 'colony bench' at 3 to 8 seconds on the 2-core machine it
// was tuned on (depth 6 takes over 30 seconds there); it is part of the bench
// signature that TestBenchSignature pins.
const defaultPlayer = "ab:depth=5"

// playerFlag adds --player to c.
func playerFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "player", defaultPlayer,
		"player `SPEC`: random, greedy, minimax, ab, mcts or cmd (an external engine), with settings, as in ab:depth=6 or mcts:sims=20000,c=1.2 or cmd:./my-engine, or engine:NAME (an engine of the --engines file)")
}

// cmdContext returns the context of c, or the background context.
func cmdContext(c *cobra.Command) context.Context {
	if ctx := c.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

func newAnalyzeCmd(opts *options) *cobra.Command {
	var spec string
	var multiPV int
	c := gameCmd(opts, &cobra.Command{
		Use:     "analyze [--position P] [--player SPEC]",
		Short:   "Search a position with a player and show what it sees",
		Long:    helpText("analyze"),
		Example: helpText("analyze.example"),
		Args:    noArgs,
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		resolved, err := opts.resolvePlayer(spec)
		if err != nil {
			return fmt.Errorf("analyze: --player: %w", err)
		}
		if multiPV < 1 || multiPV > catalog.MaxLines {
			return fmt.Errorf("analyze: --multipv %d: want 1 to %d", multiPV, catalog.MaxLines)
		}
		return analyzeGame(cmd, g, pos, resolved, multiPV)
	})
	playerFlag(c, &spec)
	c.Flags().IntVar(&multiPV, "multipv", 1, "show the `N` best turns of each iteration, each with its score and line (alpha-beta and MCTS)")
	return c
}

// analyzeGame is analyze on the position pos of g with the player of spec, through
// the game's Analyze, with the best lines of each iteration when multiPV is above 1.
func analyzeGame(c *cobra.Command, g catalog.Ruleset, pos, spec string, multiPV int) error {
	st, err := g.Situation(pos)
	if err != nil {
		return fmt.Errorf("analyze: --position: %w", err)
	}
	if st.End != nil {
		return fmt.Errorf("analyze: the game in the position is already over (%s)", st.End.Reason)
	}
	if err := g.CheckPlayer(spec); err != nil {
		return fmt.Errorf("analyze: --player: %w", err)
	}
	// Each iteration is written as soon as it is reported, so a long search shows
	// its progress.
	var (
		mu       sync.Mutex
		reported bool
		werr     error
	)
	report := func(it catalog.AnalysisReport) {
		mu.Lock()
		defer mu.Unlock()
		reported = true
		if werr == nil {
			werr = writeOut(c, it.Text()+it.LinesText())
		}
	}
	a, err := g.AnalyzeWith(cmdContext(c), spec, pos, catalog.AnalyzeOptions{Report: report, Lines: multiPV})
	if err != nil {
		return fail(fmt.Errorf("analyze: %w", err))
	}
	mu.Lock()
	defer mu.Unlock()
	if werr != nil {
		return werr
	}
	return writeOut(c, a.ClosingText(reported))
}
