package record

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/stats"
)

func TestMergedDescribeMissing(t *testing.T) {
	cfg := Config{Players: []Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "random"}}, Games: 6}
	for _, tc := range []struct {
		name   string
		games  []int
		shards int
		want   string
	}{
		{"none", []int{0, 1, 2, 3, 4, 5}, 3, ""},
		{"a shard", []int{0, 1, 4, 5}, 3, "2 of 6 games are missing (games 2-3); no file holds any game of shard 2/3"},
		{"a game", []int{0, 1, 2, 4, 5}, 3, "1 of 6 games are missing (games 3)"},
		{"whole runs", []int{0, 5}, 0, "4 of 6 games are missing (games 1-4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &Merged{Header: NewHeader(cfg), Shards: tc.shards}
			for _, k := range tc.games {
				m.Games = append(m.Games, Record{Index: k})
			}
			if got := m.DescribeMissing(); got != tc.want {
				t.Errorf("DescribeMissing() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestMergedTestSPRT(t *testing.T) {
	cfg := Config{Game: "colony", Players: []Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "greedy"}}, Format: Match, Games: 6, Seed: 1}
	var games []Record
	for k, winner := range []int{0, 1, 0, 0, 1, 0} {
		games = append(games, slotRecord(&cfg, k, winner))
	}
	test, err := stats.ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	m := &Merged{Header: NewHeader(cfg), Games: games}
	if err := m.TestSPRT(test); err != nil {
		t.Fatal(err)
	}
	want, err := Collect(Config{Game: cfg.Game, Players: cfg.Players, Format: cfg.Format, Games: cfg.Games, Seed: cfg.Seed, SPRT: &test}, games)
	if err != nil {
		t.Fatal(err)
	}
	if m.SPRT == nil || *m.SPRT != *want.SPRT || len(m.Games) != len(want.Games) || m.Header.Config.SPRT == nil {
		t.Errorf("after TestSPRT: state %+v, %d games, test %v; want %+v, %d games", m.SPRT, len(m.Games), m.Header.Config.SPRT, want.SPRT, len(want.Games))
	}

	three := cfg
	three.Players = append(three.Players, Entrant{Name: "c", Spec: "random"})
	three.Format = RoundRobin
	m = &Merged{Header: NewHeader(three)}
	if err := m.TestSPRT(test); err == nil || !strings.Contains(err.Error(), "an SPRT needs a match of two players, the files hold 3") {
		t.Errorf("TestSPRT of three players: %v", err)
	}
}
