package match

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// colonyGame is The Colony on its default board.
var colonyGame = colony.NewGame(nil)

// newFactory returns the PlayerFactory of search.New with evaluation ev.
func newFactory[S any](g game.Rules[S], ev search.Evaluator[S]) PlayerFactory[S] {
	return func(spec string, opts search.Options) (search.Player[S], error) {
		return search.New(g, ev, spec, opts)
	}
}

// textJudge is a judge whose score is a function of the position's text: the sum of
// its bytes modulo 9, minus 4 (from -4 to 4).
type textJudge struct{}

func (textJudge) Spec() string { return "text" }
func (textJudge) Close() error { return nil }
func (textJudge) Play(_ context.Context, s *colony.State) (search.Decision, error) {
	return search.Decision{Score: textScore(colonyGame.FormatPosition(s))}, nil
}

func textScore(text string) int {
	sum := 0
	for _, b := range []byte(text) {
		sum += int(b)
	}
	return sum%9 - 4
}

func textJudgeFactory(spec string, _ search.Options) (search.Player[colony.State], error) {
	if spec != "text" {
		return nil, errors.New("unknown judge " + spec)
	}
	return textJudge{}, nil
}

// TestSuiteBandAndDuplicates checks a tiny suite exactly: of the candidates of one
// random turn of The Colony (seed 3), some repeat; the ones kept are the first four
// distinct ones the text judge scores within ±1, and the counts stop at the fourth.
func TestSuiteBandAndDuplicates(t *testing.T) {
	o := SuiteOptions{Judge: "text", Candidates: 40, Turns: 1, Seed: 3, Band: 1, Max: 4, Concurrency: 2}
	got, err := BuildSuite(context.Background(), colonyGame, textJudgeFactory, o)
	if err != nil {
		t.Fatal(err)
	}
	// What the suite must be, worked out from the candidates themselves: the
	// openings of rounds 0 to 39 of a tournament of seed 3 and one random turn.
	cfg := record.Config{Seed: 3, Openings: record.Openings{RandomTurns: 1}}
	book, err := newOpeningBook(colonyGame, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	var m openingMaker[colony.State]
	seen := map[string]bool{}
	var want Suite
	for i := range 40 {
		s, err := book.opening(i, &m)
		if err != nil {
			t.Fatal(err)
		}
		want.Drawn++
		text := colonyGame.FormatPosition(&s)
		if seen[text] {
			want.Duplicates++
			continue
		}
		seen[text] = true
		want.Scored++
		if sc := textScore(text); sc < -1 || sc > 1 {
			want.OutOfBand++
		} else if want.Positions = append(want.Positions, SuitePosition{Position: text, Score: sc, Candidate: i}); len(want.Positions) == 4 {
			break
		}
	}
	if !reflect.DeepEqual(got, &want) {
		t.Fatalf("suite\n%+v\nwant\n%+v", got, &want)
	}
	// The figures of this case, so that a change of the candidates shows.
	if got.Drawn != 14 || got.Duplicates != 0 || got.Scored != 14 || got.OutOfBand != 10 || len(got.Positions) != 4 {
		t.Errorf("drawn %d, duplicates %d, scored %d, out of band %d, kept %d: want 14, 0, 14, 10, 4",
			got.Drawn, got.Duplicates, got.Scored, got.OutOfBand, len(got.Positions))
	}
	var kept [][2]int
	for _, p := range got.Positions {
		kept = append(kept, [2]int{p.Candidate, p.Score})
	}
	if want := [][2]int{{2, -1}, {3, -1}, {12, 0}, {13, -1}}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept candidates and scores %v, want %v", kept, want)
	}
	for _, p := range got.Positions {
		if p.Score < -1 || p.Score > 1 {
			t.Errorf("candidate %d: score %d outside the band", p.Candidate, p.Score)
		}
	}
}

// TestSuiteStartOnly: with no random turn every candidate is the start position,
// kept once.
func TestSuiteStartOnly(t *testing.T) {
	o := SuiteOptions{Judge: "text", Candidates: 10, Turns: 0, Seed: 1, Band: 4, Max: 5, Concurrency: 3}
	got, err := BuildSuite(context.Background(), colonyGame, textJudgeFactory, o)
	if err != nil {
		t.Fatal(err)
	}
	want := &Suite{Positions: []SuitePosition{{Position: colony.StartPosition, Score: textScore(colony.StartPosition)}},
		Drawn: 10, Duplicates: 9, Scored: 1}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("suite %+v, want %+v", got, want)
	}
}

