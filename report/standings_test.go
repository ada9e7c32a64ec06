package report

import (
	"fmt"
	"strings"
	"testing"
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

func TestCheckProgressMode(t *testing.T) {
	for mode, want := range map[string]string{"auto": "<nil>", "bar": "<nil>", "lines": "<nil>", "off": "<nil>",
		"": `"": want auto, bar, lines or off`, "fast": `"fast": want auto, bar, lines or off`} {
		if got := fmt.Sprint(CheckProgressMode(mode)); got != want {
			t.Errorf("CheckProgressMode(%q) = %s, want %s", mode, got, want)
		}
	}
}
