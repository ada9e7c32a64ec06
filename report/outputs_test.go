package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
)

// testConfig is a small round robin with depth limits: deterministic.
func testConfig() record.Config {
	return record.Config{
		Game: "colony",
		Players: []record.Entrant{
			{Name: "random", Spec: "random"},
			{Name: "greedy", Spec: "greedy"},
			{Name: "ab1", Spec: "ab:depth=1"},
		},
		Format:   record.RoundRobin,
		Games:    4,
		Seed:     7,
		Openings: record.Openings{RandomTurns: 3},
	}
}

func TestOutputsFill(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Outputs
		want Outputs
	}{
		{"no dir", Outputs{Summary: "s.json"}, Outputs{Summary: "s.json"}},
		{"dir", Outputs{Dir: "d"}, Outputs{Dir: "d", GamesFile: filepath.Join("d", "games.jsonl"),
			Summary: filepath.Join("d", "summary.json"), CSV: filepath.Join("d", "standings.csv"), Plot: filepath.Join("d", "ratings.png")}},
		{"dir and a file of its own", Outputs{Dir: "d", CSV: "x.csv"}, Outputs{Dir: "d", GamesFile: filepath.Join("d", "games.jsonl"),
			Summary: filepath.Join("d", "summary.json"), CSV: "x.csv", Plot: filepath.Join("d", "ratings.png")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.in
			got.Fill()
			if got != tc.want {
				t.Errorf("Fill: %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestOutputsWrite(t *testing.T) {
	cfg, games := handGames()
	rep, err := Summarize(&cfg, games, [2]string{"first", "second"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	o := Outputs{Dir: dir}
	o.Fill()
	var warn bytes.Buffer
	if err := o.Write(rep, &warn); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"summary.json", "standings.csv", "ratings.png"} {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: %v, want a file", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "games.jsonl")); !os.IsNotExist(err) {
		t.Errorf("Write wrote the games file (%v)", err)
	}
	if warn.Len() != 0 {
		t.Errorf("warnings %q", warn.String())
	}

	// Publish: the text, then the files.
	var text bytes.Buffer
	o = Outputs{Summary: filepath.Join(t.TempDir(), "p.json")}
	if err := o.Publish(rep, &text, &warn); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := rep.WriteText(&want); err != nil {
		t.Fatal(err)
	}
	if text.String() != want.String() || text.Len() == 0 {
		t.Errorf("Publish wrote %q, want the report's text", text.String())
	}
	if info, err := os.Stat(o.Summary); err != nil || info.Size() == 0 {
		t.Errorf("Publish: the summary: %v", err)
	}

	// A file that cannot be made is an error naming it; the others are still written.
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "s.json")
	o = Outputs{Summary: other, CSV: filepath.Join(blocker, "x.csv")}
	err = o.Write(rep, &warn)
	if err == nil || !strings.Contains(err.Error(), blocker) {
		t.Errorf("Write to a path under a file: %v, want an error naming %s", err, blocker)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("the summary was not written: %v", err)
	}
}

func TestConfigDescribe(t *testing.T) {
	cfg := testConfig()
	if got, want := cfg.Describe(0), "roundrobin of random, greedy, ab1, 4 games a pairing (12 in all), seed 7"; got != want {
		t.Errorf("Describe(0) = %q, want %q", got, want)
	}
	cfg.Shard, cfg.Shards, cfg.UntilPair = 2, 3, 5
	if got, want := cfg.Describe(4), "roundrobin of random, greedy, ab1, 4 games a pairing (12 in all), seed 7, shard 2/3, pairs below 5, resuming after 4 games"; got != want {
		t.Errorf("Describe(4) = %q, want %q", got, want)
	}
}
