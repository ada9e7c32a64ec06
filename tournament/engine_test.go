package tournament

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/protocol/protocoltest"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"

	"github.com/colony-ai/colony/colony"
)

// TestEngineFaultsAreResults runs real tournaments between a misbehaving external
// engine (the test engine, at its second turn of every game) and a good one: each
// game is recorded once, lost by the bad engine with the fault's reason, and no
// engine process is left when Run returns; the engines' standard error is in the
// logs, one file per game slot. (A stray bestturn, which the protocol's tests
// cover, is not here: whether it is read before the next go, a protocol error, or
// taken for the answer to it depends on the scheduling.)
func TestEngineFaultsAreResults(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	tests := []struct {
		fault  string
		args   string
		reason string
		detail string
		// checked: the games the check's process plays are played well (its start
		// is not the fault's), the others are lost by the fault.
		checked bool
	}{
		{fault: "illegal", reason: record.ReasonIllegal, detail: `bestturn "xyzzy": move "xyzzy": unknown log`},
		{fault: "garbage", reason: record.ReasonProtocol, detail: `unknown reply "this"`},
		{fault: "noreply", reason: record.ReasonStalled, detail: "no bestturn within 150ms (time forfeit), then none within 1s of stop"},
		{fault: "slow", args: "-slow 400ms", reason: record.ReasonTime, detail: "no bestturn within 150ms (it came after"},
		{fault: "crash", reason: record.ReasonCrashed, detail: "exit status 3"},
		{fault: "exitzero", reason: record.ReasonDisconnected, detail: "the engine exited with status 0"},
		{fault: "huge", reason: record.ReasonProtocol, detail: "a line longer than 65536 bytes"},
		{fault: "badutf8", reason: record.ReasonProtocol, detail: "invalid UTF-8"},
		// The check's process (the first start) plays well; every later start exits
		// at once.
		{fault: "handshake-exit", args: "-fault-start 2", reason: record.ReasonCrashed, detail: "exit status 2", checked: true},
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			state, logs := t.TempDir(), t.TempDir()
			args := "-fault " + tt.fault + " -fault-turn 2 -state " + state
			if tt.args != "" {
				args += " " + tt.args
			}
			cfg := record.Config{
				Game: "colony",
				Players: []record.Entrant{
					{Name: "bad", Spec: `cmd:` + engine + `,args="` + args + `"`},
					{Name: "good", Spec: `cmd:` + engine},
				},
				Format: record.RoundRobin,
				Games:  4,
				Seed:   3,
				Limits: record.Limits{MoveTime: 50 * time.Millisecond, Margin: 100 * time.Millisecond},
			}
			var buf bytes.Buffer
			if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
				t.Fatal(err)
			}
			r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2, Records: &buf, EngineLogs: logs}
			res, err := r.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			pids := protocoltest.LoggedPids(t, logs, "*.log")
			protocoltest.WaitGone(t, pids, 0, "the tournament")
			if len(pids) < 2 {
				t.Errorf("%d engine processes in the logs, want at least 2 (one per game slot)", len(pids))
			}
			games := parseFile(t, buf.Bytes()).Games
			if len(games) != cfg.Games || len(res.Games) != cfg.Games {
				t.Fatalf("%d games in the file, %d in the result, want %d", len(games), len(res.Games), cfg.Games)
			}
			seen := map[int]bool{}
			faults := 0
			for _, g := range games {
				if tt.checked && !g.Forfeit() {
					continue // played by the check's process
				}
				faults++
				if seen[g.Index] {
					t.Errorf("game %d recorded twice", g.Index)
				}
				seen[g.Index] = true
				bad := 0
				if g.Players[1] == "bad" {
					bad = 1
				}
				if g.Winner != 1-bad || g.Reason != tt.reason || !strings.Contains(g.Detail, tt.detail) || !strings.HasPrefix(g.Detail, "bad (") {
					t.Errorf("game %d: winner %d, reason %q, detail %q; want a loss of bad (seat %d) by %q with %q",
						g.Index, g.Winner, g.Reason, g.Detail, bad, tt.reason, tt.detail)
				}
				if !g.Forfeit() {
					t.Errorf("game %d: reason %q is not a forfeit", g.Index, g.Reason)
				}
			}
			rep, err := report.Summarize(&cfg, res.Games, colonyGame.Sides(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.checked && (faults == 0 || faults == cfg.Games) {
				t.Errorf("%d games lost by the fault, want some (those of later starts), not all (those of the check's process)", faults)
			}
			if got := rep.Faults; len(got) != 1 || got[0].Player != "bad" || got[0].Reason != tt.reason || got[0].Games != faults {
				t.Errorf("the summary's faults %+v, want bad: %d × %s", got, faults, tt.reason)
			}
		})
	}
}

