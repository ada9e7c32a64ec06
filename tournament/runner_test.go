package tournament

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/stats"
)

var colonyGame = colony.NewGame(nil)

// testConfig is a small round robin with depth limits: deterministic.
func testConfig() record.Config {
	return record.Config{
		Game: "colony",
		Players: []record.Entrant{
			{Name: "random", Spec: "random"},
			{Name: "greedy", Spec: "greedy"},
			{Name: "ab1", Spec: "ab:depth=1"},
		},
		Format:   record.RoundRobin,
		Games:    4,
		Seed:     7,
		Openings: record.Openings{RandomTurns: 3},
	}
}

// run plays cfg with the given concurrency and returns the games file's content and
// the result.
func run(t *testing.T, cfg record.Config, concurrency int, factory match.PlayerFactory[colony.State], done []record.Record, progress func(*report.Progress)) ([]byte, *Result, error) {
	t.Helper()
	if factory == nil {
		factory = newFactory[colony.State](colonyGame, colony.Score{})
	}
	var buf bytes.Buffer
	if done == nil {
		if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
			t.Fatal(err)
		}
	}
	r := &Runner{Games: match.Bind(colonyGame, factory, nil), Config: cfg, Concurrency: concurrency, Records: &buf, Done: done, Progress: progress}
	res, err := r.Run(context.Background())
	return buf.Bytes(), res, err
}

// stripTiming returns the games without what depends on the clock.
func stripTiming(games []record.Record) []record.Record {
	out := slices.Clone(games)
	for i := range out {
		out[i].Seconds = 0
		out[i].Info = slices.Clone(out[i].Info)
		for k := range out[i].Info {
			out[i].Info[k].Micros = 0
		}
	}
	slices.SortFunc(out, func(a, b record.Record) int { return a.Index - b.Index })
	return out
}

func parseFile(t *testing.T, data []byte) *record.GamesFile {
	t.Helper()
	gf, err := record.ParseGamesFile(data)
	if err != nil {
		t.Fatalf("games file: %v", err)
	}
	return gf
}

func equalGames(t *testing.T, what string, got, want []record.Record) {
	t.Helper()
	got, want = stripTiming(got), stripTiming(want)
	if len(got) != len(want) {
		t.Fatalf("%s: %d games, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !sameGame(&got[i], &want[i]) || !slices.Equal(got[i].Info, want[i].Info) || got[i].Points != want[i].Points || got[i].Turns != want[i].Turns {
			t.Fatalf("%s: game %d differs:\n got %+v\nwant %+v", what, want[i].Index, got[i], want[i])
		}
	}
}

func TestRunRoundRobin(t *testing.T) {
	cfg := testConfig()
	data, res, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Games) != 12 || res.Played != 12 {
		t.Fatalf("complete %v, %d games, %d played; want 12 of 12", res.Complete, len(res.Games), res.Played)
	}
	gf := parseFile(t, data)
	if gf.Torn != 0 || len(gf.Games) != 12 {
		t.Fatalf("games file: %d games, %d torn bytes", len(gf.Games), gf.Torn)
	}
	if err := record.SameTournament(gf.Header, record.NewHeader(cfg)); err != nil {
		t.Fatalf("header: %v", err)
	}
	for _, r := range gf.Games {
		sl := cfg.Slot(r.Index)
		if r.Players != [2]string{cfg.Players[sl.Seats[0]].Name, cfg.Players[sl.Seats[1]].Name} {
			t.Errorf("game %d: players %v, schedule %v", r.Index, r.Players, sl.Seats)
		}
		if len(r.Moves) != r.Turns || len(r.Info) != r.Turns || r.Forfeit() {
			t.Errorf("game %d: %d moves, %d infos, %d turns, reason %q", r.Index, len(r.Moves), len(r.Info), r.Turns, r.Reason)
		}
		// Replaying the moves from the opening reaches the recorded end.
		s, err := colony.Default().ParsePosition(r.Opening)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range r.Moves {
			if err := playText(&s, m); err != nil {
				t.Fatalf("game %d: move %q: %v", r.Index, m, err)
			}
		}
		if !s.Over() || int(s.Winner()) != r.Winner || s.EndReason().String() != r.Reason ||
			[2]int{s.Score(colony.Red), s.Score(colony.Black)} != r.Points {
			t.Errorf("game %d: replay ends %v, record says winner %d %v %q", r.Index, s, r.Winner, r.Points, r.Reason)
		}
	}
	// The two games of a pair start from the same opening with the seats swapped.
	for k := 0; k < 12; k += 2 {
		a, b := gf.Games[slices.IndexFunc(gf.Games, func(r record.Record) bool { return r.Index == k })],
			gf.Games[slices.IndexFunc(gf.Games, func(r record.Record) bool { return r.Index == k+1 })]
		if a.Opening != b.Opening || a.Players[0] != b.Players[1] || a.Players[1] != b.Players[0] {
			t.Errorf("pair %d: openings %q / %q, players %v / %v", k/2, a.Opening, b.Opening, a.Players, b.Players)
		}
	}
}

