package engine

import (
	"bufio"
	"context"
	"errors"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/search"
)

// engineWait bounds every wait of the engine's tests: generous, as the machine may be
// busy (the tests assert no timing).
const engineWait = 30 * time.Second

// newTestEngine returns the engine of spec for game ("" for any), failing the test on
// an error.
func newTestEngine(t *testing.T, spec, game string) *Engine {
	t.Helper()
	e, err := New(spec, game)
	if err != nil {
		t.Fatalf("New(%q, %q): %v", spec, game, err)
	}
	return e
}

// connectEngine connects a protocol.Client to Serve running e over pipes, in the same
// process; the cleanup closes the client and checks that Serve ended cleanly.
func connectEngine(t *testing.T, e *Engine) *protocol.Client {
	t.Helper()
	cr, ew := io.Pipe() // the engine's output
	er, cw := io.Pipe() // the engine's input
	done := make(chan error, 1)
	go func() {
		err := protocol.Serve(context.Background(), er, ew, e)
		ew.Close()
		er.Close()
		done <- errors.Join(err, e.Close())
	}()
	ctx, cancel := context.WithTimeout(context.Background(), engineWait)
	defer cancel()
	c, err := protocol.Connect(ctx, cr, cw, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.Close() // an engine ended by a fault is closed already
		select {
		case err := <-done:
			// After a fault the client closes the pipes, which the engine may find
			// writing its next line.
			if err != nil && !errors.Is(err, io.ErrClosedPipe) {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(engineWait):
			t.Error("Serve did not return after Close")
		}
	})
	return c
}

// testCtx returns a context bounded by engineWait.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), engineWait)
	t.Cleanup(cancel)
	return ctx
}

// goTurn searches the position with the client and returns the turn and the info
// lines, failing the test on an error.
func goTurn(t *testing.T, c *protocol.Client, start string, moves []string, limits protocol.Limits) (string, []protocol.Info) {
	t.Helper()
	ctx := testCtx(t)
	if err := c.Position(ctx, start, moves); err != nil {
		t.Fatal(err)
	}
	var infos []protocol.Info
	res, err := c.Go(ctx, limits, engineWait, func(in protocol.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatalf("go %+v on %q moves %q: %v", limits, start, moves, err)
	}
	return res.Turn, infos
}

// inProcess returns the turn the player of spec chooses in position, in process.
func inProcess(t *testing.T, g catalog.Ruleset, spec, position string) string {
	t.Helper()
	turn, _, err := g.Think(context.Background(), spec, position)
	if err != nil {
		t.Fatalf("Think(%q, %q): %v", spec, position, err)
	}
	return turn
}

func TestEngineIdentity(t *testing.T) {
	tests := []struct {
		spec, game string
		name       string
		games      []string
		options    []protocol.Option // some of the options, in their order
	}{
		{spec: "ab:depth=3", name: "colony ab:depth=3,tt=16,aspiration=12", games: catalog.Names(),
			options: []protocol.Option{
				{Name: "depth", Type: protocol.IntOption, Default: "3", Min: "1", Max: "64"},
				{Name: "nodes", Type: protocol.IntOption, Default: "0", Min: "0", Max: "18446744073709551615"},
				{Name: "time", Type: protocol.StringOption},
				{Name: "tt", Type: protocol.IntOption, Default: "16", Min: "0", Max: "4096"},
				{Name: "seed", Type: protocol.IntOption, Default: "0", Min: "0", Max: "18446744073709551615"},
				{Name: "aspiration", Type: protocol.IntOption, Default: "12", Min: "-9223372036854775808", Max: "9223372036854775807"},
				{Name: "eval", Type: protocol.StringOption},
			}},
		{spec: "mcts:sims=500,reuse=off,eval=score,time=2s", game: "kalah:6x4", name: "colony mcts:sims=500,time=2s,mem=512,c=1,cutoff=0,threads=1,reuse=off,solver=on,seed=1,eval=score",
			games: []string{"kalah"},
			options: []protocol.Option{
				{Name: "sims", Type: protocol.IntOption, Default: "500", Min: "1", Max: "2147483647"},
				{Name: "time", Type: protocol.StringOption, Default: "2s"},
				{Name: "c", Type: protocol.StringOption, Default: "1"},
				{Name: "reuse", Type: protocol.CheckOption, Default: "false"},
				{Name: "solver", Type: protocol.CheckOption, Default: "true"},
				{Name: "seed", Type: protocol.IntOption, Default: "1", Min: "0", Max: "18446744073709551615"},
				{Name: "eval", Type: protocol.StringOption, Default: "score"},
			}},
		{spec: "random", game: "oware", name: "colony random:seed=1", games: []string{"oware"},
			options: []protocol.Option{{Name: "seed", Type: protocol.IntOption, Default: "1", Min: "0", Max: "18446744073709551615"}}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			c := connectEngine(t, newTestEngine(t, tt.spec, tt.game))
			id := c.Identity()
			if id.Name != tt.name || id.Author != Author || !slices.Equal(id.Games, tt.games) {
				t.Errorf("identity %q by %q for %q, want %q by %q for %q", id.Name, id.Author, id.Games, tt.name, Author, tt.games)
			}
			kind, _ := search.LookupKind(strings.SplitN(tt.spec, ":", 2)[0])
			if len(id.Options) != len(kind.Settings) {
				t.Errorf("%d options, want one a setting: %d", len(id.Options), len(kind.Settings))
			}
			for _, want := range tt.options {
				got, ok := id.Option(want.Name)
				if !ok || got.Type != want.Type || got.Default != want.Default || got.Min != want.Min || got.Max != want.Max {
					t.Errorf("option %s: got %+v (declared %v), want %+v", want.Name, got, ok, want)
				}
			}
		})
	}
}