// TestEnginesAreReused: a run starts one process per game slot and player, not one
// per game, and ends them all.
func TestEnginesAreReused(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	logs := t.TempDir()
	cfg := record.Config{
		Game:    "colony",
		Players: []record.Entrant{{Name: "a", Spec: "cmd:" + engine}, {Name: "b", Spec: "cmd:path=" + engine + ",seed=9"}},
		Format:  record.RoundRobin,
		Games:   16,
		Seed:    5,
	}
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2, EngineLogs: logs}
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != cfg.Games {
		t.Fatalf("%d games, want %d", len(res.Games), cfg.Games)
	}
	for _, g := range res.Games {
		if g.Forfeit() {
			t.Errorf("game %d: %s: %s", g.Index, g.Reason, g.Detail)
		}
	}
	pids := protocoltest.LoggedPids(t, logs, "*.log")
	protocoltest.WaitGone(t, pids, 0, "the tournament")
	// The games start at most one a player and game played at once; the check's
	// processes are among them.
	if len(pids) > 2*r.Concurrency {
		t.Errorf("%d engine processes for %d games, want at most %d", len(pids), cfg.Games, 2*r.Concurrency)
	}
	for _, name := range []string{"a-1.log", "b-1.log"} {
		if _, err := os.Stat(filepath.Join(logs, name)); err != nil {
			t.Errorf("log %s: %v", name, err)
		}
	}
}

// TestEnginesStartOnce: the engines that CheckPlayers starts, before the logs have
// a directory, are the run's: each process is started once, and each start is in
// the logs (its standard error from the start of the check).
func TestEnginesStartOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	logs, state := t.TempDir(), t.TempDir()
	cfg := record.Config{
		Game:    "colony",
		Players: []record.Entrant{{Name: "a", Spec: "cmd:" + engine + ",args=-state " + state}, {Name: "b", Spec: "cmd:" + engine + ",args=-state " + state}},
		Format:  record.RoundRobin,
		Games:   4,
		Seed:    3,
	}
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 1}
	if err := r.CheckPlayers(); err != nil {
		t.Fatal(err)
	}
	r.SetEngineLogs(logs)
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != cfg.Games {
		t.Fatalf("%d games, want %d", len(res.Games), cfg.Games)
	}
	starts, err := filepath.Glob(filepath.Join(state, "start-*"))
	if err != nil {
		t.Fatal(err)
	}
	pids := protocoltest.LoggedPids(t, logs, "*.log")
	protocoltest.WaitGone(t, pids, 0, "the tournament")
	// One game at a time: one process a player, the check's.
	if len(starts) != 2 || len(pids) != 2 {
		t.Errorf("%d engine starts, %d in the logs; want 2 and 2", len(starts), len(pids))
	}
}

// TestEnginesUnderAClock: engines play a tournament at a time control (they are sent
// both clocks) with no forfeit, each move timed by the runner.
func TestEnginesUnderAClock(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	cfg := record.Config{
		Game:    "colony",
		Players: []record.Entrant{{Name: "a", Spec: "cmd:" + engine}, {Name: "b", Spec: "cmd:" + engine}},
		Format:  record.RoundRobin,
		Games:   4,
		Seed:    9,
		Limits:  record.Limits{TimeControl: record.TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}, Margin: 100 * time.Millisecond},
	}
	var buf bytes.Buffer
	if err := record.WriteHeader(&buf, record.NewHeader(cfg)); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 2, Records: &buf, EngineLogs: t.TempDir()}
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	games := parseFile(t, buf.Bytes()).Games
	if len(games) != cfg.Games || len(res.Games) != cfg.Games {
		t.Fatalf("%d games, want %d", len(games), cfg.Games)
	}
	for _, g := range games {
		if g.Forfeit() {
			t.Errorf("game %d: %s: %s", g.Index, g.Reason, g.Detail)
		}
		if len(g.Info) == 0 || g.Info[0].Micros <= 0 {
			t.Errorf("game %d: moves not timed by the runner: %+v", g.Index, g.Info[:min(1, len(g.Info))])
		}
	}
}

// TestEngineLogsTemporary: a run without a games file removes the temporary
// directory of the engines' logs, unless a game was lost by a fault or it is asked
// to keep it, and then says where it is.
func TestEngineLogsTemporary(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	tests := []struct {
		name string
		args string
		keep bool
		want string // the note of the kept directory ("" when removed), DIR for its name
	}{
		{name: "removed", want: ""},
		{name: "asked", keep: true, want: "the engines' logs are kept in DIR (as asked)"},
		{name: "faults", args: "-fault crash -fault-turn 2", want: "the engines' logs are kept in DIR (2 game(s) lost by a fault)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			cfg := record.Config{
				Game:    "colony",
				Players: []record.Entrant{{Name: "a", Spec: `cmd:` + engine + `,args="` + tt.args + `"`}, {Name: "b", Spec: "cmd:" + engine}},
				Format:  record.RoundRobin,
				Games:   2,
				Seed:    3,
			}
			var notes []string
			s := &Session{Runner: &Runner{Games: match.Bind(colonyGame, newFactory[colony.State](colonyGame, colony.Score{}), nil), Config: cfg, Concurrency: 1},
				KeepEngineLogs: tt.keep, Notef: func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }}
			if _, err := s.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			dirs, err := filepath.Glob(filepath.Join(tmp, "colony-engines-*"))
			if err != nil {
				t.Fatal(err)
			}
			last := notes[len(notes)-1]
			switch {
			case tt.want == "" && len(dirs) != 0:
				t.Errorf("%v left behind", dirs)
			case tt.want == "" && strings.Contains(last, "kept"):
				t.Errorf("note %q, want none", last)
			case tt.want != "" && len(dirs) != 1:
				t.Errorf("directories %v, want one kept", dirs)
			case tt.want != "" && last != strings.ReplaceAll(tt.want, "DIR", dirs[0]):
				t.Errorf("note %q, want %q", last, strings.ReplaceAll(tt.want, "DIR", dirs[0]))
			}
		})
	}
}