// TestSuiteDeterministic: a real judge (alpha-beta) gives the same suite, and the
// same file, whatever the concurrency; another seed another suite; the file reads
// back with ReadOpenings as the positions in order.
func TestSuiteDeterministic(t *testing.T) {
	factory := newFactory[colony.State](colonyGame, colony.Score{})
	build := func(seed uint64, concurrency int) *Suite {
		t.Helper()
		o := SuiteOptions{Judge: "ab:depth=2", Candidates: 80, Turns: 3, Seed: seed, Band: 2, Max: 6, Concurrency: concurrency}
		s, err := BuildSuite(context.Background(), colonyGame, factory, o)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	one := build(5, 1)
	if len(one.Positions) != 6 {
		t.Fatalf("%d positions, want 6: %+v", len(one.Positions), one)
	}
	file := WriteSuite(one, []string{"test"}, 1)
	for _, c := range []int{2, 4, 7} {
		other := build(5, c)
		if !reflect.DeepEqual(other, one) {
			t.Errorf("concurrency %d: suite %+v, want %+v", c, other, one)
		}
		if f := WriteSuite(other, []string{"test"}, 1); f != file {
			t.Errorf("concurrency %d: file\n%s\nwant\n%s", c, f, file)
		}
	}
	if reflect.DeepEqual(build(6, 2).Positions, one.Positions) {
		t.Error("seeds 5 and 6 gave the same suite")
	}
	back, err := ReadOpenings(colonyGame, strings.NewReader(file), "suite.txt")
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range one.Positions {
		if back[i] != p.Position || p.Score < -2 || p.Score > 2 {
			t.Errorf("position %d: read back %q, want %q (score %d)", i, back[i], p.Position, p.Score)
		}
	}
	if len(back) != len(one.Positions) {
		t.Errorf("read back %d positions, want %d", len(back), len(one.Positions))
	}
	if !strings.HasPrefix(file, "# test\n# candidate ") {
		t.Errorf("file starts %q", file[:min(len(file), 40)])
	}
}

func TestWriteSuiteFormat(t *testing.T) {
	s := &Suite{Positions: []SuitePosition{{Position: "P1", Score: -25, Candidate: 3}, {Position: "P2", Score: 150, Candidate: 9}}}
	got := WriteSuite(s, []string{"head one", "head two"}, 100)
	want := "# head one\n# head two\n# candidate 3, score -0.25\nP1\n# candidate 9, score 1.5\nP2\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSuiteOptionsErrors(t *testing.T) {
	good := SuiteOptions{Judge: "text", Candidates: 10, Turns: 2, Band: 1, Max: 2, Concurrency: 1}
	tests := []struct {
		change  func(*SuiteOptions)
		setting string
		want    string
	}{
		{func(o *SuiteOptions) { o.Judge = "" }, "player", "player: no judging player"},
		{func(o *SuiteOptions) { o.Candidates = 0 }, "candidates", "candidates: 0: want 1 to 1000000"},
		{func(o *SuiteOptions) { o.Turns = -1 }, "turns", "turns: -1: want 0 to 1000"},
		{func(o *SuiteOptions) { o.Band = -3 }, "band", "band: -3: want 0 or more"},
		{func(o *SuiteOptions) { o.Max = 0 }, "positions", "positions: 0: want at least 1"},
		{func(o *SuiteOptions) { o.Concurrency = 0 }, "concurrency", "concurrency: 0: want at least 1"},
	}
	for _, tt := range tests {
		o := good
		tt.change(&o)
		_, err := BuildSuite(context.Background(), colonyGame, textJudgeFactory, o)
		var se *SettingError
		if !errors.As(err, &se) || se.Setting != tt.setting || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %q", tt.setting, err, tt.want)
		}
	}
	o := good
	o.Judge = "nope"
	if _, err := BuildSuite(context.Background(), colonyGame, textJudgeFactory, o); err == nil || !strings.Contains(err.Error(), "judge nope: unknown judge nope") {
		t.Errorf("unknown judge: error %v", err)
	}
}
