package main

import (
	"fmt"
	"strings"

	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/stats"
	"github.com/spf13/cobra"
)

func newSprtCmd(_ *options) *cobra.Command {
	var pentaText, wdlText, sprtText string
	c := &cobra.Command{
		Use:     "sprt (--pentanomial N0,N1,N2,N3,N4 | --wdl W,D,L) [--sprt elo0=..,elo1=..]",
		Short:   "Compute Elo, LOS and the SPRT log-likelihood ratio from match results",
		Long:    helpText("sprt"),
		Example: helpText("sprt.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			hasPenta, hasWDL := c.Flags().Changed("pentanomial"), c.Flags().Changed("wdl")
			switch {
			case hasPenta && hasWDL:
				return fmt.Errorf("sprt: give either --pentanomial or --wdl, not both")
			case !hasPenta && !hasWDL:
				return fmt.Errorf("sprt: --pentanomial or --wdl is required (see 'colony sprt --help')")
			}
			var test *stats.SPRT
			if c.Flags().Changed("sprt") {
				t, err := stats.ParseSPRT(sprtText)
				if err != nil {
					return fmt.Errorf("sprt: --sprt: %s", strings.TrimPrefix(err.Error(), "sprt: "))
				}
				test = &t
			}

			var rep *report.CountsReport
			if hasPenta {
				p, err := stats.ParsePentanomial(pentaText)
				if err == nil {
					rep, err = report.PentanomialReport(p, test)
				}
				if err != nil {
					return fmt.Errorf("sprt: --pentanomial: %w", err)
				}
			} else {
				w, err := stats.ParseWDL(wdlText)
				if err == nil {
					rep, err = report.WDLReport(w, test)
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
