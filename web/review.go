package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/gamepage"
	"github.com/colony-ai/colony/search"
)

// Whole-game analysis (a review): every position of a game evaluated by one engine
// at one limit a turn, each turn marked by the drop in its mover's winning chances,
// as lichess marks a game's moves, and an accuracy figure a side.

// maxReviewTurns bounds the turns of a game reviewed.
const maxReviewTurns = 1000

// The marks of a turn by the drop in its mover's share of the winning chances
// (WinShare, from 0 to 1): lichess's thresholds (0.1, 0.2 and 0.3 on its scale of
// winning chances from -1 to 1, which is twice this one).
const (
	inaccuracyDrop = 0.05
	mistakeDrop    = 0.10
	blunderDrop    = 0.15
)

// reviewLimit is a limit a turn the page may give a review: a depth, a node count
// or a time.
var reviewLimit = regexp.MustCompile(`^(depth|nodes|time)=([0-9]+(?:\.[0-9]+)?(?:ns|us|µs|ms|s|m|h)?)$`)

// WinShare returns the share of the winning chances of the side whose score it is:
// 1 for a proven win, 0 for a proven loss, otherwise 1/(1+10^(-p/10)) for a lead of
// p points (10 points: 91%) — the evaluation bar's formula.
func WinShare(value, scale int) float64 {
	switch {
	case value >= search.WinScore:
		return 1
	case value <= -search.WinScore:
		return 0
	}
	p := float64(value) / float64(max(1, scale))
	return 1 / (1 + math.Pow(10, -p/10))
}

// moveAccuracy is lichess's accuracy of a move from the drop of its mover's winning
// chances in percent: 103.1668·e^(−0.04354·drop) − 3.1669, within 0 to 100.
func moveAccuracy(dropPercent float64) float64 {
	a := 103.1668100711649*math.Exp(-0.04354415386753951*max(0, dropPercent)) - 3.166924740191411
	return max(0, min(100, a))
}

// markOf names the mark of a drop in the winning chances (0 to 1), "" for none.
func markOf(drop float64) string {
	switch {
	case drop >= blunderDrop:
		return "blunder"
	case drop >= mistakeDrop:
		return "mistake"
	case drop >= inaccuracyDrop:
		return "inaccuracy"
	}
	return ""
}

