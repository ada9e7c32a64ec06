package record

import (
	"runtime"
	"testing"
)

// heapNow returns the live heap after a collection.
func heapNow() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestGamesOfShard: the count of a shard's games below n, against counting them.
func TestGamesOfShard(t *testing.T) {
	for shards := 1; shards <= 4; shards++ {
		for n := 0; n <= 30; n++ {
			for shard := range shards {
				want := 0
				for k := range n {
					if (k/2)%shards == shard {
						want++
					}
				}
				if got := gamesOfShard(n, shard, shards); got != want {
					t.Fatalf("gamesOfShard(%d, %d, %d) = %d, want %d", n, shard, shards, got, want)
				}
			}
		}
	}
}

// TestCollectorRetainedPerGame: the games a run has finished take a few tens of
// bytes each once there are more than MaxKeptRecords (a run kept 1.4 KB a game).
func TestCollectorRetainedPerGame(t *testing.T) {
	cfg := Config{Game: "kalah", Players: []Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Format: Match, Games: MaxGames}
	c := NewCollector(&cfg, cfg.TotalGames())
	add := func(from, to int) {
		for k := from; k < to; k++ {
			r := slotRecord(&cfg, k, max(k%3-1, 0))
			if k%3 == 0 {
				r.Result, r.Winner = "1/2-1/2", -1
			}
			if err := c.Add(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	const n1, n2 = 100_000, 300_000
	add(0, n1)
	h1 := heapNow()
	add(n1, n2)
	h2 := heapNow()
	per := float64(int64(h2)-int64(h1)) / (n2 - n1)
	t.Logf("%.1f bytes a game retained by the collector", per)
	if per > 64 {
		t.Errorf("%.1f bytes a game retained, want at most 64", per)
	}
	res := c.Result()
	if res.Games != nil || res.Summaries.Len() != n2 || res.Count() != n2 {
		t.Errorf("%d records, %d summaries; want none and %d", len(res.Games), res.Summaries.Len(), n2)
	}
	runtime.KeepAlive(c)
}
