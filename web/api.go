package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/catalog/session"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/record"
)

// maxBody bounds a request's body: a position, a turn, a game's turns.
const maxBody = 1 << 20

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.index)
	m.Handle("GET /assets/", http.StripPrefix("/assets/", assetHandler()))
	m.HandleFunc("GET /assets/replay.js", replayScript)
	m.HandleFunc("GET /api/config", s.config)
	m.HandleFunc("GET /api/position", s.position)
	m.HandleFunc("POST /api/play", jsonCall(s.playTurn))
	m.HandleFunc("POST /api/explain", jsonCall(s.explainClick))
	m.HandleFunc("POST /api/think", jsonCall(s.think))
	m.HandleFunc("GET /api/analyse", s.analyse)
	m.HandleFunc("GET /api/review", s.review)
	m.HandleFunc("GET /api/exact", s.exact)
	m.HandleFunc("GET /api/rules", s.rules)
	m.HandleFunc("GET /docs/{name}", s.doc)
	m.HandleFunc("POST /api/record", s.record)
	m.HandleFunc("POST /api/load", jsonCall(s.loadGame))
	m.HandleFunc("GET /api/files", s.files)
	m.HandleFunc("GET /api/file", s.file)
	m.HandleFunc("GET /api/metrics", s.metrics)
	m.HandleFunc("GET /api/game", s.recordedGame)
	m.HandleFunc("GET /api/live", s.live)
	s.mux = m
}

// httpError is an error with the status it answers with.
type httpError struct {
	status int
	err    error
}

func (e *httpError) Error() string { return e.err.Error() }
func (e *httpError) Unwrap() error { return e.err }

// badRequest is a 400 with err's message: the parser's, for a bad position, turn
// or spec.
func badRequest(err error) error { return &httpError{http.StatusBadRequest, err} }

// fail writes err as a JSON error: its status, 500 for an error without one.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var he *httpError
	if errors.As(err, &he) {
		status = he.status
	}
	if errors.Is(err, context.Canceled) {
		status = 499 // the browser went away; nobody reads it
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

// writeJSON writes v as the JSON answer with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// readJSON decodes the request's JSON body into v, refusing unknown fields and
// bodies over maxBody.
func readJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return badRequest(fmt.Errorf("the body must be JSON (Content-Type: application/json), not %q", ct))
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest(fmt.Errorf("the request's JSON: %w", err))
	}
	return nil
}

