package main

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

func newSprtCmd(_ *options) *cobra.Command {
	var pentaText, wdlText, sprtText string
	c := &cobra.Command{
		Use:   "sprt (--pentanomial N0,N1,N2,N3,N4 | --wdl W,D,L) [--sprt elo0=..,elo1=..]",
		Short: "Compute Elo, LOS and the SPRT log-likelihood ratio from match results",
		Long: `sprt computes, from the results of a match between players A and B given on the
command line, A's Elo difference with its 95% confidence interval, the
likelihood of superiority and the normalized Elo, and with --sprt the
log-likelihood ratio of a sequential probability ratio test and its verdict.
It plays no game.

The results are either game pairs (same opening, colours swapped), counted by
A's points in the pair:

  --pentanomial N0,N1,N2,N3,N4   pairs with 0, 0.5, 1, 1.5 and 2 points
                                 (LL, LD+DL, WL+LW+DD, WD+DW, WW)

or games, counted from A's view (treated as independent):

  --wdl W,D,L                    wins, draws and losses

Exactly one of them is required. It prints

  games: <games> (<pairs> pairs | <W> wins, <D> draws, <L> losses)
  score: <mean score> [<95% interval>]
  elo: <logistic Elo> [<95% interval>]
  nelo: <normalized Elo> [<95% interval>]
  los: <likelihood of superiority>

The score interval is the normal approximation (score ± 1.96 standard errors,
the standard error of pairs taken over pairs), converted to Elo; an Elo bound at
a score of 0% or 100% is -Inf or +Inf. Normalized Elo is fishtest's:
(score-0.5)/σ·800/ln 10 with σ the standard deviation of one game's score; it
is undefined when every game or pair had the same result. LOS is
Φ((W-L)/√(W+L)) for games and Φ((score-0.5)/standard error) for pairs.

--sprt gives the test: elo0 and elo1 (required, the Elo differences of H0 and
H1, elo0 below elo1), alpha and beta (the error rates, default 0.05 each) and
model (normalized, the default, or logistic: the Elo of elo0 and elo1). The
log-likelihood ratio is fishtest's generalised SPRT on the pairs (or on the
games with --wdl); two more lines show it with the bounds ln(β/(1-α)) and
ln((1-β)/α), and the verdict (continue, H0 accepted or H1 accepted):

  llr: <llr> [<lower>, <upper>] (model <model>, elo0=<e0> elo1=<e1> alpha=<a> beta=<b>)
  sprt: <verdict>`,
		Example: `  colony sprt --pentanomial 5,10,20,40,25
  colony sprt --wdl 60,20,20
  colony sprt --pentanomial 30,200,500,230,40 --sprt elo0=0,elo1=5
  colony sprt --wdl 120,500,100 --sprt elo0=-2,elo1=3,alpha=0.05,beta=0.1,model=logistic`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			hasPenta, hasWDL := c.Flags().Changed("pentanomial"), c.Flags().Changed("wdl")
			switch {
			case hasPenta && hasWDL:
				return fmt.Errorf("sprt: give either --pentanomial or --wdl, not both")
			case !hasPenta && !hasWDL:
				return fmt.Errorf("sprt: --pentanomial or --wdl is required (see 'colony sprt --help')")
			}
			var test *tournament.SPRT
			if c.Flags().Changed("sprt") {
				t, err := tournament.ParseSPRT(sprtText)
				if err != nil {
					return fmt.Errorf("sprt: --sprt: %s", strings.TrimPrefix(err.Error(), "sprt: "))
				}
				test = &t
			}

			var rep *tournament.CountsReport
			if hasPenta {
				p, err := tournament.ParsePentanomial(pentaText)
				if err == nil {
					rep, err = tournament.PentanomialReport(p, test)
				}
				if err != nil {
					return fmt.Errorf("sprt: --pentanomial: %w", err)
				}
			} else {
				w, err := tournament.ParseWDL(wdlText)
				if err == nil {
					rep, err = tournament.WDLReport(w, test)
				}
				if err != nil {
					return fmt.Errorf("sprt: --wdl: %w", err)
				}
			}
			var sb strings.Builder
			_ = rep.WriteText(&sb) // a strings.Builder takes every write
			return writeOut(c, sb.String())
		},
	}
	f := c.Flags()
	f.StringVar(&pentaText, "pentanomial", "", "pair counts `N0,N1,N2,N3,N4`: pairs in which A scored 0, 0.5, 1, 1.5 and 2 points")
	f.StringVar(&wdlText, "wdl", "", "game counts `W,D,L`: A's wins, draws and losses")
	f.StringVar(&sprtText, "sprt", "", "test `SPEC`: elo0=E0,elo1=E1[,alpha=A,beta=B,model=normalized|logistic]")
	return c
}
