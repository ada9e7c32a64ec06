package tournament

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// coursePlayer is a search.CoursePlayer that notes the course it is given with each
// move, by the game's seed (its spec's seed differs from game to game).
type coursePlayer struct {
	search.Player[colony.State]
	mu      *sync.Mutex
	courses map[string][]search.Course // by spec
	spec    string
}

func (p *coursePlayer) PlayCourse(ctx context.Context, c search.Course, s *colony.State) (search.Decision, error) {
	p.mu.Lock()
	p.courses[p.spec] = append(p.courses[p.spec], search.Course{Start: c.Start, Turns: slices.Clone(c.Turns)})
	p.mu.Unlock()
	if got := colonyGame.FormatPosition(s); len(c.Turns) == 0 && got != c.Start {
		panic("the course's start is not the position of its first move: " + got)
	}
	return p.Player.Play(ctx, s)
}

func (p *coursePlayer) Play(context.Context, *colony.State) (search.Decision, error) {
	panic("Play called on a player that takes the course")
}

// TestCoursePlayersGetTheGame: a player that wants the course of the game gets, with
// each move, the opening and every turn played since, as the games file records them,
// whether its moves are watched or not; other players are asked for Play.
func TestCoursePlayersGetTheGame(t *testing.T) {
	for _, lim := range []record.Limits{{}, {MoveTimeout: time.Minute}} {
		cfg := testConfig()
		cfg.Limits = lim
		var mu sync.Mutex
		courses := map[string][]search.Course{}
		inner := newFactory[colony.State](colonyGame, colony.Score{})
		factory := func(spec string, opts search.Options) (search.Player[colony.State], error) {
			p, err := inner(spec, opts)
			if err != nil || !wantsCourse(spec) {
				return p, err
			}
			return &coursePlayer{Player: p, mu: &mu, courses: courses, spec: spec}, nil
		}
		data, _, err := run(t, cfg, 2, factory, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, g := range parseFile(t, data).Games {
			asked := map[int]bool{} // the moves asked with a course, by their number
			both := true
			for _, spec := range g.Specs {
				got := courses[spec]
				if !wantsCourse(spec) {
					both = false
					if got != nil {
						t.Errorf("%s was asked with the course", spec)
					}
					continue
				}
				for k, c := range got {
					n := len(c.Turns)
					if c.Start != g.Opening || n > len(g.Moves) || !slices.Equal(c.Turns, g.Moves[:n]) || asked[n] {
						t.Fatalf("game %d, %s's move %d: course %+v, want %q and a prefix of %q", g.Index, spec, k, c, g.Opening, g.Moves)
					}
					asked[n] = true
					checked++
				}
			}
			if both && len(asked) != len(g.Moves) {
				t.Errorf("game %d: %d of its %d moves asked with the course", g.Index, len(asked), len(g.Moves))
			}
		}
		if checked == 0 {
			t.Fatal("no course checked")
		}
	}
}

// wantsCourse reports whether the test makes the player of spec a coursePlayer.
func wantsCourse(spec string) bool {
	return strings.HasPrefix(spec, "greedy") || strings.HasPrefix(spec, "random")
}
