package tournament

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
)

// gameOf returns game index of cfg's tournament as a run records it (seed, pair,
// round, players, specs and, for openings from a file, the opening), with a made-up
// result: a record that CheckRecord accepts.
func gameOf(cfg *record.Config, index int) record.Record {
	sl := cfg.Slot(index)
	seed := cfg.GameSeed(index)
	r := record.Record{Type: "game", Index: index, Pair: sl.Pair, Round: sl.Round, Seed: record.Seed(seed),
		Moves: []string{}, Info: []record.MoveInfo{}, Result: "1/2-1/2", Winner: -1, Reason: "turn cap", Turns: 0}
	for seat, p := range sl.Seats {
		tmpl, _ := cfg.Template(cfg.Players[p].Spec) // the tests' specs read
		r.Players[seat] = cfg.Players[p].Name
		r.Specs[seat] = tmpl.ForGame(seed, seat)
	}
	if n := len(cfg.Openings.Positions); n > 0 {
		r.Opening = cfg.Openings.Positions[cfg.OpeningOrder()[sl.Round%n]]
	}
	return r
}

// asGameOf returns r as game index of cfg's tournament (see gameOf): its result and
// moves are r's.
func asGameOf(cfg *record.Config, r record.Record, index int) record.Record {
	g := gameOf(cfg, index)
	r.Index, r.Pair, r.Round, r.Seed, r.Players, r.Specs, r.Opening = g.Index, g.Pair, g.Round, g.Seed, g.Players, g.Specs, g.Opening
	return r
}

