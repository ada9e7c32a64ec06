package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
)

// kalahGame is kalah 6x4, the default rules.
var kalahGame = mustKalah()

func mustKalah() *kalah.Game {
	g, err := kalah.New("")
	if err != nil {
		panic(err)
	}
	return g
}

// scriptedPlayer plays the second legal move (or the only one) and reports the
// scores of its script, one per turn of its own (0 past the script's end), as a
// search of depth 1 and one node (a turn without a search has no score).
type scriptedPlayer struct {
	scores []int
	turn   int
}

func (p *scriptedPlayer) Spec() string { return "random" }

func (p *scriptedPlayer) Close() error { return nil }

func (p *scriptedPlayer) Play(_ context.Context, s *kalah.State) (search.Decision, error) {
	var buf game.ActionBuffer
	legal := kalahGame.LegalActions(s, &buf)
	d := search.Decision{Actions: []game.Action{legal[min(1, len(legal)-1)]}, Depth: 1, Nodes: 1}
	if p.turn < len(p.scores) {
		d.Score = p.scores[p.turn]
	}
	p.turn++
	return d, nil
}

// scriptedFactory builds the scripted player of each name.
func scriptedFactory(scripts map[string][]int) match.PlayerFactory[kalah.State] {
	return func(_ string, opts search.Options) (search.Player[kalah.State], error) {
		return &scriptedPlayer{scores: scripts[opts.Name]}, nil
	}
}

// kalahConfig is a match of two players of spec "random" (scripted in the tests)
// from the start position, or the given openings.
func kalahConfig(adj *record.Adjudication, openings ...string) record.Config {
	cfg := record.Config{Game: "kalah", Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{Positions: openings}, Adjudication: adj}
	if len(openings) == 0 {
		start := kalahGame.Start()
		cfg.Openings = record.Openings{Positions: []string{kalahGame.FormatPosition(&start)}}
	}
	return cfg
}

// runKalah plays cfg and returns the games file's content and the result; scale is
// match.Bind's scale (nil: the scores are points).
func runKalah(t *testing.T, cfg record.Config, concurrency int, factory match.PlayerFactory[kalah.State], scale func(string) int, done []record.Record) ([]byte, *Result, error) {
	t.Helper()
	if factory == nil {
		factory = newFactory[kalah.State](kalahGame, kalah.StoreDiff{})
	}
	var buf bytes.Buffer
	if done == nil {
		if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
			t.Fatal(err)
		}
	}
	r := &Runner{Games: match.Bind(kalahGame, factory, scale), Config: cfg, Concurrency: concurrency, Records: &buf, Done: done}
	res, err := r.Run(context.Background())
	return buf.Bytes(), res, err
}

// outcome is what the tests check of an adjudicated game.
type outcome struct {
	Winner int
	Reason string
	Detail string
	Turns  int
	Points [2]int
}

func outcomeOf(r record.Record) outcome {
	return outcome{r.Winner, r.Reason, r.Detail, r.Turns, r.Points}
}

