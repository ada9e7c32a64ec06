package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// sprtMaxCount bounds each count of 'colony sprt', so that sums cannot overflow.
const sprtMaxCount = 1_000_000_000_000

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

			var sb strings.Builder
			var e tournament.Estimate
			llr := 0.0
			if hasPenta {
				counts, err := sprtCounts("--pentanomial", pentaText, "N0,N1,N2,N3,N4")
				if err != nil {
					return err
				}
				p := tournament.Pentanomial(counts)
				if p.Pairs() == 0 {
					return fmt.Errorf("sprt: --pentanomial: no pairs (every count is 0)")
				}
				e = p.Estimate()
				fmt.Fprintf(&sb, "games: %d (%d pairs)\n", e.Games, p.Pairs())
				if test != nil {
					llr = test.LLR(p)
				}
			} else {
				counts, err := sprtCounts("--wdl", wdlText, "W,D,L")
				if err != nil {
					return err
				}
				w := tournament.WDL{Wins: counts[0], Draws: counts[1], Losses: counts[2]}
				if w.Games() == 0 {
					return fmt.Errorf("sprt: --wdl: no games (every count is 0)")
				}
				e = w.Estimate()
				fmt.Fprintf(&sb, "games: %d (%d wins, %d draws, %d losses)\n", e.Games, w.Wins, w.Draws, w.Losses)
				if test != nil {
					llr = test.LLRTrinomial(w)
				}
			}
			fmt.Fprintf(&sb, "score: %.1f%% [%.1f%%, %.1f%%]\n", 100*e.Score, 100*e.ScoreLow, 100*e.ScoreHigh)
			fmt.Fprintf(&sb, "elo: %s [%s, %s]\n", sprtSigned(e.Elo, 1), sprtSigned(e.EloLow, 1), sprtSigned(e.EloHigh, 1))
			if math.IsNaN(e.NElo) {
				sb.WriteString("nelo: undefined (every result is the same)\n")
			} else {
				fmt.Fprintf(&sb, "nelo: %s [%s, %s]\n", sprtSigned(e.NElo, 1), sprtSigned(e.NEloLow, 1), sprtSigned(e.NEloHigh, 1))
			}
			fmt.Fprintf(&sb, "los: %.1f%%\n", 100*e.LOS)
			if test != nil {
				lower, upper := test.Bounds()
				fmt.Fprintf(&sb, "llr: %.2f [%.2f, %s] (model %v, elo0=%s elo1=%s alpha=%s beta=%s)\n",
					llr, lower, sprtSigned(upper, 2), test.Model, sprtFloat(test.Elo0), sprtFloat(test.Elo1), sprtFloat(test.Alpha), sprtFloat(test.Beta))
				fmt.Fprintf(&sb, "sprt: %v\n", test.Decide(llr))
			}
			return writeOut(c, sb.String())
		},
	}
	f := c.Flags()
	f.StringVar(&pentaText, "pentanomial", "", "pair counts `N0,N1,N2,N3,N4`: pairs in which A scored 0, 0.5, 1, 1.5 and 2 points")
	f.StringVar(&wdlText, "wdl", "", "game counts `W,D,L`: A's wins, draws and losses")
	f.StringVar(&sprtText, "sprt", "", "test `SPEC`: elo0=E0,elo1=E1[,alpha=A,beta=B,model=normalized|logistic]")
	return c
}

// sprtCounts reads the comma-separated counts of flag, which must be as many as
// the fields of form ("W,D,L"), each a non-negative integer of at most sprtMaxCount.
func sprtCounts(flag, text, form string) ([]int, error) {
	want := strings.Count(form, ",") + 1
	fields := strings.Split(text, ",")
	if len(fields) != want {
		return nil, fmt.Errorf("sprt: %s: want %d counts %s, got %q", flag, want, form, text)
	}
	counts := make([]int, want)
	for i, s := range fields {
		s = strings.TrimSpace(s)
		n, err := strconv.ParseInt(s, 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange):
			return nil, fmt.Errorf("sprt: %s: count %q is too large (at most %d)", flag, s, sprtMaxCount)
		case err != nil:
			return nil, fmt.Errorf("sprt: %s: count %q is not an integer", flag, s)
		case n < 0:
			return nil, fmt.Errorf("sprt: %s: count %d is negative", flag, n)
		case n > sprtMaxCount:
			return nil, fmt.Errorf("sprt: %s: count %d is too large (at most %d)", flag, n, sprtMaxCount)
		}
		counts[i] = int(n)
	}
	return counts, nil
}

// sprtSigned writes x with a sign and the given decimals: "+34.9", "-2.0", "+Inf".
func sprtSigned(x float64, decimals int) string {
	return fmt.Sprintf("%+.*f", decimals, x)
}

// sprtFloat writes x in the shortest form that reads back as x.
func sprtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