func TestNewEngineErrors(t *testing.T) {
	tests := []struct {
		spec, game string
		want       string // in the error
	}{
		{"nosuch", "", `player "nosuch": unknown kind`},
		{"ab:depth=0", "", `player "ab:depth=0": depth="0"`},
		{"ab:depth=x", "kalah", `player "ab:depth=x": depth="x"`},
		{"ab:colour=red", "", `player "ab:colour=red": ab has no setting "colour"`},
		{"ab:eval=no/such/weights.json", "kalah", `player "ab:eval=no/such/weights.json"`},
		{"ab:depth=3", "nosuchgame", `game "nosuchgame": unknown game`},
		{"ab:depth=3", "kalah:0x0", `game "kalah:0x0"`},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.game, func(t *testing.T) {
			_, err := New(tt.spec, tt.game)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New(%q, %q): %v, want an error with %q", tt.spec, tt.game, err, tt.want)
			}
		})
	}
}

func TestEngineSetOption(t *testing.T) {
	g, _ := catalog.Open("kalah:6x4")
	pos := g.SamplePositions(1, 7)[0]
	tests := []struct {
		name, value string
		spec        string // the engine's spec after it, "" when refused
		refusal     string // in the error, when refused (by the client or the engine)
	}{
		{name: "depth", value: "2", spec: "ab:depth=2"},
		{name: "tt", value: "0", spec: "ab:depth=3,tt=0"},
		{name: "nodes", value: "500", spec: "ab:depth=3,nodes=500"},
		{name: "nodes", value: "0", spec: "ab:depth=3"},
		{name: "time", value: "", spec: "ab:depth=3"},
		{name: "eval", value: "score", spec: "ab:depth=3,eval=score"},
		{name: "depth", value: "65", refusal: "out of its range"},
		{name: "aspiration", value: "-5", refusal: "want a whole number from 0 to"},
		{name: "time", value: "soon", refusal: "want a positive duration"},
		{name: "eval", value: "no/such/file.json", refusal: "no/such/file.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name+"="+tt.value, func(t *testing.T) {
			e := newTestEngine(t, "ab:depth=3", "")
			c := connectEngine(t, e)
			ctx := testCtx(t)
			if err := c.NewGame(ctx, "kalah:6x4"); err != nil {
				t.Fatal(err)
			}
			err := c.SetOption(ctx, tt.name, tt.value)
			if err == nil {
				err = c.IsReady(ctx)
			}
			if tt.spec == "" {
				if err == nil || !strings.Contains(err.Error(), tt.refusal) {
					t.Fatalf("setoption %s %q: %v, want a refusal with %q", tt.name, tt.value, err, tt.refusal)
				}
				return
			}
			if err != nil {
				t.Fatalf("setoption %s %q: %v", tt.name, tt.value, err)
			}
			if got := e.Spec(); got != tt.spec {
				t.Errorf("spec %q, want %q", got, tt.spec)
			}
			// The next search plays the new spec.
			turn, _ := goTurn(t, c, pos, nil, protocol.Limits{})
			if want := inProcess(t, g, tt.spec, pos); turn != want {
				t.Errorf("turn %q, the player of %s plays %q", turn, tt.spec, want)
			}
		})
	}
}