// TestAdjudicationRules plays a game of two scripted players (the second legal
// move, scripted scores) under each rule: the games file holds the rule's reason,
// the winner, the turn it stopped at and the points of that position. Without
// adjudication the same game is won by South 26-22 in 37 turns (the last row). Its
// turns alternate from South's first, but for South's extra turn 12 (after turn 11).
//
// The players' scores are in hundredths of a point (a ScoreScale of 100, as the
// toolkit's evaluations), the rules' thresholds in points. Resign: South (a) scores
// 500 (5 points) from its 4th turn (turn 7) on, North (b) -500 from its 2nd (turn 4)
// on: b has 2 such turns after turn 6, a after turn 9. Draw: from turn 11 on,
// South's 3rd near-zero turn is turn 14 (11, 12, 14), North's turn 17 (13, 15, 17).
func TestAdjudicationRules(t *testing.T) {
	const long = 40 // turns of each player's script, past the game's end
	repeat := func(v int) []int {
		s := make([]int, long)
		for i := range s {
			s[i] = v
		}
		return s
	}
	// a leads from its 4th turn on, b trails from its 2nd.
	leads := append([]int{0, 0, 0}, repeat(500)...)
	trails := append([]int{0}, repeat(-500)...)
	for _, tc := range []struct {
		name    string
		adj     *record.Adjudication
		scripts map[string][]int
		want    outcome
	}{
		{"resign", &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 400}}, map[string][]int{"a": leads, "b": trails},
			outcome{0, record.ReasonResign, "a (south)'s score at least 4 points and b (north)'s at most -4 points for 2 turns each", 9, [2]int{4, 1}}},
		{"resign at the margin", &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 500}}, map[string][]int{"a": leads, "b": trails},
			outcome{0, record.ReasonResign, "a (south)'s score at least 5 points and b (north)'s at most -5 points for 2 turns each", 9, [2]int{4, 1}}},
		{"resign, scores not beyond the margin", &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 600}}, map[string][]int{"a": leads, "b": trails},
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
		{"resign, the leader's score alone", &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 400}}, map[string][]int{"a": leads, "b": repeat(0)},
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
		{"draw", &record.Adjudication{Draw: &record.DrawRule{After: 10, Turns: 3, Score: 50}}, map[string][]int{"a": repeat(40), "b": repeat(-50)},
			outcome{-1, record.ReasonDraw, "both scores within 0.5 points of 0 for 3 turns each after turn 10", 17, [2]int{5, 8}}},
		{"draw, a score beyond the margin", &record.Adjudication{Draw: &record.DrawRule{After: 10, Turns: 3, Score: 50}}, map[string][]int{"a": repeat(40), "b": repeat(-51)},
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
		{"turn cap", &record.Adjudication{TurnCap: 20}, nil,
			outcome{1, record.ReasonTurnCap, "20 turns: points 5-16", 20, [2]int{5, 16}}},
		{"turn cap past the end", &record.Adjudication{TurnCap: 38}, nil,
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
		// Tried from 30 pieces down: the first solve within 100,000 nodes is at 27.
		{"exact, solved", &record.Adjudication{Exact: &record.ExactRule{Pieces: 30, Nodes: 100_000}}, nil,
			outcome{1, record.ReasonExact, "27 pieces in play: b (north) wins by 2 under perfect play (solved in 88353 nodes)", 19, [2]int{5, 16}}},
		{"exact, from the endgame database", &record.Adjudication{Exact: &record.ExactRule{Pieces: 10, Nodes: 1, Endgames: 10}}, nil,
			outcome{0, record.ReasonExact, "5 pieces in play: a (south) wins by 4 under perfect play (endgame database of 10 pieces)", 34, [2]int{23, 20}}},
		{"exact, out of nodes", &record.Adjudication{Exact: &record.ExactRule{Pieces: 30, Nodes: 1}}, nil,
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
		{"none", nil, nil,
			outcome{0, "north has no seeds", "", 37, [2]int{26, 22}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, res, err := runKalah(t, kalahConfig(tc.adj), 1, scriptedFactory(tc.scripts), hundredths, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Complete || len(res.Games) != 2 {
				t.Fatalf("complete %v, %d games", res.Complete, len(res.Games))
			}
			gf := parseFile(t, data)
			if got := outcomeOf(gf.Games[0]); got != tc.want {
				t.Errorf("game 0:\n got %+v\nwant %+v", got, tc.want)
			}
			if r := gf.Games[0]; len(r.Moves) != r.Turns || len(r.Info) != r.Turns || r.Adjudicated() != (tc.want.Detail != "") || r.Forfeit() {
				t.Errorf("game 0: %d moves, %d infos, %d turns, adjudicated %v, forfeit %v", len(r.Moves), len(r.Info), r.Turns, r.Adjudicated(), r.Forfeit())
			}
			// The record replays: its moves from the opening reach its points.
			r := gf.Games[0]
			s, err := kalahGame.ParsePosition(r.Opening)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range r.Moves {
				a, err := kalahGame.ParseAction(&s, m)
				if err != nil {
					t.Fatalf("move %q: %v", m, err)
				}
				kalahGame.Apply(&s, a)
			}
			if p := kalahGame.Points(&s); p != r.Points {
				t.Errorf("the moves reach points %v, the record says %v", p, r.Points)
			}
		})
	}
}

// hundredths is the ScoreScale of players whose scores are hundredths of a point.
func hundredths(string) int { return 100 }

// TestExactAdjudicationValue decides games from endgame positions by their solved
// value, through the solver and through the endgame database, and checks it against
// the solver without bounds. In the first position South's only move (f: a seed in
// its store, one to North's a) empties its side: North banks its two seeds and wins
// 25-23.
func TestExactAdjudicationValue(t *testing.T) {
	for _, tc := range []struct {
		name, opening string
		rule          record.ExactRule
		want          outcome
	}{
		{"one move", "pits=0.0.0.0.0.2/0.0.0.0.0.1 stores=22,23 move=south", record.ExactRule{Pieces: 3, Nodes: 100},
			outcome{1, record.ReasonExact, "3 pieces in play: b (north) wins by 2 under perfect play (solved in 5 nodes)", 0, [2]int{22, 23}}},
		{"one move, database", "pits=0.0.0.0.0.2/0.0.0.0.0.1 stores=22,23 move=south", record.ExactRule{Pieces: 3, Nodes: 1, Endgames: 3},
			outcome{1, record.ReasonExact, "3 pieces in play: b (north) wins by 2 under perfect play (endgame database of 3 pieces)", 0, [2]int{22, 23}}},
		{"ten seeds", "pits=1.0.3.0.0.2/2.0.0.1.1.0 stores=20,18 move=south", record.ExactRule{Pieces: 10, Nodes: 100_000},
			outcome{0, record.ReasonExact, "10 pieces in play: a (south) wins by 4 under perfect play (solved in 85 nodes)", 0, [2]int{20, 18}}},
		{"ten seeds, database", "pits=1.0.3.0.0.2/2.0.0.1.1.0 stores=20,18 move=south", record.ExactRule{Pieces: 10, Nodes: 1, Endgames: 10},
			outcome{0, record.ReasonExact, "10 pieces in play: a (south) wins by 4 under perfect play (endgame database of 10 pieces)", 0, [2]int{20, 18}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := kalahGame.ParsePosition(tc.opening)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := search.Solve(context.Background(), game.Rules[kalah.State](kalahGame), &s, search.SolveOptions{TableMB: 4})
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.want.Detail; !strings.Contains(want, "wins by "+strconv.Itoa(max(sol.Value, -sol.Value))) {
				t.Fatalf("the solver's value is %d, the test expects %q", sol.Value, want)
			}
			rule := tc.rule
			_, res, err := runKalah(t, kalahConfig(&record.Adjudication{Exact: &rule}, tc.opening), 1, nil, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := outcomeOf(res.Games[0]); got != tc.want {
				t.Errorf("game 0:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// adjudicatedConfig is a match of two searching players under every rule (their
// evaluation, kalah.StoreDiff, scores in points).
func adjudicatedConfig() record.Config {
	return record.Config{Game: "kalah", Players: []record.Entrant{{Name: "ab3", Spec: "ab:depth=3"}, {Name: "ab2", Spec: "ab:depth=2"}},
		Format: record.Match, Games: 24, Seed: 11, Openings: record.Openings{RandomTurns: 4},
		Adjudication: &record.Adjudication{Resign: &record.ResignRule{Turns: 2, Score: 1000}, Draw: &record.DrawRule{After: 10, Turns: 2, Score: 0},
			TurnCap: 40, Exact: &record.ExactRule{Pieces: 14, Nodes: 20_000, Endgames: 8}}}
}

// TestAdjudicationIsDeterministic plays the same adjudicated match at several
// concurrencies: the same games, and adjudicated ones among them.
func TestAdjudicationIsDeterministic(t *testing.T) {
	cfg := adjudicatedConfig()
	_, want, err := runKalah(t, cfg, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]int{}
	for _, r := range want.Games {
		reasons[r.Reason]++
	}
	if reasons[record.ReasonResign] == 0 || reasons[record.ReasonExact] == 0 {
		t.Errorf("reasons %v: want resign and exact adjudications among them", reasons)
	}
	for _, n := range []int{2, 5} {
		_, got, err := runKalah(t, cfg, n, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		equalGames(t, "concurrency "+strconv.Itoa(n), got.Games, want.Games)
		for i := range got.Games {
			if got.Games[i].Detail != want.Games[i].Detail {
				t.Errorf("game %d: detail %q, want %q", i, got.Games[i].Detail, want.Games[i].Detail)
			}
		}
	}
}

// TestResumeWithAdjudication resumes an adjudicated match from a games file cut
// short: the same games as an uninterrupted run. A resume with other
// adjudication settings is refused, naming them.
func TestResumeWithAdjudication(t *testing.T) {
	cfg := adjudicatedConfig()
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	want := runSession(t, cfg, full, false)

	// An interrupted run: the header and the first 7 games of the full run's file,
	// and half of the 8th's line (a torn line, as a kill leaves).
	data, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	part := append(bytes.Join(lines[:8], nil), lines[8][:30]...)
	name := filepath.Join(dir, "games.jsonl")
	if err := os.WriteFile(name, part, 0o644); err != nil {
		t.Fatal(err)
	}
	if gf := parseFileNamed(t, name); len(gf.Games) != 7 || gf.Torn != 30 {
		t.Fatalf("the interrupted file holds %d games and %d torn bytes, want 7 and 30", len(gf.Games), gf.Torn)
	}
	got := runSession(t, cfg, name, true)
	equalGames(t, "resumed", got.Games, want.Games)
	a, b := parseFileNamed(t, full), parseFileNamed(t, name)
	equalGames(t, "resumed file", b.Games, a.Games)

	other := cfg
	other.Adjudication = &record.Adjudication{Resign: &record.ResignRule{Turns: 3, Score: 1000}}
	_, err = kalahSession(other, name, true).Run(context.Background())
	var resumeErr *record.ResumeError
	if !errors.As(err, &resumeErr) || !strings.Contains(err.Error(), "adjudication differs") {
		t.Errorf("resume with other adjudication: %v, want a record.ResumeError naming the adjudication", err)
	}
	none := cfg
	none.Adjudication = nil
	_, err = kalahSession(none, name, true).Run(context.Background())
	if !errors.As(err, &resumeErr) || !strings.Contains(err.Error(), "adjudication differs") || !strings.Contains(err.Error(), "vs none") {
		t.Errorf("resume without adjudication: %v, want a record.ResumeError naming the adjudication", err)
	}
}

func kalahSession(cfg record.Config, name string, resume bool) *Session {
	return &Session{Runner: &Runner{Games: match.Bind(kalahGame, newFactory[kalah.State](kalahGame, kalah.StoreDiff{}), nil), Config: cfg, Concurrency: 2},
		GamesFile: name, Resume: resume}
}

func runSession(t *testing.T, cfg record.Config, name string, resume bool) *Result {
	t.Helper()
	res, err := kalahSession(cfg, name, resume).Run(context.Background())
	if err != nil || !res.Complete {
		t.Fatalf("run of %s: %v", name, err)
	}
	return res
}

func parseFileNamed(t *testing.T, name string) *record.GamesFile {
	t.Helper()
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(gf.Games, func(a, b record.Record) int { return a.Index - b.Index })
	return gf
}

// TestAdjudicationSettings reads the rules as the command line gives them, and
// refuses bad ones and games that cannot apply them.
func TestAdjudicationSettings(t *testing.T) {
	for _, tc := range []struct {
		resign, draw, exact string
		turns               int
		want                *record.Adjudication
		err                 string
	}{
		{want: nil},
		{resign: "turns=4,score=6", draw: "after=30,turns=6,score=0.05", exact: "pieces=12", turns: 300,
			want: &record.Adjudication{Resign: &record.ResignRule{Turns: 4, Score: 600}, Draw: &record.DrawRule{After: 30, Turns: 6, Score: 5}, TurnCap: 300,
				Exact: &record.ExactRule{Pieces: 12, Nodes: record.DefaultExactNodes}}},
		{resign: "score=6", exact: "pieces=20,nodes=5000,endgames=10",
			want: &record.Adjudication{Resign: &record.ResignRule{Turns: 3, Score: 600}, Exact: &record.ExactRule{Pieces: 20, Nodes: 5000, Endgames: 10}}},
		{resign: "turns=4", err: "adjudicate-resign: resign adjudication \"turns=4\": want turns=N,score=S (score is needed)"},
		// Scores are points, as analyze shows them, in hundredths at most.
		{resign: "score=1.5", draw: "score=.25", want: &record.Adjudication{Resign: &record.ResignRule{Turns: 3, Score: 150}, Draw: &record.DrawRule{Turns: 8, Score: 25}}},
		{resign: "score=1", draw: "score=1000000", want: &record.Adjudication{Resign: &record.ResignRule{Turns: 3, Score: 100}, Draw: &record.DrawRule{Turns: 8, Score: 100_000_000}}},
		{resign: "turns=0,score=5", err: "adjudicate-resign: resign adjudication: turns=0: want 1 or more"},
		{resign: "score=0.3", err: "adjudicate-resign: resign adjudication: score=0.3: want 1 to 1000000 points (scores are in points, as analyze shows them, and no game is won by less than 1 point)"},
		{resign: "score=0", err: "adjudicate-resign: resign adjudication: score=0: want 1 to 1000000 points (scores are in points, as analyze shows them, and no game is won by less than 1 point)"},
		{resign: "score=1000001", err: "adjudicate-resign: resign adjudication: score=1000001: want 1 to 1000000 points (scores are in points, as analyze shows them, and no game is won by less than 1 point)"},
		{resign: "score=123456789", err: "adjudicate-resign: resign adjudication \"score=123456789\": score=\"123456789\": want at most 1000000 points"},
		{resign: "score=1.505", err: "adjudicate-resign: resign adjudication \"score=1.505\": score=\"1.505\": want at most two decimals: scores are counted in hundredths of a point"},
		{resign: "score=1e3", err: "adjudicate-resign: resign adjudication \"score=1e3\": score=\"1e3\": want a number of points, such as 15 or 1.5"},
		{draw: "score=.", err: "adjudicate-draw: draw adjudication \"score=.\": score=\".\": want a number of points, such as 15 or 1.5"},
		{draw: "score=-0.5", err: "adjudicate-draw: draw adjudication: score=-0.5: want 0 to 1000000 points (scores are in points, as analyze shows them)"},
		{draw: "after=-1", err: "adjudicate-draw: draw adjudication: after=-1: want 0 or more"},
		{draw: "after=3,moves=4", err: "adjudicate-draw: draw adjudication \"after=3,moves=4\": unknown key \"moves\" (known: after, turns, score)"},
		{exact: "nodes=5", err: "adjudicate-exact: exact adjudication \"nodes=5\": want pieces=N[,nodes=K][,endgames=E] (pieces is needed)"},
		{exact: "pieces=5,endgames=40", err: "adjudicate-exact: exact adjudication: endgames=40: want 0 to 16"},
		{exact: "pieces=x", err: "adjudicate-exact: exact adjudication \"pieces=x\": pieces=\"x\": want a whole number"},
		{turns: -1, err: "adjudicate-turns: -1: want 1 or more"},
	} {
		s := Settings{AdjudicateResign: tc.resign, AdjudicateDraw: tc.draw, AdjudicateExact: tc.exact, AdjudicateTurns: tc.turns}
		got, err := s.adjudication()
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%+v: error %v, want %q", s, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%+v: %v", s, err)
		case tc.err == "" && !sameAdjudication(got, tc.want):
			t.Errorf("%+v: %+v, want %+v", s, got, tc.want)
		}
	}
	// The Colony does not count its pieces in play: no exact adjudication.
	cfg := testConfig()
	cfg.Adjudication = &record.Adjudication{Exact: &record.ExactRule{Pieces: 10, Nodes: 10}}
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg}
	if err := r.CheckPlayers(); err == nil || !strings.Contains(err.Error(), "does not count its pieces in play") {
		t.Errorf("exact adjudication of the colony: %v", err)
	}
}

func sameAdjudication(a, b *record.Adjudication) bool {
	if a == nil || b == nil {
		return a == b
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

func TestDescribeAdjudication(t *testing.T) {
	cfg := kalahConfig(&record.Adjudication{Resign: &record.ResignRule{Turns: 3, Score: 600}, TurnCap: 200, Exact: &record.ExactRule{Pieces: 12, Nodes: 1}})
	want := "match of a, b, 2 games a pairing (2 in all), seed 3, adjudicated by resign, turn cap, exact"
	if got := cfg.Describe(0); got != want {
		t.Errorf("Describe(0) = %q, want %q", got, want)
	}
}

// TestAdjudicatedShardsMergeWithSummaryAndSPRT plays an adjudicated match in two
// shards: merged, the games are those of one whole run, the summary counts the
// adjudications by reason, and the SPRT over the merged pairs is the live run's.
func TestAdjudicatedShardsMergeWithSummaryAndSPRT(t *testing.T) {
	cfg := adjudicatedConfig()
	test, err := stats.ParseSPRT("elo0=0,elo1=400")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	whole := cfg
	whole.SPRT = &test
	want := runSession(t, whole, filepath.Join(dir, "whole.jsonl"), false)
	var names []string
	for k := 1; k <= 2; k++ {
		shard := cfg
		shard.Shard, shard.Shards = k, 2
		name := filepath.Join(dir, "shard-"+strconv.Itoa(k)+".jsonl")
		runSession(t, shard, name, false)
		names = append(names, name)
	}
	merged, err := record.MergeFiles(names)
	if err != nil {
		t.Fatal(err)
	}
	if err := merged.TestSPRT(test); err != nil {
		t.Fatal(err)
	}
	equalGames(t, "merged", merged.Games, want.Games)
	if merged.SPRT.Verdict != want.SPRT.Verdict || merged.SPRT.StopPair != want.SPRT.StopPair || merged.SPRT.LLR != want.SPRT.LLR {
		t.Errorf("merged SPRT %+v, the live run's %+v", *merged.SPRT, *want.SPRT)
	}
	rep, err := report.Summarize(&merged.Header.Config, merged.Games, kalahGame.Sides(), merged.SPRT)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, r := range merged.Games {
		counts[r.Reason]++
	}
	got := map[string]int{}
	for _, rc := range rep.Metrics.Reasons {
		got[rc.Reason] = rc.Games
	}
	if len(got) != len(counts) || got[record.ReasonResign] != counts[record.ReasonResign] || got[record.ReasonExact] != counts[record.ReasonExact] || counts[record.ReasonResign] == 0 {
		t.Errorf("the summary's reasons %v, the games' %v", got, counts)
	}
}
