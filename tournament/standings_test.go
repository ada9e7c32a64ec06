package tournament

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
)

func TestStandings(t *testing.T) {
	cfg, games := handGames()
	rep, err := Summarize(&cfg, games, [2]string{"red", "black"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	if err := rep.WriteText(&report); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		requested bool
		bar       bool // a progress bar is drawn
		want      string
	}{
		{name: "not requested", want: ""},
		{name: "requested", requested: true, want: "\n--- standings after 6 games ---\n" + report.String()},
		{name: "requested over a bar", requested: true, bar: true,
			want: "\r" + ProgressLine(&Progress{Done: 5, Total: 6}, true) + "\x1b[K\r\x1b[K\n--- standings after 6 games ---\n" + report.String()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w strings.Builder
			mode := "off"
			if tc.bar {
				mode = "bar"
			}
			s := &Standings{W: &w, Display: NewProgressDisplay(&w, mode), Config: &cfg, Sides: [2]string{"red", "black"}}
			if tc.bar {
				s.Display.Update(&Progress{Done: 5, Total: 6})
			}
			if tc.requested {
				s.Request()
			}
			s.Progress(&Progress{Done: 6, Total: 6, Games: games})
			if w.String() != tc.want {
				t.Errorf("wrote %q, want %q", w.String(), tc.want)
			}
			// A request is answered once.
			before := w.Len()
			s.Progress(&Progress{Done: 6, Total: 6, Games: games})
			if w.Len() != before {
				t.Errorf("the standings were written again: %q", w.String()[before:])
			}
		})
	}
}

func TestResultSummaryAndWarnings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        *Result
		summary  string
		warnings []string
	}{
		{name: "nothing played", r: &Result{}, summary: ""},
		{name: "played", r: &Result{Played: 8, Elapsed: 2 * time.Second},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n"},
		{name: "SPRT decided", r: &Result{Played: 8, Elapsed: 2 * time.Second, SPRT: &record.SPRTState{StopPair: 2}},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n" +
				"the SPRT decided at pair 3: the report counts the 6 games up to it (games in flight then were finished, not counted)\n"},
		{name: "SPRT running", r: &Result{Played: 8, Elapsed: 2 * time.Second, SPRT: &record.SPRTState{StopPair: -1}},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n"},
		{name: "one abandoned", r: &Result{Abandoned: 1},
			warnings: []string{`1 player was abandoned in the middle of a move, with no reply in time (the time forfeits "no reply after ...")`}},
		{name: "two abandoned, engines killed", r: &Result{Abandoned: 2, EnginesKilled: errors.New("killed x")},
			warnings: []string{`2 players were abandoned in the middle of a move, with no reply in time (the time forfeits "no reply after ...")`, "killed x"}},
		{name: "nil", r: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.r != nil {
				if got := tc.r.Summary(3, 6); got != tc.summary {
					t.Errorf("record.Summary = %q, want %q", got, tc.summary)
				}
			}
			if got := tc.r.Warnings(); strings.Join(got, "|") != strings.Join(tc.warnings, "|") {
				t.Errorf("Warnings = %q, want %q", got, tc.warnings)
			}
		})
	}
}

func TestCheckProgressMode(t *testing.T) {
	for mode, want := range map[string]string{"auto": "<nil>", "bar": "<nil>", "lines": "<nil>", "off": "<nil>",
		"": `"": want auto, bar, lines or off`, "fast": `"fast": want auto, bar, lines or off`} {
		if got := fmt.Sprint(CheckProgressMode(mode)); got != want {
			t.Errorf("CheckProgressMode(%q) = %s, want %s", mode, got, want)
		}
	}
}
