package tournament

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
)

// fakeGame is a game for Settings.Config: it refuses the specs of refuse and
// knows one opening file, "book.txt".
type fakeGame struct{ refuse string }

func (fakeGame) Name() string          { return "fake" }
func (fakeGame) Evaluations() []string { return []string{"score", "material"} }
func (g fakeGame) CheckPlayer(spec string) error {
	if spec == g.refuse {
		return errors.New("cannot be played")
	}
	return nil
}
func (fakeGame) LoadOpenings(name string) ([]string, error) {
	if strings.HasSuffix(name, "book.txt") {
		return []string{"p1", "p2"}, nil
	}
	return nil, fmt.Errorf("opening file: open %s: no such file", name)
}

func TestSettingsConfig(t *testing.T) {
	two := []string{"a=ab:depth=2", "random"}
	for _, tc := range []struct {
		name  string
		s     Settings
		check func(t *testing.T, c *record.Config)
		err   string // the error, or ""
		set   string // the setting of a *SettingError, or ""
	}{
		{name: "a match", s: Settings{Players: two, Games: 4, Seed: 9, OpeningTurns: 3, Depth: 2, Margin: time.Second},
			check: func(t *testing.T, c *record.Config) {
				want := []record.Entrant{{Name: "a", Spec: "ab:depth=2,eval=score"}, {Name: "random", Spec: "random"}}
				if c.Game != "fake" || c.Format != record.Match || c.Games != 4 || c.Seed != 9 || c.Openings.RandomTurns != 3 ||
					c.Limits.Depth != 2 || c.Limits.Margin != time.Second || len(c.Players) != 2 || c.Players[0] != want[0] || c.Players[1] != want[1] {
					t.Errorf("config %+v", *c)
				}
			}},
		{name: "a round robin by default", s: Settings{Players: []string{"random", "greedy", "ab:eval=material"}, Games: 2},
			check: func(t *testing.T, c *record.Config) {
				if c.Format != record.RoundRobin || c.Players[2].Spec != "ab:eval=material" {
					t.Errorf("format %v, players %v", c.Format, c.Players)
				}
			}},
		{name: "everything", s: Settings{Players: two, Format: "gauntlet", Games: 2, Openings: "dir/book.txt", Shuffle: true,
			TimeControl: "10+0.1", Shard: "2/3", UntilPair: 5},
			check: func(t *testing.T, c *record.Config) {
				o := c.Openings
				if c.Format != record.Gauntlet || o.File != "book.txt" || len(o.Positions) != 2 || !o.Shuffle ||
					c.Limits.TimeControl.Base != 10*time.Second || c.Shard != 2 || c.Shards != 3 || c.UntilPair != 5 {
					t.Errorf("config %+v", *c)
				}
			}},
		{name: "a test", s: Settings{Players: two, Games: 2, SPRT: "elo0=0,elo1=5"},
			check: func(t *testing.T, c *record.Config) {
				if c.SPRT == nil || c.SPRT.Elo1 != 5 {
					t.Errorf("SPRT %v", c.SPRT)
				}
			}},
		{name: "unknown kind", s: Settings{Players: []string{"foo", "random"}, Games: 2}, err: `player: player "foo": unknown kind "foo"`, set: "player"},
		{name: "refused player", s: Settings{Players: []string{"random", "b=minimax"}, Games: 2}, err: "player 2 (b): cannot be played"},
		{name: "bad format", s: Settings{Players: two, Games: 2, Format: "swiss"}, err: `format: format "swiss": want roundrobin, gauntlet or match`, set: "format"},
		{name: "bad tc", s: Settings{Players: two, Games: 2, TimeControl: "abc"}, err: `tc: time control "abc"`, set: "tc"},
		{name: "shuffle without openings", s: Settings{Players: two, Games: 2, Shuffle: true}, err: "shuffle-openings: ", set: "shuffle-openings"},
		{name: "missing openings", s: Settings{Players: two, Games: 2, Openings: "none.txt"}, err: "openings: opening file: open none.txt", set: "openings"},
		{name: "bad test", s: Settings{Players: two, Games: 2, SPRT: "elo0=5,elo1=0"}, err: "sprt: ", set: "sprt"},
		{name: "bad shard", s: Settings{Players: two, Games: 2, Shard: "3/2"}, err: `shard: shard "3/2": want K/N`, set: "shard"},
		{name: "odd games", s: Settings{Players: two, Games: 3}, err: "games: 3: want an even number"},
		{name: "one player", s: Settings{Players: two[:1], Games: 2}, err: "a tournament needs at least two players, got 1"},
		{name: "test of three", s: Settings{Players: append([]string{"greedy"}, two...), Games: 2, SPRT: "elo0=0,elo1=5"}, err: "an SPRT needs exactly two players, got 3"},
		{name: "move time and clock", s: Settings{Players: two, Games: 2, MoveTime: time.Second, TimeControl: "10"}, err: "a move time and a time control cannot both be given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.s.Config(fakeGame{refuse: "minimax"})
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				tc.check(t, &c)
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
			var se *match.SettingError
			if got := errors.As(err, &se); got != (tc.set != "") || (got && se.Setting != tc.set) {
				t.Errorf("error %#v: want a SettingError of %q", err, tc.set)
			}
		})
	}
}

func TestDefaultFormatAndEval(t *testing.T) {
	for n, want := range map[int]record.Format{2: record.Match, 3: record.RoundRobin, 8: record.RoundRobin} {
		if got := DefaultFormat(n); got != want {
			t.Errorf("DefaultFormat(%d) = %v, want %v", n, got, want)
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"ab:depth=2", "ab:depth=2,eval=score"},
		{"ab", "ab:eval=score"},
		{"ab:eval=material", "ab:eval=material"},
		{"random", "random"},
		{"nonsense:", "nonsense:"},
	} {
		if got := WithDefaultEval(tc.spec, "score"); got != tc.want {
			t.Errorf("WithDefaultEval(%q) = %q, want %q", tc.spec, got, tc.want)
		}
	}
}
