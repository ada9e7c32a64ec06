package web

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/terminal"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// reviewSpec is the engine of the reviews of the tests, as the server runs
// ab at depth=4.
const reviewSpec = "ab:depth=4,tt=16"

// reviewedGame is the game of the reviews of the tests: Kalah with eight seeds a
// pit, whose games last some sixty turns (67 for the prepared game).
const reviewedGame = "kalah:6x8"

// moverShare returns the share of the winning chances, from the view of side, of
// position pos of g as the engine sees it; the test's own sum, beside the server's.
func moverShare(t *testing.T, g catalog.Ruleset, pos string, side int) float64 {
	t.Helper()
	st, err := g.Situation(pos)
	if err != nil {
		t.Fatal(err)
	}
	if st.End != nil {
		switch st.End.Winner {
		case side:
			return 1
		case -1:
			return 0.5
		}
		return 0
	}
	a, err := g.Analyze(context.Background(), reviewSpec, pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	var s float64
	switch {
	case a.Score >= search.WinScore:
		s = 1
	case a.Score <= -search.WinScore:
		s = 0
	default:
		s = 1 / (1 + math.Pow(10, -float64(a.Score)/float64(a.Scale)/10))
	}
	if st.ToMove != side {
		s = 1 - s
	}
	return s
}

// blunderGame prepares a game of reviewedGame with one known blunder: the engine's turns
// (reviewSpec) to the end of the game, but at turn b+1 the mover's worst turn, one
// that drops its winning chances by at least 0.25 (the blunder threshold is 0.15).
func blunderGame(t *testing.T) (g catalog.Ruleset, turns []string, b int) {
	t.Helper()
	g, err := catalog.Open(reviewedGame)
	if err != nil {
		t.Fatal(err)
	}
	pos := g.StartPosition()
	b = -1
	for k := 0; k < 200; k++ {
		st, _ := g.Situation(pos)
		if st.End != nil {
			break
		}
		a, err := g.Analyze(context.Background(), reviewSpec, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		turn := a.Best
		if b < 0 && k >= 6 {
			moves, _ := g.Moves(pos)
			before := moverShare(t, g, pos, st.ToMove)
			worst, least := "", 2.0
			for _, m := range moves {
				after, _, err := g.Play(pos, []string{m})
				if err != nil {
					t.Fatal(err)
				}
				if s := moverShare(t, g, after, st.ToMove); s < least {
					worst, least = m, s
				}
			}
			if before-least >= 0.25 && worst != a.Best {
				turn, b = worst, k
			}
		}
		turns = append(turns, turn)
		if pos, _, err = g.Play(pos, []string{turn}); err != nil {
			t.Fatal(err)
		}
	}
	if b < 0 {
		t.Fatal("no turn with a drop of 0.25 in the game")
	}
	return g, turns, b
}

// TestReviewMarksBlunder reviews a prepared game with a known blunder: a turn
// event for every turn, in order, then the summary; the blunder is marked so, and
// every turn's mark is the one the test's own sum gives from the engine's scores
// of the same positions (the thresholds 0.05, 0.10, 0.15 of the drop in the
// mover's share 1/(1+10^(-p/10))); the accuracy of each side is between 0 and 100,
// the blunderer's below 100; the graph has a dot a turn. The review saved as a
// games file (the engine's scores as the turns' figures) reads back in colony
// replay's reader, which shows the scores.
func TestReviewMarksBlunder(t *testing.T) {
	g, turns, b := blunderGame(t)
	t.Logf("a game of %d turns, the blunder at turn %d", len(turns), b+1)
	s, base := startServer(t, Config{Game: reviewedGame})
	q := url.Values{"game": {reviewedGame}, "turns": {strings.Join(turns, " ")}, "limit": {"depth=4"}}
	var events []ReviewedTurn
	var sum *ReviewSummary
	streamEvents(t, base+"/api/review?"+q.Encode(), func(name, data string) bool {
		switch name {
		case "turn":
			var e struct {
				Done, Of int
				Turn     ReviewedTurn
			}
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatal(err)
			}
			if e.Done != len(events)+1 || e.Of != len(turns) || e.Turn.K != len(events) {
				t.Fatalf("turn event %d of %d for turn %d after %d events", e.Done, e.Of, e.Turn.K, len(events))
			}
			events = append(events, e.Turn)
		case "done":
			sum = &ReviewSummary{}
			if err := json.Unmarshal([]byte(data), sum); err != nil {
				t.Fatal(err)
			}
			return false
		case "error":
			t.Fatalf("the review's error: %s", data)
		}
		return true
	})
	if sum == nil || len(events) != len(turns) || len(sum.Turns) != len(turns) {
		t.Fatalf("%d turn events, summary %v, for %d turns", len(events), sum != nil, len(turns))
	}
	if !strings.HasPrefix(sum.Spec, reviewSpec) {
		t.Errorf("the review's spec %q, want %q", sum.Spec, reviewSpec)
	}
	if sum.Turns[b].Mark != "blunder" {
		t.Errorf("turn %d %s (drop %.3f) marked %q, want blunder", b+1, turns[b], sum.Turns[b].Drop, sum.Turns[b].Mark)
	}
	// The marks, from the test's own sums over the same positions.
	pos := g.StartPosition()
	for k, turn := range sum.Turns {
		st, _ := g.Situation(pos)
		after, _, err := g.Play(pos, []string{turn.Turn})
		if err != nil {
			t.Fatal(err)
		}
		drop := moverShare(t, g, pos, st.ToMove) - moverShare(t, g, after, st.ToMove)
		moves, _ := g.Moves(pos)
		if drop < 0 || len(moves) == 1 || turn.Turn == turn.Best {
			drop = 0
		}
		want := ""
		switch {
		case drop >= 0.15:
			want = "blunder"
		case drop >= 0.10:
			want = "mistake"
		case drop >= 0.05:
			want = "inaccuracy"
		}
		if turn.Mark != want || turn.Mover != st.ToMove || events[k].Mark != want {
			t.Errorf("turn %d %s of side %d: marked %q (drop %.4f), want %q (drop %.4f) by the test's sum", k+1, turn.Turn, turn.Mover, turn.Mark, turn.Drop, want, drop)
		}
		pos = after
	}
	for side, a := range sum.Accuracy {
		if a < 0 || a > 100 {
			t.Errorf("side %d's accuracy %.1f", side, a)
		}
	}
	if m := sum.Turns[b].Mover; sum.Accuracy[m] >= 100 || sum.Marks[m]["blunder"] < 1 {
		t.Errorf("the blunderer's accuracy %.1f, its marks %v", sum.Accuracy[m], sum.Marks[m])
	}
	if n := strings.Count(sum.Graph, "<circle "); n != len(turns) {
		t.Errorf("the graph has %d dots for %d turns", n, len(turns))
	}
	searchesWithin(t, s, 0, 30*time.Second, "the review's slot given back")

	// Saved as a games file with the engine's scores, as the page saves it.
	// The players are people's (human): their scores are whole points
	// (catalog.ScoreScale of a human spec is 1), a proven result as it is.
	req := RecordRequest{Game: reviewedGame, Turns: turns}
	recorded := make([]int64, len(sum.Turns))
	for k, rt := range sum.Turns {
		recorded[k] = int64(rt.Value)
		if rt.Value < search.WinScore && rt.Value > -search.WinScore {
			recorded[k] = int64(math.Round(rt.Points))
		}
		if rt.Record != recorded[k] {
			t.Errorf("turn %d's score to record %d, want %d (%s in whole points)", k+1, rt.Record, recorded[k], rt.Score)
		}
		req.Info = append(req.Info, &TurnInfo{Value: recorded[k], Depth: int64(rt.Depth), Nodes: int64(rt.Nodes), Micros: rt.Micros})
	}
	body, _ := json.Marshal(req)
	status, text := do(t, "POST", base+"/api/record", string(body), nil)
	if status != 200 {
		t.Fatalf("saving the review: %d %s", status, text)
	}
	gf, err := record.ParseGamesFile([]byte(text))
	if err != nil || len(gf.Games) != 1 {
		t.Fatalf("the saved review: %v\n%s", err, text)
	}
	for k, in := range gf.Games[0].Info {
		if in.Score != recorded[k] || in.Depth != int64(sum.Turns[k].Depth) {
			t.Errorf("turn %d saved with %+v, the review had %+v", k+1, in, sum.Turns[k])
		}
	}
	name := filepath.Join(t.TempDir(), "review.jsonl")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := terminal.ReplayFile(name, 0, false, strings.NewReader(strings.Repeat("n\n", b+1)+"q\n"), &out); err != nil {
		t.Fatalf("replay of the saved review: %v\n%s", err, out.String())
	}
	if want := "score " + catalog.ScoreText(int(recorded[b]), 1) + ", depth 4"; !strings.Contains(out.String(), want) {
		t.Errorf("replay of the saved review does not show the blunder's %q:\n%s", want, out.String())
	}
}

// TestReviewRefusals checks the review's bounds and the server's rules for it: a
// bad limit, no turns, too many, a turn that is not legal (named), a program or an
// operator's engine as the player, a time a turn over the server's, a cross-origin
// request or another Host; none starts a search.
func TestReviewRefusals(t *testing.T) {
	s, base := startServer(t, Config{Game: "kalah", MaxSearchTime: time.Minute})
	host := strings.TrimPrefix(base, "http://")
	many := strings.TrimSpace(strings.Repeat("a ", maxReviewTurns+1))
	tests := []struct {
		name, query string
		headers     map[string]string
		status      int
		says        string
	}{
		{"no limit", "turns=c", nil, 400, "limit=: want depth=N, nodes=N or time=D"},
		{"a bad limit", "turns=c&limit=depth%3Dfour", nil, 400, "want depth=N"},
		{"a limit with a file", "turns=c&limit=eval%3D%2Fetc%2Fpasswd", nil, 400, "want depth=N"},
		{"no turns", "limit=depth%3D2", nil, 400, "no turns to review"},
		{"too many turns", "limit=depth%3D2&turns=" + url.QueryEscape(many), nil, 400, "at most 1000"},
		{"an illegal turn", "limit=depth%3D2&turns=c+zz", nil, 400, `turn 2 \"zz\"`},
		{"a program", "limit=depth%3D2&turns=c&player=cmd%3A%2Fbin%2Fsh", nil, 400, "a program is started only when it was named"},
		{"an operator's engine", "limit=depth%3D2&turns=c&player=engine%3Amine", nil, 400, "want an engine kind"},
		{"a time over the server's", "limit=time%3D2h&turns=c", nil, 400, "at most 1m0s a search"},
		{"a big table", "limit=depth%3D2&turns=c&player=ab%3Att%3D4096", nil, 400, "at most 256 MiB"},
		{"a limit the player takes not", "limit=depth%3D2&turns=c&player=random", nil, 400, "takes no depth"},
		{"cross-origin", "limit=depth%3D2&turns=c", map[string]string{"Origin": "http://evil.example"}, 403, "another origin"},
		{"another site", "limit=depth%3D2&turns=c", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "another site"},
		{"another Host", "limit=depth%3D2&turns=c", map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "answers only to"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := do(t, "GET", base+"/api/review?game=kalah&"+tc.query, "", tc.headers)
			if status != tc.status || !strings.Contains(body, tc.says) {
				t.Errorf("%s: %d %.300s\nwant %d and %q", tc.query, status, body, tc.status, tc.says)
			}
		})
	}
	if len(s.searches) != 0 {
		t.Errorf("%d searches after the refusals", len(s.searches))
	}
}

// TestReviewBoundedInTime checks that a whole-game analysis ends at the server's
// time a search, the whole review's: an error event says so, and the slot is
// given back.
func TestReviewBoundedInTime(t *testing.T) {
	s, base := startServer(t, Config{Game: "kalah", MaxSearchTime: 500 * time.Millisecond})
	q := url.Values{"game": {"kalah"}, "turns": {"a b c d e f"}, "limit": {"time=200ms"}}
	var got string
	start := time.Now()
	streamEvents(t, base+"/api/review?"+q.Encode(), func(name, data string) bool {
		if name == "error" || name == "done" {
			got = name + " " + data
			return false
		}
		return true
	})
	if !strings.Contains(got, "error") || !strings.Contains(got, "longer than this server allows (500ms") {
		t.Errorf("the review of 7 positions at 200 ms each on a server of 500 ms: %q", got)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the review ended after %v", d)
	}
	searchesWithin(t, s, 0, 30*time.Second, "the review's slot given back")
}