// playText plays one turn in turn notation.
func playText(s *colony.State, text string) error {
	r := colony.Default()
	m, err := r.ParseMove(s, text)
	if err != nil {
		return err
	}
	r.ApplyMove(s, m)
	return nil
}

func TestDeterministicForAnyConcurrency(t *testing.T) {
	cfg := testConfig()
	cfg.Players = append(cfg.Players, record.Entrant{Name: "mcts", Spec: "mcts:sims=50"})
	_, want, err := run(t, cfg, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3, 8} {
		_, got, err := run(t, cfg, n, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		equalGames(t, "concurrency "+string(rune('0'+n)), got.Games, want.Games)
	}
}

func TestResumeAfterInterruption(t *testing.T) {
	cfg := testConfig()
	cfg.Games = 40 // 120 games: far more than finish between the cancel and the stop
	full, want, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	total := len(want.Games)
	// Stop a run after 7 games or more: cancel from the progress callback (finished
	// games reach it in batches, so the count may pass 7 without stopping on it).
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var buf bytes.Buffer
	if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 3, Records: &buf, Progress: func(p *report.Progress) {
		if p.Done >= 7 {
			cancel()
		}
	}}
	res, err := r.Run(ctx)
	if !errors.Is(err, context.Canceled) && err != nil {
		t.Fatal(err)
	}
	if res.Complete || len(res.Games) < 7 || len(res.Games) >= total {
		t.Fatalf("interrupted run: complete %v with %d games", res.Complete, len(res.Games))
	}
	// A kill while writing leaves a torn line: half of the next game's line.
	partial := buf.Bytes()
	lines := bytes.SplitAfter(full, []byte("\n"))
	partial = append(slices.Clone(partial), lines[len(lines)-2][:40]...)
	gf := parseFile(t, partial)
	if gf.Torn != 40 || gf.ValidSize != int64(buf.Len()) || len(gf.Games) != len(res.Games) {
		t.Fatalf("torn %d (want 40), valid %d (want %d), %d games (want %d)", gf.Torn, gf.ValidSize, buf.Len(), len(gf.Games), len(res.Games))
	}
	// Resume: the rest of the games, none twice.
	rest, res2, err := run(t, cfg, 2, nil, gf.Games, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Played != total-len(gf.Games) || !res2.Complete {
		t.Fatalf("resumed run played %d, want %d", res2.Played, total-len(gf.Games))
	}
	combined := append(slices.Clone(partial[:gf.ValidSize]), rest...)
	all := parseFile(t, combined)
	equalGames(t, "resumed", all.Games, parseFile(t, full).Games)
	equalGames(t, "resumed result", res2.Games, want.Games)
}

// TestBatchesOfPairsMakeTheWholeRun plays shards in batches of pairs (UntilPair
// growing, each batch resuming the shard's games), as the SPRT driver does: each
// batch plays exactly the shard's pairs below its limit, and the shards' games after
// the last batch are the games of one whole run. A run refuses a games file holding
// pairs past its limit.
func TestBatchesOfPairsMakeTheWholeRun(t *testing.T) {
	cfg := testConfig()
	cfg.Players = cfg.Players[:2]
	cfg.Format = record.Match
	cfg.Games = 10 // 5 pairs
	_, want, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var all []record.Record
	for k := 1; k <= 2; k++ {
		var done []record.Record
		for _, tc := range []struct{ untilPair, played int }{
			{2, 2},  // pairs 0, 1: one of each shard
			{2, 0},  // the same limit again: nothing left
			{4, 2},  // pairs 2, 3
			{99, 2}, // past the end: pair 4 for shard 1, none for shard 2
		} {
			sc := cfg
			sc.Shard, sc.Shards, sc.UntilPair = k, 2, tc.untilPair
			_, res, err := run(t, sc, 2, nil, done, nil)
			if err != nil {
				t.Fatalf("shard %d/2 until pair %d: %v", k, tc.untilPair, err)
			}
			played := tc.played
			if tc.untilPair == 99 && k == 2 {
				played = 0
			}
			if res.Played != played || !res.Complete {
				t.Fatalf("shard %d/2 until pair %d: played %d (complete %v), want %d (complete)", k, tc.untilPair, res.Played, res.Complete, played)
			}
			for _, g := range res.Games {
				if g.Pair%2 != k-1 || g.Pair >= tc.untilPair {
					t.Errorf("shard %d/2 until pair %d played pair %d", k, tc.untilPair, g.Pair)
				}
			}
			done = res.Games
		}
		all = append(all, done...)
		sc := cfg
		sc.Shard, sc.Shards, sc.UntilPair = k, 2, 1
		_, _, err := run(t, sc, 2, nil, done, nil)
		if err == nil || !strings.Contains(err.Error(), "past this run's limit of 1 pairs") {
			t.Errorf("shard %d/2: a smaller limit than the games file's: error %v, want the limit named", k, err)
		}
	}
	res, err := record.Collect(cfg, all)
	if err != nil {
		t.Fatal(err)
	}
	equalGames(t, "batches", res.Games, want.Games)
}

func TestShardsMergeToTheUnshardedRun(t *testing.T) {
	cfg := testConfig()
	cfg.Games = 6
	dir := t.TempDir()
	full, want, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	fullName := filepath.Join(dir, "full.jsonl")
	if err := os.WriteFile(fullName, full, 0o644); err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := 1; k <= 3; k++ {
		sc := cfg
		sc.Shard, sc.Shards = k, 3
		data, res, err := run(t, sc, 2, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range res.Games {
			if g.Pair%3 != k-1 {
				t.Errorf("shard %d/3 played pair %d", k, g.Pair)
			}
		}
		name := filepath.Join(dir, "shard"+string(rune('0'+k))+".jsonl")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	merged, err := record.MergeFiles(names)
	if err != nil {
		t.Fatal(err)
	}
	equalGames(t, "merged", merged.Games, want.Games)
	report := func(games []record.Record) string {
		rep, err := report.Summarize(&cfg, games, colonyGame.Sides(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := rep.WriteText(&sb); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	if got, want := report(merged.Games), report(want.Games); got != want {
		t.Errorf("merged report:\n%s\nunsharded:\n%s", got, want)
	}
	// A file merged with itself adds nothing; another tournament is refused.
	if m, err := record.MergeFiles([]string{fullName, fullName}); err != nil || len(m.Games) != 18 {
		t.Errorf("a file with itself: %v, %d games", err, len(m.Games))
	}
	other := cfg
	other.Seed = 8
	otherData, _, err := run(t, other, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	otherName := filepath.Join(dir, "other.jsonl")
	if err := os.WriteFile(otherName, otherData, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := record.MergeFiles([]string{fullName, otherName}); err == nil || !strings.Contains(err.Error(), "seed differs") {
		t.Errorf("merging two tournaments: %v, want a 'seed differs' error", err)
	}
}

// brokenPlayer misbehaves in one way, on its third turn.
type brokenPlayer struct {
	mode  string
	turns int
}

func (p *brokenPlayer) Spec() string { return "broken:" + p.mode }

func (p *brokenPlayer) Close() error { return nil }

func (p *brokenPlayer) Play(ctx context.Context, s *colony.State) (search.Decision, error) {
	p.turns++
	if p.turns < 3 {
		return search.NewRandom[colony.State](colonyGame, 1).Play(ctx, s)
	}
	switch p.mode {
	case "illegal":
		return search.Decision{Actions: []game.Action{game.Action(colony.Pass)}}, nil
	case "half":
		// A selection that starts a turn but does not finish it (or is illegal).
		return search.Decision{Actions: []game.Action{game.Action(bits(s.Selectable()))}}, nil
	case "panic":
		panic("the engine fell over")
	case "error":
		return search.Decision{}, errors.New("out of cheese")
	case "slow": // a player that does not reply in time (the runner stops waiting)
		// Long past the runner's wait (at most 150 ms in the tests), so that the
		// runner's timer fires first on a loaded machine too (300 ms was not: "over
		// its time by 418ms"); the runner does not wait for it, so it costs no time.
		time.Sleep(2 * time.Second)
	case "late": // a player that replies late, soon after its time
		<-ctx.Done()
		time.Sleep(30 * time.Millisecond)
	}
	return search.NewRandom[colony.State](colonyGame, 1).Play(ctx, s)
}

// bits returns the lowest set bit's index of a non-zero mask, or 0.
func bits(m uint32) int {
	for i := range 32 {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return 0
}

// brokenFactory builds a broken player for greedy specs and real players otherwise.
func brokenFactory(mode string) match.PlayerFactory[colony.State] {
	real := newFactory[colony.State](colonyGame, colony.Score{})
	return func(spec string, opts search.Options) (search.Player[colony.State], error) {
		if strings.HasPrefix(spec, "greedy") {
			return &brokenPlayer{mode: mode}, nil
		}
		return real(spec, opts)
	}
}

func TestBrokenPlayersLose(t *testing.T) {
	tests := []struct {
		mode, reason, detail string
		limits               record.Limits
	}{
		{"illegal", record.ReasonIllegal, "is not legal", record.Limits{}},
		{"panic", record.ReasonCrash, "panic: the engine fell over", record.Limits{}},
		{"error", record.ReasonError, "out of cheese", record.Limits{}},
		// Past the time and the margin (at least 100 ms), the runner does not wait.
		{"slow", record.ReasonTime, "no reply after 150ms for a move time of 50ms", record.Limits{MoveTime: 50 * time.Millisecond, Margin: 100 * time.Millisecond}},
		{"slow", record.ReasonTime, "on its clock", record.Limits{TimeControl: record.TimeControl{Base: 100 * time.Millisecond}, Margin: 50 * time.Millisecond}},
		// Back before that, but over the margin.
		{"late", record.ReasonTime, "took", record.Limits{MoveTime: 20 * time.Millisecond}},
		{"late", record.ReasonTime, "over its time", record.Limits{TimeControl: record.TimeControl{Base: 200 * time.Millisecond}}},
	}
	for _, tc := range tests {
		t.Run(tc.mode+"/"+tc.detail, func(t *testing.T) {
			cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "bad", Spec: "greedy"}, {Name: "good", Spec: "random"}},
				Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2}, Limits: tc.limits}
			data, res, err := run(t, cfg, 2, brokenFactory(tc.mode), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Games) != 2 {
				t.Fatalf("%d games, want 2: the tournament must go on", len(res.Games))
			}
			for _, g := range parseFile(t, data).Games {
				badSeat := slices.Index(g.Players[:], "bad")
				if g.Reason != tc.reason || g.Winner != 1-badSeat || !strings.Contains(g.Detail, tc.detail) ||
					!strings.HasPrefix(g.Detail, "bad (") || !g.Forfeit() {
					t.Errorf("game %d: winner %d, reason %q, detail %q; want %q won by seat %d, detail with %q",
						g.Index, g.Winner, g.Reason, g.Detail, tc.reason, 1-badSeat, tc.detail)
				}
			}
			rep, err := report.Summarize(&cfg, res.Games, colonyGame.Sides(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Metrics.Forfeits != 2 {
				t.Errorf("forfeits %d, want 2", rep.Metrics.Forfeits)
			}
		})
	}
}

func TestHalfTurnIsIllegal(t *testing.T) {
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "bad", Spec: "greedy"}, {Name: "good", Spec: "random"}},
		Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2}}
	_, res, err := run(t, cfg, 1, brokenFactory("half"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Reason != record.ReasonIllegal {
			t.Errorf("game %d: reason %q (%s), want an illegal move", g.Index, g.Reason, g.Detail)
		}
	}
}

func TestTimeControlGamesFinish(t *testing.T) {
	base := 2 * time.Second // with the build tag long; a clock of 1 s by default
	if !longTests {
		base = time.Second
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "ab", Spec: "ab"}, {Name: "mcts", Spec: "mcts"}},
		Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2},
		Limits: record.Limits{TimeControl: record.TimeControl{Base: base, Increment: 10 * time.Millisecond}, Margin: time.Second}}
	data, res, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range parseFile(t, data).Games {
		if g.Forfeit() {
			t.Errorf("game %d: %s (%s)", g.Index, g.Reason, g.Detail)
		}
		// The searching players used their clock: some moves took time, and the
		// specs searched without a depth limit of their own.
		var total int64
		for _, in := range g.Info {
			total += in.Micros
		}
		if total == 0 || strings.Contains(g.Specs[0]+g.Specs[1], "depth=4") {
			t.Errorf("game %d: specs %q, %d µs in all", g.Index, g.Specs, total)
		}
	}
	if len(res.Games) != 2 {
		t.Fatalf("%d games", len(res.Games))
	}
}

func TestSPRTStops(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=100,alpha=0.05,beta=0.05")
	if err != nil {
		t.Fatal(err)
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "strong", Spec: "ab:depth=1"}, {Name: "weak", Spec: "random"}},
		Format: record.Match, Games: 400, Seed: 5, Openings: record.Openings{RandomTurns: 2}, SPRT: &test}
	var stops []int
	for _, n := range []int{1, 2, 4} {
		_, res, err := run(t, cfg, n, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := res.SPRT
		if s.Verdict != stats.AcceptH1 || !res.Complete || s.StopPair < 0 || len(res.Games) != 2*(s.StopPair+1) {
			t.Fatalf("concurrency %d: verdict %v at pair %d with %d games", n, s.Verdict, s.StopPair, len(res.Games))
		}
		stops = append(stops, s.StopPair)
	}
	if stops[0] != stops[1] || stops[0] != stops[2] || stops[0] >= 199 {
		t.Errorf("the SPRT stopped at pairs %v: want the same early pair for every concurrency", stops)
	}
}

