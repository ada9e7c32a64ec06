package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

// heapNow returns the live heap after a collection.
func heapNow() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// allocated returns the bytes allocated so far.
func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// thirtyPlayers is a round robin of 30 players of 10,000,000 games a pairing:
// 4,350,000,000 games.
func thirtyPlayers() record.Config {
	cfg := record.Config{Game: "kalah", Format: record.RoundRobin, Games: record.MaxGames, Seed: 1}
	for i := range 30 {
		cfg.Players = append(cfg.Players, record.Entrant{Name: fmt.Sprintf("p%d", i), Spec: "random"})
	}
	return cfg
}

// slotRecord returns a record of game index of cfg's schedule.
func slotRecord(cfg *record.Config, index, winner int) record.Record {
	r := gameOf(cfg, index) // a game of the tournament: its seed, players and specs
	r.Moves, r.Info = []string{"a", "b"}, make([]record.MoveInfo, 2)
	r.Result, r.Winner, r.Reason, r.Turns = [...]string{"1/2-1/2", "1-0", "0-1"}[winner+1], winner, "no seeds left", 2
	return r
}

// TestMergeHugeScheduleBounded: a merge of 4 games of a schedule of 4,350,000,000
// allocates nothing per scheduled game (it tried 8 GB), and says which are missing
// in a line.
func TestMergeHugeScheduleBounded(t *testing.T) {
	cfg := thirtyPlayers()
	name := filepath.Join(t.TempDir(), "games.jsonl")
	var recs []record.Record
	for k := range 4 {
		recs = append(recs, slotRecord(&cfg, k, k%2))
	}
	writeGamesFile(t, name, cfg, recs, "")
	before := allocated()
	m, rep, err := report.MergeReport([]string{name}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	missing := m.DescribeMissing()
	if got := allocated() - before; got > 64<<20 {
		t.Errorf("the merge allocated %d MB, want under 64", got>>20)
	}
	if want := "4349999996 of 4350000000 games are missing (games 4-4349999999)"; missing != want {
		t.Errorf("DescribeMissing = %q, want %q", missing, want)
	}
	if got, want := m.Summary(1), "merged 1 file: 4 of 4350000000 games\n"; got != want || rep.Games != 4 {
		t.Errorf("summary %q (report of %d games), want %q", got, rep.Games, want)
	}
}

// TestDescribeMissingCapped: the runs of missing games past the eighth are counted,
// not listed; the shards without a game are found from the runs.
func TestDescribeMissingCapped(t *testing.T) {
	cfg := record.Config{Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Games: 100}
	l := record.NewGameListOf(&cfg)
	for k := 0; k < 100; k += 4 { // pairs 0, 2, 4, ...: shard 1 of 2 has every other game
		for _, i := range []int{k, k + 1} {
			r := slotRecord(&cfg, i, 0)
			if err := l.Add(&r); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := &record.Merged{Header: record.NewHeader(cfg), Summaries: l, Shards: 2}
	want := "50 of 100 games are missing (games 2-3, 6-7, 10-11, 14-15, 18-19, 22-23, 26-27, 30-31, and 34 more games); no file holds any game of shard 2/2"
	if got := m.DescribeMissing(); got != want {
		t.Errorf("DescribeMissing = %q\nwant %q", got, want)
	}
}

// TestMergeDifferentGame: a game recorded differently in two files is refused, by
// its hash.
func TestMergeDifferentGame(t *testing.T) {
	cfg := record.Config{Game: "kalah", Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Format: record.Match, Games: 4}
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.jsonl"), filepath.Join(dir, "second.jsonl")
	a, b := slotRecord(&cfg, 1, 0), slotRecord(&cfg, 1, 0)
	b.Moves = []string{"a", "c"}
	writeGamesFile(t, first, cfg, []record.Record{slotRecord(&cfg, 0, 1), a}, "")
	writeGamesFile(t, second, cfg, []record.Record{b}, "")
	_, err := record.MergeFiles([]string{first, second})
	if want := fmt.Sprintf("game 1 differs between %s and %s", first, second); err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	m, err := record.MergeFiles([]string{first, first})
	if err != nil || m.Len() != 2 || len(m.Games) != 2 {
		t.Errorf("a file with itself: %v, %d games", err, m.Len())
	}
}

// TestRunnerRetainedPerGame: a run of random players keeps a few tens of bytes per
// finished game, whatever it plays (counted in the heap between two points of one
// run, not timed).
func TestRunnerRetainedPerGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 160,000 games")
	}
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	const n0, n1, n2 = 1000, 80_000, 160_000
	cfg := record.Config{Game: g.Name(), Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format: record.Match, Games: n2, Seed: 3}
	var h0, h1, h2 uint64
	r := &Runner{Games: match.Bind(g, newFactory[kalah.State](g, kalah.StoreDiff{}), nil), Config: cfg, Concurrency: 1, Records: discard{}, Progress: func(p *report.Progress) {
		switch p.Done {
		case n0:
			h0 = heapNow()
		case n1:
			h1 = heapNow()
		case n2:
			h2 = heapNow()
		}
	}}
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || res.Count() != n2 || res.Games != nil {
		t.Fatalf("complete %v, %d games, %d records", res.Complete, res.Count(), len(res.Games))
	}
	// The heap grows by the summaries (and their slice's spare room): measured from
	// game n0 on, so that the run's fixed costs do not count.
	per := float64(int64(h2)-int64(h0)) / (n2 - n0)
	t.Logf("%.1f bytes a game retained by the run (heap %d KB at game %d, %d KB at game %d, %d KB at game %d)", per, h0>>10, n0, h1>>10, n1, h2>>10, n2)
	if per > 64 {
		t.Errorf("%.1f bytes a game retained by the run, want at most 64", per)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestResumeLoadInterrupted: a run whose context is done while it reads the games
// file to resume stops there, before any game, and says so; the file is unchanged.
func TestResumeLoadInterrupted(t *testing.T) {
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: g.Name(), Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format: record.Match, Games: 5000, Seed: 3}
	name := filepath.Join(t.TempDir(), "games.jsonl")
	var recs []record.Record
	for k := range 3000 {
		recs = append(recs, slotRecord(&cfg, k, k%2))
	}
	writeGamesFile(t, name, cfg, recs, "")
	before, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // a signal before or during the load
	if _, err := record.OpenGamesFileContext(ctx, name, cfg, true); !errors.Is(err, context.Canceled) {
		t.Errorf("record.OpenGamesFileContext: %v, want the context's error", err)
	}
	played := 0
	s := &Session{Runner: &Runner{Games: match.Bind(g, newFactory[kalah.State](g, kalah.StoreDiff{}), nil), Config: cfg, Concurrency: 1},
		GamesFile: name, Resume: true, NoLive: true, Progress: func(*report.Progress) { played++ }}
	res, err := s.Run(ctx)
	var li *LoadInterrupted
	if !errors.As(err, &li) || !errors.Is(err, context.Canceled) || res != nil || played != 0 {
		t.Fatalf("Run: %v (result %v, %d games played), want a *LoadInterrupted before any game", err, res, played)
	}
	after, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the games file changed")
	}
}

// TestResumeManyGamesSummaries: a file of more games than record.MaxKeptRecords is resumed
// from summaries only (no records held), and the run's report is that of the file's
// games.
func TestResumeManyGamesSummaries(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 65,636 games three times")
	}
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: g.Name(), Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format: record.Match, Games: record.MaxKeptRecords + 500, Seed: 5}
	name := filepath.Join(t.TempDir(), "games.jsonl")
	var recs []record.Record
	for k := range record.MaxKeptRecords + 100 {
		recs = append(recs, slotRecord(&cfg, k, k%3-1))
	}
	writeGamesFile(t, name, cfg, recs, "")
	w, err := record.OpenGamesFile(name, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	if w.Done != nil || w.Resumed.Len() != len(recs) {
		t.Errorf("resumed file: %d records, %d summaries; want none and %d", len(w.Done), w.Resumed.Len(), len(recs))
	}
	w.Close()
	s := &Session{Runner: &Runner{Games: match.Bind(g, newFactory[kalah.State](g, kalah.StoreDiff{}), nil), Config: cfg, Concurrency: 1},
		GamesFile: name, Resume: true, NoLive: true}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || res.Count() != cfg.Games || res.Played != 400 || res.Games != nil {
		t.Fatalf("resumed run: complete %v, %d games, %d played, %d records", res.Complete, res.Count(), res.Played, len(res.Games))
	}
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	want, err := report.Summarize(&cfg, gf.Games, g.Sides(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := report.SummarizeGames(&cfg, res.Summaries, g.Sides(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var tw, tg bytes.Buffer
	if err := errors.Join(want.WriteText(&tw), got.WriteText(&tg)); err != nil {
		t.Fatal(err)
	}
	if tw.String() != tg.String() {
		t.Errorf("the resumed run's report:\n%s\nwant that of the file's games:\n%s", tg.String(), tw.String())
	}
}

// TestScheduleMadeAsTaken: the schedule of 4,350,000,000 games gives its first games
// without making the others, the same as RunSlot.
func TestScheduleMadeAsTaken(t *testing.T) {
	cfg := thirtyPlayers()
	before := allocated()
	k := 0
	for sl := range cfg.Schedule() {
		if sl != cfg.RunSlot(k) {
			t.Fatalf("game %d of the schedule is %+v, RunSlot gives %+v", k, sl, cfg.RunSlot(k))
		}
		if k++; k == 1000 {
			break
		}
	}
	if got := allocated() - before; got > 16<<20 {
		t.Errorf("1,000 games of the schedule allocated %d MB", got>>20)
	}
}