func TestEngineNewGame(t *testing.T) {
	tests := []struct {
		only, game string
		refused    bool
	}{
		{"", "colony", false},
		{"", "colony:turncap=300", false},
		{"", "kalah:6x4", false},
		{"", "kalah:4x3", false},
		{"", "oware", false},
		{"", "ayo", false},
		{"", "nigerian", false},
		{"", "martian:8x3321", false},
		{"", "nosuchgame", true},
		{"", "kalah:0x0", true},
		{"kalah", "kalah:4x3", false},
		{"kalah:6x4", "kalah", false},
		{"kalah", "oware", true},
		{"oware", "colony", true},
	}
	for _, tt := range tests {
		t.Run(tt.only+" "+tt.game, func(t *testing.T) {
			e := newTestEngine(t, "ab:depth=2", tt.only)
			err := e.NewGame(tt.game)
			if tt.refused {
				if !errors.Is(err, protocol.ErrUnsupportedGame) {
					t.Fatalf("NewGame(%q): %v, want an unsupported game", tt.game, err)
				}
				// Over the protocol: "error unsupported game GAME" (raw lines: the
				// client refuses a game the engine does not declare before sending).
				r := startRaw(t, newTestEngine(t, "ab:depth=2", tt.only))
				r.handshake()
				r.send("newgame " + tt.game)
				r.send("isready")
				r.expect("error unsupported game " + tt.game)
				r.expect("readyok")
				return
			}
			if err != nil {
				t.Fatalf("NewGame(%q): %v", tt.game, err)
			}
			c := connectEngine(t, e)
			if err := c.NewGame(testCtx(t), tt.game); err != nil {
				t.Fatal(err)
			}
			g, _ := catalog.Open(tt.game)
			turn, _ := goTurn(t, c, "", nil, protocol.Limits{})
			if want := inProcess(t, g, "ab:depth=2", g.StartPosition()); turn != want {
				t.Errorf("turn %q at the start of %s, want %q", turn, tt.game, want)
			}
		})
	}
}

// playedTurns returns the first n turns of a game between two seeded players from the
// start (fewer when it ends).
func playedTurns(t *testing.T, g catalog.Ruleset, n int, seed uint64) []string {
	t.Helper()
	pos := g.StartPosition()
	var turns []string
	for range n {
		st, err := g.Situation(pos)
		if err != nil || st.End != nil {
			break
		}
		turn, _, err := g.Think(context.Background(), "random:seed="+strconv.FormatUint(seed+uint64(len(turns)), 10), pos)
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, turn)
		if pos, _, err = g.Play(pos, []string{turn}); err != nil {
			t.Fatal(err)
		}
	}
	return turns
}