// jsonCall answers a POST of a JSON request with the JSON of f's answer, or f's
// error (a 400 for bad input, with the parser's message).
func jsonCall[Req, Resp any](f func(ctx context.Context, req *Req) (Resp, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if err := readJSON(r, &req); err != nil {
			fail(w, err)
			return
		}
		v, err := f(r.Context(), &req)
		if err != nil {
			fail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// openGame opens the rule set the page names ("" for the server's default).
func (s *Server) openGame(name string) (catalog.Ruleset, error) {
	if name == "" {
		name = s.cfg.Game
	}
	if name == "" {
		name = "colony"
	}
	g, err := catalog.Open(name)
	if err != nil {
		return nil, badRequest(err)
	}
	return g, nil
}

// openPosition opens the game and reads the position ("" for the start).
func (s *Server) openPosition(game, position string) (catalog.Ruleset, string, error) {
	g, err := s.openGame(game)
	if err != nil {
		return nil, "", err
	}
	if strings.TrimSpace(position) == "" {
		return g, g.StartPosition(), nil
	}
	pos, err := g.Position(position)
	if err != nil {
		return nil, "", badRequest(err) // "position: ..."
	}
	return g, pos, nil
}

// ConfigView is what the page learns of the server at start.
type ConfigView struct {
	Game    string     `json:"game"`
	Games   []GameInfo `json:"games"`
	Engines []string   `json:"engines"`
	Players []string   `json:"players"`
	// Dir says whether a results directory was named (its name, not its path).
	Dir           string `json:"dir"`
	MaxSearchTime string `json:"maxSearchTime"`
	// Unavailable are the engines named that cannot be started, with why.
	Unavailable []UnavailableEngine `json:"unavailable"`
}

// UnavailableEngine is an engine the operator named that cannot be started: its
// name as the page writes it (engine:NAME) and why.
type UnavailableEngine struct {
	Name string `json:"name"`
	Why  string `json:"why"`
}

// GameInfo is one game the page offers: its name and what it is.
type GameInfo struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	c := ConfigView{Game: cmpOr(s.cfg.Game, "colony"), Engines: []string{}, MaxSearchTime: s.cfg.MaxSearchTime.String(),
		Players: []string{"ab:time=1s", "ab:depth=4", "ab:depth=6", "mcts:sims=20000", "greedy", "random"}}
	for _, line := range catalog.Describe() {
		name, summary, _ := strings.Cut(line, ": ")
		c.Games = append(c.Games, GameInfo{Name: name, Summary: summary})
	}
	for name := range s.cfg.Engines {
		c.Engines = append(c.Engines, "engine:"+name)
	}
	slices.Sort(c.Engines)
	c.Unavailable = []UnavailableEngine{}
	for name, why := range s.cfg.Unavailable {
		c.Unavailable = append(c.Unavailable, UnavailableEngine{Name: "engine:" + name, Why: why})
	}
	slices.SortFunc(c.Unavailable, func(a, b UnavailableEngine) int { return strings.Compare(a.Name, b.Name) })
	if s.dir != "" {
		c.Dir = lastElem(s.dir)
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) position(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, pos, err := s.openPosition(q.Get("game"), q.Get("position"))
	if err != nil {
		fail(w, err)
		return
	}
	v, err := viewOf(g, pos, picture.Options{Flip: q.Get("flip") == "1"})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// PlayRequest asks for a turn played from a position; the position reached is drawn
// flipped with Flip, and with the turn's marks (its sowing's path, captures, the
// ants placed and moved) with Marks.
type PlayRequest struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Turn     string `json:"turn"`
	Flip     bool   `json:"flip"`
	Marks    bool   `json:"marks"`
}

// PlayView is a turn played: the steps of its sowing, its marks (what the steps do
// not say: a captured last egg, the ants placed and moved), its decisions, its path
// in words, and the position it reached.
type PlayView struct {
	Turn      string         `json:"turn"`
	Steps     []StepView     `json:"steps"`
	Marks     []MarkView     `json:"marks"`
	Decisions []DecisionView `json:"decisions"`
	Path      string         `json:"path"`
	After     *PositionView  `json:"after"`
}

// DecisionView is one decision of a turn (catalog.Decision): the turn's notation up
// to and including it, and how many of the turn's Marks, in order, are its. The page
// shows a turn being chosen as far as the decisions chosen so far.
type DecisionView struct {
	Text  string `json:"text"`
	Marks int    `json:"marks"`
}

// playTurn plays the request's turn, writing it as the game lists it.
func (s *Server) playTurn(_ context.Context, req *PlayRequest) (*PlayView, error) {
	g, pos, err := s.openPosition(req.Game, req.Position)
	if err != nil {
		return nil, err
	}
	after, _, err := g.Play(pos, []string{req.Turn})
	if err != nil {
		return nil, badRequest(fmt.Errorf("turn %q: %w", req.Turn, err))
	}
	turn := canonicalTurn(g, pos, req.Turn, after)
	steps, err := stepsOf(g, pos, turn)
	if err != nil {
		return nil, err
	}
	marks, decisions, err := marksOf(g, pos, turn)
	if err != nil {
		return nil, err
	}
	o := picture.Options{Flip: req.Flip}
	var p *picture.Picture
	if req.Marks {
		_, p, err = g.DrawTurn(pos, turn, o)
	} else {
		p, err = g.Draw(after, o)
	}
	if err != nil && !errors.Is(err, catalog.ErrNoPicture) {
		return nil, err
	}
	v, err := viewWith(g, after, p)
	if err != nil {
		return nil, err
	}
	return &PlayView{Turn: turn, Steps: steps, Marks: marks, Decisions: decisions, Path: session.Sowing(g, pos, turn), After: v}, nil
}

// canonicalTurn returns the legal turn of pos, as the game lists it, that reaches
// after as turn does.
func canonicalTurn(g catalog.Ruleset, pos, turn, after string) string {
	moves, err := g.Moves(pos)
	if err != nil || slices.Contains(moves, turn) {
		return turn
	}
	for _, m := range moves {
		if p, _, err := g.Play(pos, []string{m}); err == nil && p == after {
			return m
		}
	}
	return turn
}

// ExplainRequest asks why the clicks (place ids) are no legal turn's.
type ExplainRequest struct {
	Game     string   `json:"game"`
	Position string   `json:"position"`
	Clicks   []string `json:"clicks"`
	Flip     bool     `json:"flip"`
}

// explainClick says why the clicks are no legal turn's.
func (s *Server) explainClick(_ context.Context, req *ExplainRequest) (map[string]string, error) {
	g, pos, err := s.openPosition(req.Game, req.Position)
	if err != nil {
		return nil, err
	}
	v, err := viewOf(g, pos, picture.Options{Flip: req.Flip})
	if err != nil {
		return nil, err
	}
	return map[string]string{"message": explain(g, v, req.Clicks)}, nil
}

// ThinkRequest asks an engine for its turn in a position. Seat, when given, is the
// engine's seat (0 or 1) in a game the page plays and may save (RecordRequest): the
// engine then plays with the spec the saved game's record gives it
// (record.SeatSpec: for a kind that takes a seed, the seed of the record), so
// that the record replays the game.
type ThinkRequest struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Player   string `json:"player"`
	Seat     *int   `json:"seat,omitempty"`
	// Clock, when given, is the engine's clock: its search is limited to its share
	// of it (ClockRequest.budget), as the tournament runner limits a move.
	Clock *ClockRequest `json:"clock,omitempty"`
}

// LineView is what a search saw: the turn it chose (Best, in a finished search), its
// depth, its score in words and in points (the mover's view), nodes, time, speed
// and principal variation. Value is the score in the search's own units (Points
// times the game's scale) and Micros the time in microseconds, as a games file
// records them.
type LineView struct {
	Spec   string   `json:"spec,omitempty"`
	Best   string   `json:"best,omitempty"`
	Depth  int      `json:"depth"`
	Score  string   `json:"score"`
	Points float64  `json:"points"`
	Value  int      `json:"value"`
	Nodes  uint64   `json:"nodes"`
	Millis int64    `json:"millis"`
	Micros int64    `json:"micros"`
	NPS    uint64   `json:"nps"`
	PV     []string `json:"pv"`
	// Lines are, for an analysis of several lines (/api/analyse's lines=N), the
	// best turns the search found, best first; absent for one line.
	Lines []PVView `json:"lines,omitempty"`
}

// PVView is one line of an analysis of several: its score in words and in points
// (the mover's view), in the search's units, its principal variation (a turn a
// string, the line's turn first) and, for MCTS, its first decision's visits.
type PVView struct {
	Score  string   `json:"score"`
	Points float64  `json:"points"`
	Value  int      `json:"value"`
	PV     []string `json:"pv"`
	Visits uint64   `json:"visits,omitempty"`
}

// pvViews writes an analysis's lines, whose scores have the scale, as PVViews.
func pvViews(lines []catalog.Line, scale int) []PVView {
	var out []PVView
	for _, l := range lines {
		v := PVView{Score: catalog.ScoreText(l.Score, scale), Points: float64(l.Score) / float64(max(1, scale)),
			Value: l.Score, PV: l.PV, Visits: l.Visits}
		if v.PV == nil {
			v.PV = []string{}
		}
		out = append(out, v)
	}
	return out
}

// lineOf writes a search's figures as a LineView.
func lineOf(depth, score, scale int, nodes uint64, t time.Duration, pv []string) LineView {
	l := LineView{Depth: depth, Score: catalog.ScoreText(score, scale), Points: float64(score) / float64(max(1, scale)),
		Value: score, Nodes: nodes, Millis: t.Milliseconds(), Micros: t.Microseconds(), PV: pv}
	if l.PV == nil {
		l.PV = []string{}
	}
	if t > 0 {
		l.NPS = uint64(float64(nodes) / t.Seconds())
	}
	return l
}

// think asks the engine for its turn in the position, within the server's bounds;
// the search stops when the browser goes away (ctx).
func (s *Server) think(ctx context.Context, req *ThinkRequest) (*LineView, error) {
	g, pos, err := s.openPosition(req.Game, req.Position)
	if err != nil {
		return nil, err
	}
	spec, err := s.playerSpec(g, req.Player, false)
	if err != nil {
		return nil, badRequest(err)
	}
	if req.Seat != nil {
		if spec, err = seatSpec(spec, *req.Seat); err != nil {
			return nil, badRequest(err)
		}
	}
	limit := s.cfg.MaxSearchTime
	if req.Clock != nil {
		b, err := req.Clock.budget(limit)
		if err != nil {
			return nil, badRequest(err)
		}
		if spec, err = clockSpec(spec, b); err != nil {
			return nil, badRequest(err)
		}
		limit = b + clockGrace
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.MaxSearchTime)
	defer cancel()
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancelSearch := context.WithTimeout(ctx, limit)
	defer cancelSearch()
	a, err := g.Analyze(ctx, spec, pos, nil)
	if err != nil {
		if ctx.Err() == nil {
			err = badRequest(err)
		}
		return nil, err
	}
	l := lineOf(a.Depth, a.Score, a.Scale, a.Nodes, a.Time, a.PV)
	l.Spec, l.Best = a.Spec, a.Best
	return &l, nil
}

// acquire takes one of the server's search slots, waiting while ctx lasts; release
// gives it back.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.searches <- struct{}{}:
		return func() { <-s.searches }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// maxLines bounds the lines of an analysis (/api/analyse's lines=N).
const maxLines = 8

// analyse streams the lines of a search of the position as server-sent events
// ("line" for each iteration, "progress" every progressEvery between them, then
// "done" with the search's result, or "error") until the search ends or the browser
// closes the stream, which stops it. lines=N (1 to maxLines) asks for the N best
// turns, each with its score and line, in every "line" and in "done"; exact=1 for
// the position's exact value first, as an "exact" event (ExactView), in the
// search's slot.
func (s *Server) analyse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, pos, err := s.openPosition(q.Get("game"), q.Get("position"))
	if err != nil {
		fail(w, err)
		return
	}
	lines := 1
	if text := q.Get("lines"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > maxLines {
			fail(w, badRequest(fmt.Errorf("lines=%s: want a whole number from 1 to %d", text, maxLines)))
			return
		}
		lines = n
	}
	spec, err := s.playerSpec(g, q.Get("player"), true)
	if err != nil {
		fail(w, badRequest(err))
		return
	}
	if st, err := g.Situation(pos); err == nil && st.End != nil {
		fail(w, badRequest(fmt.Errorf("the game in the position is over (%s)", st.End.Text(g.Sides()))))
		return
	}
	ev, ctx, done, ok := s.streamInSlot(w, r, spec)
	if !ok {
		return
	}
	defer done()
	if q.Get("exact") == "1" {
		// The exact value first, in the same slot (see exact).
		ectx, cancel := context.WithTimeout(ctx, exactTime)
		v, err := s.solveExact(ectx, g, pos)
		cancel()
		if err == nil {
			ev.send("exact", v)
		}
	}
	ev.send("status", map[string]string{"status": "searching", "spec": spec})
	p := &progress{start: time.Now()}
	stop := p.run(ctx, ev)
	a, err := g.AnalyzeWith(ctx, spec, pos, catalog.AnalyzeOptions{Lines: lines, Nodes: &p.live, Report: func(it catalog.AnalysisReport) {
		p.done(it.Depth, it.Nodes)
		l := lineOf(it.Depth, it.Score, it.Scale, it.Nodes, it.Time, it.PV)
		l.Lines = pvViews(it.Lines, it.Scale)
		ev.send("line", l)
	}})
	stop()
	if err != nil {
		if r.Context().Err() == nil {
			ev.send("error", map[string]string{"error": err.Error()})
		}
		return
	}
	l := lineOf(a.Depth, a.Score, a.Scale, a.Nodes, a.Time, a.PV)
	l.Spec, l.Best = a.Spec, a.Best
	l.Lines = pvViews(a.Lines, a.Scale)
	ev.send("done", l)
}

// RecordRequest is a game played on the page, to be saved as a games file.
type RecordRequest struct {
	Game string `json:"game"`
	// Players are the sides' names and Specs their players, the first player's
	// first: "human" (record.HumanSpec, or "") for the person, else the player
	// as the page named it to /api/think (engine:NAME for an engine of the server's).
	Players [2]string `json:"players"`
	Specs   [2]string `json:"specs"`
	Start   string    `json:"start"`
	Turns   []string  `json:"turns"`
	// Info holds, for each turn, what the search that chose it reported (the
	// figures of its LineView); null for a turn of the person. Empty for none.
	Info []*TurnInfo `json:"info,omitempty"`
	// End, when given, is how the game ended before its rules ended it: resigned,
	// lost on time or a draw agreed (an aborted game is not saved).
	End *EndRequest `json:"end,omitempty"`
}

// TurnInfo is what a search reported for one turn of a saved game: the figures of
// its LineView, as the games file records them (record.MoveInfo).
type TurnInfo struct {
	Value  int64 `json:"value"`
	Depth  int64 `json:"depth"`
	Nodes  int64 `json:"nodes"`
	Micros int64 `json:"micros"`
}

// record answers a games file of one game (a header and the game's record, the
// result as the turns left it) that colony replay, export and tournament merge read.
func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	var req RecordRequest
	if err := readJSON(r, &req); err != nil {
		fail(w, err)
		return
	}
	data, err := s.gamesFile(req)
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="game.jsonl"`)
	_, _ = w.Write(data)
}

// seatSpec returns the spec (as the server runs it) of the player in seat of a game
// the page plays: the spec the saved game's record gives it (record.SeatSpec,
// with the seed of the one game of its file).
func seatSpec(spec string, seat int) (string, error) {
	if seat != 0 && seat != 1 {
		return "", fmt.Errorf("seat %d: want 0 or 1", seat)
	}
	return record.SeatSpec(spec, savedGameSeed(), seat)
}

// savedGameSeed is the seed of the game of a games file saved by the page: game 0
// of a match of seed 0.
func savedGameSeed() record.Seed {
	return record.Seed((&record.Config{}).GameSeed(0))
}

// gamesFile writes the request's game as a games file: a match of one game, its
// header's specs the players' as the server runs them, its record's specs seeded
// as the engine played them (ThinkRequest's Seat) and its search figures the
// request's Info.
func (s *Server) gamesFile(req RecordRequest) ([]byte, error) {
	g, start, err := s.openPosition(req.Game, req.Start)
	if err != nil {
		return nil, err
	}
	if len(req.Info) != 0 && len(req.Info) != len(req.Turns) {
		return nil, badRequest(fmt.Errorf("info: %d entries for %d turns: want one a turn, or none", len(req.Info), len(req.Turns)))
	}
	var specs [2]string // as the record holds them
	for i := range 2 {
		if req.Players[i] == "" {
			req.Players[i] = g.Sides()[i]
		}
		if req.Specs[i] == "" {
			req.Specs[i] = record.HumanSpec
		}
		specs[i] = req.Specs[i]
		if req.Specs[i] == record.HumanSpec {
			continue
		}
		spec, err := s.playerSpec(g, req.Specs[i], false)
		if err != nil {
			return nil, badRequest(err)
		}
		if specs[i], err = seatSpec(spec, i); err != nil {
			return nil, badRequest(fmt.Errorf("player %q: %w", req.Specs[i], err))
		}
		req.Specs[i] = spec
	}
	if req.Players[0] == req.Players[1] {
		req.Players[1] += "-2"
	}
	pos := start
	var outcome *catalog.GameEnd
	for i, t := range req.Turns {
		next, o, err := g.Play(pos, []string{t})
		if err != nil {
			return nil, badRequest(fmt.Errorf("turn %d %q: %w", i+1, t, err))
		}
		pos, outcome = next, o
	}
	info := make([]record.MoveInfo, len(req.Turns))
	for i, in := range req.Info {
		if in == nil {
			continue
		}
		if in.Depth < 0 || in.Nodes < 0 || in.Micros < 0 {
			return nil, badRequest(fmt.Errorf("info of turn %d: depth %d, nodes %d, micros %d: want 0 or more", i+1, in.Depth, in.Nodes, in.Micros))
		}
		info[i] = record.MoveInfo{Score: in.Value, Depth: in.Depth, Nodes: in.Nodes, Micros: in.Micros}
	}
	cfg := record.Config{Game: g.Name(), Format: record.Match, Games: 1,
		Players: []record.Entrant{{Name: req.Players[0], Spec: req.Specs[0]}, {Name: req.Players[1], Spec: req.Specs[1]}}}
	rec := record.Record{Type: "game", Players: req.Players, Specs: specs, Seed: savedGameSeed(), Opening: start,
		Moves: slices.Clone(req.Turns), Info: info, Turns: len(req.Turns), Winner: -1}
	if rec.Moves == nil {
		rec.Moves = []string{}
	}
	if outcome == nil {
		if st, err := g.Situation(pos); err == nil {
			outcome = st.End
		}
	}
	if req.End != nil {
		if err := req.End.check(outcome); err != nil {
			return nil, badRequest(err)
		}
		rec.Winner, rec.Reason = req.End.Winner, req.End.Reason
		rec.Result = map[int]string{0: "1-0", 1: "0-1", -1: "1/2-1/2"}[rec.Winner]
		if st, err := g.Situation(pos); err == nil {
			rec.Points = st.Points
		}
	} else if outcome != nil {
		rec.Winner, rec.Points, rec.Reason = outcome.Winner, outcome.Points, outcome.Reason
		rec.Result = map[int]string{0: "1-0", 1: "0-1", -1: "1/2-1/2"}[outcome.Winner]
	} else {
		rec.Reason = "unfinished"
		rec.Result = "1/2-1/2"
		if st, err := g.Situation(pos); err == nil {
			rec.Points = st.Points
		}
	}
	h := record.NewHeader(cfg)
	if err := h.CheckRecord(&rec); err != nil {
		return nil, fmt.Errorf("the game's record is not of its header's match: %w", err)
	}
	var buf bytes.Buffer
	if err := record.WriteHeader(&buf, h); err != nil {
		return nil, err
	}
	buf.Write(append(record.AppendRecord(nil, &rec), '\n'))
	if _, err := record.ParseGamesFile(buf.Bytes()); err != nil {
		return nil, fmt.Errorf("the games file written does not read back: %w", err)
	}
	return buf.Bytes(), nil
}

// cmpOr returns a, or b when a is empty.
func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// streamInSlot opens the event stream of a search that needs a slot (an analysis, a
// review): it tells the page it waits, takes a free slot within the server's longest
// search time and returns the stream, the request's context bounded by that time, and
// done, which frees the slot and the context. ok is false when the stream could not
// open (answered with the error) or the page left while waiting.
func (s *Server) streamInSlot(w http.ResponseWriter, r *http.Request, spec string) (ev *events, ctx context.Context, done func(), ok bool) {
	ev, err := newEvents(w)
	if err != nil {
		fail(w, err)
		return nil, nil, nil, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxSearchTime)
	ev.send("status", map[string]string{"status": "waiting for a free search slot", "spec": spec})
	release, err := s.acquire(ctx)
	if err != nil {
		cancel()
		return nil, nil, nil, false
	}
	return ev, ctx, func() { release(); cancel() }, true
}
