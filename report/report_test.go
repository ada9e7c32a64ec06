package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// gameOf returns game index of cfg's tournament as a run records it (seed, pair,
// round, players, specs and, for openings from a file, the opening), with a made-up
// result: a record that CheckRecord accepts.
func gameOf(cfg *record.Config, index int) record.Record {
	sl := cfg.Slot(index)
	seed := cfg.GameSeed(index)
	r := record.Record{Type: "game", Index: index, Pair: sl.Pair, Round: sl.Round, Seed: record.Seed(seed),
		Moves: []string{}, Info: []record.MoveInfo{}, Result: "1/2-1/2", Winner: -1, Reason: "turn cap", Turns: 0}
	for seat, p := range sl.Seats {
		tmpl, _ := cfg.Template(cfg.Players[p].Spec) // the tests' specs read
		r.Players[seat] = cfg.Players[p].Name
		r.Specs[seat] = tmpl.ForGame(seed, seat)
	}
	if n := len(cfg.Openings.Positions); n > 0 {
		r.Opening = cfg.Openings.Positions[cfg.OpeningOrder()[sl.Round%n]]
	}
	return r
}

// handGames is a match of 3 pairs: a wins both games of pair 0, splits pair 1 (each
// side winning as first player) and draws both games of pair 2.
func handGames() (record.Config, []record.Record) {
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "greedy"}},
		Format: record.Match, Games: 6, Seed: 1}
	g := func(i, winner int, reason string, turns int, tie bool) record.Record {
		r := gameOf(&cfg, i)
		r.Winner, r.Reason, r.Turns, r.Tie = winner, reason, turns, tie
		return r
	}
	return cfg, []record.Record{
		g(0, 0, "no log to select", 90, false),  // a (first) wins
		g(1, 1, "no log to select", 100, true),  // a (second) wins, on the tie rule
		g(2, 0, "no log to select", 110, false), // a (first) wins
		g(3, 0, "no ant can move", 120, false),  // b (first) wins
		g(4, -1, "turn cap", 130, false),        // draw
		g(5, 0, record.ReasonIllegal, 7, false), // b (first) wins: a forfeits
	}
}

func TestSummarize(t *testing.T) {
	cfg, games := handGames()
	rep, err := Summarize(&cfg, games, [2]string{"red", "black"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// a: W3 (games 0, 1, 2) D1 (4) L2 (3, 5): 3.5 points of 6.
	a := rep.Players[0]
	if a.Name != "a" || a.Wins != 3 || a.Draws != 1 || a.Losses != 2 || a.Points != 3.5 || a.Rank != 1 {
		t.Errorf("standing of a: %+v", a)
	}
	if math.Abs(a.Estimate.Score-3.5/6) > 1e-12 {
		t.Errorf("score %v", a.Estimate.Score)
	}
	if rep.Cross[0][1] != (stats.WDL{Wins: 3, Draws: 1, Losses: 2}) || rep.Cross[1][0] != (stats.WDL{Wins: 2, Draws: 1, Losses: 3}) {
		t.Errorf("cross %v", rep.Cross)
	}
	// Pairs from a's view: pair 0 = 2 points, pair 1 = 1 (1 + 0), pair 2 = 0.5 + 0.
	if rep.Pair == nil || rep.Pair.Pentanomial != (stats.Pentanomial{0, 1, 1, 0, 1}) {
		t.Errorf("pentanomial %+v", rep.Pair)
	}
	m := rep.Metrics
	// First player: wins in games 0, 2, 3, 5; second in 1; one draw: score (4 + 0.5)/6.
	if m.FirstWins != 4 || m.SecondWins != 1 || m.Draws != 1 || math.Abs(m.FirstScore-4.5/6) > 1e-12 {
		t.Errorf("seats: %+v", m)
	}
	// Wilson on a mean score of 0.75 over 6 games: z² = 3.8415, denominator
	// 1 + 3.8415/6 = 1.64024, centre (0.75 + 3.8415/12)/1.64024 = 0.65242, half
	// 1.95996/1.64024·√(0.75·0.25/6 + 3.8415/144) = 1.19492·0.24068 = 0.28759:
	// [0.36482, 0.94001].
	if math.Abs(m.FirstScoreLow-0.36482) > 1e-4 || math.Abs(m.FirstScoreHigh-0.94001) > 1e-4 {
		t.Errorf("first score interval [%v, %v]", m.FirstScoreLow, m.FirstScoreHigh)
	}
	if m.Forfeits != 1 || m.TieBreaks != 1 {
		t.Errorf("forfeits %d, ties %d", m.Forfeits, m.TieBreaks)
	}
	// Lengths over the 5 games ended by the rules: 90..130.
	if l := m.Length; l.Mean != 110 || l.Min != 90 || l.Max != 130 || l.P50 != 110 || math.Abs(l.SD-math.Sqrt(250)) > 1e-9 {
		t.Errorf("length %+v", l)
	}
	wantReasons := []ReasonCount{{"no log to select", 3}, {record.ReasonIllegal, 1}, {"no ant can move", 1}, {"turn cap", 1}}
	if len(m.Reasons) != 4 || m.Reasons[0] != wantReasons[0] {
		t.Errorf("reasons %v", m.Reasons)
	}

	var text, js, cs, img bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Standings (6 of 6 games", "Pairs (a's points", "elo:", "red (first player) wins", "decided by the tie rule", "game length"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back["games"] != 6.0 {
		t.Errorf("summary JSON: %v %v", err, back["games"])
	}
	if err := rep.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(rows) != 3 || rows[1][1] != "a" || rows[1][7] != "3.5000" {
		t.Errorf("CSV %v %v", rows, err)
	}
	if err := rep.WritePlot(&img); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&img); err != nil {
		t.Errorf("plot: %v", err)
	}
}

func TestWilsonScoreIsContinuousInDraws(t *testing.T) {
	// 50-0-50 and 50-1-49 differ by half a point: their intervals must nearly agree
	// (treating draws as two half-games would narrow the second by up to √2).
	lo1, hi1 := stats.WilsonScore(0.5, 100, 0.95)
	lo2, hi2 := stats.WilsonScore(50.5/100, 100, 0.95)
	if w1, w2 := hi1-lo1, hi2-lo2; math.Abs(w1-w2) > 0.001 || math.Abs(lo2-lo1-0.005) > 0.001 {
		t.Errorf("[%v, %v] vs [%v, %v]", lo1, hi1, lo2, hi2)
	}
	if lo, hi := stats.Wilson(50, 100, 0.95); lo != lo1 || hi != hi1 {
		t.Errorf("Wilson(50, 100) = [%v, %v], WilsonScore(0.5, 100) = [%v, %v]", lo, hi, lo1, hi1)
	}
}