func TestEnginePositions(t *testing.T) {
	for _, name := range []string{"colony", "kalah:6x4", "oware"} {
		t.Run(name, func(t *testing.T) {
			g, _ := catalog.Open(name)
			c := connectEngine(t, newTestEngine(t, "ab:depth=3", ""))
			if err := c.NewGame(testCtx(t), name); err != nil {
				t.Fatal(err)
			}
			turns := playedTurns(t, g, 12, 1)
			// From the start with the turns so far, and from a position set with the
			// last turns after it.
			for k := 0; k <= len(turns); k += 3 {
				pos, _, err := g.Play(g.StartPosition(), turns[:k])
				if err != nil {
					t.Fatal(err)
				}
				want := inProcess(t, g, "ab:depth=3", pos)
				if got, _ := goTurn(t, c, "", turns[:k], protocol.Limits{}); got != want {
					t.Errorf("position start moves %q: %q, want %q", turns[:k], got, want)
				}
				half := k / 2
				from, _, _ := g.Play(g.StartPosition(), turns[:half])
				if got, _ := goTurn(t, c, from, turns[half:k], protocol.Limits{}); got != want {
					t.Errorf("position set %q moves %q: %q, want %q", from, turns[half:k], got, want)
				}
			}
		})
	}
}

func TestEngineBadPositions(t *testing.T) {
	kalah, _ := catalog.Open("kalah:6x4")
	// A finished game of Kalah: play random turns to its end.
	var over []string
	for pos := kalah.StartPosition(); ; {
		moves, _ := kalah.Moves(pos)
		if len(moves) == 0 {
			break
		}
		over = append(over, moves[len(over)%len(moves)])
		pos, _, _ = kalah.Play(pos, over[len(over)-1:])
	}
	tests := []struct {
		name      string
		newgame   string // "" sends none
		start     string
		moves     []string
		wantError string
	}{
		{"no game", "", "", nil, "no game (send newgame first)"},
		{"bad notation", "kalah:6x4", "pits=1.2.3", nil, "position: want 3 fields"},
		{"bad counts", "kalah:6x4", "pits=4.4.4.4.4.x/4.4.4.4.4.4 stores=0,0 move=south", nil, "position: pits: south pit f"},
		{"colony bad notation", "colony", "eggs=1", nil, "position: want 8 fields"},
		{"illegal turn", "kalah:6x4", "", []string{"a", "zz"}, "position: turn 2 of the moves, zz: move "},
		{"colony illegal turn", "colony", "", []string{"C1", "C1", "A2>B2"}, "position: turn 2 of the moves, C1:"},
		{"game over", "kalah:6x4", "", over, "position: the game is over"},
		{"turn after the end", "kalah:6x4", "", append(slices.Clone(over), "a"), "turn " + strconv.Itoa(len(over)+1) + " of the moves, a:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := connectEngine(t, newTestEngine(t, "ab:depth=2", ""))
			ctx := testCtx(t)
			if tt.newgame != "" {
				if err := c.NewGame(ctx, tt.newgame); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.Position(ctx, tt.start, tt.moves); err != nil {
				t.Fatal(err)
			}
			_, err := c.Go(ctx, protocol.Limits{Depth: 2}, engineWait, nil)
			f := protocol.AsFault(err)
			if f == nil || f.Reason != protocol.EngineError || !strings.Contains(f.Detail, tt.wantError) {
				t.Fatalf("go: %v, want an engine error with %q", err, tt.wantError)
			}
			if strings.Contains(f.Detail, "position: position:") {
				t.Errorf("go: %v: the command named twice", err)
			}
		})
	}
}

