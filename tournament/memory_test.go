package tournament

import (
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game/memory"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// TestCheckTableMemory: the two largest tables of the players, as many times as
// games are played at once, must fit the budget; the refusal names --concurrency,
// the players and the concurrency that would fit.
func TestCheckTableMemory(t *testing.T) {
	const mb = 1 << 20
	cfg := &record.Config{Players: []record.Entrant{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	for _, tc := range []struct {
		name    string
		tables  []uint64 // MB a player
		workers int
		want    string
	}{
		{"fits", []uint64{100, 100, 100}, 5, ""},
		{"no tables", []uint64{0, 0, 0}, 64, ""},
		{"too many at once", []uint64{100, 300, 200}, 3,
			"--concurrency 4: the transposition tables of b (300 MB) and c (200 MB), in 3 games at once, need 1500 MB, more than the 1000 MB of memory available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); lower --concurrency to 2 or give smaller tables (tt=)"},
		{"one table", []uint64{0, 600, 0}, 2,
			"--concurrency 3: the transposition tables of b (600 MB), in 2 games at once, need 1200 MB, more than the 1000 MB of memory available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); lower --concurrency to 1 or give smaller tables (tt=)"},
		{"not even one game", []uint64{600, 600, 0}, 1,
			"--concurrency 2: the transposition tables of a (600 MB) and b (600 MB), in 1 game at once, need 1200 MB, more than the 1000 MB of memory available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give smaller tables (tt=)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			templates := make([]match.Template, len(tc.tables))
			for i, m := range tc.tables {
				templates[i].TableBytes = m * mb
			}
			err := checkTableMemoryIn(memory.NewBudget(1000*mb), cfg, templates, tc.workers+1, tc.workers)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestTableRefusedInGame: a table that the budget refuses at a player's first move
// loses that game, with the refusal as the recorded reason's detail, and the
// tournament goes on (the budget here holds one table of the two a game needs).
func TestTableRefusedInGame(t *testing.T) {
	budget := memory.NewBudget(3 << 19) // 1.5 MB
	base := newFactory[colony.State](colonyGame, colony.Score{})
	factory := func(spec string, opts search.Options) (search.Player[colony.State], error) {
		opts.Memory = budget
		return base(spec, opts)
	}
	cfg := record.Config{Game: "colony", Players: []record.Entrant{{Name: "a", Spec: "ab:depth=1,tt=1"}, {Name: "b", Spec: "ab:depth=1,tt=1"}},
		Format: record.RoundRobin, Games: 2, Seed: 7, Openings: record.Openings{RandomTurns: 3}}
	data, res, err := run(t, cfg, 1, factory, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 {
		t.Fatalf("%d games, want 2", len(res.Games))
	}
	for _, g := range parseFile(t, data).Games {
		// The first mover (Black) takes the one table; Red's is refused.
		want := g.Players[0] + ` (red): player "ab:depth=1,tt=1,aspiration=12": tt=1, a transposition table of 1 MB does not fit: 1 MB of the 1 MB available to this program's tables are taken by the tables in use at the same time; run fewer at once (--concurrency) or give smaller tables`
		if g.Reason != record.ReasonError || g.Detail != want || g.Winner != 1 {
			t.Errorf("game %d: winner %d, %q: %q; want the second player's forfeit %q: %q", g.Index, g.Winner, g.Reason, g.Detail, record.ReasonError, want)
		}
	}
	if u := budget.Used(); u != 0 {
		t.Errorf("%d bytes still reserved after the run", u)
	}
}
