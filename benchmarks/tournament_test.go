package benchmarks

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
)

// runnerGames is the size of one op of the runner benchmarks: the 10,000
// games of random against random.
const runnerGames = 10_000

// randomMatch is the benchmark match: random against random, 10,000 games
// (openings of 2 random turns).
func randomMatch() record.Config {
	return record.Config{
		Game:     "colony",
		Players:  []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}},
		Format:   record.Match,
		Games:    runnerGames,
		Seed:     1,
		Openings: record.Openings{RandomTurns: 2},
	}
}

// runMatch plays cfg on 2 goroutines, recording the games to w (nil: no records).
func runMatch(b *testing.B, cfg record.Config, w io.Writer) {
	g := colony.NewGame(nil)
	newPlayer := func(spec string, opts search.Options) (search.Player[colony.State], error) {
		return search.New(g, colony.Score{}, spec, opts)
	}
	r := &tournament.Runner{Games: match.Bind(g, newPlayer, nil), Config: cfg, Concurrency: 2, Records: w}
	res, err := r.Run(context.Background())
	if err != nil || len(res.Games) != cfg.TotalGames() {
		b.Fatalf("run: %v", err)
	}
}

// BenchmarkTournamentRandom is the tournament runner with its records: one op is a
// match of 10,000 games of random against random on 2 goroutines, every game written
// to a games file (moves in turn notation, per-move figures), with the schedule,
// openings, seeds, the referee's check of every turn and the statistics of a real
// run. Compare games/s with BenchmarkPlayoutLoop and BenchmarkPlayerLoop.
func BenchmarkTournamentRandom(b *testing.B) {
	cfg := randomMatch()
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		f, err := os.Create(filepath.Join(dir, "games.jsonl"))
		if err != nil {
			b.Fatal(err)
		}
		if err := record.WriteHeader(f, record.NewHeader(cfg)); err != nil {
			b.Fatal(err)
		}
		runMatch(b, cfg, f)
		f.Close()
	}
	b.ReportMetric(float64(runnerGames*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkTournamentRandomNoRecords is BenchmarkTournamentRandom without the games
// file: what the records cost.
func BenchmarkTournamentRandomNoRecords(b *testing.B) {
	cfg := randomMatch()
	for i := 0; i < b.N; i++ {
		runMatch(b, cfg, nil)
	}
	b.ReportMetric(float64(runnerGames*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkTournamentRandomWatched is BenchmarkTournamentRandomNoRecords with every
// move watched (a move timeout, never reached): what the watchdog costs, a goroutine
// and a context per move, against turns of the random player that cost less.
func BenchmarkTournamentRandomWatched(b *testing.B) {
	cfg := randomMatch()
	cfg.Limits.MoveTimeout = time.Minute
	for i := 0; i < b.N; i++ {
		runMatch(b, cfg, nil)
	}
	b.ReportMetric(float64(runnerGames*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutLoop is the bare playout loop on 2 goroutines: one op is 10,000
// games of Rules.RandomPlayout from the start, nothing recorded.
func BenchmarkPlayoutLoop(b *testing.B) {
	r := colony.Default()
	start := r.Start()
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Go(func() {
				rng := rand.NewPCG(uint64(i), uint64(w))
				for range runnerGames / 2 {
					s := start
					r.RandomPlayout(&s, rng)
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(runnerGames*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayerLoop is the games of random players without the runner, on 2
// goroutines: one op is 10,000 games in which two search.Random players play their
// turns through the Player interface (fresh players each game), nothing recorded.
func BenchmarkPlayerLoop(b *testing.B) {
	g := colony.NewGame(nil)
	start := g.Start()
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				for k := range runnerGames / 2 {
					players := [2]*search.Random[colony.State]{
						search.NewRandom[colony.State](g, uint64(2*k)), search.NewRandom[colony.State](g, uint64(2*k+1))}
					s := start
					for !s.Over() {
						d, err := players[s.ToMove()].Play(ctx, &s)
						if err != nil {
							panic(err)
						}
						for _, a := range d.Actions {
							g.Apply(&s, a)
						}
					}
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(runnerGames*b.N)/b.Elapsed().Seconds(), "games/s")
}
