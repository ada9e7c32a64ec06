package tournament

import (
	"fmt"
	"testing"
	"time"
)

func TestSettingsCheck(t *testing.T) {
	two := []string{"a=random", "b=greedy"}
	flag := func(setting string) string { return "--" + setting }
	for _, tc := range []struct {
		name  string
		s     Settings
		given []string
		named func(string) string
		want  string // the error, or "<nil>"
	}{
		{name: "defaults", s: Settings{Players: two}, want: "<nil>"},
		{name: "limits given", s: Settings{Players: two, Depth: 2, Nodes: 10, MoveTime: time.Second, UntilPair: 3},
			given: []string{"depth", "nodes", "movetime", "until-pair"}, want: "<nil>"},
		{name: "one player", s: Settings{Players: two[:1]}, named: flag, want: "give at least two players with --player NAME=SPEC (got 1)"},
		{name: "one player, plain names", s: Settings{Players: two[:1]}, want: "give at least two players with player NAME=SPEC (got 1)"},
		{name: "depth 0", s: Settings{Players: two}, given: []string{"depth"}, named: flag, want: "--depth must be at least 1, got 0"},
		{name: "depth 0 not given", s: Settings{Players: two}, named: flag, want: "<nil>"},
		{name: "nodes 0", s: Settings{Players: two}, given: []string{"nodes"}, named: flag, want: "--nodes must be at least 1"},
		{name: "movetime 0", s: Settings{Players: two}, given: []string{"movetime"}, named: flag, want: "--movetime must be positive, got 0s"},
		{name: "move-timeout negative", s: Settings{Players: two, MoveTimeout: -time.Second}, given: []string{"move-timeout"}, named: flag,
			want: "--move-timeout must be positive, got -1s"},
		{name: "move-timeout with tc", s: Settings{Players: two, MoveTimeout: time.Second, TimeControl: "10+0.1"}, given: []string{"move-timeout"},
			named: flag, want: "--move-timeout is for games without --movetime or --tc (a timed move is abandoned when its time and --time-margin are over)"},
		{name: "openings and turns", s: Settings{Players: two, Openings: "o.txt", OpeningTurns: 4}, given: []string{"opening-turns"}, named: flag,
			want: "--openings and --opening-turns cannot both be given"},
		{name: "openings, turns not given", s: Settings{Players: two, Openings: "o.txt", OpeningTurns: 4}, named: flag, want: "<nil>"},
		{name: "shuffle without openings", s: Settings{Players: two, Shuffle: true}, named: flag, want: "--shuffle-openings needs --openings"},
		{name: "until-pair 0", s: Settings{Players: two}, given: []string{"until-pair"}, named: flag, want: "--until-pair must be at least 1, got 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var given func(string) bool
			if tc.given != nil {
				given = func(setting string) bool {
					for _, g := range tc.given {
						if g == setting {
							return true
						}
					}
					return false
				}
			}
			if got := fmt.Sprint(tc.s.Check(given, tc.named)); got != tc.want {
				t.Errorf("Check = %s, want %s", got, tc.want)
			}
		})
	}
}
