package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
)

// echoPlayer is the player of the test kind "echo": a random player whose spec is its
// settings as given, counting its Close calls.
type echoPlayer struct {
	*Random[colony.State]
	spec   string
	closed *int
}

func (p *echoPlayer) Spec() string { return p.spec }

func (p *echoPlayer) Close() error {
	*p.closed++
	return nil
}

// echoClosed counts the Close calls of the last echo player built.
var echoClosed *int

func init() {
	// A kind registered from outside the built-ins' table, as a later package would:
	// it plays The Colony only.
	Register(Kind{
		Name: "echo",
		Doc:  "a random player for the tests of the registry",
		Settings: []Setting{
			{Key: "seed", Type: UintValue, Default: "1", Doc: "seeds the random decisions", Role: RoleSeed},
			{Key: "note", Type: TextValue, Doc: "any text, kept in the spec"},
			{Key: "eval", Type: TextValue, Doc: "the evaluation", Role: RoleEval},
		},
		New: ConstructorOf[colony.State](func(g game.Rules[colony.State], ev Evaluator[colony.State], b *Builder) (Player[colony.State], error) {
			seed := b.Uint64("seed", 1)
			note := b.Text("note", "")
			if note == "bad" {
				b.Fail("note", "anything but bad")
			}
			if err := b.Err(); err != nil {
				return nil, err
			}
			echoClosed = new(int)
			sp := Spec{Kind: "echo"}.With("seed", fmt.Sprint(seed))
			if b.Spec.Has("note") {
				sp = sp.With("note", note)
			}
			return &echoPlayer{Random: NewRandom(g, seed), spec: sp.String() + "|" + b.Game, closed: echoClosed}, nil
		}),
	})
}

func TestKinds(t *testing.T) {
	// The built-in kinds and their settings, in the order the errors list them.
	want := map[string][]string{
		"random":  {"seed"},
		"greedy":  {"seed", "eval"},
		"minimax": {"depth", "eval"},
		"ab":      {"depth", "nodes", "time", "tt", "seed", "aspiration", "eval"},
		"mcts":    {"sims", "time", "mem", "c", "cutoff", "leaf", "minimax", "bestfirst", "threads", "parallel", "reuse", "solver", "seed", "eval"},
		"echo":    {"seed", "note", "eval"},
	}
	kinds := Kinds()
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.Name
	}
	if !slices.IsSorted(names) || len(names) != len(want) {
		t.Fatalf("Kinds() = %v, want %d kinds sorted by name", names, len(want))
	}
	for _, k := range kinds {
		if !slices.Equal(k.Keys(), want[k.Name]) {
			t.Errorf("%s: settings %v, want %v", k.Name, k.Keys(), want[k.Name])
		}
		if k.Doc == "" || strings.Contains(k.Doc, "\n") || k.New == nil {
			t.Errorf("%s: doc %q, constructor %v: want one line and a constructor", k.Name, k.Doc, k.New)
		}
		for _, s := range k.Settings {
			if s.Doc == "" || strings.Contains(s.Doc, "\n") || s.Type.String() == "" {
				t.Errorf("%s: setting %s: doc %q, type %v", k.Name, s.Key, s.Doc, s.Type)
			}
		}
	}
	// The roles a tournament reads.
	roles := []struct {
		kind string
		role Role
		key  string // "" for none
	}{
		{"random", RoleSeed, "seed"},
		{"ab", RoleSeed, ""}, // ab takes a seed and ignores it
		{"mcts", RoleSeed, "seed"},
		{"ab", RoleNodes, "nodes"},
		{"mcts", RoleNodes, "sims"},
		{"minimax", RoleDepth, "depth"},
		{"mcts", RoleDepth, ""},
		{"ab", RoleTime, "time"},
		{"greedy", RoleEval, "eval"},
		{"random", RoleEval, ""},
		{"ab", RoleNone, ""},
	}
	for _, tc := range roles {
		k, ok := LookupKind(tc.kind)
		if !ok {
			t.Fatalf("LookupKind(%q): not found", tc.kind)
		}
		s, ok := k.SettingFor(tc.role)
		if ok != (tc.key != "") || s.Key != tc.key {
			t.Errorf("%s: setting for %q = %q, %v; want %q", tc.kind, tc.role, s.Key, ok, tc.key)
		}
	}
	if _, ok := LookupKind("alphabeta"); ok {
		t.Error(`LookupKind("alphabeta") found a kind`)
	}
	// A looked-up kind is a copy.
	k, _ := LookupKind("ab")
	k.Settings[0].Key = "width"
	if sp, err := ParseSpec("ab:depth=2"); err != nil || !sp.Accepts("depth") {
		t.Errorf("changing a looked-up kind changed the registry: %v", err)
	}
}

