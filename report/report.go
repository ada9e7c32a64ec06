package report

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"gonum.org/v1/gonum/stat"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// Report is everything a tournament's games say: the standings, the cross table,
// the pair statistics of a match, the SPRT, the joint ratings and what the games
// say about the game itself. Summarize builds it; the same games give the same
// report, whether played in one run, resumed or merged from shards.
type Report struct {
	Game    string        `json:"game"`
	Format  record.Format `json:"format"`
	Players []Standing    `json:"standings"`
	// Cross[i][j] is player i's record against player j (in Players' order).
	Cross [][]stats.WDL `json:"cross"`
	// Pair holds the pentanomial statistics of a two-player tournament.
	Pair *PairStats  `json:"pair,omitempty"`
	SPRT *SPRTReport `json:"sprt,omitempty"`
	// Ratings are the Bradley–Terry ratings of all players fitted jointly, with
	// bootstrap intervals (more than two players).
	Ratings []stats.Rating `json:"ratings,omitempty"`
	Metrics Metrics        `json:"metrics"`
	// Faults counts the games each player lost by a forfeit (an illegal move, its
	// time, an external engine's fault), by reason; none when no game was forfeited.
	Faults []FaultCount `json:"faults,omitempty"`
	// Games counts the games in the report, Scheduled those of the schedule.
	Games     int `json:"games"`
	Scheduled int `json:"scheduled"`
}

// Standing is one player's line in the standings.
type Standing struct {
	Rank   int     `json:"rank"`
	Name   string  `json:"name"`
	Spec   string  `json:"spec"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"`
	// Estimate is the player's Elo against the field of its opponents, its 95%
	// interval and LOS (trinomial model).
	Estimate stats.Estimate `json:"estimate"`
	index    int
}

// PairStats are a match's results by pairs of games (same opening, colours swapped),
// from the first player's view.
type PairStats struct {
	Pentanomial stats.Pentanomial `json:"pentanomial"`
	Estimate    stats.Estimate    `json:"estimate"`
	// Unpaired counts games whose pair partner is missing (not in the estimate).
	Unpaired int `json:"unpaired"`
}

// SPRTReport is the SPRT's outcome.
type SPRTReport struct {
	Test        string            `json:"test"`
	Pentanomial stats.Pentanomial `json:"pentanomial"`
	LLR         float64           `json:"llr"`
	Lower       float64           `json:"lower"`
	Upper       float64           `json:"upper"`
	Verdict     string            `json:"verdict"`
	// Pairs counts the pairs the test saw.
	Pairs int `json:"pairs"`
}

// Metrics describe the games themselves.
type Metrics struct {
	Games      int `json:"games"`
	FirstWins  int `json:"first_wins"`
	SecondWins int `json:"second_wins"`
	Draws      int `json:"draws"`
	// FirstScore is the first player's mean score (wins plus half the draws) with
	// its 95% Wilson interval.
	FirstScore     float64 `json:"first_score"`
	FirstScoreLow  float64 `json:"first_score_low"`
	FirstScoreHigh float64 `json:"first_score_high"`
	// Length is the game length in turns (from the opening), over games that ended
	// by the rules.
	Length Quantiles `json:"length"`
	// Reasons counts the games by how they ended.
	Reasons []ReasonCount `json:"reasons"`
	// TieBreaks counts games decided by a tie rule; Forfeits games lost by a forfeit.
	TieBreaks int `json:"tie_breaks"`
	Forfeits  int `json:"forfeits"`
	// Sides are the names of the two seats ("red", "black").
	Sides [2]string `json:"sides"`
}

