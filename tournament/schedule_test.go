package tournament

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

// TestRunSlotIsTheSchedule checks the schedule computed game by game against the
// schedule built whole from its definition (every game whose pair is in the shard),
// for whole runs and shards, round robins and gauntlets.
func TestRunSlotIsTheSchedule(t *testing.T) {
	for _, tc := range []struct {
		players, games, shard, shards int
		format                        record.Format
		untilPair                     int
	}{
		{2, 2, 0, 0, record.RoundRobin, 0},
		{3, 4, 0, 0, record.RoundRobin, 0},
		{4, 6, 2, 3, record.RoundRobin, 0},
		{4, 6, 3, 3, record.Gauntlet, 0},
		{2, 10, 5, 7, record.RoundRobin, 0},
		{2, 2, 4, 5, record.RoundRobin, 0}, // a shard with no games
		{5, 8, 1, 1, record.RoundRobin, 0},
		{2, 10, 0, 0, record.Match, 3},       // a prefix of a whole run
		{4, 6, 2, 3, record.RoundRobin, 8},   // a shard's part of a prefix
		{4, 6, 3, 3, record.Gauntlet, 4},     // a prefix ending inside a round
		{2, 10, 2, 4, record.Match, 1},       // a prefix holding none of the shard's pairs
		{2, 10, 1, 2, record.Match, 5},       // the prefix is the whole schedule
		{2, 10, 1, 2, record.Match, 1 << 62}, // a limit past the end (no overflow)
	} {
		cfg := record.Config{Games: tc.games, Shard: tc.shard, Shards: tc.shards, Format: tc.format, UntilPair: tc.untilPair}
		for i := range tc.players {
			cfg.Players = append(cfg.Players, record.Entrant{Name: string(rune('a' + i))})
		}
		pairings := cfg.Pairings()
		var want []record.Slot
		for i := range cfg.TotalGames() {
			if cfg.InShard(i/2) && (tc.untilPair == 0 || i/2 < tc.untilPair) {
				want = append(want, record.SlotOf(pairings, i))
			}
		}
		if got := cfg.RunGames(); got != len(want) {
			t.Errorf("%+v: RunGames = %d, want %d", tc, got, len(want))
			continue
		}
		perRound := map[int]int{}
		for k, sl := range want {
			if got := cfg.RunSlot(k); got != sl {
				t.Errorf("%+v: RunSlot(%d) = %+v, want %+v", tc, k, got, sl)
			}
			perRound[sl.Round]++
		}
		rs := cfg.RunSchedule()
		for round := range tc.games/2 + 1 {
			if got := rs.GamesInRound(round); got != perRound[round] {
				t.Errorf("%+v: round %d has %d games, want %d", tc, round, got, perRound[round])
			}
		}
	}
}

// TestLargeScheduleIsNotBuilt starts a run of the largest schedule and stops it after
// its first games: it must not allocate for the games it has not played (before the
// schedule was streamed, it took gigabytes before the first game).
func TestLargeScheduleIsNotBuilt(t *testing.T) {
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format: record.RoundRobin, Games: record.MaxGames, Seed: 1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2, Progress: func(p *report.Progress) {
		if p.Done >= 100 {
			cancel()
		}
	}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := r.Run(ctx)
	runtime.ReadMemStats(&after)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if res.Complete || len(res.Games) < 100 {
		t.Fatalf("run: complete %v with %d games", res.Complete, len(res.Games))
	}
	// About a bit and a byte per scheduled game (the done set and the collector's
	// seen table), far below a Slot (48 bytes) or a Record per game.
	const limit = 64 << 20
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > limit {
		t.Errorf("a run of %d games stopped after %d allocated %d MB, want at most %d MB", record.MaxGames, len(res.Games), alloc>>20, limit>>20)
	}
}