// TestCheckRecordOfRuns: every record that runs write (a round robin from a shuffled
// opening file, a sharded match) is a game of their tournament.
func TestCheckRecordOfRuns(t *testing.T) {
	// Openings: those of a run of random openings, one a round.
	random := testConfig()
	random.Games = 8
	_, res, err := run(t, random, 2, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var positions []string
	for _, r := range res.Games {
		if r.Index%2 == 0 && r.Pair%3 == 0 {
			positions = append(positions, r.Opening)
		}
	}
	if len(positions) != 4 {
		t.Fatalf("%d openings, want 4", len(positions))
	}
	file := testConfig()
	file.Openings = record.Openings{File: "four.txt", Positions: positions, Shuffle: true}
	shard := testConfig()
	shard.Shard, shard.Shards = 2, 3
	for _, cfg := range []record.Config{random, file, shard} {
		data, res, err := run(t, cfg, 2, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		gf, err := record.ParseGamesFile(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(gf.Games) != len(res.Games) || len(gf.Games) == 0 {
			t.Fatalf("%d games in the file, %d played", len(gf.Games), len(res.Games))
		}
		for i := range gf.Games {
			if err := gf.Header.CheckRecord(&gf.Games[i]); err != nil {
				t.Errorf("shard %d/%d, openings %q: %v", cfg.Shard, cfg.Shards, cfg.Openings.File, err)
			}
		}
	}
}

func TestCheckRecord(t *testing.T) {
	cfg := testConfig() // a round robin of random, greedy and ab1: 12 games
	cfg.Openings = record.Openings{File: "two.txt", Positions: []string{"P0", "P1"}}
	other := cfg
	other.Seed = 8
	engine := cfg
	engine.Players = []record.Entrant{{Name: "e", Spec: "cmd:./engine"}, {Name: "random", Spec: "random"}}
	engine.Format = record.Match
	shard := cfg
	shard.Shard, shard.Shards = 1, 2
	seed := func(c record.Config, i int) uint64 { return c.GameSeed(i) }
	for _, tc := range []struct {
		name string
		cfg  record.Config
		edit func(r *record.Record)
		want string // the error, "" for none
	}{
		{name: "a game of the tournament", cfg: cfg, edit: func(*record.Record) {}},
		{name: "a game of another run", cfg: cfg, edit: func(r *record.Record) { *r = gameOf(&other, 3) },
			want: fmt.Sprintf("game 3 has seed %d but this tournament's game 3 has seed %d (a record from another run?)", seed(other, 3), seed(cfg, 3))},
		{name: "beyond the schedule", cfg: cfg, edit: func(r *record.Record) { r.Index = 12 },
			want: "game 12 is not in this tournament's schedule of 12 games (a record from another run?)"},
		{name: "another pair", cfg: cfg, edit: func(r *record.Record) { r.Pair = 2 },
			want: "game 3 has pair 2 and round 0 but this tournament's game 3 is of pair 1 and round 0"},
		{name: "seats swapped", cfg: cfg, edit: func(r *record.Record) { r.Players[0], r.Players[1] = r.Players[1], r.Players[0] },
			want: `game 3 is "random" against "ab1" but this tournament's game 3 is "ab1" against "random"`},
		{name: "another spec", cfg: cfg, edit: func(r *record.Record) { r.Specs[0] = "ab:depth=2" },
			want: `game 3: ab1 played "ab:depth=2" but this tournament's game 3 gives ab1 "ab:depth=1"`},
		{name: "another player seed", cfg: cfg, edit: func(r *record.Record) { r.Specs[1] = "random:seed=1" },
			want: fmt.Sprintf(`game 3: random played "random:seed=1" but this tournament's game 3 gives random "random:seed=%d"`, record.Mix(seed(cfg, 3), 2))},
		{name: "another opening", cfg: cfg, edit: func(r *record.Record) { r.Opening = "P1" },
			want: `game 3 starts from "P1" but this tournament's round 0 starts from "P0" (position 1 of opening file two.txt)`},
		{name: "another shard's game", cfg: shard, edit: func(r *record.Record) {},
			want: "game 3 (pair 1) is of shard 2/2, not of this file's shard 1/2"},
		{name: "an engine's seed as sent", cfg: engine, edit: func(r *record.Record) { r.Specs[1] = "cmd:./engine,seed=5" }},
		{name: "an engine without a seed", cfg: engine, edit: func(r *record.Record) { r.Specs[1] = "cmd:./engine" }},
		{name: "an engine's other setting", cfg: engine, edit: func(r *record.Record) { r.Specs[1] = "cmd:./engine,option.Hash=2,seed=5" },
			want: fmt.Sprintf(`game 3: e played "cmd:./engine,option.Hash=2,seed=5" but this tournament's game 3 gives e "cmd:path=./engine,seed=%d"`, record.Mix(seed(cfg, 3), 2))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cfg
			c.Shard, c.Shards = 0, 0
			r := gameOf(&c, 3)
			tc.edit(&r)
			h := record.NewHeader(tc.cfg)
			err := h.CheckRecord(&r)
			if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
				t.Errorf("CheckRecord:\n%v\nwant\n%s", err, tc.want)
			}
		})
	}
}

// foreignFile writes a games file of cfg with games 0 to 5 but game 3, which is
// other's game 3, and returns its name.
func foreignFile(t *testing.T, dir string, cfg, other record.Config) string {
	t.Helper()
	var games []record.Record
	for i := range 6 {
		if i != 3 {
			games = append(games, gameOf(&cfg, i))
		}
	}
	games = append(games, gameOf(&other, 3))
	name := filepath.Join(dir, "g.jsonl")
	writeGamesFile(t, name, cfg, games, "")
	return name
}

func TestForeignRecordRefused(t *testing.T) {
	cfg := testConfig()
	other := cfg
	other.Seed = cfg.Seed + 1
	name := foreignFile(t, t.TempDir(), cfg, other)
	want := fmt.Sprintf("%s:7: game 3 has seed %d but this tournament's game 3 has seed %d (a record from another run?)", name, other.GameSeed(3), cfg.GameSeed(3))
	_, err := record.OpenGamesFile(name, cfg, true)
	var re *record.ResumeError
	if !errors.As(err, &re) || err.Error() != want {
		t.Errorf("resume: %v (a record.ResumeError: %v), want\n%s", err, re != nil, want)
	}
	if _, err := record.MergeFiles([]string{name}); err == nil || err.Error() != want {
		t.Errorf("merge: %v, want\n%s", err, want)
	}
}

// TestMergeForeignHeader: a file whose header is another tournament's than its
// records' is refused at its first record, and files of two tournaments are refused
// as a resume would refuse them; shards of one tournament merge.
func TestMergeForeignHeader(t *testing.T) {
	cfg := testConfig()
	other := cfg
	other.Seed = cfg.Seed + 1
	dir := t.TempDir()
	var games []record.Record
	for i := range cfg.TotalGames() {
		games = append(games, gameOf(&cfg, i))
	}
	// cfg's games under other's header.
	forged := filepath.Join(dir, "forged.jsonl")
	writeGamesFile(t, forged, other, games, "")
	wantForged := fmt.Sprintf("%s:2: game 0 has seed %d but this tournament's game 0 has seed %d (a record from another run?)", forged, cfg.GameSeed(0), other.GameSeed(0))
	if _, err := record.MergeFiles([]string{forged}); err == nil || err.Error() != wantForged {
		t.Errorf("merge of a forged header: %v, want\n%s", err, wantForged)
	}
	whole := filepath.Join(dir, "whole.jsonl")
	writeGamesFile(t, whole, cfg, games[:2], "")
	otherFile := filepath.Join(dir, "other.jsonl")
	writeGamesFile(t, otherFile, other, nil, "")
	wantOther := otherFile + ` is not of the tournament of ` + whole + `: seed differs: "7" vs "8"`
	if _, err := record.MergeFiles([]string{whole, otherFile}); err == nil || err.Error() != wantOther {
		t.Errorf("merge of two tournaments: %v, want\n%s", err, wantOther)
	}
	// Shards 1/2 and 2/2: their headers differ in the shard only.
	var names []string
	for k := 1; k <= 2; k++ {
		sc := cfg
		sc.Shard, sc.Shards = k, 2
		var own []record.Record
		for _, r := range games {
			if sc.InShard(r.Pair) {
				own = append(own, r)
			}
		}
		names = append(names, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)))
		writeGamesFile(t, names[k-1], sc, own, "")
	}
	m, err := record.MergeFiles(names)
	if err != nil || len(m.Games) != len(games) || m.Shards != 2 {
		t.Fatalf("merge of two shards: %v", err)
	}
	// A game of shard 2 in shard 1's file.
	sc := cfg
	sc.Shard, sc.Shards = 1, 2
	wrong := filepath.Join(dir, "wrong-shard.jsonl")
	writeGamesFile(t, wrong, sc, games[:4], "")
	wantShard := wrong + ":4: game 2 (pair 1) is of shard 2/2, not of this file's shard 1/2"
	if _, err := record.MergeFiles([]string{wrong}); err == nil || err.Error() != wantShard {
		t.Errorf("merge of another shard's game: %v, want\n%s", err, wantShard)
	}
}

