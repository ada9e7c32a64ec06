package sprtdriver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
	"github.com/colony-ai/colony/tournament"
)

var colonyGame = colony.NewGame(nil)

// newFactory builds the players of the tests' matches: search.New for The Colony.
func newFactory(spec string, opts search.Options) (search.Player[colony.State], error) {
	return search.New(colonyGame, colony.Score{}, spec, opts)
}

// testTest is the SPRT of the tests: greedy against random decides in a few pairs.
const testTest = "elo0=0,elo1=50"

// matchConfig returns a match of a against b on The Colony, of games games, with the test.
func matchConfig(t *testing.T, a, b string, games int) record.Config {
	t.Helper()
	test, err := stats.ParseSPRT(testTest)
	if err != nil {
		t.Fatal(err)
	}
	return record.Config{
		Game:     "colony",
		Players:  []record.Entrant{{Name: "a", Spec: a}, {Name: "b", Spec: b}},
		Format:   record.Match,
		Games:    games,
		Seed:     3,
		Openings: record.Openings{RandomTurns: 4},
		SPRT:     &test,
	}
}

// single plays cfg (with its SPRT) on one machine, as 'colony tournament --sprt'
// does, and returns the result.
func single(t *testing.T, cfg record.Config) *tournament.Result {
	t.Helper()
	r := &tournament.Runner{Games: match.Bind(colonyGame, newFactory, nil), Config: cfg, Concurrency: 1}
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.SPRT == nil || res.SPRT.StopPair < 0 {
		t.Fatalf("the single run did not decide: %+v", res.SPRT)
	}
	return res
}

// player is a fake Slurm: it plays the tasks of each batch with the tournament
// runner in this process, as 'colony tournament' would, into their games files.
type player struct {
	match record.Config // without its SPRT
	// skip, if not nil, says which tasks of a batch fail without playing.
	skip func(batch, task int) bool
	// err, if not nil, is the error of the batch given; the batch's tasks before
	// stop are played first (an interrupted batch).
	err     func(batch int) error
	stop    int
	batches []int // the batches submitted
}

func (p *player) Submit(ctx context.Context, b *Batch) error {
	p.batches = append(p.batches, b.Number)
	for k := 1; k <= b.Tasks; k++ {
		if p.err != nil {
			if err := p.err(b.Number); err != nil && k >= p.stop {
				return err
			}
		}
		if p.skip != nil && p.skip(b.Number, k) {
			continue
		}
		cfg := p.match
		cfg.SPRT = nil
		cfg.Shard, cfg.Shards, cfg.UntilPair = k, b.Tasks, b.UntilPair
		w, err := record.OpenGamesFile(b.Files[k-1], cfg, true)
		if err != nil {
			return err
		}
		r := &tournament.Runner{Games: match.Bind(colonyGame, newFactory, nil), Config: cfg, Concurrency: 1, Records: w, Done: w.Done}
		_, err = r.Run(ctx)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("task %d: %w", k, err)
		}
	}
	return nil
}

func (*player) TaskLogs() string { return "DIR/fake-K.log" }

// drive runs a driver of cfg's batches on dir with submitter s and returns the
// outcome, the batch lines that OnBatch was given and the log.
func drive(t *testing.T, m record.Config, batchPairs, tasks int, dir string, s Submitter) (*Conclusion, []string, string, error) {
	t.Helper()
	var batches []string
	var log strings.Builder
	d, err := New(Config{Match: m, Args: []string{"-p", "x"}, BatchPairs: batchPairs, Tasks: tasks, Dir: dir, Submitter: s,
		Logf: func(format string, args ...any) { fmt.Fprintf(&log, format+"\n", args...) },
		OnBatch: func(b *Batch, st *record.SPRTState) {
			batches = append(batches, fmt.Sprintf("%d<%d:%v", b.Number, b.UntilPair, st.Verdict))
		}})
	if err != nil {
		t.Fatal(err)
	}
	o, err := d.Run(context.Background())
	return o, batches, log.String(), err
}