func TestRegisterRefusesBadKinds(t *testing.T) {
	ctor := ConstructorOf[colony.State](nil)
	tests := []struct {
		name string
		kind Kind
		want string
	}{
		{"taken name", Kind{Name: "ab", New: builtinAlphaBeta}, `kind "ab" registered twice`},
		{"empty name", Kind{New: ctor}, `kind "": want a name`},
		{"colon in the name", Kind{Name: "cmd:x", New: ctor}, `kind "cmd:x": want a name`},
		{"no constructor", Kind{Name: "nothing"}, "no constructor"},
		{"bad key", Kind{Name: "k", New: ctor, Settings: []Setting{{Key: "a=b"}}}, `setting "a=b": want a name`},
		{"key twice", Kind{Name: "k", New: ctor, Settings: []Setting{{Key: "a"}, {Key: "a"}}}, `setting "a" given twice`},
		{"role twice", Kind{Name: "k", New: ctor, Settings: []Setting{{Key: "a", Role: RoleSeed}, {Key: "b", Role: RoleSeed}}},
			`settings "a" and "b" both have the role seed`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.Contains(msg, tc.want) {
					t.Errorf("Register panicked with %v, want a message with %q", r, tc.want)
				}
			}()
			Register(tc.kind)
		})
	}
	if _, ok := LookupKind("k"); ok {
		t.Error("a refused kind was registered")
	}
}

func TestRegisteredKindIsBuilt(t *testing.T) {
	p, err := New[colony.State](colonyGame, colony.Score{}, `echo:note="a, b",eval=score`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := `echo:seed=1,note="a, b"|` + colonyGame.Name() + ",eval=score"; p.Spec() != want {
		t.Errorf("spec %q, want %q", p.Spec(), want)
	}
	s := colonyGame.Rules.Start()
	if _, err := p.Play(context.Background(), &s); err != nil {
		t.Fatal(err)
	}
	// The eval wrapper forwards Close.
	if err := p.Close(); err != nil || *echoClosed != 1 {
		t.Errorf("Close: %v, %d calls; want 1", err, *echoClosed)
	}
	for _, bad := range []struct{ spec, want string }{
		{"echo:note=bad", `player "echo:note=bad": note="bad": want anything but bad`},
		{"echo:depth=2", `echo has no setting "depth" (known: seed, note, eval)`},
	} {
		if _, err := New[colony.State](colonyGame, colony.Score{}, bad.spec, Options{}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("New(%q): %v, want an error with %q", bad.spec, err, bad.want)
		}
	}
	// It plays The Colony only.
	if _, err := New[nimState](nim{}, nimEval{}, "echo", Options{}); err == nil || !strings.Contains(err.Error(), `player "echo": echo players cannot play`) {
		t.Errorf("echo for nim: %v", err)
	}
}

func TestPlayersClose(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"random", "greedy", "minimax:depth=1", "ab:depth=2", "mcts:sims=200,threads=2", "greedy:eval=score"} {
		t.Run(spec, func(t *testing.T) {
			p := newPlayer(t, colonyGame, spec, Options{})
			s := colonyGame.Rules.Start()
			if _, err := p.Play(ctx, &s); err != nil {
				t.Fatal(err)
			}
			if err := p.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if m, ok := p.(*MCTS[colony.State]); ok && m.trees != nil {
				t.Error("MCTS keeps its trees after Close")
			}
		})
	}
}

// TestAlphaBetaCloseGivesTablesBack: a closed player's lent table is free again, and
// the next player takes it without a Release; a second Close does not free a table
// lent again.
func TestAlphaBetaCloseGivesTablesBack(t *testing.T) {
	ctx := context.Background()
	var tables Tables
	s := colonyGame.Rules.Start()
	play := func() Player[colony.State] {
		p := newPlayer(t, colonyGame, "ab:depth=1,tt=1", Options{Tables: &tables})
		if _, err := p.Play(ctx, &s); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := play()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if tables.lent[0] {
		t.Fatal("the closed player's table is still lent")
	}
	second := play()
	if len(tables.tables) != 1 || !tables.lent[0] {
		t.Fatalf("%d tables, lent %v: want the first table lent again", len(tables.tables), tables.lent)
	}
	if err := first.Close(); err != nil || !tables.lent[0] {
		t.Fatalf("a second Close: %v, lent %v: want the table still lent to the second player", err, tables.lent)
	}
	if err := second.Close(); err != nil || tables.lent[0] {
		t.Fatalf("Close: %v, lent %v", err, tables.lent)
	}
	// A player with a table of its own lets it go.
	own := newPlayer(t, colonyGame, "ab:depth=1,tt=1", Options{}).(*AlphaBeta[colony.State])
	if _, err := own.Play(ctx, &s); err != nil {
		t.Fatal(err)
	}
	if err := own.Close(); err != nil || own.tt != nil {
		t.Fatalf("Close: %v, table kept: %v", err, own.tt != nil)
	}
}