func TestRunRejectsBadConfigs(t *testing.T) {
	tests := []struct {
		name string
		edit func(*record.Config)
		want string
	}{
		{"one player", func(c *record.Config) { c.Players = c.Players[:1] }, "at least two players"},
		{"odd games", func(c *record.Config) { c.Games = 3 }, "even number"},
		{"match of three", func(c *record.Config) { c.Format = record.Match }, "between two players"},
		{"unknown kind", func(c *record.Config) { c.Players[0].Spec = "alphazero" }, "unknown kind"},
		{"bad setting value", func(c *record.Config) { c.Players[2].Spec = "ab:depth=x" }, "depth"},
		{"same names", func(c *record.Config) { c.Players[1].Name = "random" }, "two players are named"},
		{"movetime and tc", func(c *record.Config) {
			c.Limits.MoveTime = time.Second
			c.Limits.TimeControl.Base = time.Second
		}, "cannot both"},
		{"move timeout and movetime", func(c *record.Config) {
			c.Limits.MoveTime = time.Second
			c.Limits.MoveTimeout = time.Minute
		}, "a move timeout is for games without a move time or a time control"},
		{"move timeout and tc", func(c *record.Config) {
			c.Limits.TimeControl.Base = time.Second
			c.Limits.MoveTimeout = time.Minute
		}, "a move timeout is for games without a move time or a time control"},
		{"negative move timeout", func(c *record.Config) { c.Limits.MoveTimeout = -time.Second }, "move timeout: -1s"},
		{"sprt of three", func(c *record.Config) { c.SPRT = &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05} }, "exactly two"},
		{"bad shard", func(c *record.Config) { c.Shard, c.Shards = 4, 3 }, "shard"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig()
			cfg.Players = slices.Clone(cfg.Players)
			tc.edit(&cfg)
			_, _, err := run(t, cfg, 1, nil, nil, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one with %q", err, tc.want)
			}
		})
	}
}