// sameGames fails unless the games are those of the single run (timing aside).
func sameGames(t *testing.T, what string, got, want []record.Record) {
	t.Helper()
	key := func(games []record.Record) []string {
		var out []string
		for _, g := range games {
			out = append(out, fmt.Sprintf("%d %s %s %d", g.Index, g.Opening, g.Result, g.Turns))
		}
		return out
	}
	if !slices.Equal(key(got), key(want)) {
		t.Errorf("%s: the games\n%q\nwant the single run's\n%q", what, key(got), key(want))
	}
}

// TestDriverStopsWhereTheSingleRunStops checks, for batch sizes below, at and past
// the single run's deciding pair P, on one task or several, that the driver decides
// at pair P after batch ⌈P/B⌉, having played exactly the pairs of its batches, and
// counts the single run's games.
func TestDriverStopsWhereTheSingleRunStops(t *testing.T) {
	for _, m := range []struct {
		name    string
		a, b    string
		verdict stats.Verdict
	}{
		{"H1", "greedy", "random", stats.AcceptH1},
		{"H0", "random", "greedy", stats.AcceptH0},
	} {
		cfg := matchConfig(t, m.a, m.b, 200)
		want := single(t, cfg)
		p := want.SPRT.StopPair + 1
		if want.SPRT.Verdict != m.verdict {
			t.Fatalf("%s: the single run's verdict %v, want %v", m.name, want.SPRT.Verdict, m.verdict)
		}
		for _, tc := range []struct{ batchPairs, tasks int }{
			{1, 1}, {3, 2}, {p, 3}, {max(p-1, 1), 2}, {p + 3, 4},
		} {
			name := fmt.Sprintf("%s/B=%d,N=%d", m.name, tc.batchPairs, tc.tasks)
			s := &player{match: cfg}
			o, batches, _, err := drive(t, cfg, tc.batchPairs, tc.tasks, t.TempDir(), s)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n := (p + tc.batchPairs - 1) / tc.batchPairs
			if !o.Decided() || o.Batches != n || o.PlayedPairs != n*tc.batchPairs || o.TotalPairs != 100 {
				t.Errorf("%s: decided %v after batch %d, %d of %d pairs; want batch %d, %d of 100 pairs",
					name, o.Decided(), o.Batches, o.PlayedPairs, o.TotalPairs, n, n*tc.batchPairs)
			}
			if st := o.Result.SPRT; st.StopPair != want.SPRT.StopPair || st.Verdict != want.SPRT.Verdict || st.LLR != want.SPRT.LLR {
				t.Errorf("%s: the SPRT %+v, want %+v", name, *st, *want.SPRT)
			}
			if len(batches) != n || len(s.batches) != n || !strings.HasSuffix(batches[n-1], m.verdict.String()) {
				t.Errorf("%s: batches %q, submitted %v; want %d, the last with %v", name, batches, s.batches, n, m.verdict)
			}
			sameGames(t, name, o.Result.Games, want.Games)
		}
	}
}

// TestDriverResumes interrupts a driver in its third batch (after the batch's first
// task) and runs it again: the batches played are not submitted again, the third is,
// and the driver decides as an uninterrupted one.
func TestDriverResumes(t *testing.T) {
	cfg := matchConfig(t, "greedy", "random", 200)
	want := single(t, cfg)
	if want.SPRT.StopPair < 6 {
		t.Fatalf("the single run decided at pair %d: too early for three batches of 2", want.SPRT.StopPair+1)
	}
	dir := t.TempDir()
	interrupted := &player{match: cfg, stop: 2, err: func(batch int) error {
		if batch == 3 {
			return context.Canceled
		}
		return nil
	}}
	_, batches, _, err := drive(t, cfg, 2, 2, dir, interrupted)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "batch 3: ") {
		t.Fatalf("the interrupted run: %v, want batch 3 cancelled", err)
	}
	if len(batches) != 2 {
		t.Fatalf("the interrupted run's batches %q, want 2", batches)
	}

	again := &player{match: cfg}
	o, _, log, err := drive(t, cfg, 2, 2, dir, again)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"batch 1: pairs below 2 already played\n", "batch 2: pairs below 4 already played\n"} {
		if !strings.Contains(log, line) {
			t.Errorf("the log lacks %q:\n%s", line, log)
		}
	}
	if strings.Contains(log, "batch 3: pairs below 6 already played") || len(again.batches) == 0 || again.batches[0] != 3 {
		t.Errorf("batch 3 was not submitted again (submitted %v):\n%s", again.batches, log)
	}
	if o.Result.SPRT.StopPair != want.SPRT.StopPair {
		t.Errorf("decided at pair %d, want %d", o.Result.SPRT.StopPair+1, want.SPRT.StopPair+1)
	}
	sameGames(t, "resumed", o.Result.Games, want.Games)

	// Once more: every batch is played, nothing is submitted.
	idle := &player{match: cfg}
	if _, _, _, err := drive(t, cfg, 2, 2, dir, idle); err != nil || len(idle.batches) != 0 {
		t.Errorf("a third run: %v, submitted %v; want nothing submitted", err, idle.batches)
	}
}