// Quantiles summarise a distribution.
type Quantiles struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	P10  float64 `json:"p10"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	Max  float64 `json:"max"`
}

// ReasonCount is how many games ended one way.
type ReasonCount struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// FaultCount is how many games a player lost by one kind of forfeit.
type FaultCount struct {
	Player string `json:"player"`
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// faults counts the forfeits of games by the player who lost them, in the order of
// cfg's players, then by count (most first) and reason.
func faults(cfg *record.Config, l *record.GameList) []FaultCount {
	type key struct{ player, reason string }
	counts := map[key]int{}
	for i := range l.Len() {
		s := l.At(i)
		r := &s
		if !l.Forfeit(r) || r.Winner < 0 {
			continue
		}
		counts[key{l.Player(r, 1-int(r.Winner)), l.Reason(r)}]++
	}
	var out []FaultCount
	for k, n := range counts {
		out = append(out, FaultCount{Player: k.player, Reason: k.reason, Games: n})
	}
	order := map[string]int{}
	for i, p := range cfg.Players {
		order[p.Name] = i
	}
	slices.SortFunc(out, func(x, y FaultCount) int {
		if x.Player != y.Player {
			return order[x.Player] - order[y.Player]
		}
		if x.Games != y.Games {
			return y.Games - x.Games
		}
		return strings.Compare(x.Reason, y.Reason)
	})
	return out
}

// ratingResamples is the number of bootstrap resamplings of the joint ratings.
const ratingResamples = 1000

// Summarize computes the report of a tournament's games. sides names the two seats.
func Summarize(cfg *record.Config, games []record.Record, sides [2]string, sprt *record.SPRTState) (*Report, error) {
	l, err := record.GamesOf(cfg, games)
	if err != nil {
		return nil, err
	}
	return SummarizeGames(cfg, l, sides, sprt)
}

// SummarizeGames is Summarize of games given by their summaries (a GameList of cfg's
// players).
func SummarizeGames(cfg *record.Config, l *record.GameList, sides [2]string, sprt *record.SPRTState) (*Report, error) {
	if l == nil {
		l = record.NewGameListOf(cfg)
	}
	l = l.Sorted()
	n := len(cfg.Players)
	rep := &Report{Game: cfg.Game, Format: cfg.Format, Games: l.Len(), Scheduled: cfg.TotalGames()}
	names := make([]string, n)
	for i, p := range cfg.Players {
		names[i] = p.Name
	}
	if len(l.Names()) != n {
		return nil, fmt.Errorf("the games are of %d players, the tournament has %d", len(l.Names()), n)
	}
	tally := stats.NewTally(names)
	for i := range l.Len() {
		r := l.At(i)
		tally.Add(int(r.Seats[0]), int(r.Seats[1]), int(r.Winner))
	}
	rep.Cross = tally.Cross
	rep.Players = standingsOf(cfg, tally)

	if n == 2 {
		rep.Pair = pairStats(l)
	}
	if sprt != nil {
		lo, hi := sprt.Test.Bounds()
		rep.SPRT = &SPRTReport{Test: sprt.Test.String(), Pentanomial: sprt.Pentanomial, LLR: sprt.LLR,
			Lower: lo, Upper: hi, Verdict: sprt.Verdict.String(), Pairs: sprt.Pentanomial.Pairs()}
	}
	if n > 2 && l.Len() > 0 {
		outcomes := make([]stats.GameScore, l.Len())
		for i := range l.Len() {
			r := l.At(i)
			outcomes[i] = stats.GameScore{A: int(r.Seats[0]), B: int(r.Seats[1]), Score: r.ScoreOf(0)}
		}
		ratings, err := stats.BradleyTerry(names, outcomes, ratingResamples, uint64(cfg.Seed))
		if err == nil {
			rep.Ratings = ratings
		}
	}
	rep.Metrics = metrics(l, sides)
	rep.Faults = faults(cfg, l)
	return rep, nil
}

// standingsOf returns the standings of cfg's players from their results in tally:
// ranked by points, then by score.
func standingsOf(cfg *record.Config, tally *stats.Tally) []Standing {
	out := make([]Standing, 0, len(cfg.Players))
	for i, p := range cfg.Players {
		w := tally.Player(i)
		out = append(out, Standing{
			Name: p.Name, Spec: p.Spec, Games: w.Games(), Wins: w.Wins, Draws: w.Draws, Losses: w.Losses,
			Points: float64(w.Wins) + float64(w.Draws)/2, Estimate: w.Estimate(), index: i,
		})
	}
	slices.SortStableFunc(out, func(x, y Standing) int {
		switch {
		case x.Points != y.Points:
			return cmpFloat(y.Points, x.Points)
		case x.Estimate.Score != y.Estimate.Score:
			return cmpFloat(y.Estimate.Score, x.Estimate.Score)
		}
		return 0
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// pairStats counts a two-player tournament's complete pairs from the first player's
// view; games are in the order of their indices.
func pairStats(games *record.GameList) *PairStats {
	ps := &PairStats{}
	points := func(r record.Summary) float64 {
		if r.Seats[1] == 0 {
			return r.ScoreOf(1)
		}
		return r.ScoreOf(0)
	}
	n := games.Len()
	for i := 0; i < n; {
		j := i + 1
		for j < n && pairOf(games, j) == pairOf(games, i) {
			j++
		}
		if j-i != 2 {
			ps.Unpaired += j - i
		} else {
			ps.Pentanomial.Add(points(games.At(i)), points(games.At(i+1)))
		}
		i = j
	}
	ps.Estimate = ps.Pentanomial.Estimate()
	return ps
}

// pairOf returns the pair of the i-th game of games.
func pairOf(games *record.GameList, i int) int {
	s := games.At(i)
	return s.Pair()
}

// metrics computes the game metrics.
func metrics(l *record.GameList, sides [2]string) Metrics {
	m := Metrics{Games: l.Len(), Sides: sides}
	counts := map[string]int{}
	var lengths []float64
	for i := range l.Len() {
		s := l.At(i)
		r := &s
		switch r.Winner {
		case 0:
			m.FirstWins++
		case 1:
			m.SecondWins++
		default:
			m.Draws++
		}
		counts[l.Reason(r)]++
		if l.Forfeit(r) {
			m.Forfeits++
			continue
		}
		if r.Tie {
			m.TieBreaks++
		}
		lengths = append(lengths, float64(r.Turns))
	}
	if m.Games > 0 {
		// Wilson's interval on the score, draws counting half.
		m.FirstScore = (float64(m.FirstWins) + float64(m.Draws)/2) / float64(m.Games)
		m.FirstScoreLow, m.FirstScoreHigh = stats.WilsonScore(m.FirstScore, m.Games, 0.95)
	}
	if len(lengths) > 0 {
		slices.Sort(lengths)
		mean, sd := stat.MeanStdDev(lengths, nil)
		if len(lengths) < 2 {
			sd = 0
		}
		q := func(p float64) float64 { return stat.Quantile(p, stat.Empirical, lengths, nil) }
		m.Length = Quantiles{Mean: mean, SD: sd, Min: lengths[0], P10: q(0.1), P50: q(0.5), P90: q(0.9), Max: lengths[len(lengths)-1]}
	}
	for reason, k := range counts {
		m.Reasons = append(m.Reasons, ReasonCount{reason, k})
	}
	slices.SortFunc(m.Reasons, func(x, y ReasonCount) int {
		if x.Games != y.Games {
			return y.Games - x.Games
		}
		return strings.Compare(x.Reason, y.Reason)
	})
	return m
}

// NewTable returns a table in the style of the reports: light rules, columns
// aligned right but for the leading ones given in aligns. Commands that print tables
// next to reports use it too.
func NewTable(w io.Writer, header []string, aligns []tw.Align) *tablewriter.Table {
	per := make([]tw.Align, len(header))
	for i := range per {
		per[i] = tw.AlignRight
		if i < len(aligns) {
			per[i] = aligns[i]
		}
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleLight)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: per}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: per}),
	)
	t.Header(header)
	return t
}

// FormatElo writes an Elo figure with its sign and the given number of decimals
// (never "-0.0"); infinities as +inf and -inf, NaN as n/a.
func FormatElo(x float64, decimals int) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "n/a"
	}
	s := fmt.Sprintf("%+.*f", decimals, x)
	if strings.Trim(s[1:], "0.") == "" {
		s = "+" + s[1:]
	}
	return s
}

// signed writes an Elo figure with one decimal.
func signed(x float64) string { return FormatElo(x, 1) }

// interval writes [low, high] of Elo figures.
func interval(lo, hi float64) string { return "[" + signed(lo) + ", " + signed(hi) + "]" }

// pct writes a share in percent with one decimal.
func pct(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// WriteText writes the report as tables: the standings, the cross table, the pair
// statistics and SPRT of a match, the joint ratings, and the game metrics.
func (rep *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Standings (%d of %d games", rep.Games, rep.Scheduled)
	if rep.SPRT != nil && rep.SPRT.Verdict != stats.Continue.String() {
		sb.WriteString(", stopped by the SPRT")
	}
	sb.WriteString("; Elo against the field, 95% interval, trinomial model)\n")
	t := NewTable(&sb, []string{"#", "player", "games", "wins", "draws", "losses", "points", "score", "elo", "95% interval", "los"},
		[]tw.Align{tw.AlignRight, tw.AlignLeft})
	for _, p := range rep.Players {
		e := p.Estimate
		_ = t.Append([]string{strconv.Itoa(p.Rank), p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins),
			strconv.Itoa(p.Draws), strconv.Itoa(p.Losses), strconv.FormatFloat(p.Points, 'f', -1, 64),
			pct(e.Score), signed(e.Elo), interval(e.EloLow, e.EloHigh), pct(e.LOS)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	if len(rep.Ratings) > 0 {
		sb.WriteString("Elo against the field: each player's score against all its opponents together, as an Elo difference.\n")
	}

	if len(rep.Players) > 2 {
		sb.WriteString("\nCross table (row player's wins-draws-losses against the column player)\n")
		header := []string{"player"}
		for _, p := range rep.Players {
			header = append(header, p.Name)
		}
		t = NewTable(&sb, header, []tw.Align{tw.AlignLeft})
		for _, p := range rep.Players {
			row := []string{p.Name}
			for _, q := range rep.Players {
				if p.index == q.index {
					row = append(row, "—")
					continue
				}
				x := rep.Cross[p.index][q.index]
				if x.Games() == 0 {
					row = append(row, "")
					continue
				}
				row = append(row, fmt.Sprintf("%d-%d-%d", x.Wins, x.Draws, x.Losses))
			}
			_ = t.Append(row)
		}
		if err := t.Render(); err != nil {
			return err
		}
	}

	if ps := rep.Pair; ps != nil {
		a, b := rep.nameOf(0), rep.nameOf(1)
		fmt.Fprintf(&sb, "\nPairs (%s's points in each pair of games from one opening; pentanomial model)\n", a)
		t = NewTable(&sb, []string{"0", "0.5", "1", "1.5", "2", "pairs", "score", "elo", "95% interval", "nelo", "los"}, nil)
		e := ps.Estimate
		row := []string{}
		for _, k := range ps.Pentanomial {
			row = append(row, strconv.Itoa(k))
		}
		row = append(row, strconv.Itoa(ps.Pentanomial.Pairs()), pct(e.Score), signed(e.Elo),
			interval(e.EloLow, e.EloHigh), signed(e.NElo), pct(e.LOS))
		_ = t.Append(row)
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintf(&sb, "elo: %s %s %s vs %s (pentanomial, 95%%)\n", signed(e.Elo), interval(e.EloLow, e.EloHigh), a, b)
		if ps.Unpaired > 0 {
			fmt.Fprintf(&sb, "(%d games without their pair partner are not in the pair statistics)\n", ps.Unpaired)
		}
	}
	if s := rep.SPRT; s != nil {
		fmt.Fprintf(&sb, "\nSPRT %s\n", s.Test)
		fmt.Fprintf(&sb, "llr: %.3f [%.3f, %.3f] after %d pairs\n", s.LLR, s.Lower, s.Upper, s.Pairs)
		fmt.Fprintf(&sb, "sprt: %s\n", s.Verdict)
	}

	if len(rep.Ratings) > 0 {
		sb.WriteString("\nRatings (Bradley–Terry, fitted jointly; 95% bootstrap interval over games; mean 0)\n")
		t = NewTable(&sb, []string{"player", "elo", "95% interval", "games"}, []tw.Align{tw.AlignLeft})
		rs := slices.Clone(rep.Ratings)
		slices.SortStableFunc(rs, func(x, y stats.Rating) int { return cmpFloat(y.Elo, x.Elo) })
		for _, r := range rs {
			_ = t.Append([]string{r.Name, signed(r.Elo), interval(r.Low, r.High), strconv.Itoa(r.Games)})
		}
		if err := t.Render(); err != nil {
			return err
		}
		sb.WriteString("Bradley–Terry: one rating a player, fitted to every game at once, so that whom a player met counts; it differs from the Elo against the field when the fields differ.\n")
	}

	m := rep.Metrics
	if m.Games > 0 {
		fmt.Fprintf(&sb, "\nThe games (%d)\n", m.Games)
		t = NewTable(&sb, []string{"", "games", "share", "95% interval (Wilson)"}, []tw.Align{tw.AlignLeft})
		_ = t.Append([]string{m.Sides[0] + " (first player) wins", strconv.Itoa(m.FirstWins), share(m.FirstWins, m.Games), ""})
		_ = t.Append([]string{m.Sides[1] + " wins", strconv.Itoa(m.SecondWins), share(m.SecondWins, m.Games), ""})
		if m.Draws > 0 {
			_ = t.Append([]string{"draws", strconv.Itoa(m.Draws), share(m.Draws, m.Games), ""})
		}
		_ = t.Append([]string{m.Sides[0] + "'s score", "", pct(m.FirstScore), "[" + pct(m.FirstScoreLow) + ", " + pct(m.FirstScoreHigh) + "]"})
		_ = t.Append([]string{"decided by the tie rule", strconv.Itoa(m.TieBreaks), share(m.TieBreaks, m.Games), ""})
		_ = t.Append([]string{"forfeits", strconv.Itoa(m.Forfeits), share(m.Forfeits, m.Games), ""})
		if err := t.Render(); err != nil {
			return err
		}
		t = NewTable(&sb, []string{"how games ended", "games", "share"}, []tw.Align{tw.AlignLeft})
		for _, r := range m.Reasons {
			_ = t.Append([]string{r.Reason, strconv.Itoa(r.Games), share(r.Games, m.Games)})
		}
		if err := t.Render(); err != nil {
			return err
		}
		if len(rep.Faults) > 0 {
			fmt.Fprintf(&sb, "\nForfeits by player (the games each lost by its own fault)\n")
			t = NewTable(&sb, []string{"player", "reason", "games"}, []tw.Align{tw.AlignLeft, tw.AlignLeft})
			for _, f := range rep.Faults {
				_ = t.Append([]string{f.Player, f.Reason, strconv.Itoa(f.Games)})
			}
			if err := t.Render(); err != nil {
				return err
			}
		}
		if m.Games > m.Forfeits {
			l := m.Length
			t = NewTable(&sb, []string{"game length (turns)", "mean", "sd", "min", "p10", "p50", "p90", "max"}, []tw.Align{tw.AlignLeft})
			f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
			_ = t.Append([]string{"", fmt.Sprintf("%.1f", l.Mean), fmt.Sprintf("%.1f", l.SD), f(l.Min), f(l.P10), f(l.P50), f(l.P90), f(l.Max)})
			if err := t.Render(); err != nil {
				return err
			}
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// nameOf returns the name of the config's player i.
func (rep *Report) nameOf(i int) string {
	for _, p := range rep.Players {
		if p.index == i {
			return p.Name
		}
	}
	return ""
}

// share writes k of n in percent.
func share(k, n int) string {
	if n == 0 {
		return "n/a"
	}
	return pct(float64(k) / float64(n))
}

// WriteJSON writes the report as indented JSON (non-finite numbers as null).
func (rep *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteCSV writes the standings as CSV, one row per player with the joint rating
// when there is one.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"rank", "player", "spec", "games", "wins", "draws", "losses", "points", "score",
		"elo", "elo_low", "elo_high", "los", "bt_elo", "bt_low", "bt_high"})
	num := func(x float64) string {
		switch {
		case math.IsNaN(x):
			return ""
		case math.IsInf(x, 1):
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		}
		return strconv.FormatFloat(x, 'f', 4, 64)
	}
	for _, p := range rep.Players {
		e := p.Estimate
		row := []string{strconv.Itoa(p.Rank), p.Name, p.Spec, strconv.Itoa(p.Games), strconv.Itoa(p.Wins),
			strconv.Itoa(p.Draws), strconv.Itoa(p.Losses), num(p.Points), num(e.Score), num(e.Elo),
			num(e.EloLow), num(e.EloHigh), num(e.LOS), "", "", ""}
		for _, r := range rep.Ratings {
			if r.Name == p.Name {
				row[13], row[14], row[15] = num(r.Elo), num(r.Low), num(r.High)
			}
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// WritePlot draws the players' Elo estimates with their 95% intervals as a PNG chart:
// the joint Bradley–Terry ratings (bootstrap intervals) when there are more than two
// players, the Elo against the field (trinomial intervals, as in the standings)
// otherwise. An infinite estimate or interval end (a perfect score) is drawn at the
// chart's edge and marked; only a rating that is not a number is an error.
func (rep *Report) WritePlot(w io.Writer) error {
	ratings := rep.Ratings
	opts := PlotOptions{Title: "Bradley–Terry ratings, 95% bootstrap intervals", Interval: "95% bootstrap interval"}
	if len(ratings) == 0 {
		opts.Title, opts.Interval = "Elo against the field, 95% intervals", "95% interval, trinomial model"
		for _, p := range rep.Players {
			e := p.Estimate
			if math.IsNaN(e.Elo) || math.IsNaN(e.EloLow) || math.IsNaN(e.EloHigh) {
				continue // no games
			}
			ratings = append(ratings, stats.Rating{Name: p.Name, Elo: e.Elo, Low: e.EloLow, High: e.EloHigh, Games: p.Games})
		}
	}
	if len(ratings) == 0 {
		return errors.New("no Elo estimate to plot")
	}
	opts.Title = fmt.Sprintf("%s: %s (%d games)", rep.Game, opts.Title, rep.Games)
	return PlotRatingsWith(w, opts, ratings)
}
