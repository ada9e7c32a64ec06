package catalog

// The playout report: the statistics of a run of random games (Ruleset.RandomGames)
// and their text, as 'colony playout' prints them.

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/stats"
	"github.com/olekukonko/tablewriter/tw"
	"gonum.org/v1/gonum/stat"
)

// PlayoutReport is the statistics of a run of random games of a rule set: their
// speed, lengths, endings, results and final scores.
type PlayoutReport struct {
	// Rules is the rule set's name, From where the games started ("the start
	// position", "the given position"), Seed their seed and Elapsed the time they
	// took.
	Rules, From string
	Seed        uint64
	Elapsed     time.Duration
	// Games are the games, as RandomGames returned them.
	Games []RandomGame
	// Sides are the sides' names, Description what the game says of itself.
	Sides       [2]string
	Description game.Description
	// Endings counts the games by end reason: the game's own reasons
	// (Description.EndReasons) in their order, those no game gave included, then
	// the others the games gave, the most frequent first (then by name).
	Endings []Count
	// Results counts the wins of each side, the draws (for a game without a tie
	// rule) and the games decided by the tie rule (for a game with one, or when some
	// game was), each with its 95% Wilson interval.
	Results []Count
	// TieWins are the games each side won by the tie rule.
	TieWins [2]int
}

// Count is a row of a PlayoutReport's tables: what is counted, the games and, for the
// results, the 95% Wilson score interval of their share.
type Count struct {
	Name      string
	Games     int
	Low, High float64
}

