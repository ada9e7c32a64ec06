package report

import (
	"bytes"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// tallyOf returns a tally of names with the games given as (first, second, winner).
func tallyOf(names []string, games ...[3]int) *stats.Tally {
	t := stats.NewTally(names)
	for _, g := range games {
		t.Add(g[0], g[1], g[2])
	}
	return t
}

func TestProgressLine(t *testing.T) {
	test, err := stats.ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	oneFour := tallyOf([]string{"a", "b"}, [3]int{0, 1, 0}, [3]int{1, 0, 0}, [3]int{0, 1, 1}, [3]int{1, 0, 0})
	tests := []struct {
		name string
		pr   Progress
		bar  bool
		want string
	}{
		{"nothing yet", Progress{Done: 0, Total: 10}, false, "0/10 games"},
		{"bar", Progress{Done: 4, Total: 10}, true, "[#########...............] 4/10 games"},
		{"full bar", Progress{Done: 10, Total: 10}, true, "[########################] 10/10 games"},
		{"match, infinite interval", Progress{Done: 4, Total: 10, Tally: oneFour}, false, "4/10 games · a 25.0% elo -191"},
		{"speed and eta", Progress{Done: 4, Total: 10, Played: 4, Elapsed: 2 * time.Second, Tally: oneFour}, false,
			"4/10 games · a 25.0% elo -191 · 2.0 games/s · eta 3s"},
		{"resumed games do not count for the speed", Progress{Done: 8, Total: 10, Played: 1, Elapsed: 4 * time.Second}, false,
			"8/10 games · 0.2 games/s · eta 8s"},
		{"done: no eta", Progress{Done: 10, Total: 10, Played: 10, Elapsed: time.Second}, false, "10/10 games · 10.0 games/s"},
		{"finite interval", Progress{Done: 10, Total: 10, Tally: tallyOf([]string{"a", "b"},
			[3]int{0, 1, 0}, [3]int{1, 0, -1}, [3]int{0, 1, 1}, [3]int{1, 0, 1}, [3]int{0, 1, 0},
			[3]int{1, 0, 1}, [3]int{0, 1, -1}, [3]int{1, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 0, 0})}, false, "10/10 games · a 60.0% elo +70 ±227"},
		{"round robin: the leader", Progress{Done: 3, Total: 6, Tally: tallyOf([]string{"a", "b", "c"},
			[3]int{0, 1, 1}, [3]int{1, 2, 0}, [3]int{0, 2, 1})}, false, "3/6 games · b 100.0% elo +inf"},
		{"sprt: time left is a bound", Progress{Done: 2, Total: 10, Played: 2, Elapsed: time.Second, SPRT: &record.SPRTState{Test: test, LLR: 0.123}}, false,
			"2/10 games · llr 0.12 [-2.94, 2.94] · 2.0 games/s · at most 4s left"},
		{"sprt", Progress{Done: 2, Total: 10, SPRT: &record.SPRTState{Test: test, LLR: 0.123}}, false,
			"2/10 games · llr 0.12 [-2.94, 2.94]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ProgressLine(&tc.pr, tc.bar)
			if got != tc.want {
				t.Errorf("ProgressLine = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestSelfPlayProgressLine: a player against itself shows the first player's score,
// wins, draws and losses, and no Elo.
func TestSelfPlayProgressLine(t *testing.T) {
	// Six games of a against a copy, a pair at a time with the seats swapped: the
	// first player wins three, draws one and loses two.
	six := tallyOf([]string{"a", "b"}, [3]int{0, 1, 0}, [3]int{1, 0, 0}, [3]int{0, 1, -1}, [3]int{1, 0, 1},
		[3]int{0, 1, 0}, [3]int{1, 0, 1})
	tests := []struct {
		name string
		pr   Progress
		bar  bool
		want string
	}{
		{"nothing yet", Progress{Done: 0, Total: 10}, false, "0/10 games"},
		{"games", Progress{Done: 6, Total: 10, Tally: six}, false, "6/10 games · first player 58.3% (3 wins, 1 draws, 2 losses)"},
		{"bar, speed and eta", Progress{Done: 6, Total: 10, Played: 6, Elapsed: 2 * time.Second, Tally: six}, true,
			"[##############..........] 6/10 games · first player 58.3% (3 wins, 1 draws, 2 losses) · 3.0 games/s · eta 1s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SelfPlayProgressLine(&tc.pr, tc.bar); got != tc.want {
				t.Errorf("SelfPlayProgressLine = %q, want %q", got, tc.want)
			}
		})
	}
	var buf bytes.Buffer
	p := NewProgressDisplay(&buf, "lines")
	p.BySeat = true
	p.Update(&Progress{Done: 10, Total: 10, Tally: six})
	if got := buf.String(); got != "10/10 games · first player 58.3% (3 wins, 1 draws, 2 losses)\n" {
		t.Errorf("display %q", got)
	}
}

func TestProgressDisplayLines(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgressDisplay(&buf, "lines")
	for done := 1; done <= 20; done++ {
		p.Update(&Progress{Done: done, Total: 20})
	}
	p.Finish() // nothing to end
	want := "" // the first game, then every tenth
	for _, done := range []int{1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20} {
		want += ProgressLine(&Progress{Done: done, Total: 20}, false) + "\n"
	}
	if buf.String() != want {
		t.Errorf("lines:\n%s\nwant\n%s", buf.String(), want)
	}

	buf.Reset()
	p = NewProgressDisplay(&buf, "auto") // not a terminal: lines
	for step := 1; step <= 25; step++ {
		p.Step(step, 25, "loss x")
	}
	want = "2/25 loss x\n4/25 loss x\n6/25 loss x\n8/25 loss x\n10/25 loss x\n12/25 loss x\n" +
		"14/25 loss x\n16/25 loss x\n18/25 loss x\n20/25 loss x\n22/25 loss x\n24/25 loss x\n25/25 loss x\n"
	if buf.String() != want {
		t.Errorf("steps:\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestProgressDisplayBarAndOff(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgressDisplay(&buf, "bar")
	p.Update(&Progress{Done: 1, Total: 4})
	p.Update(&Progress{Done: 2, Total: 4}) // within a tenth of a second: skipped
	p.Clear()
	p.Clear() // nothing drawn
	p.Update(&Progress{Done: 4, Total: 4})
	p.Finish()
	p.Finish()
	want := "\r" + ProgressLine(&Progress{Done: 1, Total: 4}, true) + "\x1b[K" + "\r\x1b[K" +
		"\r" + ProgressLine(&Progress{Done: 4, Total: 4}, true) + "\x1b[K" + "\n"
	if buf.String() != want {
		t.Errorf("bar:\n%q\nwant\n%q", buf.String(), want)
	}

	buf.Reset()
	p = NewProgressDisplay(&buf, "bar")
	p.Step(1, 3, "a")
	p.Step(2, 3, "b") // skipped
	p.Step(3, 3, "c")
	p.Finish()
	want = "\r[########................] 1/3 a\x1b[K\r[########################] 3/3 c\x1b[K\n"
	if buf.String() != want {
		t.Errorf("bar steps:\n%q\nwant\n%q", buf.String(), want)
	}

	buf.Reset()
	p = NewProgressDisplay(&buf, "off")
	p.Update(&Progress{Done: 4, Total: 4})
	p.Step(3, 3, "c")
	p.Clear()
	p.Finish()
	if buf.Len() != 0 {
		t.Errorf("off wrote %q", buf.String())
	}
}