// TestDriverScheduleEnds runs a match too short to decide: the last batch ends at the
// schedule's end.
func TestDriverScheduleEnds(t *testing.T) {
	cfg := matchConfig(t, "greedy", "random", 10)
	o, batches, log, err := drive(t, cfg, 4, 2, t.TempDir(), &player{match: cfg})
	if err != nil {
		t.Fatal(err)
	}
	if o.Decided() || o.Batches != 2 || o.PlayedPairs != 5 || o.TotalPairs != 5 || len(o.Result.Games) != 10 {
		t.Errorf("outcome %+v, want 2 batches, 5 pairs, undecided, 10 games", *o)
	}
	if want := []string{"1<4:continue", "2<5:continue"}; !slices.Equal(batches, want) {
		t.Errorf("batches %q, want %q", batches, want)
	}
	if want := "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized, 5 pairs at most, batches of 4 pairs on 2 tasks, in "; !strings.HasPrefix(log, want) {
		t.Errorf("log %q, want it to start with %q", log, want)
	}
}

// failing is a submitter that fails.
type failing struct{ err error }

func (f failing) Submit(context.Context, *Batch) error { return f.err }
func (failing) TaskLogs() string                       { return "DIR/K" }

func TestDriverErrors(t *testing.T) {
	cfg := matchConfig(t, "greedy", "random", 40)
	other := cfg
	other.Seed = 99
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) Submitter
		want  string // the start of the error, @ for the directory
		dir   int    // 0: not a DirError; 1: a DirError; 2: one of another tournament
	}{
		{"submitter fails", func(*testing.T, string) Submitter { return failing{errors.New("no cluster")} }, "batch 1: no cluster", 0},
		{"task fails", func(*testing.T, string) Submitter {
			return &player{match: cfg, skip: func(batch, task int) bool { return batch == 2 && task == 2 }}
		}, "batch 2: 2 of its games are missing, of task 2 of 3 (see DIR/fake-K.log in @); run again to retry the batch", 0},
		{"another tournament", func(t *testing.T, dir string) Submitter {
			(&player{match: other}).Submit(context.Background(), &Batch{Number: 1, Tasks: 3, UntilPair: 1, Dir: dir,
				Files: []string{filepath.Join(dir, "shard-1.jsonl"), "", ""}})
			return failing{errors.New("submitted")}
		}, `@ holds another tournament (seed differs: "99" vs "3")`, 2},
		{"a broken games file", func(t *testing.T, dir string) Submitter {
			if err := os.WriteFile(filepath.Join(dir, "shard-2.jsonl"), []byte("not json\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return failing{errors.New("submitted")}
		}, "@: ", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			_, _, _, err := drive(t, cfg, 3, 3, dir, tc.setup(t, dir))
			want := strings.ReplaceAll(tc.want, "@", dir)
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("error %v, want %q", err, want)
			}
			var de *DirError
			if got := errors.As(err, &de); got != (tc.dir > 0) || (got && de.Other != (tc.dir == 2)) {
				t.Errorf("error %#v: a DirError %v, want %v (of another tournament: %v)", err, got, tc.dir > 0, tc.dir == 2)
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	good := Config{Match: matchConfig(t, "greedy", "random", 40), BatchPairs: 2, Tasks: 2, Dir: "d", Submitter: failing{}}
	for _, tc := range []struct {
		name   string
		change func(c *Config)
		want   string
	}{
		{"no test", func(c *Config) { c.Match.SPRT = nil }, "the match has no SPRT"},
		{"three players", func(c *Config) {
			c.Match.Players = append(c.Match.Players, record.Entrant{Name: "c", Spec: "random"})
		}, "an SPRT needs a match of two players, got 3"},
		{"sharded", func(c *Config) { c.Match.Shard, c.Match.Shards = 1, 2 }, "the match is sharded"},
		{"until pair", func(c *Config) { c.Match.UntilPair = 3 }, "the match is sharded or limited"},
		{"batch pairs", func(c *Config) { c.BatchPairs = 0 }, "batch pairs: 0: want 1 or more"},
		{"tasks", func(c *Config) { c.Tasks = -1 }, "tasks: -1: want 1 or more"},
		{"no dir", func(c *Config) { c.Dir = "" }, "no directory"},
		{"no submitter", func(c *Config) { c.Submitter = nil }, "no submitter"},
		{"odd games", func(c *Config) { c.Match.Games = 3 }, "the match: games: 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := good
			c.Match.Players = slices.Clone(good.Match.Players)
			tc.change(&c)
			if _, err := New(c); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("New: %v, want %q", err, tc.want)
			}
		})
	}
	d, err := New(good)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join("d", "shard-1.jsonl"), filepath.Join("d", "shard-2.jsonl")}; !slices.Equal(d.Files(), want) {
		t.Errorf("Files() = %q, want %q", d.Files(), want)
	}
}