// checkInfo checks an info line of a search of pos in g: a pv of legal turns in
// sequence, and a score and nodes unless the search may have been stopped before its
// first node (stoppable: then it has neither).
func checkInfo(t *testing.T, g catalog.Ruleset, pos string, in protocol.Info, stoppable bool) {
	t.Helper()
	if line := (&protocol.InfoReply{Info: in}).String(); !strings.HasPrefix(line, "info ") {
		t.Errorf("info line %q", line)
	}
	if in.Text != "" {
		return
	}
	if _, _, err := g.Play(pos, in.PV); err != nil {
		t.Errorf("info %+v: the pv is not legal turns in sequence: %v", in, err)
	}
	unsearched := stoppable && in.Nodes == 0 && in.Score.Kind == protocol.NoScore
	if len(in.PV) == 0 || !unsearched && (in.Score.Kind == protocol.NoScore || in.Depth > 0 && in.Nodes == 0) {
		t.Errorf("info %+v: no pv, score or nodes", in)
	}
}

func TestEngineInfoLines(t *testing.T) {
	colony, _ := catalog.Open("colony")
	oware, _ := catalog.Open("oware")
	tests := []struct {
		spec   string
		g      catalog.Ruleset
		limits protocol.Limits
		depths []int  // the depths of the info lines, when they have them
		text   string // an info string expected
	}{
		{spec: "ab:depth=5", g: colony, limits: protocol.Limits{Depth: 4}, depths: []int{1, 2, 3, 4}},
		{spec: "ab:depth=3", g: oware, depths: []int{1, 2, 3}},
		{spec: "mcts:sims=2000", g: oware, limits: protocol.Limits{Nodes: 1000}},
		{spec: "mcts:sims=300", g: colony, limits: protocol.Limits{Depth: 3}, text: "mcts has no depth limit: depth 3 ignored"},
		{spec: "minimax:depth=1", g: oware, limits: protocol.Limits{Nodes: 30}, depths: []int{1}, text: "minimax has no node limit: nodes 30 ignored"},
		{spec: "greedy", g: colony},
		{spec: "random", g: oware, depths: []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			c := connectEngine(t, newTestEngine(t, tt.spec, ""))
			if err := c.NewGame(testCtx(t), tt.g.Name()); err != nil {
				t.Fatal(err)
			}
			pos := tt.g.SamplePositions(3, 5)[2]
			turn, infos := goTurn(t, c, pos, nil, tt.limits)
			if _, _, err := tt.g.Play(pos, []string{turn}); err != nil {
				t.Fatalf("bestturn %q: %v", turn, err)
			}
			var depths []int
			var texts []string
			for _, in := range infos {
				if in.Text != "" {
					texts = append(texts, in.Text)
					continue
				}
				depths = append(depths, in.Depth)
				if tt.spec == "random" {
					if len(in.PV) != 1 || in.PV[0] != turn || in.Score.Kind != protocol.NoScore {
						t.Errorf("random's info %+v, want its turn %q alone", in, turn)
					}
					continue
				}
				checkInfo(t, tt.g, pos, in, false)
			}
			if len(depths) == 0 {
				t.Fatalf("no info line but strings %q", texts)
			}
			if tt.depths != nil && !slices.Equal(depths, tt.depths) {
				t.Errorf("depths %v, want %v", depths, tt.depths)
			}
			if tt.text != "" && !slices.Contains(texts, tt.text) {
				t.Errorf("info strings %q, want %q", texts, tt.text)
			}
		})
	}
}

