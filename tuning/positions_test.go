package tuning_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
	"github.com/colony-ai/colony/tuning"
)

// openTunable opens the registered game name as a catalog.Tunable.
func openTunable(t *testing.T, name string) catalog.Tunable {
	t.Helper()
	g, err := catalog.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := catalog.AsTunable(g)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// selfplayFile plays games of g (self-play at depth 1, as 'colony selfplay' does) into
// a games file in dir and returns its name.
func selfplayFile(t *testing.T, g catalog.Tunable, dir string, games int) string {
	t.Helper()
	spec := "ab:depth=1,eval=hand"
	cfg := record.Config{Game: g.Name(), Format: record.Match, Games: games, Seed: 1,
		Players:  []record.Entrant{{Name: "a", Spec: spec}, {Name: "b", Spec: spec}},
		Openings: record.Openings{RandomTurns: 4}}
	name := filepath.Join(dir, "games.jsonl")
	w, err := record.OpenGamesFile(name, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	runner := &tournament.Runner{Games: g.Match(), Config: cfg, Concurrency: 1}
	runner.Setup(w, nil, nil)
	if res, err := runner.Run(context.Background()); err != nil || !res.Complete {
		t.Fatalf("playing: %v", err)
	}
	return name
}

func TestWriteAndReadPositions(t *testing.T) {
	for _, name := range []string{"kalah", "oware"} {
		t.Run(name, func(t *testing.T) {
			g := openTunable(t, name)
			dir := t.TempDir()
			gamesFile := selfplayFile(t, g, dir, 4)
			posFile := filepath.Join(dir, "positions.txt")
			n, err := tuning.WritePositions(g, gamesFile, posFile)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(posFile + ".tmp"); err == nil {
				t.Error("the temporary file is left")
			}
			data, err := os.ReadFile(posFile)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if len(lines) != n || n < 8 {
				t.Fatalf("%d lines, %d positions", len(lines), n)
			}
			lineRE := regexp.MustCompile(`^(1|0|0\.5) [0-3] \S.*$`)
			for _, l := range lines {
				if !lineRE.MatchString(l) {
					t.Fatalf("line %q", l)
				}
			}
			gf, err := record.ReadGamesFile(gamesFile)
			if err != nil {
				t.Fatal(err)
			}
			winners := map[int]int{}
			for _, r := range gf.Games {
				winners[r.Index] = r.Winner
			}
			positions, err := tuning.ReadPositions(g, posFile)
			if err != nil || len(positions) != n {
				t.Fatalf("read %d positions, %v", len(positions), err)
			}
			for i, p := range positions {
				want := 0.0
				switch winners[p.Game] {
				case p.ToMove:
					want = 1
				case -1:
					want = 0.5
				}
				f, side, err := g.Features(p.Text)
				if err != nil || p.Result != want || side != p.ToMove || f != p.Features || !strings.HasSuffix(lines[i], " "+p.Text) {
					t.Fatalf("position %d: %+v (want result %v), %v", i, p, want, err)
				}
			}
		})
	}
}

func TestReadPositionsErrors(t *testing.T) {
	g := openTunable(t, "kalah")
	dir := t.TempDir()
	start := g.StartPosition()
	tests := []struct {
		name, content, want string
	}{
		{"two fields", "1 0 " + start + "\n1 0\n", ":2: want <result> <game> <position>"},
		{"bad result", "2 0 " + start + "\n", `:1: bad result "2" or game "0"`},
		{"bad game", "0.5 -1 " + start + "\n", `:1: bad result "0.5" or game "-1"`},
		{"not a number", "x 0 " + start + "\n", `:1: bad result "x" or game "0"`},
		{"bad position", "1 0 " + start + "\n0 0 nonsense\n", ":2: "},
		{"empty", "", ": no positions"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := filepath.Join(dir, string(rune('a'+i))+".txt")
			if err := os.WriteFile(name, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := tuning.ReadPositions(g, name)
			if err == nil || !strings.HasPrefix(err.Error(), name+tc.want) {
				t.Errorf("error %v, want %q", err, name+tc.want)
			}
		})
	}
	if _, err := tuning.ReadPositions(g, filepath.Join(dir, "none.txt")); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v", err)
	}
	name := filepath.Join(dir, "other.txt")
	os.WriteFile(name, []byte("1 0 "+start+"\n"), 0o644)
	if _, err := tuning.ReadPositions(openTunable(t, "colony"), name); err == nil || !strings.Contains(err.Error(), "(a position of colony?)") {
		t.Errorf("a position of another game: %v", err)
	}
}