func TestBatchTaskArgs(t *testing.T) {
	b := &Batch{Number: 2, Tasks: 3, UntilPair: 8, Args: []string{"--game", "kalah", "-p", "a=random", "-p", "b=greedy"},
		Dir: "out", Files: []string{"out/shard-1.jsonl", "out/shard-2.jsonl", "out/shard-3.jsonl"}}
	want := []string{"tournament", "--game", "kalah", "-p", "a=random", "-p", "b=greedy",
		"--shard", "2/3", "--until-pair", "8", "--games-file", "out/shard-2.jsonl", "--resume", "--progress", "off"}
	if got := b.TaskArgs(2); !slices.Equal(got, want) {
		t.Errorf("TaskArgs(2) = %q, want %q", got, want)
	}
	if got := b.TaskArgs(1); len(b.Args) != 6 || got[len(got)-4] != "out/shard-1.jsonl" {
		t.Errorf("TaskArgs(1) = %q (the batch's args %q)", got, b.Args)
	}
}

// TestLocal checks that the local submitter runs the tasks in order, each with its
// output appended to its log, and stops when the context is cancelled.
func TestLocal(t *testing.T) {
	dir := t.TempDir()
	b := &Batch{Number: 1, Tasks: 2, UntilPair: 4, Args: []string{"-p", "a"}, Dir: dir,
		Files: []string{filepath.Join(dir, "shard-1.jsonl"), filepath.Join(dir, "shard-2.jsonl")}}
	var ran [][]string
	l := Local{Run: func(args []string, stdout, stderr io.Writer) int {
		ran = append(ran, args)
		fmt.Fprintf(stdout, "out %s\n", args[4])
		fmt.Fprintf(stderr, "err %s\n", args[4])
		return 1 // a failed task is not the submitter's error
	}}
	for range 2 {
		if err := l.Submit(context.Background(), b); err != nil {
			t.Fatal(err)
		}
	}
	if len(ran) != 4 || !slices.Equal(ran[1], b.TaskArgs(2)) {
		t.Errorf("ran %q", ran)
	}
	for k := 1; k <= 2; k++ {
		got, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("shard-%d.log", k)))
		want := strings.Repeat(fmt.Sprintf("out %d/2\nerr %d/2\n", k, k), 2)
		if err != nil || string(got) != want {
			t.Errorf("shard-%d.log: %q (%v), want %q", k, got, err, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran = nil
	if err := l.Submit(ctx, b); !errors.Is(err, context.Canceled) || len(ran) != 0 {
		t.Errorf("cancelled: %v, ran %q", err, ran)
	}
	b.Dir = filepath.Join(dir, "none")
	if err := l.Submit(context.Background(), b); err == nil || !strings.HasPrefix(err.Error(), "task 1: ") {
		t.Errorf("no directory: %v, want task 1's error", err)
	}
	if got := l.TaskLogs(); got != "DIR/shard-K.log" {
		t.Errorf("TaskLogs() = %q", got)
	}
}
