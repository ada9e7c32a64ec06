package tournament

import (
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// fakeEngine is the player of the test kind "fake-engine": a random player whose spec
// is the one it was built from.
type fakeEngine struct {
	*search.Random[colony.State]
	spec string
}

func (p *fakeEngine) Spec() string { return p.spec }

func init() {
	// A kind the tournament knows only through the registry, with settings of every
	// role under names of its own and a value that needs quotes.
	search.Register(search.Kind{
		Name: "fake-engine",
		Doc:  "a random player for the tests of the registry",
		Settings: []search.Setting{
			{Key: "path", Type: search.TextValue, Doc: "the program"},
			{Key: "plies", Type: search.IntValue, Doc: "depth", Role: search.RoleDepth},
			{Key: "budget", Type: search.UintValue, Doc: "nodes", Role: search.RoleNodes},
			{Key: "clock", Type: search.DurationValue, Doc: "time", Role: search.RoleTime},
			{Key: "rng", Type: search.UintValue, Doc: "seed", Role: search.RoleSeed},
		},
		New: search.ConstructorOf[colony.State](func(g game.Rules[colony.State], _ search.Evaluator[colony.State], b *search.Builder) (search.Player[colony.State], error) {
			rng := b.Uint64("rng", 1)
			if err := b.Err(); err != nil {
				return nil, err
			}
			return &fakeEngine{Random: search.NewRandom(g, rng), spec: b.Spec.String()}, nil
		}),
	})
}

func TestSpecTemplatesReadTheRegistry(t *testing.T) {
	cfg := testConfig()
	cfg.Limits = record.Limits{Depth: 3, Nodes: 500, MoveTime: 20 * time.Millisecond}
	for _, tc := range []struct{ spec, want string }{
		{"fake-engine", "fake-engine:plies=3,budget=500,clock=20ms,rng=S"},
		{`fake-engine:path="/opt/my engine/bin",budget=7,rng=3`, `fake-engine:path="/opt/my engine/bin",budget=7,plies=3,clock=20ms,rng=S`},
	} {
		tpl, err := cfg.Template(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := tpl.ForGame(99, 0)
		if i := strings.Index(got, "rng="); i >= 0 {
			got = got[:i] + "rng=S"
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.spec, got, tc.want)
		}
	}
	if _, err := cfg.Template("fake-engine:rng=x"); err == nil || err.Error() != `player "fake-engine:rng=x": rng="x": want a whole number of 0 or more` {
		t.Errorf("a bad seed: %v", err)
	}
}

// TestQuotedSpecsInRecords: a spec whose value needs quotes goes through a tournament
// and its games file unchanged.
func TestQuotedSpecsInRecords(t *testing.T) {
	e, err := record.ParseEntrant(`eng=fake-engine:path="C:\\Program Files\\eng, \"v2\""`)
	if err != nil || e.Name != "eng" {
		t.Fatalf("ParseEntrant: %+v, %v", e, err)
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{e, {Name: "random", Spec: "random"}},
		Format: record.Match, Games: 2, Seed: 3, Openings: record.Openings{RandomTurns: 2}}
	data, res, err := run(t, cfg, 1, newFactory[colony.State](colonyGame, colony.Score{}), nil, nil)
	if err != nil || !res.Complete {
		t.Fatalf("run: %v", err)
	}
	for _, g := range parseFile(t, data).Games {
		seat := 0
		if g.Players[1] == "eng" {
			seat = 1
		}
		if want := `fake-engine:path="C:\\Program Files\\eng, \"v2\"",rng=`; !strings.HasPrefix(g.Specs[seat], want) {
			t.Errorf("game %d: spec %s, want one starting with %s", g.Index, g.Specs[seat], want)
		}
		sp, err := search.ParseSpec(g.Specs[seat])
		if err != nil || sp.Settings["path"] != `C:\Program Files\eng, "v2"` {
			t.Errorf("game %d: the recorded spec reads %q, %v", g.Index, sp.Settings["path"], err)
		}
	}
}
