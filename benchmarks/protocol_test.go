package benchmarks

import (
	"context"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/search"
)

// The Mancala Engine Protocol's cost per turn (docs/protocol.md). A depth-1
// alpha-beta player is asked for its turn in positions of seeded random games, in
// process (search.Player's Play) and over the protocol: the same player run as an
// engine by `colony engine` in a process of its own, through the cmd player kind,
// told each position as a tournament tells it (the game's start and every turn
// since, which the engine replays). One op is one turn; turns/s. Command:
// go test -c -o /tmp/p.test ./benchmarks && /tmp/p.test -test.run '^$' -test.bench EngineTurn -test.count 5 -test.benchmem

// protocolPositions is the number of positions each benchmark cycles through.
const protocolPositions = 200

// coursePosition is a position with the course of the game that led to it.
type coursePosition[S any] struct {
	course search.Course
	state  S
}

// randomCourses plays seeded random games of g from the start and returns up to n of
// their positions at the start of a turn, each with its course.
func randomCourses[S any](b *testing.B, g game.Game[S], n int) []coursePosition[S] {
	b.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	start := g.Start()
	startText := g.FormatPosition(&start)
	var out []coursePosition[S]
	for len(out) < n {
		s := start
		var turns []string
		for !g.Terminal(&s) && len(out) < n {
			out = append(out, coursePosition[S]{course: search.Course{Start: startText, Turns: append([]string(nil), turns...)}, state: s})
			names, paths, err := game.Turns(g, s)
			if err != nil {
				b.Fatal(err)
			}
			k := rng.IntN(len(names))
			for _, a := range paths[k] {
				g.Apply(&s, a)
			}
			turns = append(turns, names[k])
		}
	}
	return out
}

// buildColony builds the colony command into a temporary directory of b.
func buildColony(b *testing.B) string {
	b.Helper()
	out := filepath.Join(b.TempDir(), "colony")
	if msg, err := exec.Command("go", "build", "-o", out, "../cmd/colony").CombinedOutput(); err != nil {
		b.Fatalf("go build ../cmd/colony: %v\n%s", err, msg)
	}
	return out
}

// benchEngineTurn measures ab:depth=1 in process and over the protocol in positions
// of game name.
func benchEngineTurn[S any](b *testing.B, g game.Game[S], ev search.Evaluator[S], name string) {
	positions := randomCourses(b, g, protocolPositions)
	colonyBin := buildColony(b)
	ctx := context.Background()
	run := func(b *testing.B, spec string, play func(p search.Player[S], c *coursePosition[S]) error) {
		p, err := search.New(g, ev, spec, search.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		if pr, ok := p.(search.Preparer); ok {
			if err := pr.Prepare(ctx); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := play(p, &positions[i%len(positions)]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
	}
	// The same player: the same turns, checked on the first positions.
	inSpec := "ab:depth=1,eval=score"
	exSpec := `cmd:path=` + colonyBin + `,args="engine --player ` + inSpec + ` --game ` + name + `"`
	checkSameTurns(b, g, ev, inSpec, exSpec, positions[:20])
	b.Run("in-process", func(b *testing.B) {
		run(b, inSpec, func(p search.Player[S], c *coursePosition[S]) error {
			s := c.state
			_, err := p.Play(ctx, &s)
			return err
		})
	})
	b.Run("protocol", func(b *testing.B) {
		run(b, exSpec, func(p search.Player[S], c *coursePosition[S]) error {
			s := c.state
			_, err := p.(search.CoursePlayer[S]).PlayCourse(ctx, c.course, &s)
			return err
		})
	})
}

// checkSameTurns fails b unless the players of specs in and ex choose the same
// turns in positions.
func checkSameTurns[S any](b *testing.B, g game.Game[S], ev search.Evaluator[S], in, ex string, positions []coursePosition[S]) {
	b.Helper()
	ctx := context.Background()
	pi, err := search.New(g, ev, in, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer pi.Close()
	pe, err := search.New(g, ev, ex, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer pe.Close()
	for i := range positions {
		c := &positions[i]
		s1, s2 := c.state, c.state
		d1, err := pi.Play(ctx, &s1)
		if err != nil {
			b.Fatal(err)
		}
		want := slices.Clone(d1.Actions)
		d2, err := pe.(search.CoursePlayer[S]).PlayCourse(ctx, c.course, &s2)
		if err != nil {
			b.Fatal(err)
		}
		if !slices.Equal(d2.Actions, want) {
			b.Fatalf("position %d: over the protocol %v, in process %v", i, d2.Actions, want)
		}
	}
}

// BenchmarkEngineTurn: ab:depth=1,eval=score in process and over the protocol, The
// Colony and Kalah (kalah:6x4): the same player on both sides (eval=score is The
// Colony's egg lead, or the store difference).
func BenchmarkEngineTurn(b *testing.B) {
	b.Run("colony", func(b *testing.B) {
		benchEngineTurn[colony.State](b, colony.NewGame(nil), colony.Score{}, "colony")
	})
	b.Run("kalah", func(b *testing.B) {
		g, err := kalah.New("")
		if err != nil {
			b.Fatal(err)
		}
		benchEngineTurn[kalah.State](b, g, kalah.StoreDiff{}, "kalah")
	})
}
