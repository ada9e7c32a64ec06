package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/tournament"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/stat"
)

func newPlayoutCmd(opts *options) *cobra.Command {
	var (
		numGames int
		seed     uint64
	)
	c := gameCmd(opts, &cobra.Command{
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
only the timing line changes.

Other games (--game) get the same report with their own sides, end reasons
(the most frequent first) and points: a decision there is the choice among the
legal moves, a turn ends at each change of turn or extra turn, each side's wins
and the draws are counted, and the final score is in the game's points (as
score counts them).`,
		Example: `  colony playout
  colony playout --games 10000 --seed 7
  colony --rules colony:turncap=200 playout --games 500
  colony --game kalah playout --games 10000 --seed 3`,
		Args: noArgs,
		PreRunE: func(*cobra.Command, []string) error {
			if numGames < 1 || numGames > maxGames {
				return fmt.Errorf("playout: --games must be from 1 to %d, got %d", maxGames, numGames)
			}
			return nil
		},
	}, func(cmd *cobra.Command, _ []string, g catalog.Ruleset, pos string) error {
		st, err := g.Standing(pos)
		if err != nil {
			return fmt.Errorf("playout: --position: %w", err)
		}
		if st.Outcome != nil {
			return fmt.Errorf("playout: the game in the position is already over (%s)", st.Outcome.Reason)
		}
		start := time.Now()
		res, err := g.RandomGames(cmdContext(cmd), pos, numGames, seed)
		if err != nil {
			return fail(fmt.Errorf("playout: %w", err))
		}
		elapsed := time.Since(start)
		desc := g.Description()
		info := reportInfo{
			rules:       g.Name(),
			from:        startOrGiven(cmd),
			seed:        seed,
			elapsed:     elapsed,
			sides:       g.Sides(),
			reasons:     reasonRows(res, desc.EndReasons),
			tieRule:     desc.TieRule,
			points:      "points",
			totalPoints: desc.TotalPoints,
		}
		if desc.Decisions != "" {
			info.decisions = " (" + desc.Decisions + ")"
		}
		if desc.Points != "" {
			info.points = desc.Points
		}
		return fail(report(cmd.OutOrStdout(), res.Games, info))
	})
	c.Flags().IntVar(&numGames, "games", 1000, "number of games `N` to play")
	c.Flags().Uint64Var(&seed, "seed", 1, "random seed `S`: game i uses PCG(S, i)")
	return c
}

// maxGames bounds --games, to keep the per-game results (and the run time) in reason.
const maxGames = 10_000_000

// startOrGiven says where the games of cmd start: "the given position" when
// --position has a text other than its default (The Colony's start position, which
// the other games' notations never read), else "the start position".
func startOrGiven(cmd *cobra.Command) string {
	if cmd.Flag("position").Value.String() != colony.StartPosition {
		return "the given position"
	}
	return "the start position"
}

// reason is a row of the report's table of endings: the reason, and its number in
// RandomGame.Reason (-1 for a reason no game gave).
type reason struct {
	name  string
	index int
}

// reasonRows returns the rows of the endings' table of res: the game's end reasons
// fixed, in that order (those no game gave included), then those res gave that
// fixed does not list, the most frequent first (then by name).
func reasonRows(res *catalog.RandomGames, fixed []string) []reason {
	var out []reason
	for _, name := range fixed {
		out = append(out, reason{name, slices.Index(res.Reasons, name)})
	}
	return append(out, byCount(res, fixed)...)
}

// byCount returns the end reasons of res but those of skip, the most frequent first
// (then by name).
func byCount(res *catalog.RandomGames, skip []string) []reason {
	counts := make([]int, len(res.Reasons))
	for _, g := range res.Games {
		counts[g.Reason]++
	}
	var out []reason
	for i, name := range res.Reasons {
		if !slices.Contains(skip, name) {
			out = append(out, reason{name, i})
		}
	}
	slices.SortFunc(out, func(a, b reason) int {
		if c := cmp.Compare(counts[b.index], counts[a.index]); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	return out
}

// reportInfo is the context of a playout report.
type reportInfo struct {
	rules   string
	from    string
	seed    uint64
	elapsed time.Duration
	// sides are the sides' names; decisions says what a decision is (after "on
	// average"), reasons lists the rows of the endings' table.
	sides     [2]string
	decisions string
	reasons   []reason
	// tieRule is the game's tie rule (game.Description): when set, the report counts
	// no draws, always shows the games the rule decided and states the rule.
	tieRule string
	// points names what the points count (the title of the final scores);
	// totalPoints, when not 0, is the points in play, whose rest nobody owns.
	points      string
	totalPoints int
}

// report writes the statistics of the games.
func report(w io.Writer, res []catalog.RandomGame, info reportInfo) error {
	var sb strings.Builder
	n := len(res)
	nf := float64(n)

	decisions := 0
	for _, g := range res {
		decisions += int(g.Decisions)
	}
	secs := info.elapsed.Seconds()
	fmt.Fprintf(&sb, "playout: %d games from %s, uniformly random decisions\n", n, info.from)
	fmt.Fprintf(&sb, "rules %s, seed %d (game i uses PCG(%d, i))\n", info.rules, info.seed, info.seed)
	if secs > 0 {
		fmt.Fprintf(&sb, "time %.3fs: %.0f playouts/s, %.0f decisions/s (one core)\n", secs, nf/secs, float64(decisions)/secs)
	} else {
		fmt.Fprintf(&sb, "time %.3fs\n", secs)
	}
	fmt.Fprintf(&sb, "decisions per game: %.1f on average%s\n", float64(decisions)/nf, info.decisions)

	// Game length.
	lengths := make([]float64, n)
	for i, g := range res {
		lengths[i] = float64(g.Turns)
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
	byReason := map[int]int{}
	for _, g := range res {
		byReason[int(g.Reason)]++
	}
	sb.WriteString("\nHow games ended\n")
	t = tournament.NewTable(&sb, []string{"reason", "games", "share"}, []tw.Align{tw.AlignLeft, tw.AlignRight, tw.AlignRight})
	for _, why := range info.reasons {
		t.Append([]string{why.name, strconv.Itoa(byReason[why.index]), percent(byReason[why.index], n)})
	}
	if err := t.Render(); err != nil {
		return err
	}

	// Results.
	var wins [2]int
	var ties [2]int // games decided by the tie rule, by winner
	draws := 0
	points := [2][]float64{make([]float64, n), make([]float64, n)}
	unowned := make([]float64, n)
	for i, g := range res {
		switch g.Winner {
		case 0, 1:
			wins[g.Winner]++
			if g.TieBreak {
				ties[g.Winner]++
			}
		default:
			draws++
		}
		points[0][i], points[1][i] = float64(g.Points[0]), float64(g.Points[1])
		unowned[i] = float64(info.totalPoints - int(g.Points[0]) - int(g.Points[1]))
	}
	tied := ties[0] + ties[1]
	rows := []struct {
		name string
		k    int
	}{
		{info.sides[0] + " wins", wins[0]},
		{info.sides[1] + " wins", wins[1]},
	}
	if info.tieRule == "" {
		rows = append(rows, struct {
			name string
			k    int
		}{"draws", draws})
	}
	if info.tieRule != "" || tied > 0 {
		rows = append(rows, struct {
			name string
			k    int
		}{"decided by the tie rule", tied})
	}
	sb.WriteString("\nResults\n")
	t = tournament.NewTable(&sb, []string{"", "games", "share", "95% interval (Wilson)"}, []tw.Align{tw.AlignLeft})
	for _, row := range rows {
		lo, hi := tournament.Wilson(row.k, n, 0.95)
		t.Append([]string{row.name, strconv.Itoa(row.k), percent(row.k, n), fmt.Sprintf("%.1f%% - %.1f%%", 100*lo, 100*hi)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	if info.tieRule != "" {
		fmt.Fprintf(&sb, "tie rule (%s): %s won %d, %s won %d\n",
			info.tieRule, info.sides[0], ties[0], info.sides[1], ties[1])
	}

	title := "Final score (" + info.points + ")"
	finals := []struct {
		name string
		x    []float64
	}{{info.sides[0], points[0]}, {info.sides[1], points[1]}}
	if info.totalPoints > 0 {
		finals = append(finals, struct {
			name string
			x    []float64
		}{"owned by nobody", unowned})
	}
	sb.WriteString("\n" + title + "\n")
	t = tournament.NewTable(&sb, []string{"", "mean", "std", "min", "p50", "max"}, []tw.Align{tw.AlignLeft})
	for _, row := range finals {
		slices.Sort(row.x)
		if row.name == "owned by nobody" && row.x[n-1] == 0 {
			// Every game ended with all points owned (for The Colony, no log to
			// select): nothing to show.
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
