package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/tournament"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/stat"
)

func newPlayoutCmd(opts *options) *cobra.Command {
	var (
		games int
		seed  uint64
	)
	c := positionCmd(opts, &cobra.Command{
		Use:   "playout [--games N] [--seed S] [--position P]",
		Short: "Play random games and report statistics of the game",
		Long: `playout plays N games from the position in which every decision (the log to
select, the exit at a fork or the centre, the ant move or the pass) is chosen
uniformly at random among the legal ones, and reports:

  - the speed: games and decisions per second (one core);
  - the game length in turns: mean, standard deviation, min, the 10/50/90/99%
    quantiles and max, and a histogram;
  - how the games ended, per reason ("no log to select", "no ant can move",
    "turn cap");
  - Red's win rate with a 95% Wilson score interval, the share of games decided
    by the tie rule (equal scores: the player who completed the last full turn
    wins), and the final scores.

Game length: the number of turns played from the position to the end, counting
each player's turn as one. A game that ends because the player to move cannot
select a log, or at the turn cap, ends at a turn boundary and its length is the
number of completed turns (Turn()-1 from the start position). A game that ends
because the player to move must move an ant and cannot ends after that player's
sowing: the unfinished last turn counts, so its length is the final Turn() from
the start position.

Game i (counting from 0) uses the random source PCG(S, i) of Go's math/rand/v2,
so the same seed gives the same games, and the same numbers, on every machine;
only the timing line changes.`,
		Example: `  colony playout
  colony playout --games 10000 --seed 7
  colony --rules colony:turncap=200 playout --games 500`,
		Args: noArgs,
		PreRunE: func(*cobra.Command, []string) error {
			if games < 1 || games > maxGames {
				return fmt.Errorf("playout: --games must be from 1 to %d, got %d", maxGames, games)
			}
			return nil
		},
	}, func(c *cobra.Command, _ []string, r *colony.Rules, s colony.State) error {
		if s.Over() {
			return fmt.Errorf("playout: the game in the position is already over (%v)", s.EndReason())
		}
		start := time.Now()
		res := playGames(r, s, games, seed)
		elapsed := time.Since(start)
		from := "the start position"
		if c.Flag("position").Value.String() != colony.StartPosition { // the text of --position
			from = "the given position"
		}
		return fail(report(c.OutOrStdout(), res, reportInfo{
			rules:   r.Name(),
			from:    from,
			seed:    seed,
			elapsed: elapsed,
		}))
	})
	c.Flags().IntVar(&games, "games", 1000, "number of games `N` to play")
	c.Flags().Uint64Var(&seed, "seed", 1, "random seed `S`: game i uses PCG(S, i)")
	return c
}

// maxGames bounds --games, to keep the per-game results (and the run time) in reason.
const maxGames = 10_000_000

// gameResult is what one random game leaves (kept small: one per game is stored).
type gameResult struct {
	turns     int32 // turns played, as defined in playout's help
	decisions int32
	reason    colony.EndReason
	winner    colony.Color
	red       uint8 // final scores
	black     uint8
}

// playGames plays n random games from s; game i uses PCG(seed, i).
func playGames(r *colony.Rules, s colony.State, n int, seed uint64) []gameResult {
	res := make([]gameResult, n)
	pcg := rand.NewPCG(0, 0)
	for i := range res {
		pcg.Seed(seed, uint64(i))
		g := s
		d := r.RandomPlayout(&g, pcg)
		turns := g.Turn() - s.Turn()
		if g.EndReason() == colony.NoAntCanMove {
			turns++
		}
		res[i] = gameResult{
			turns:     int32(turns),
			decisions: int32(d),
			reason:    g.EndReason(),
			winner:    g.Winner(),
			red:       uint8(g.Score(colony.Red)),
			black:     uint8(g.Score(colony.Black)),
		}
	}
	return res
}

// reportInfo is the context of a playout report.
type reportInfo struct {
	rules   string
	from    string
	seed    uint64
	elapsed time.Duration
}

