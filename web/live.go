package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
)

// The live view of a tournament running in another process: its games file and
// live file followed (report.Follower), sent to the page as server-sent events.

// livePoll is how often the live view reads the files.
const livePoll = 500 * time.Millisecond

// LiveView is what the page shows of a running tournament: a snapshot of its
// games file and live file, with the figures written out and the boards of the
// games in flight drawn.
type LiveView struct {
	File  string `json:"file"`
	Game  string `json:"game"`
	Title string `json:"title"`
	// State is the run's: "waiting" (no games file yet), "running", "finished",
	// "stopped", "stale" (the run is gone: killed) or "unknown" (no live file).
	State     string         `json:"state"`
	Standings []LiveStanding `json:"standings"`
	SPRT      *LiveSPRT      `json:"sprt"`
	Progress  LiveProgress   `json:"progress"`
	Games     []LiveGameView `json:"games"`
	Recent    []GameRow      `json:"recent"`
	Restarts  int            `json:"restarts"`
	Error     string         `json:"error,omitempty"`
}

// LiveStanding is one player's line of the standings.
type LiveStanding struct {
	Name     string  `json:"name"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Points   float64 `json:"points"`
	Elo      string  `json:"elo"`
	Interval string  `json:"interval"`
}

// LiveSPRT is the match's SPRT: its log-likelihood ratio, bounds and history.
type LiveSPRT struct {
	Test    string    `json:"test"`
	LLR     float64   `json:"llr"`
	Lower   float64   `json:"lower"`
	Upper   float64   `json:"upper"`
	Pairs   int       `json:"pairs"`
	Verdict string    `json:"verdict"`
	History []float64 `json:"history"`
	PairsAt []int     `json:"pairsAt"`
}

// LiveProgress is how far the run is.
type LiveProgress struct {
	Finished  int    `json:"finished"`
	Scheduled int    `json:"scheduled"`
	Elapsed   string `json:"elapsed"`
	Left      string `json:"left"`
}

// LiveGameView is a game being played, with its board.
type LiveGameView struct {
	Index   int       `json:"index"`
	Players [2]string `json:"players"`
	Turns   int       `json:"turns"`
	Last    string    `json:"last"`
	// Position is the game's position now, for the analysis board.
	Position string `json:"position"`
	SVG      string `json:"svg"`
}

// live streams the live view of the tournament whose games file the page names
// (the directory's games.jsonl by default) as "snapshot" events, one each time it
// changes, until the page goes away.
func (s *Server) live(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	if name == "" {
		name = "games.jsonl"
	}
	rel, err := relName(name)
	if err != nil {
		fail(w, err)
		return
	}
	if err := s.checkInside(rel); err != nil {
		fail(w, err)
		return
	}
	// The follower names the files as the page does, and opens them through the
	// root at each poll: a symbolic link swapped in later is not followed out.
	f := report.NewFollower(filepath.FromSlash(rel))
	f.Open = s.openFollowed
	ev, err := newEvents(w)
	if err != nil {
		fail(w, err)
		return
	}
	ctx := r.Context()
	tick := time.NewTicker(livePoll)
	defer tick.Stop()
	var last []byte
	idle := 0
	for {
		release, err := s.acquireRead(ctx)
		if err != nil {
			return
		}
		snap, err := f.Poll()
		release()
		v := s.liveView(name, snap, err)
		data := mustJSON(v)
		if !bytes.Equal(data, last) {
			ev.send("snapshot", v)
			last, idle = data, 0
		} else if idle++; idle%30 == 0 {
			if ev.comment() != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// openFollowed opens a file that the live view follows (name, a games file or a
// live file, relative to the results directory) through the root, without
// blocking, when it is a regular file.
func (s *Server) openFollowed(name string) (*os.File, error) {
	root, err := s.openRoot()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, _, err := openIn(root, filepath.ToSlash(name), false)
	return f, err
}

// checkInside checks that rel, a games file's name, and the live file beside it lie
// in the results directory: its directory exists there, and each file, when it
// exists, is reached through the os.Root (no symbolic link out of the directory).
// The follower opens them through the root too, at each poll: this check only
// answers a bad name at once.
func (s *Server) checkInside(rel string) error {
	root, err := s.openRoot()
	if err != nil {
		return err
	}
	defer root.Close()
	if info, err := root.Stat(path.Dir(rel)); err != nil || !info.IsDir() {
		return badRequest(fmt.Errorf("%s: no such directory in the results directory", path.Dir(rel)))
	}
	for _, name := range []string{rel, filepath.ToSlash(record.LiveFileName(filepath.FromSlash(rel)))} {
		if _, err := root.Lstat(name); err != nil {
			continue // not there (yet)
		}
		if _, err := root.Stat(name); err != nil {
			return badRequest(fmt.Errorf("%s: not a file of the results directory", name))
		}
	}
	return nil
}

// liveView writes a follower's snapshot for the page.
func (s *Server) liveView(name string, snap *report.Snapshot, pollErr error) *LiveView {
	v := &LiveView{File: name, Standings: []LiveStanding{}, Games: []LiveGameView{}, Recent: []GameRow{}}
	if pollErr != nil {
		v.Error = pollErr.Error()
	} else if snap != nil && snap.LiveError != "" {
		v.Error = snap.LiveError
	}
	if snap == nil {
		v.State = "waiting"
		return v
	}
	v.State = snap.Progress.State
	v.Restarts = snap.Restarts
	p := snap.Progress
	v.Progress = LiveProgress{Finished: p.Finished, Scheduled: p.Scheduled}
	if p.Elapsed != nil {
		v.Progress.Elapsed = seconds(*p.Elapsed)
	}
	if p.Left != nil {
		v.Progress.Left = seconds(*p.Left)
	}
	t := snap.Tournament
	if t == nil {
		return v
	}
	v.Game = t.Game
	v.Title = fmt.Sprintf("%s %s of %d players, %d games a pairing", t.Game, t.Format, len(t.Players), t.Games)
	for _, st := range snap.Standings {
		e := st.Estimate
		v.Standings = append(v.Standings, LiveStanding{Name: st.Name, Games: st.Games, Wins: st.Wins, Draws: st.Draws,
			Losses: st.Losses, Points: st.Points, Elo: report.FormatElo(e.Elo, 1), Interval: "[" + report.FormatElo(e.EloLow, 1) + ", " + report.FormatElo(e.EloHigh, 1) + "]"})
	}
	if sp := snap.SPRT; sp != nil {
		l := &LiveSPRT{Test: sp.Test, LLR: finite(sp.LLR), Lower: sp.Lower, Upper: sp.Upper, Pairs: sp.Pairs, Verdict: sp.Verdict,
			History: []float64{}, PairsAt: []int{}}
		for _, h := range sp.History {
			l.History = append(l.History, finite(h.LLR))
			l.PairsAt = append(l.PairsAt, h.Pairs)
		}
		v.SPRT = l
	}
	g, err := catalog.OpenHeader(&record.Header{Config: record.Config{Game: t.Game, Board: t.Board}})
	if err != nil {
		v.Error = err.Error()
		return v
	}
	for _, lg := range snap.Live {
		gv := LiveGameView{Index: lg.Index, Players: lg.Players, Turns: len(lg.Moves)}
		if len(lg.Moves) > 0 {
			gv.Last = lg.Moves[len(lg.Moves)-1]
		}
		if pos, _, err := g.Play(lg.Opening, lg.Moves); err == nil {
			gv.Position = pos
			var p *picture.Picture
			if n := len(lg.Moves); n > 0 {
				before, _, _ := g.Play(lg.Opening, lg.Moves[:n-1])
				_, p, _ = g.DrawTurn(before, lg.Moves[n-1], picture.Options{})
			} else {
				p, _ = g.Draw(pos, picture.Options{})
			}
			gv.SVG = string(svgOf(p))
		}
		v.Games = append(v.Games, gv)
	}
	for _, r := range snap.Recent {
		v.Recent = append(v.Recent, GameRow{Index: r.Index, Players: r.Players, Result: r.Result, Reason: r.Reason, Turns: r.Turns})
	}
	return v
}

// finite returns x, or 0 for NaN and ±Inf (which JSON cannot carry).
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// seconds writes a number of seconds as a duration to the second.
func seconds(x float64) string {
	return (time.Duration(x*float64(time.Second)) / time.Second * time.Second).String()
}

// mustJSON returns v as JSON (v's types always encode: no NaN or infinity).
func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}