func TestEngineInfinite(t *testing.T) {
	for _, spec := range []string{"ab:depth=2", "mcts:sims=100"} {
		t.Run(spec, func(t *testing.T) {
			g, _ := catalog.Open("colony")
			c := connectEngine(t, newTestEngine(t, spec, "colony"))
			ctx := testCtx(t)
			if err := c.NewGame(ctx, "colony"); err != nil {
				t.Fatal(err)
			}
			turns := playedTurns(t, g, 4, 3)
			if err := c.Position(ctx, "", turns); err != nil {
				t.Fatal(err)
			}
			// The search goes on past the spec's limit until stop: alpha-beta's is
			// stopped once it went deeper than depth 2; MCTS, which reports at the end
			// of its search only, at once.
			deeper := make(chan struct{})
			var once sync.Once
			var infos []protocol.Info // written by Go's goroutine, read after it
			done := make(chan struct{})
			go func() {
				if strings.HasPrefix(spec, "ab") {
					select {
					case <-deeper:
					case <-done:
						return
					}
				}
				// Stop does nothing before Go has sent go: ask until Go returns.
				for {
					_ = c.Stop()
					select {
					case <-done:
						return
					case <-time.After(20 * time.Millisecond):
					}
				}
			}()
			res, err := c.Go(ctx, protocol.Limits{Infinite: true}, 0, func(in protocol.Info) {
				infos = append(infos, in)
				if in.Depth > 2 {
					once.Do(func() { close(deeper) })
				}
			})
			close(done)
			if err != nil {
				t.Fatal(err)
			}
			pos, _, _ := g.Play(g.StartPosition(), turns)
			if _, _, err := g.Play(pos, []string{res.Turn}); err != nil {
				t.Errorf("bestturn %q after stop: %v", res.Turn, err)
			}
			if len(infos) == 0 {
				t.Fatal("no info line")
			}
			for _, in := range infos {
				checkInfo(t, g, pos, in, true)
			}
			// The engine is still usable, and plays its spec's limits again.
			turn, _ := goTurn(t, c, "", turns, protocol.Limits{})
			if want := inProcess(t, g, spec, pos); turn != want {
				t.Errorf("after go infinite: %q, want %q", turn, want)
			}
		})
	}
}