// report writes the statistics of the games.
func report(w io.Writer, res []gameResult, info reportInfo) error {
	var sb strings.Builder
	n := len(res)
	nf := float64(n)

	decisions := 0
	for _, g := range res {
		decisions += int(g.decisions)
	}
	secs := info.elapsed.Seconds()
	fmt.Fprintf(&sb, "playout: %d games from %s, uniformly random decisions\n", n, info.from)
	fmt.Fprintf(&sb, "rules %s, seed %d (game i uses PCG(%d, i))\n", info.rules, info.seed, info.seed)
	if secs > 0 {
		fmt.Fprintf(&sb, "time %.3fs: %.0f playouts/s, %.0f decisions/s (one core)\n", secs, nf/secs, float64(decisions)/secs)
	} else {
		fmt.Fprintf(&sb, "time %.3fs\n", secs)
	}
	fmt.Fprintf(&sb, "decisions per game: %.1f on average (selections, directions, ant moves and passes)\n", float64(decisions)/nf)

	// Game length.
	lengths := make([]float64, n)
	for i, g := range res {
		lengths[i] = float64(g.turns)
	}
	slices.Sort(lengths)
	mean, std := stat.MeanStdDev(lengths, nil)
	if n < 2 {
		std = 0
	}
	q := func(p float64) string { return strconv.Itoa(int(stat.Quantile(p, stat.Empirical, lengths, nil))) }
	sb.WriteString("\nGame length (turns played)\n")
	t := tournament.NewTable(&sb, []string{"mean", "std", "min", "p10", "p50", "p90", "p99", "max"}, nil)
	t.Append([]string{
		fmt.Sprintf("%.1f", mean), fmt.Sprintf("%.1f", std), q(0),
		q(0.10), q(0.50), q(0.90), q(0.99), strconv.Itoa(int(lengths[n-1])),
	})
	if err := t.Render(); err != nil {
		return err
	}
	sb.WriteString("\n")
	histogram(&sb, lengths)

	// Endings.
	var byReason [4]int
	for _, g := range res {
		byReason[g.reason]++
	}
	sb.WriteString("\nHow games ended\n")
	t = tournament.NewTable(&sb, []string{"reason", "games", "share"}, []tw.Align{tw.AlignLeft, tw.AlignRight, tw.AlignRight})
	for _, why := range []colony.EndReason{colony.NoLogToSelect, colony.NoAntCanMove, colony.TurnCapReached} {
		t.Append([]string{why.String(), strconv.Itoa(byReason[why]), percent(byReason[why], n)})
	}
	if err := t.Render(); err != nil {
		return err
	}

	// Results.
	var wins [2]int
	var ties [2]int // games decided by the tie rule, by winner
	reds := make([]float64, n)
	blacks := make([]float64, n)
	unowned := make([]float64, n)
	for i, g := range res {
		wins[g.winner]++
		if g.red == g.black {
			ties[g.winner]++
		}
		reds[i], blacks[i] = float64(g.red), float64(g.black)
		unowned[i] = float64(colony.TotalEggs - int(g.red) - int(g.black))
	}
	tied := ties[colony.Red] + ties[colony.Black]
	sb.WriteString("\nResults\n")
	t = tournament.NewTable(&sb, []string{"", "games", "share", "95% interval (Wilson)"}, []tw.Align{tw.AlignLeft})
	for _, row := range []struct {
		name string
		k    int
	}{
		{"red wins", wins[colony.Red]},
		{"black wins", wins[colony.Black]},
		{"decided by the tie rule", tied},
	} {
		lo, hi := tournament.Wilson(row.k, n, 0.95)
		t.Append([]string{row.name, strconv.Itoa(row.k), percent(row.k, n), fmt.Sprintf("%.1f%% - %.1f%%", 100*lo, 100*hi)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(&sb, "tie rule (equal scores; the player who completed the last full turn wins): red won %d, black won %d\n",
		ties[colony.Red], ties[colony.Black])

	sb.WriteString("\nFinal score (eggs owned)\n")
	t = tournament.NewTable(&sb, []string{"", "mean", "std", "min", "p50", "max"}, []tw.Align{tw.AlignLeft})
	for _, row := range []struct {
		name string
		x    []float64
	}{{"red", reds}, {"black", blacks}, {"owned by nobody", unowned}} {
		slices.Sort(row.x)
		if row.name == "owned by nobody" && row.x[n-1] == 0 {
			// Every game ended with all eggs owned (no log to select): nothing to show.
			continue
		}
		m, s := stat.MeanStdDev(row.x, nil)
		if n < 2 {
			s = 0
		}
		t.Append([]string{row.name, fmt.Sprintf("%.2f", m), fmt.Sprintf("%.2f", s),
			strconv.Itoa(int(row.x[0])), strconv.Itoa(int(stat.Quantile(0.5, stat.Empirical, row.x, nil))), strconv.Itoa(int(row.x[n-1]))})
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// percent formats k of n as a percentage with one decimal; a share that is not 0 or
// all is never shown as 0.0% or 100.0%.
func percent(k, n int) string {
	s := fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
	switch {
	case k > 0 && s == "0.0%":
		return "<0.1%"
	case k < n && s == "100.0%":
		return ">99.9%"
	}
	return s
}

// histogram draws the distribution of sorted integer values as horizontal bars, in at
// most about 16 bins of a round width.
func histogram(sb *strings.Builder, sorted []float64) {
	const maxBins, barWidth = 16, 40
	lo, hi := int(sorted[0]), int(sorted[len(sorted)-1])
	width := 1
	for _, w := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000} {
		width = w
		if (hi/w - lo/w + 1) <= maxBins {
			break
		}
	}
	first := lo / width * width
	bins := (hi-first)/width + 1
	dividers := make([]float64, bins+1)
	for i := range dividers {
		dividers[i] = float64(first+i*width) - 0.5
	}
	counts := stat.Histogram(nil, dividers, sorted, nil)
	most := slices.Max(counts)
	digits := len(strconv.Itoa(first + bins*width - 1))
	labels := make([]string, bins)
	for i := range labels {
		a := first + i*width
		labels[i] = fmt.Sprintf("%*d", digits, a)
		if width > 1 {
			labels[i] = fmt.Sprintf("%*d-%-*d", digits, a, digits, a+width-1)
		}
	}
	labelWidth := max(len(labels[0]), len("turns"))
	n := len(sorted)
	fmt.Fprintf(sb, "  %-*s │%-*s %6s %6s\n", labelWidth, "turns", barWidth, "", "games", "share")
	for i, c := range counts {
		fmt.Fprintf(sb, "  %*s │%-*s %6d %6s\n", labelWidth, labels[i], barWidth, bar(c/most*barWidth), int(c), percent(int(c), n))
	}
}

// bar draws a bar of length x characters, with eighths of a character.
func bar(x float64) string {
	eighths := int(math.Round(x * 8))
	s := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		s += string([]rune("▏▎▍▌▋▊▉")[r-1])
	}
	return s
}