// ReviewedTurn is one turn of a reviewed game, played from position K (0: the
// start) by Mover: the engine's view of position K (its score, in words, in the
// search's units and in points, the mover's view; its best turn and line; its depth,
// nodes and time), the first side's share of the winning chances before the turn
// (position K's) and after it (position K+1's), the mover's drop, the mark it earns
// ("inaccuracy", "mistake", "blunder" or "") and the turn's accuracy (0 to 100).
// A turn the engine chose itself, or the only legal one, is not marked: its drop
// is the engine's horizon, not the mover's choice (Forced says the latter).
type ReviewedTurn struct {
	K      int     `json:"k"`
	Number int     `json:"number"`
	Turn   string  `json:"turn"`
	Mover  int     `json:"mover"`
	Score  string  `json:"score"`
	Value  int     `json:"value"`
	Points float64 `json:"points"`
	// Record is the score as a games file of people's turns records it (the
	// page's export): whole points (a person's spec has no scale), a proven result
	// as Value.
	Record   int64    `json:"record"`
	Best     string   `json:"best"`
	PV       []string `json:"pv"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	Micros   int64    `json:"micros"`
	Before   float64  `json:"before"`
	After    float64  `json:"after"`
	Drop     float64  `json:"drop"`
	Mark     string   `json:"mark"`
	Accuracy float64  `json:"accuracy"`
	Forced   bool     `json:"forced,omitempty"`
}

// ReviewSummary ends a review: its turns, each side's accuracy (the mean of its
// turns', -1 for a side with no turn) and marks, and the graph of the engine's
// scores (gamepage.Graph, as Watch and the page of export --html draw it; turn K's
// dot is position K's score, as a games file records a turn's) with the x of each
// position's marker on it.
type ReviewSummary struct {
	Spec     string            `json:"spec"`
	Turns    []ReviewedTurn    `json:"turns"`
	Accuracy [2]float64        `json:"accuracy"`
	Marks    [2]map[string]int `json:"marks"`
	Graph    string            `json:"graph"`
	GraphX   []float64         `json:"graphX"`
	Sides    [2]string         `json:"sides"`
	Result   *OutcomeView      `json:"result"`
	Scale    int               `json:"scale"`
}

// replayTurns returns the positions of the game from start by the turns (start
// first), or a 400 naming the turn that cannot be played.
func replayTurns(g catalog.Ruleset, start string, turns []string) ([]string, error) {
	positions := []string{start}
	var end *catalog.GameEnd
	for i, t := range turns {
		if end != nil {
			return nil, badRequest(fmt.Errorf("turn %d %q: the game is over after turn %d (%s)", i+1, t, i, end.Text(g.Sides())))
		}
		next, o, err := g.Play(positions[i], []string{t})
		if err != nil {
			return nil, badRequest(fmt.Errorf("turn %d %q: %w", i+1, t, err))
		}
		positions, end = append(positions, next), o
	}
	return positions, nil
}

// reviewGame evaluates every position of the game (positions, replayTurns's of
// the turns) with the spec, calling each with every turn as soon as the position
// after it is evaluated, and returns the summary.
func reviewGame(ctx context.Context, g catalog.Ruleset, spec string, positions, turns []string, each func(done, of int, t *ReviewedTurn)) (*ReviewSummary, error) {
	sum := &ReviewSummary{Sides: g.Sides(), Turns: []ReviewedTurn{}, Marks: [2]map[string]int{{}, {}}}
	// share0 is the first side's share of position k's winning chances.
	share0 := make([]float64, len(positions))
	for k, pos := range positions {
		st, err := g.Situation(pos)
		if err != nil {
			return nil, err
		}
		if st.End != nil {
			share0[k] = map[int]float64{0: 1, 1: 0, -1: 0.5}[st.End.Winner]
			sum.Result = outcomeView(g, st.End)
		} else {
			a, err := g.Analyze(ctx, spec, pos, nil)
			if err == nil {
				err = ctx.Err() // a search cut short is no evaluation at the limit
			}
			if err != nil {
				return nil, err
			}
			sum.Spec, sum.Scale = a.Spec, a.Scale
			s := WinShare(a.Score, a.Scale)
			if st.ToMove == 1 {
				s = 1 - s
			}
			share0[k] = s
			if k < len(turns) {
				t := ReviewedTurn{K: k, Number: k + 1, Turn: turns[k], Mover: st.ToMove, Score: catalog.ScoreText(a.Score, a.Scale),
					Value: a.Score, Points: float64(a.Score) / float64(max(1, a.Scale)), Best: a.Best, PV: a.PV,
					Depth: a.Depth, Nodes: a.Nodes, Micros: a.Time.Microseconds(), Before: s, Record: int64(a.Score)}
				if a.Score < search.WinScore && a.Score > -search.WinScore {
					t.Record = int64(math.Round(t.Points))
				}
				if t.PV == nil {
					t.PV = []string{}
				}
				if n, counted, err := g.TurnNumber(pos); err == nil && counted {
					t.Number = n
				}
				if moves, err := g.Moves(pos); err == nil && len(moves) == 1 {
					t.Forced = true
				}
				sum.Turns = append(sum.Turns, t)
			}
		}
		if k > 0 {
			t := &sum.Turns[k-1]
			t.After = share0[k]
			drop := t.Before - t.After
			if t.Mover == 1 {
				drop = -drop
			}
			t.Drop = max(0, drop)
			if t.Forced || t.Turn == t.Best {
				t.Drop = 0
			}
			t.Mark = markOf(t.Drop)
			t.Accuracy = moveAccuracy(100 * t.Drop)
			each(k, len(turns), t)
		}
	}
	var total [2]float64
	var n [2]int
	for _, t := range sum.Turns {
		total[t.Mover] += t.Accuracy
		n[t.Mover]++
		if t.Mark != "" {
			sum.Marks[t.Mover][t.Mark]++
		}
	}
	for side := range 2 {
		sum.Accuracy[side] = -1
		if n[side] > 0 {
			sum.Accuracy[side] = math.Round(10*total[side]/float64(n[side])) / 10
		}
	}
	sum.Graph, sum.GraphX = reviewGraph(sum)
	return sum, nil
}

// reviewGraph draws the engine's scores of the reviewed turns as Watch does.
func reviewGraph(sum *ReviewSummary) (string, []float64) {
	ts := make([]gamepage.Turn, len(sum.Turns))
	numbers := make([]int, len(sum.Turns))
	lim := 1.0
	for k, t := range sum.Turns {
		v := t.Points
		if t.Mover == 1 {
			v = -v
		}
		ts[k] = gamepage.Turn{Move: t.Turn, Side: sum.Sides[t.Mover], Score: t.Score, Depth: int64(t.Depth),
			Nodes: int64(t.Nodes), Micros: t.Micros, Info: true, Value: v}
		numbers[k] = t.Number
		if math.Abs(float64(t.Value)) < search.WinScore {
			lim = max(lim, math.Abs(v))
		}
	}
	for k, t := range sum.Turns {
		if math.Abs(float64(t.Value)) >= search.WinScore {
			ts[k].Value = math.Copysign(1.1*lim, ts[k].Value)
		}
	}
	return gamepage.Graph(ts, numbers, sum.Sides), gamepage.GraphMarks(len(ts))
}

// review streams the whole-game analysis of a game (game, start: its first
// position, "" for the start; turns: its turns separated by spaces) by the player
// (an engine kind, "ab" by default) at the limit a turn (depth=N, nodes=N or
// time=D) as server-sent events: "status", a "turn" event for each turn as soon as
// the position after it is evaluated (with how many are done of how many), then
// "done" with the summary (ReviewSummary), or "error". The review holds one search
// slot and ends at the server's time a search (the whole review); it stops when
// the browser closes the stream.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, start, err := s.openPosition(q.Get("game"), q.Get("start"))
	if err != nil {
		fail(w, err)
		return
	}
	turns := strings.Fields(q.Get("turns"))
	if len(turns) == 0 {
		fail(w, badRequest(fmt.Errorf("turns: no turns to review")))
		return
	}
	if len(turns) > maxReviewTurns {
		fail(w, badRequest(fmt.Errorf("turns: %d turns, this server reviews at most %d", len(turns), maxReviewTurns)))
		return
	}
	limit := q.Get("limit")
	m := reviewLimit.FindStringSubmatch(limit)
	if m == nil {
		fail(w, badRequest(fmt.Errorf("limit=%s: want depth=N, nodes=N or time=D (a limit a turn)", limit)))
		return
	}
	player := cmpOr(q.Get("player"), "ab")
	sp, err := search.ParseSpec(player)
	if err != nil || strings.HasPrefix(player, "engine:") {
		fail(w, badRequest(fmt.Errorf("player %q: want an engine kind of the toolkit (ab, mcts, ...) with its settings", player)))
		return
	}
	if !sp.Accepts(m[1]) {
		fail(w, badRequest(fmt.Errorf("limit=%s: player %q takes no %s", limit, player, m[1])))
		return
	}
	spec, err := s.playerSpec(g, sp.With(m[1], m[2]).String(), false)
	if err != nil {
		fail(w, badRequest(err))
		return
	}
	positions, err := replayTurns(g, start, turns)
	if err != nil {
		fail(w, err)
		return
	}
	ev, ctx, done, ok := s.streamInSlot(w, r, spec)
	if !ok {
		return
	}
	defer done()
	ev.send("status", map[string]string{"status": "reviewing", "spec": spec})
	sum, err := reviewGame(ctx, g, spec, positions, turns, func(done, of int, t *ReviewedTurn) {
		ev.send("turn", map[string]any{"done": done, "of": of, "turn": t})
	})
	if err != nil {
		if r.Context().Err() == nil {
			msg := err.Error()
			if ctx.Err() != nil {
				msg = fmt.Sprintf("the review took longer than this server allows (%s, colony serve --max-time)", s.cfg.MaxSearchTime)
			}
			ev.send("error", map[string]string{"error": msg})
		}
		return
	}
	ev.send("done", sum)
}