func TestEnginePlan(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		spec   string
		limits protocol.Limits
		want   catalog.EngineSearch
	}{
		{"ab:depth=6", protocol.Limits{}, catalog.EngineSearch{Spec: "ab:depth=6"}},
		{"ab:depth=6,tt=64", protocol.Limits{Depth: 3}, catalog.EngineSearch{Spec: "ab:tt=64,depth=3"}},
		{"ab:depth=6", protocol.Limits{Nodes: 1000}, catalog.EngineSearch{Spec: "ab:nodes=1000"}},
		{"ab:depth=6", protocol.Limits{MoveTime: 250 * ms}, catalog.EngineSearch{Spec: "ab:time=250ms"}},
		{"ab:depth=6", protocol.Limits{Depth: 9, MoveTime: 100 * ms}, catalog.EngineSearch{Spec: "ab:depth=9,time=100ms"}},
		{"ab:depth=6", protocol.Limits{Clock: &protocol.Clock{Time: 30000 * ms, Inc: 400 * ms}},
			catalog.EngineSearch{Spec: "ab", UntilDone: true, Deadline: 1300 * ms}},
		{"ab:depth=6", protocol.Limits{Clock: &protocol.Clock{Time: 100 * ms, Inc: 1000 * ms}},
			catalog.EngineSearch{Spec: "ab", UntilDone: true, Deadline: 50 * ms}},
		{"ab:depth=6", protocol.Limits{Clock: &protocol.Clock{Time: -20 * ms}},
			catalog.EngineSearch{Spec: "ab", UntilDone: true, Deadline: ms}},
		{"ab:depth=6", protocol.Limits{Depth: 5, Clock: &protocol.Clock{Time: 3000 * ms}},
			catalog.EngineSearch{Spec: "ab:depth=5", Deadline: 100 * ms}},
		{"ab:depth=6", protocol.Limits{OClock: &protocol.Clock{Time: 3000 * ms}}, catalog.EngineSearch{Spec: "ab:depth=6"}},
		{"ab:depth=6", protocol.Limits{Infinite: true}, catalog.EngineSearch{Spec: "ab", UntilDone: true}},
		{"ab:depth=6", protocol.Limits{Infinite: true, Depth: 8}, catalog.EngineSearch{Spec: "ab:depth=8"}},
		{"mcts:sims=500,c=2", protocol.Limits{Nodes: 80}, catalog.EngineSearch{Spec: "mcts:c=2,sims=80"}},
		{"mcts:sims=500", protocol.Limits{Depth: 4}, catalog.EngineSearch{Spec: "mcts:sims=500", Notes: []string{"mcts has no depth limit: depth 4 ignored"}}},
		{"mcts:time=1s", protocol.Limits{Depth: 4, MoveTime: 20 * ms}, catalog.EngineSearch{Spec: "mcts:time=20ms", Notes: []string{"mcts has no depth limit: depth 4 ignored"}}},
		{"random", protocol.Limits{Depth: 2, Nodes: 9}, catalog.EngineSearch{Spec: "random", Notes: []string{
			"random has no depth limit: depth 2 ignored", "random has no node limit: nodes 9 ignored"}}},
		{"random", protocol.Limits{MoveTime: 40 * ms}, catalog.EngineSearch{Spec: "random", UntilDone: true, Deadline: 40 * ms}},
		{"minimax:depth=3", protocol.Limits{Depth: 1}, catalog.EngineSearch{Spec: "minimax:depth=1"}},
	}
	for _, tt := range tests {
		e := newTestEngine(t, tt.spec, "")
		got := e.plan(tt.limits)
		if got.Spec != tt.want.Spec || got.UntilDone != tt.want.UntilDone || got.Deadline != tt.want.Deadline || !slices.Equal(got.Notes, tt.want.Notes) {
			t.Errorf("%s, go %v: plan %+v, want %+v", tt.spec, (&protocol.GoCommand{Limits: tt.limits}).String(), got, tt.want)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		v    int
		want string
	}{
		{0, "0"}, {37, "37"}, {-412, "-412"},
		{search.WinScore, "win 0"}, {search.WinScore + 5, "win 5"},
		{-search.WinScore, "loss 0"}, {-search.WinScore - 12, "loss 12"},
	}
	for _, tt := range tests {
		if got := Score(tt.v).String(); got != tt.want {
			t.Errorf("Score(%d) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// TestEngineKeepsItsTables checks that searches do not allocate a transposition table
// each: a game's player is kept, and new games' players take the table of the last.
func TestEngineKeepsItsTables(t *testing.T) {
	e := newTestEngine(t, "ab:depth=1,tt=64", "kalah")
	defer e.Close()
	pos := protocol.Position{}
	ctx := context.Background()
	search := func() {
		if _, err := e.Search(ctx, pos, protocol.Limits{}, func(protocol.Info) {}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.NewGame("kalah"); err != nil {
		t.Fatal(err)
	}
	search() // the first search takes the table
	const n = 50
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range n {
		if i%10 == 0 {
			if err := e.NewGame("kalah"); err != nil {
				t.Fatal(err)
			}
		}
		search()
	}
	runtime.ReadMemStats(&after)
	// A player is about a megabyte (its stacks); a table 64 MB.
	if perSearch := (after.TotalAlloc - before.TotalAlloc) / n; perSearch > 1<<20 {
		t.Errorf("%d bytes allocated a search, want far less than the table's 64 MB", perSearch)
	}
}

// rawEngine drives Serve over pipes line by line, to test the lines themselves.
type rawEngine struct {
	t     *testing.T
	w     io.Writer
	lines chan string
}

// startRaw runs Serve for e over pipes; the cleanup ends it.
func startRaw(t *testing.T, e *Engine) *rawEngine {
	t.Helper()
	cr, ew := io.Pipe()
	er, cw := io.Pipe()
	r := &rawEngine{t: t, w: cw, lines: make(chan string, 100)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = protocol.Serve(context.Background(), er, ew, e)
		ew.Close()
		_ = e.Close()
	}()
	go func() {
		defer close(r.lines)
		br := bufio.NewReader(cr)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			r.lines <- strings.TrimSuffix(line, "\n")
		}
	}()
	t.Cleanup(func() {
		cw.Close()
		<-done
	})
	return r
}

func (r *rawEngine) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.w, line+"\n"); err != nil {
		r.t.Fatalf("sending %q: %v", line, err)
	}
}

// read returns the next line.
func (r *rawEngine) read() string {
	r.t.Helper()
	select {
	case line, ok := <-r.lines:
		if !ok {
			r.t.Fatal("the engine's output ended")
		}
		return line
	case <-time.After(engineWait):
		r.t.Fatal("no line from the engine")
	}
	return ""
}

// expect reads the next line and fails unless it is want.
func (r *rawEngine) expect(want string) {
	r.t.Helper()
	if got := r.read(); got != want {
		r.t.Fatalf("got %q, want %q", got, want)
	}
}

// handshake sends mep 1 and reads the lines to mepok.
func (r *rawEngine) handshake() {
	r.t.Helper()
	r.send("mep 1")
	for r.read() != "mepok 1" {
	}
}

// BenchmarkEngineDepth1 measures searches of ab:depth=1 over the protocol, in
// process over pipes: a Client's position and go, Serve and the Engine.
func BenchmarkEngineDepth1(b *testing.B) {
	e, err := New("ab:depth=1", "")
	if err != nil {
		b.Fatal(err)
	}
	cr, ew := io.Pipe()
	er, cw := io.Pipe()
	go func() {
		_ = protocol.Serve(context.Background(), er, ew, e)
		ew.Close()
	}()
	ctx := context.Background()
	c, err := protocol.Connect(ctx, cr, cw, protocol.Timeouts{})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if err := c.NewGame(ctx, "kalah"); err != nil {
		b.Fatal(err)
	}
	g, _ := catalog.Open("kalah")
	positions := g.SamplePositions(64, 1)
	for i := 0; b.Loop(); i++ {
		if err := c.Position(ctx, positions[i%len(positions)], nil); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Go(ctx, protocol.Limits{}, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEngineNewPlayerEachGame checks that a game's player is not the last game's: an
// MCTS player keeps its tree from one turn of a game to the next (it finds the
// position after its turn and the opponent's reply in it), but the first search of a
// new game is a new player's, even of the position the last game's tree would find.
// (Kalah: in Oware a position reached by turns has a history, for the repetition
// rule, that the position's notation has not.)
func TestEngineNewPlayerEachGame(t *testing.T) {
	const spec = "mcts:sims=400"
	g, _ := catalog.Open("kalah:6x4")
	turns := playedTurns(t, g, 10, 5)
	c := connectEngine(t, newTestEngine(t, spec, ""))
	ctx := testCtx(t)
	search := func(newGame bool, line []string) string {
		t.Helper()
		if newGame {
			if err := c.NewGame(ctx, "kalah:6x4"); err != nil {
				t.Fatal(err)
			}
		}
		turn, _ := goTurn(t, c, "", line, protocol.Limits{})
		return turn
	}
	kept := 0
	for k := 0; k+2 <= len(turns); k += 2 {
		// The position after k turns, then the one after the engine's turn there and
		// a reply.
		first, _, _ := g.Play(g.StartPosition(), turns[:k])
		mine := search(true, turns[:k])
		if want := inProcess(t, g, spec, first); mine != want {
			t.Errorf("the first search of a game after %d turns: %q, a new player plays %q", k, mine, want)
		}
		line := append(slices.Clone(turns[:k]), mine)
		after, outcome, _ := g.Play(g.StartPosition(), line)
		if outcome != nil {
			continue
		}
		line = append(line, inProcess(t, g, "random", after))
		pos, outcome, _ := g.Play(g.StartPosition(), line)
		if outcome != nil {
			continue
		}
		want := inProcess(t, g, spec, pos)
		if got := search(true, line); got != want {
			t.Errorf("the first search of a new game, after %q: %q, a new player plays %q", line, got, want)
		}
		// In one game the tree is kept, which may change the search.
		search(true, turns[:k])
		if search(false, line) != want {
			kept++
		}
	}
	t.Logf("the tree kept in a game changed %d of the searches", kept)
}