// TestOldFilesStillRead: a file of version 1 (no hashes in its header) is still
// merged and resumed: its records are games of its tournament.
func TestOldFilesStillRead(t *testing.T) {
	const name = "../record/testdata/games-v1.jsonl"
	m, err := record.MergeFiles([]string{name})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Games) != 4 {
		t.Errorf("%d games merged, want 4", len(m.Games))
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(copied, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := m.Header.Config
	cfg.Board = &record.BoardFile{File: "x.board", SHA256: "0123456789abcdef", Text: "board x\n"} // a run of today hashes its inputs
	cfg.Inputs = []record.InputFile{{Player: "greedy", Setting: "eval", File: "w.json", SHA256: "0123456789abcdef"}}
	w, err := record.OpenGamesFile(copied, cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if len(w.Done) != 4 || w.RecordVersion() != 1 {
		t.Errorf("resumed %d games of version %d", len(w.Done), w.RecordVersion())
	}
}

func TestHashFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "abc")
	if err := os.WriteFile(name, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
	if got, err := record.HashFile(name); got != "ba7816bf8f01cfea" || err != nil {
		t.Errorf("HashFile = %q, %v", got, err)
	}
	if got := record.HashBytes([]byte("abc")); got != "ba7816bf8f01cfea" {
		t.Errorf("HashBytes = %q", got)
	}
	if _, err := record.HashFile(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("HashFile of no file: %v", err)
	}
}

// inputsGame is a Ruleset on a board file, with the evaluations linear and score.
type inputsGame struct{ board *record.BoardFile }

func (g inputsGame) Name() string                          { return "colony:board=ring" }
func (g inputsGame) Evaluations() []string                 { return []string{"linear", "score"} }
func (g inputsGame) CheckPlayer(string) error              { return nil }
func (g inputsGame) LoadOpenings(string) ([]string, error) { return nil, nil }
func (g inputsGame) TournamentBoard() *record.BoardFile    { return g.board }
func (g inputsGame) config(t *testing.T, players ...string) record.Config {
	t.Helper()
	s := Settings{Players: players, Games: 2, OpeningTurns: 2}
	cfg, err := s.Config(g)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestHashInputs(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "w.json")
	if err := os.WriteFile(weights, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	board := &record.BoardFile{File: "ring.board", SHA256: record.HashBytes([]byte("board ring\n")), Text: "board ring\n"}
	g := inputsGame{board}
	cfg := g.config(t, "a=ab:depth=1,eval="+weights, "b=greedy:eval=net:"+weights, "c=greedy:eval=score", "d=random")
	want := []record.InputFile{
		{Player: "a", Setting: "eval", File: weights, SHA256: "ba7816bf8f01cfea"},
		{Player: "b", Setting: "eval", File: weights, SHA256: "ba7816bf8f01cfea"},
	}
	if fmt.Sprint(cfg.Inputs) != fmt.Sprint(want) || cfg.Board != board {
		t.Errorf("inputs %+v, board %+v; want %+v, %+v", cfg.Inputs, cfg.Board, want, board)
	}
	// The header holds them; a changed weights file or board file is another
	// tournament, named with both hashes.
	before := record.NewHeader(cfg)
	if err := os.WriteFile(weights, []byte("abd"), 0o644); err != nil {
		t.Fatal(err)
	}
	after := record.NewHeader(g.config(t, "a=ab:depth=1,eval="+weights, "b=greedy:eval=net:"+weights, "c=greedy:eval=score", "d=random"))
	wantWeights := "eval file " + weights + " of player a differs: sha256 ba7816bf8f01cfea vs a52d159f262b2c6d (its content changed)"
	if err := record.SameTournament(before, after); err == nil || err.Error() != wantWeights {
		t.Errorf("changed weights: %v, want\n%s", err, wantWeights)
	}
	changedBoard := &record.BoardFile{File: "ring.board", SHA256: record.HashBytes([]byte("board ring \n")), Text: "board ring \n"}
	after = record.NewHeader(inputsGame{changedBoard}.config(t, "a=ab:depth=1,eval=linear", "b=random"))
	before = record.NewHeader(g.config(t, "a=ab:depth=1,eval=linear", "b=random"))
	wantBoard := fmt.Sprintf("board file ring.board differs: sha256 %s vs %s (its content changed)", board.SHA256, changedBoard.SHA256)
	if err := record.SameTournament(before, after); err == nil || err.Error() != wantBoard {
		t.Errorf("changed board: %v, want\n%s", err, wantBoard)
	}
	// A header written before the hashes were recorded agrees with one that has them.
	old := before
	old.Board, old.Inputs = nil, nil
	if err := record.SameTournament(old, before); err != nil {
		t.Errorf("an old header: %v", err)
	}
	// A weights file that cannot be read is named.
	if err := os.Chmod(weights, 0); err == nil && os.Getuid() != 0 {
		s := Settings{Players: []string{"a=ab:eval=" + weights, "b=random"}, Games: 2}
		_, err := s.Config(g)
		if err == nil || !strings.Contains(err.Error(), `player "a": eval=`+weights+": open "+weights+": permission denied") {
			t.Errorf("unreadable weights: %v", err)
		}
	}
}
