package catalog

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPlayoutReport: the report's tables count the games by ending and result, the
// game's own end reasons first, the tie rule's games apart.
func TestPlayoutReport(t *testing.T) {
	tests := []struct {
		game    string
		res     RandomGames
		endings []Count
		results []Count
		tieWins [2]int
	}{{
		game: "kalah",
		res: RandomGames{Reasons: []string{"b", "a", "c"}, Games: []RandomGame{
			{Turns: 3, Reason: 0, Winner: 0, Points: [2]int32{30, 18}},
			{Turns: 5, Reason: 1, Winner: 1, Points: [2]int32{20, 28}},
			{Turns: 7, Reason: 2, Winner: -1, Points: [2]int32{24, 24}},
			{Turns: 9, Reason: 1, Winner: 0, Points: [2]int32{25, 23}},
		}},
		endings: []Count{{Name: "a", Games: 2}, {Name: "b", Games: 1}, {Name: "c", Games: 1}},
		results: []Count{{Name: "south wins", Games: 2}, {Name: "north wins", Games: 1}, {Name: "draws", Games: 1}},
	}, {
		game: "colony",
		res: RandomGames{Reasons: []string{"turn cap", "weird"}, Games: []RandomGame{
			{Turns: 4, Reason: 0, Winner: 0, TieBreak: true, Points: [2]int32{10, 10}},
			{Turns: 6, Reason: 1, Winner: 1, Points: [2]int32{9, 12}},
		}},
		endings: []Count{{Name: "no log to select"}, {Name: "no ant can move"}, {Name: "turn cap", Games: 1}, {Name: "weird", Games: 1}},
		results: []Count{{Name: "red wins", Games: 1}, {Name: "black wins", Games: 1}, {Name: "decided by the tie rule", Games: 1}},
		tieWins: [2]int{1, 0},
	}}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := Open(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			r := NewPlayoutReport(g, &tt.res, "the start position", 1, time.Second)
			if len(r.Endings) != len(tt.endings) {
				t.Fatalf("endings %+v, want %+v", r.Endings, tt.endings)
			}
			for i, e := range tt.endings {
				if r.Endings[i] != e {
					t.Errorf("ending %d = %+v, want %+v", i, r.Endings[i], e)
				}
			}
			if len(r.Results) != len(tt.results) {
				t.Fatalf("results %+v, want %+v", r.Results, tt.results)
			}
			for i, c := range tt.results {
				got := r.Results[i]
				if got.Name != c.Name || got.Games != c.Games || !(got.Low <= float64(c.Games)/float64(len(tt.res.Games)) && got.High >= got.Low) {
					t.Errorf("result %d = %+v, want %+v", i, got, c)
				}
			}
			if r.TieWins != tt.tieWins {
				t.Errorf("tie wins %v, want %v", r.TieWins, tt.tieWins)
			}
			var sb strings.Builder
			if err := r.Write(&sb); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"playout: " + strconv.Itoa(len(tt.res.Games)) + " games from the start position", "How games ended", "Results", "Final score"} {
				if !strings.Contains(sb.String(), want) {
					t.Errorf("the report lacks %q:\n%s", want, sb.String())
				}
			}
		})
	}
}

// TestPlayoutReportOfRandomGames: a report of real random games counts every game
// once in its endings and results.
func TestPlayoutReportOfRandomGames(t *testing.T) {
	g, err := Open("kalah:4x3")
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.RandomGames(context.Background(), g.StartPosition(), 200, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := NewPlayoutReport(g, res, "the start position", 3, 0)
	sum := func(cs []Count) (n int) {
		for _, c := range cs {
			n += c.Games
		}
		return n
	}
	if sum(r.Endings) != 200 || sum(r.Results) != 200 {
		t.Errorf("endings %+v, results %+v: want 200 games in each", r.Endings, r.Results)
	}
	if l := r.Lengths(); len(l) != 200 || l[0] > l[199] {
		t.Errorf("lengths not sorted")
	}
}

// TestPercent: a share that is not 0 or all is never shown as 0.0% or 100.0%.
func TestPercent(t *testing.T) {
	tests := []struct {
		k, n int
		want string
	}{
		{0, 10, "0.0%"}, {10, 10, "100.0%"}, {1, 3, "33.3%"}, {1, 5000, "<0.1%"}, {1999, 2000, ">99.9%"},
	}
	for _, tt := range tests {
		if got := Percent(tt.k, tt.n); got != tt.want {
			t.Errorf("Percent(%d, %d) = %q, want %q", tt.k, tt.n, got, tt.want)
		}
	}
}

// TestHistogram: the bins are of a round width, their bars scaled to the largest.
func TestHistogram(t *testing.T) {
	var sb strings.Builder
	Histogram(&sb, []float64{3, 3, 4, 7})
	want := "  turns │                                          games  share\n" +
		"      3 │████████████████████████████████████████      2  50.0%\n" +
		"      4 │████████████████████                          1  25.0%\n" +
		"      5 │                                              0   0.0%\n" +
		"      6 │                                              0   0.0%\n" +
		"      7 │████████████████████                          1  25.0%\n"
	if sb.String() != want {
		t.Errorf("histogram:\n%s\nwant\n%s", sb.String(), want)
	}
	sb.Reset()
	xs := make([]float64, 0, 200)
	for i := 20; i < 220; i++ {
		xs = append(xs, float64(i))
	}
	Histogram(&sb, xs)
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 11 || !strings.HasPrefix(lines[1], "   20-39  │") || !strings.HasPrefix(lines[10], "  200-219 │") {
		t.Errorf("histogram of 20..219:\n%s", sb.String())
	}
}
