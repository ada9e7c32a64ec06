package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

// Example_follower follows the tournament a run writes to a directory (--out DIR)
// with a report.Follower: a web server would poll it every second or so and serve the
// snapshot as JSON.
func Example_follower() {
	dir, err := os.MkdirTemp("", "colony-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "greedy", Spec: "greedy"}, {Name: "ab1", Spec: "ab:depth=1"}},
		Format: record.Match, Games: 10, Seed: 1, Openings: record.Openings{RandomTurns: 4}}
	run := &Session{GamesFile: filepath.Join(dir, "games.jsonl"), Runner: &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2}}
	if _, err := run.Run(context.Background()); err != nil { // in another process, as a rule
		fmt.Println(err)
		return
	}

	f := report.FollowDir(dir)
	s, err := f.Poll() // then again, reading only what is new
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d of %d games\n", s.Progress.State, s.Progress.Finished, s.Progress.Scheduled)
	for _, p := range s.Standings {
		e := p.Estimate
		fmt.Printf("%d. %s %d-%d-%d, %g points, Elo %s [%s, %s]\n", p.Rank, p.Name, p.Wins, p.Draws, p.Losses, p.Points,
			report.FormatElo(e.Elo, 0), report.FormatElo(e.EloLow, 0), report.FormatElo(e.EloHigh, 0))
	}
	// Output:
	// finished: 10 of 10 games
	// 1. greedy 6-0-4, 6 points, Elo +70 [-150, +389]
	// 2. ab1 4-0-6, 4 points, Elo -70 [-389, +150]
}
