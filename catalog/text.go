package catalog

// The text of results: a search's iterations, a solution, the score of a position,
// as the command line prints them and other programs may show them.

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// PerSecond returns n per second of d, 0 when d is 0.
func PerSecond(n uint64, d time.Duration) float64 {
	if secs := d.Seconds(); secs > 0 {
		return float64(n) / secs
	}
	return 0
}

// Text writes the iteration as analyze prints it: a line
//
//	depth=<d> score=<s> nodes=<n> nps=<n/s> time=<t>s pv <turn> <turn> ...
//
// (beginning "unfinished " for an Unfinished iteration) and, for MCTS (Children not empty), "sims=" and "sps=" in place of "nodes=" and
// "nps=", followed by the first root decisions (up to 5, in the order of Children),
// one a line:
//
//	root <decision> visits=<n> value=<v> [proven=win|loss]
func (it AnalysisReport) Text() string {
	var sb strings.Builder
	count, rate := "nodes", "nps"
	if len(it.Children) > 0 {
		count, rate = "sims", "sps"
	}
	if it.Unfinished {
		sb.WriteString("unfinished ")
	}
	fmt.Fprintf(&sb, "depth=%d score=%s %s=%d %s=%.0f time=%.3fs pv", it.Depth, ScoreText(it.Score, it.Scale),
		count, it.Nodes, rate, PerSecond(it.Nodes, it.Time), it.Time.Seconds())
	for _, t := range it.PV {
		sb.WriteString(" " + t)
	}
	sb.WriteByte('\n')
	for _, k := range it.Children[:min(5, len(it.Children))] {
		fmt.Fprintf(&sb, "  root %s visits=%d value=%+.3f", k.Decision, k.Visits, k.Value)
		switch {
		case k.Proven > 0:
			sb.WriteString(" proven=win")
		case k.Proven < 0:
			sb.WriteString(" proven=loss")
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Report returns the whole search of the analysis as one AnalysisReport (for a
// player that reports none while it searches, or whose turn came from an
// iteration it was stopped in: that iteration then, Unfinished, at PartialDepth).
func (a *Analysis) Report() AnalysisReport {
	it := AnalysisReport{Depth: a.Depth, Score: a.Score, Scale: a.Scale, Nodes: a.Nodes, Time: a.Time, PV: a.PV}
	if a.PartialDepth > 0 {
		it.Depth, it.Unfinished = a.PartialDepth, true
	}
	return it
}

// ClosingText is what 'colony analyze' prints after the search's reports: the whole
// search as one report line when its reports did not say it (reported false: a
// player that reports nothing; or a turn from an iteration the search was stopped
// in, a line beginning "unfinished", as UCI engines end with an info line of that
// iteration), then the line "bestmove <turn> score=<s>".
func (a *Analysis) ClosingText(reported bool) string {
	var sb strings.Builder
	if !reported || a.PartialDepth > 0 {
		sb.WriteString(a.Report().Text())
	}
	fmt.Fprintf(&sb, "bestmove %s score=%s\n", a.Best, ScoreText(a.Score, a.Scale))
	return sb.String()
}

// PerftText is what 'colony perft' prints: with divide (turns and counts from
// PerftDivide) a line "<turn> <count>" a first turn, then, for the nodes counted in
// elapsed, "perft depth=<d> nodes=<n> time=<s>s nps=<n>". nodes is ignored with
// divide: the counts add up to it.
func PerftText(depth int, nodes uint64, turns []string, counts []uint64, elapsed time.Duration) string {
	var sb strings.Builder
	if turns != nil {
		nodes = 0
		for i, turn := range turns {
			fmt.Fprintf(&sb, "%s %d\n", turn, counts[i])
			nodes += counts[i]
		}
	}
	fmt.Fprintf(&sb, "perft depth=%d nodes=%d time=%.3fs nps=%.0f\n", depth, nodes, elapsed.Seconds(), PerSecond(nodes, elapsed))
	return sb.String()
}

// Text writes the solution of a position of the game name as solve prints it: the
// game=, value= and best= lines, then the details (the mover's value, the line, the
// first guess, the counts, the endgame database).
func (sol *Solution) Text(name string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "game=%s\n", name)
	fmt.Fprintf(&sb, "value=%s\n", SignedInt(sol.Value))
	fmt.Fprintf(&sb, "best=%s\n", sol.Best)
	fmt.Fprintf(&sb, "mover value=%s\n", SignedInt(sol.MoverValue))
	fmt.Fprintf(&sb, "pv %s\n", strings.Join(sol.PV, " "))
	if sol.GuessDepth > 0 {
		fmt.Fprintf(&sb, "guess=%s guess_depth=%d guess_nodes=%d\n", SignedInt(sol.Guess), sol.GuessDepth, sol.GuessNodes)
	}
	fmt.Fprintf(&sb, "nodes=%d searches=%d time=%.3fs nps=%.0f\n", sol.Nodes, sol.Searches, sol.Time.Seconds(), PerSecond(sol.Nodes, sol.Time))
	if sol.Endgames != "" {
		fmt.Fprintf(&sb, "endgames: %s; %.3fs\n", sol.Endgames, sol.EndgameTime.Seconds())
	}
	return sb.String()
}

// BoundText writes a bound of the solver (search.SolveOptions.Report): a signed
// margin, or ±inf beyond any margin.
func BoundText(n int) string {
	switch {
	case n >= math.MaxInt16-1:
		return "+inf"
	case n <= -(math.MaxInt16 - 1):
		return "-inf"
	}
	return SignedInt(n)
}

// SignedInt writes n with its sign: +8, -2, 0.
func SignedInt(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// Text writes the status as score prints it, sides being the game's side names:
// the line "<side>=<n> <side>=<n> over=<yes|no> winner=<side|draw|->" and, for a
// finished game, the result line "result: " and the GameEnd's Text.
func (st *Situation) Text(sides [2]string) string {
	over, winner := "no", "-"
	if o := st.End; o != nil {
		over, winner = "yes", "draw"
		if o.Winner == 0 || o.Winner == 1 {
			winner = sides[o.Winner]
		}
	}
	out := fmt.Sprintf("%s=%d %s=%d over=%s winner=%s\n", sides[0], st.Points[0], sides[1], st.Points[1], over, winner)
	if st.End != nil {
		out += st.End.ResultLine(sides) + "\n"
	}
	return out
}

// LinesText writes the lines of an iteration of several (AnalyzeOptions.Lines above
// one), one a text line, as 'colony analyze --multipv' prints them below the
// iteration's own: "  line <k> score=<s> [visits=<n>] pv <turn> ...". An iteration of
// one line writes nothing.
func (it AnalysisReport) LinesText() string {
	var sb strings.Builder
	for k, l := range it.Lines {
		fmt.Fprintf(&sb, "  line %d score=%s", k+1, ScoreText(l.Score, it.Scale))
		if l.Visits > 0 {
			fmt.Fprintf(&sb, " visits=%d", l.Visits)
		}
		sb.WriteString(" pv")
		for _, t := range l.PV {
			sb.WriteString(" " + t)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