// TestTreeParallelMCTSInATournament plays a tree-parallel MCTS player against random
// through the runner: every game finishes without a forfeit, the record names the
// parallelism, and MCTS wins (it beats random nearly always at 500 simulations; a
// strength check, made with the build tag long alone).
func TestTreeParallelMCTSInATournament(t *testing.T) {
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "random", Spec: "random"}, {Name: "mcts", Spec: "mcts:sims=500,threads=2,parallel=tree"}},
		Format: record.Match, Games: 4, Seed: 5, Openings: record.Openings{RandomTurns: 2}}
	data, res, err := run(t, cfg, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Games) != 4 {
		t.Fatalf("complete %v, %d games; want 4", res.Complete, len(res.Games))
	}
	wins := 0
	for _, g := range parseFile(t, data).Games {
		if g.Forfeit() {
			t.Errorf("game %d: %s (%s)", g.Index, g.Reason, g.Detail)
		}
		seat := slices.Index(g.Players[:], "mcts")
		if !strings.Contains(g.Specs[seat], ",threads=2,parallel=tree,") {
			t.Errorf("game %d: spec %q", g.Index, g.Specs[seat])
		}
		if g.Winner == seat {
			wins++
		}
	}
	if longTests && wins < 3 {
		t.Fatalf("MCTS won %d of 4 games against random: want at least 3", wins)
	}
}