// NewPlayoutReport returns the report of the random games res of g, played from
// where from says with seed in elapsed. res holds at least one game.
func NewPlayoutReport(g Ruleset, res *RandomGames, from string, seed uint64, elapsed time.Duration) *PlayoutReport {
	r := &PlayoutReport{Rules: g.Name(), From: from, Seed: seed, Elapsed: elapsed, Games: res.Games,
		Sides: g.Sides(), Description: g.Description()}
	byReason := make([]int, len(res.Reasons))
	for _, x := range res.Games {
		byReason[x.Reason]++
	}
	fixed := r.Description.EndReasons
	for _, name := range fixed {
		n := 0
		if i := slices.Index(res.Reasons, name); i >= 0 {
			n = byReason[i]
		}
		r.Endings = append(r.Endings, Count{Name: name, Games: n})
	}
	var others []Count
	for i, name := range res.Reasons {
		if !slices.Contains(fixed, name) {
			others = append(others, Count{Name: name, Games: byReason[i]})
		}
	}
	slices.SortFunc(others, func(a, b Count) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	r.Endings = append(r.Endings, others...)

	var wins [2]int
	draws := 0
	for _, x := range res.Games {
		switch x.Winner {
		case 0, 1:
			wins[x.Winner]++
			if x.TieBreak {
				r.TieWins[x.Winner]++
			}
		default:
			draws++
		}
	}
	tieRule := r.Description.TieRule
	rows := []Count{{Name: r.Sides[0] + " wins", Games: wins[0]}, {Name: r.Sides[1] + " wins", Games: wins[1]}}
	if tieRule == "" {
		rows = append(rows, Count{Name: "draws", Games: draws})
	}
	if tied := r.TieWins[0] + r.TieWins[1]; tieRule != "" || tied > 0 {
		rows = append(rows, Count{Name: "decided by the tie rule", Games: tied})
	}
	for i := range rows {
		rows[i].Low, rows[i].High = stats.Wilson(rows[i].Games, len(res.Games), 0.95)
	}
	r.Results = rows
	return r
}

// Decisions returns the decisions taken in all the games.
func (r *PlayoutReport) Decisions() int {
	n := 0
	for _, g := range r.Games {
		n += int(g.Decisions)
	}
	return n
}

// Lengths returns the games' lengths in turns, sorted.
func (r *PlayoutReport) Lengths() []float64 {
	out := make([]float64, len(r.Games))
	for i, g := range r.Games {
		out[i] = float64(g.Turns)
	}
	slices.Sort(out)
	return out
}

// Write writes the report as text: the header with the speed, then the tables of
// the game lengths (with a histogram), the endings, the results and the final scores.
func (r *PlayoutReport) Write(w io.Writer) error {
	var sb strings.Builder
	n := len(r.Games)
	nf := float64(n)
	decisions := r.Decisions()
	secs := r.Elapsed.Seconds()
	fmt.Fprintf(&sb, "playout: %d games from %s, uniformly random decisions\n", n, r.From)
	fmt.Fprintf(&sb, "rules %s, seed %d (game i uses PCG(%d, i))\n", r.Rules, r.Seed, r.Seed)
	if secs > 0 {
		fmt.Fprintf(&sb, "time %.3fs: %.0f playouts/s, %.0f decisions/s (one core)\n", secs, nf/secs, float64(decisions)/secs)
	} else {
		fmt.Fprintf(&sb, "time %.3fs\n", secs)
	}
	what := ""
	if r.Description.Decisions != "" {
		what = " (" + r.Description.Decisions + ")"
	}
	fmt.Fprintf(&sb, "decisions per game: %.1f on average%s\n", float64(decisions)/nf, what)

	lengths := r.Lengths()
	mean, std := meanStd(lengths)
	q := func(p float64) string { return strconv.Itoa(int(stat.Quantile(p, stat.Empirical, lengths, nil))) }
	sb.WriteString("\nGame length (turns played)\n")
	t := report.NewTable(&sb, []string{"mean", "std", "min", "p10", "p50", "p90", "p99", "max"}, nil)
	t.Append([]string{fmt.Sprintf("%.1f", mean), fmt.Sprintf("%.1f", std), q(0),
		q(0.10), q(0.50), q(0.90), q(0.99), strconv.Itoa(int(lengths[n-1]))})
	if err := t.Render(); err != nil {
		return err
	}
	sb.WriteString("\n")
	Histogram(&sb, lengths)

	sb.WriteString("\nHow games ended\n")
	t = report.NewTable(&sb, []string{"reason", "games", "share"}, []tw.Align{tw.AlignLeft, tw.AlignRight, tw.AlignRight})
	for _, e := range r.Endings {
		t.Append([]string{e.Name, strconv.Itoa(e.Games), Percent(e.Games, n)})
	}
	if err := t.Render(); err != nil {
		return err
	}

	sb.WriteString("\nResults\n")
	t = report.NewTable(&sb, []string{"", "games", "share", "95% interval (Wilson)"}, []tw.Align{tw.AlignLeft})
	for _, row := range r.Results {
		t.Append([]string{row.Name, strconv.Itoa(row.Games), Percent(row.Games, n), fmt.Sprintf("%.1f%% - %.1f%%", 100*row.Low, 100*row.High)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	if tr := r.Description.TieRule; tr != "" {
		fmt.Fprintf(&sb, "tie rule (%s): %s won %d, %s won %d\n", tr, r.Sides[0], r.TieWins[0], r.Sides[1], r.TieWins[1])
	}
	if err := r.writeFinals(&sb); err != nil {
		return err
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeFinals writes the table of the final scores: each side's points and, for a
// game with a total of points in play, the points nobody owned (left out when every
// game ended with all of them owned).
func (r *PlayoutReport) writeFinals(sb *strings.Builder) error {
	n := len(r.Games)
	total := r.Description.TotalPoints
	points := [3][]float64{make([]float64, n), make([]float64, n), make([]float64, n)}
	for i, g := range r.Games {
		points[0][i], points[1][i] = float64(g.Points[0]), float64(g.Points[1])
		points[2][i] = float64(total - int(g.Points[0]) - int(g.Points[1]))
	}
	names := []string{r.Sides[0], r.Sides[1]}
	if total > 0 {
		names = append(names, "owned by nobody")
	}
	what := "points"
	if r.Description.Points != "" {
		what = r.Description.Points
	}
	sb.WriteString("\nFinal score (" + what + ")\n")
	t := report.NewTable(sb, []string{"", "mean", "std", "min", "p50", "max"}, []tw.Align{tw.AlignLeft})
	for i, name := range names {
		x := points[i]
		slices.Sort(x)
		if i == 2 && x[n-1] == 0 {
			continue // every game ended with all points owned: nothing to show
		}
		m, s := meanStd(x)
		t.Append([]string{name, fmt.Sprintf("%.2f", m), fmt.Sprintf("%.2f", s),
			strconv.Itoa(int(x[0])), strconv.Itoa(int(stat.Quantile(0.5, stat.Empirical, x, nil))), strconv.Itoa(int(x[n-1]))})
	}
	return t.Render()
}

// meanStd returns the mean and the standard deviation of x (0 for fewer than two
// values).
func meanStd(x []float64) (float64, float64) {
	m, s := stat.MeanStdDev(x, nil)
	if len(x) < 2 {
		s = 0
	}
	return m, s
}

// Percent formats k of n as a percentage with one decimal; a share that is not 0 or
// all is never shown as 0.0% or 100.0%.
func Percent(k, n int) string {
	s := fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
	switch {
	case k > 0 && s == "0.0%":
		return "<0.1%"
	case k < n && s == "100.0%":
		return ">99.9%"
	}
	return s
}

// Histogram writes the distribution of sorted integer values (turns) as horizontal
// bars, in at most about 16 bins of a round width.
func Histogram(sb *strings.Builder, sorted []float64) {
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
		fmt.Fprintf(sb, "  %*s │%-*s %6d %6s\n", labelWidth, labels[i], barWidth, bar(c/most*barWidth), int(c), Percent(int(c), n))
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
