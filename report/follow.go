package report

// Following a running tournament from another process: its games file, read as it
// grows, and its live file.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// The states of a followed run (ProgressView.State) besides the live file's own
// (LiveRunning, LiveFinished, LiveStopped).
const (
	// WatchWaiting: there is no games file (or not yet a whole header line).
	WatchWaiting = "waiting"
	// WatchUnknown: the games file has no live file of its tournament (a run of an
	// older program, or one without a live file): finished or not, nothing says.
	WatchUnknown = "unknown"
	// WatchStale: the live file says running but its run is gone (killed).
	WatchStale = "stale"
)

// Defaults of a Follower.
const (
	DefaultRecent        = 20   // finished games kept for Snapshot.Recent
	DefaultHistoryPoints = 1000 // points of the SPRT's LLR history in a Snapshot
)

// followChunk is the most a Follower reads at once (it grows for a longer line).
const followChunk = 1 << 20

// A Follower follows a tournament that another process runs (or ran): it reads the
// games file incrementally, from where its last poll stopped, and the live file
// beside it, and keeps the standings, the SPRT and the progress, which Poll returns
// as a Snapshot. A poll reads only what was appended since the last one, and the
// Follower holds a few counters per game of the schedule, not the games: its time and
// memory are bounded by what is new (and by Recent).
//
// It copes with the ways a games file changes under it: a last line being written
// (read when whole), a run killed and resumed (the torn line cut off, games
// appended), and a file truncated or replaced (a file of another inode, shorter than
// what was read, or with another header line), after which it starts again from
// the file's beginning and counts a restart. A line that is not a game record, or a
// record changed after it was written (its checksum), is an error of Poll, naming
// the file and the line; the next poll tries again from the same line.
//
// The live file says which games are being played and how far they are, and the
// run's progress, from which a Snapshot estimates the time left; when its run is
// gone (killed: the file is older than StaleAfter, or its process has exited) the
// state is WatchStale and the games it lists are not shown.
//
// Its methods may be called from several goroutines (a web server's handlers); they
// take turns.
type Follower struct {
	// GamesFile is the games file followed, LiveFile its live file.
	GamesFile string
	LiveFile  string
	// Recent is the number of finished games summarised in a Snapshot (0:
	// DefaultRecent), HistoryPoints the most points of the SPRT's LLR history
	// given (0: DefaultHistoryPoints; a longer history is thinned evenly, its last
	// point kept).
	Recent        int
	HistoryPoints int
	// StaleAfter is the age past which a live file in the running state is taken
	// for a killed run's (0: DefaultStaleAfter).
	StaleAfter time.Duration
	// Open, if not nil, opens the games file and the live file (it is given
	// GamesFile and LiveFile) in place of os.Open: a caller that keeps them inside
	// a directory opens them through an os.Root, and may refuse what is not a
	// regular file. Its error for a file that is not there wraps fs.ErrNotExist.
	Open func(name string) (*os.File, error)

	mu sync.Mutex
	// The games file as read so far: its identity, the whole lines read (offset
	// bytes, line lines), its header line and header.
	info       fs.FileInfo
	offset     int64
	line       int
	headerLine []byte
	header     *record.Header
	cfg        record.Config
	c          *record.Collector
	pairings   [][2]int // the schedule's pairings, for the games' seats
	history    []float64
	// lite holds, for an SPRT match, each game's pair and result, for the
	// standings up to the pair where the test decided.
	lite     []liteGame
	recent   []GameSummary // a ring of the last finished games
	next     int           // where the next summary goes in recent
	restarts int
	buf      []byte
	// The live file as last read.
	liveInfo fs.FileInfo
	live     *record.LiveFile
	liveErr  error
}

// liteGame is a game of an SPRT match, as the standings need it.
type liteGame struct {
	pair   int32
	a, b   int16
	winner int8
}

// NewFollower returns a Follower of the games file gamesFile and its live file
// (LiveFileName).
func NewFollower(gamesFile string) *Follower {
	return &Follower{GamesFile: gamesFile, LiveFile: record.LiveFileName(gamesFile)}
}

// FollowDir returns a Follower of the tournament written to dir (--out DIR): its
// games.jsonl and live.json.
func FollowDir(dir string) *Follower { return NewFollower(filepath.Join(dir, "games.jsonl")) }

// Snapshot is the state of a followed tournament, as a watcher shows it. It is
// JSON-serialisable (the field names are given in docs/games-file.md, "Following a
// run").
type Snapshot struct {
	// Time is when the snapshot was taken; GamesFile the file followed.
	Time      time.Time `json:"time"`
	GamesFile string    `json:"games_file"`
	// Tournament is the games file's header, nil before there is one (State
	// WatchWaiting).
	Tournament *TournamentInfo `json:"tournament"`
	// Standings are the players' results, ranked as in the report (Summarize):
	// games, wins, draws, losses, points, the Elo estimate with its 95% interval.
	// With an SPRT that decided, they count the games up to the pair where it did,
	// as the report does.
	Standings []Standing `json:"standings"`
	// SPRT is the match's test, nil without one.
	SPRT *SPRTView `json:"sprt,omitempty"`
	// Progress counts the games and estimates the time left.
	Progress ProgressView `json:"progress"`
	// Run is the run of the live file, nil without one (of this tournament).
	Run *RunInfo `json:"run,omitempty"`
	// Live are the games being played (none unless the run is running), by index,
	// with their turns so far; a game whose record is already read is left out.
	Live []record.LiveGame `json:"live"`
	// Recent are the last games finished (up to Follower.Recent), the latest first.
	Recent []GameSummary `json:"recent"`
	// Restarts counts the times the games file was found truncated or replaced
	// and read again from its beginning.
	Restarts int `json:"restarts"`
	// LiveError says why the live file could not be read, if it exists and could
	// not ("" otherwise).
	LiveError string `json:"live_error,omitempty"`
}

// TournamentInfo is what a games file's header says of its tournament.
type TournamentInfo struct {
	Game    string           `json:"game"`
	Players []record.Entrant `json:"players"`
	Format  record.Format    `json:"format"`
	// Games is the games of each pairing, Total those of the whole schedule.
	Games  int           `json:"games"`
	Total  int           `json:"total"`
	Seed   record.Seed   `json:"seed"`
	Limits record.Limits `json:"limits"`
	// SPRT is the test as --sprt takes it, "" without one.
	SPRT   string `json:"sprt,omitempty"`
	Shard  int    `json:"shard,omitempty"`
	Shards int    `json:"shards,omitempty"`
	// Version is the games file's version.
	Version int `json:"version"`
	// Board is the board file of a tournament played on one (Config.Board), nil
	// otherwise.
	Board *record.BoardFile `json:"board,omitempty"`
}

// SPRTView is the state of a match's SPRT.
type SPRTView struct {
	Test string  `json:"test"`
	LLR  float64 `json:"llr"`
	// Lower and Upper are the LLR's bounds: the test accepts H0 below Lower, H1
	// above Upper.
	Lower       float64           `json:"lower"`
	Upper       float64           `json:"upper"`
	Pairs       int               `json:"pairs"`
	Pentanomial stats.Pentanomial `json:"pentanomial"`
	// Verdict is "continue", "H0 accepted" or "H1 accepted"; StopPair the pair at
	// which the test decided (-1 while it continues).
	Verdict  string `json:"verdict"`
	StopPair int    `json:"stop_pair"`
	// History is the LLR after each pair counted (in schedule order), thinned to
	// Follower.HistoryPoints points, the last one kept.
	History []LLRPoint `json:"history"`
}

// LLRPoint is the SPRT's LLR once Pairs pairs were counted.
type LLRPoint struct {
	Pairs int     `json:"pairs"`
	LLR   float64 `json:"llr"`
}

// ProgressView is how far the tournament is.
type ProgressView struct {
	// State is WatchWaiting, WatchUnknown, WatchStale, or the live file's
	// LiveRunning, LiveFinished or LiveStopped.
	State string `json:"state"`
	// Finished counts the games read from the games file; Scheduled those of the
	// run's schedule (the live file's, else the header's: its shard, all pairs).
	Finished  int `json:"finished"`
	Scheduled int `json:"scheduled"`
	// Played counts the games the current run finished (the live file's).
	Played int `json:"played"`
	// Elapsed is the current run's time so far (or in all, once ended), in
	// seconds; Left an estimate of the time left, from the run's pace, in seconds:
	// 0 once finished, absent when it cannot be told (no game finished by the run
	// yet, or no run running). An SPRT may end the run sooner.
	Elapsed *float64 `json:"elapsed,omitempty"`
	Left    *float64 `json:"left,omitempty"`
}

// RunInfo is the run of the live file.
type RunInfo struct {
	ID      string    `json:"id"`
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	State   string    `json:"state"`
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// Stale reports a run in the running state that is gone (LiveFile.Stale).
	Stale bool `json:"stale"`
}

// GameSummary is a finished game, briefly.
type GameSummary struct {
	Index   int       `json:"index"`
	Pair    int       `json:"pair"`
	Round   int       `json:"round"`
	Players [2]string `json:"players"`
	Result  string    `json:"result"`
	Winner  int       `json:"winner"`
	Reason  string    `json:"reason"`
	Turns   int       `json:"turns"`
	Seconds float64   `json:"seconds"`
}

// Poll reads what was added to the games file since the last poll, and the live
// file, and returns the tournament's state. Without a games file (not yet written,
// or removed), it returns a Snapshot in state WatchWaiting and no error.
func (f *Follower) Poll() (*Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := time.Now()
	err := f.read()
	f.readLive()
	return f.snapshot(now), err
}

// Watch polls every interval (at least 10 ms) until ctx is done, and calls fn with each
// poll's snapshot and error (a snapshot is given even with an error: the state
// before the line that failed). It returns ctx's error, or fn's first error.
func (f *Follower) Watch(ctx context.Context, every time.Duration, fn func(*Snapshot, error) error) error {
	every = max(every, 10*time.Millisecond)
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	for {
		if err := fn(f.Poll()); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}

// reset forgets what was read of the games file.
func (f *Follower) reset() {
	if f.header != nil {
		f.restarts++
	}
	f.info, f.offset, f.line, f.headerLine, f.header = nil, 0, 0, nil, nil
	f.c, f.pairings, f.history, f.lite, f.recent, f.next = nil, nil, nil, nil, nil, 0
}

// read reads the games file's new whole lines.
func (f *Follower) read() error {
	file, err := f.open(f.GamesFile)
	if errors.Is(err, fs.ErrNotExist) {
		f.reset()
		return nil
	}
	if err != nil {
		return fmt.Errorf("games file: %w", err)
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return fmt.Errorf("games file: %w", err)
	}
	if f.info != nil && (!os.SameFile(f.info, info) || info.Size() < f.offset) {
		f.reset()
	}
	if f.header != nil {
		// A file rewritten in place with another tournament: another header line.
		n := len(f.headerLine) + 1
		head := f.grow(n)
		if _, err := file.ReadAt(head, 0); err != nil || !bytes.Equal(head[:n-1], f.headerLine) || head[n-1] != '\n' {
			f.reset()
		}
	}
	f.info = info
	size := info.Size()
	for f.offset < size {
		buf := f.grow(int(min(followChunk, size-f.offset)))
		n, err := file.ReadAt(buf, f.offset)
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("games file %s: %w", f.GamesFile, err)
		}
		buf = buf[:n]
		used, err := f.lines(buf, f.offset+int64(n) >= size)
		if err != nil {
			return err
		}
		if used == 0 {
			if f.offset+int64(n) >= size {
				break // a last line being written
			}
			// A line longer than the chunk: measured, then read at once into a
			// buffer of its size, which is not kept (no doubling copies, and no
			// buffer of the longest line held while the file is followed).
			end, err := lineEnd(file, f.offset+int64(n), size, buf)
			if err != nil {
				return fmt.Errorf("games file %s: %w", f.GamesFile, err)
			}
			if end < 0 {
				break // a last line being written
			}
			long := make([]byte, end+1-f.offset)
			if _, err := file.ReadAt(long, f.offset); err != nil {
				return fmt.Errorf("games file %s: %w", f.GamesFile, err)
			}
			used, err := f.lines(long, f.offset+int64(len(long)) >= size)
			if err != nil {
				return err
			}
			if used == 0 {
				break // a torn last line
			}
		}
	}
	return nil
}

// open opens a followed file: by f.Open, else os.Open.
func (f *Follower) open(name string) (*os.File, error) {
	if f.Open != nil {
		return f.Open(name)
	}
	return os.Open(name)
}

// grow returns f.buf with n bytes.
func (f *Follower) grow(n int) []byte {
	if cap(f.buf) < n {
		f.buf = make([]byte, n)
	}
	return f.buf[:n]
}

// lines counts the whole lines at the start of data, which starts at f.offset; atEnd
// says that data ends where the file did. It returns the bytes used.
func (f *Follower) lines(data []byte, atEnd bool) (int, error) {
	used := 0
	for {
		end := bytes.IndexByte(data[used:], '\n')
		if end < 0 {
			return used, nil
		}
		text := data[used : used+end]
		last := atEnd && used+end+1 == len(data)
		if err := f.add(text); err != nil {
			if last && f.header != nil && !errors.Is(err, record.ErrEdited) {
				// A last line that does not parse is a torn one, as --resume takes
				// it: a resumed run cuts it off.
				return used, nil
			}
			return used, fmt.Errorf("games file %s: line %d: %w", f.GamesFile, f.line+1, err)
		}
		f.line++
		used += end + 1
		f.offset += int64(end + 1)
	}
}

// lineEnd returns the offset of the first newline of file at or after from and
// before size, or -1 when there is none; it reads with scratch as its buffer.
func lineEnd(file *os.File, from, size int64, scratch []byte) (int64, error) {
	for from < size {
		n, err := file.ReadAt(scratch[:min(int64(len(scratch)), size-from)], from)
		if i := bytes.IndexByte(scratch[:n], '\n'); i >= 0 {
			return from + int64(i), nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		if n == 0 {
			break
		}
		from += int64(n)
	}
	return -1, nil
}

// add counts one line of the games file: the header, or a game.
func (f *Follower) add(text []byte) error {
	if f.header == nil {
		var h record.Header
		if err := record.ParseHeader(text, &h); err != nil {
			return err
		}
		f.header, f.headerLine, f.cfg = &h, bytes.Clone(text), h.Config
		f.c, f.pairings = record.NewCollector(&f.cfg, 0), f.cfg.Pairings()
		var history *[]float64
		if f.cfg.SPRT != nil {
			history = &f.history
		}
		f.c.CountOnly(history)
		return nil
	}
	var r record.Record
	if err := record.ParseRecord(text, f.header.Version, &r); err != nil {
		return err
	}
	if err := f.c.Add(r); err != nil {
		return err
	}
	if f.cfg.SPRT != nil {
		sl := record.SlotOf(f.pairings, r.Index)
		f.lite = append(f.lite, liteGame{pair: int32(r.Pair), a: int16(sl.Seats[0]), b: int16(sl.Seats[1]), winner: int8(r.Winner)})
	}
	keep := f.Recent
	if keep <= 0 {
		keep = DefaultRecent
	}
	s := GameSummary{Index: r.Index, Pair: r.Pair, Round: r.Round, Players: r.Players, Result: r.Result,
		Winner: r.Winner, Reason: r.Reason, Turns: r.Turns, Seconds: r.Seconds}
	if len(f.recent) < keep {
		f.recent = append(f.recent, s)
	} else {
		f.recent[f.next%len(f.recent)] = s
	}
	f.next++
	return nil
}

// readLive reads the live file when it changed: the file opened, its information
// is that of the open file, and what is read is that file's.
func (f *Follower) readLive() {
	file, err := f.open(f.LiveFile)
	var info fs.FileInfo
	if err == nil {
		defer file.Close()
		info, err = file.Stat()
	}
	if err != nil {
		f.live, f.liveInfo, f.liveErr = nil, nil, nil
		if !errors.Is(err, fs.ErrNotExist) {
			f.liveErr = fmt.Errorf("live file: %w", err)
		}
		return
	}
	if f.liveInfo != nil && os.SameFile(f.liveInfo, info) && info.ModTime().Equal(f.liveInfo.ModTime()) && info.Size() == f.liveInfo.Size() {
		return
	}
	lf, err := record.ReadLive(file, f.LiveFile)
	f.live, f.liveInfo, f.liveErr = lf, info, err
	if err != nil {
		f.liveInfo = nil
	}
}

// snapshot returns the state read, at now.
func (f *Follower) snapshot(now time.Time) *Snapshot {
	s := &Snapshot{Time: now, GamesFile: f.GamesFile, Restarts: f.restarts, Standings: []Standing{}, Live: []record.LiveGame{}, Recent: []GameSummary{}}
	if f.liveErr != nil {
		s.LiveError = f.liveErr.Error()
	}
	if f.header == nil {
		s.Progress.State = WatchWaiting
		return s
	}
	h, cfg := f.header, &f.cfg
	s.Tournament = &TournamentInfo{Game: cfg.Game, Players: slices.Clone(cfg.Players), Format: cfg.Format, Games: cfg.Games,
		Total: cfg.TotalGames(), Seed: cfg.Seed, Limits: cfg.Limits, SPRT: h.SPRTText, Shard: cfg.Shard, Shards: cfg.Shards,
		Version: h.Version, Board: cfg.Board}
	tally := f.c.Tally()
	if sp := f.c.SPRT(); sp != nil {
		lo, hi := sp.Test.Bounds()
		v := &SPRTView{Test: sp.Test.String(), LLR: sp.LLR, Lower: lo, Upper: hi, Pairs: sp.Pentanomial.Pairs(),
			Pentanomial: sp.Pentanomial, Verdict: sp.Verdict.String(), StopPair: sp.StopPair}
		v.History = thin(f.history, f.HistoryPoints)
		s.SPRT = v
		if sp.StopPair >= 0 {
			tally = stats.NewTally(tally.Names)
			for _, g := range f.lite {
				if int(g.pair) <= sp.StopPair {
					tally.Add(int(g.a), int(g.b), int(g.winner))
				}
			}
		}
	}
	s.Standings = standingsOf(cfg, tally)
	for i := range f.recent {
		k := (f.next - 1 - i) % len(f.recent)
		s.Recent = append(s.Recent, f.recent[k])
	}

	p := &s.Progress
	p.Finished, p.Scheduled, p.State = f.c.Tally().Games(), cfg.RunGames(), WatchUnknown
	lf := f.live
	if lf == nil || !sameRun(lf, cfg) {
		return s
	}
	stale := lf.Stale(now, f.StaleAfter)
	s.Run = &RunInfo{ID: lf.Run, PID: lf.PID, Host: lf.Host, State: lf.State, Started: lf.Started, Updated: lf.Updated, Stale: stale}
	p.Scheduled, p.Played, p.State = lf.Scheduled, lf.Played, lf.State
	seconds := func(d time.Duration) *float64 { x := max(d.Seconds(), 0); return &x }
	switch {
	case stale:
		p.State = WatchStale
	case lf.State == record.LiveRunning:
		p.Elapsed = seconds(now.Sub(lf.Started))
		if ran := lf.Updated.Sub(lf.Started); lf.Played > 0 && ran > 0 {
			left := max(p.Scheduled-max(p.Finished, lf.Finished), 0)
			p.Left = seconds(time.Duration(float64(ran) / float64(lf.Played) * float64(left)))
		}
		for _, g := range lf.Games {
			if !f.c.Has(g.Index) {
				s.Live = append(s.Live, g)
			}
		}
	default:
		p.Elapsed = seconds(lf.Updated.Sub(lf.Started))
		if lf.State == record.LiveFinished {
			p.Left = seconds(0)
		}
	}
	return s
}

// sameRun reports whether the live file lf is of the tournament cfg (its game, seed
// and shard).
func sameRun(lf *record.LiveFile, cfg *record.Config) bool {
	shard, shards := cfg.Shard, cfg.Shards
	if shards <= 1 {
		shard, shards = 0, 0
	}
	return lf.Game == cfg.Game && lf.Seed == cfg.Seed && lf.Shard == shard && lf.Shards == shards
}

// thin returns the LLRs as points (pairs counted, LLR), at most points of them (0:
// DefaultHistoryPoints): all of them, or the first, every k-th after it, and the last.
func thin(llrs []float64, points int) []LLRPoint {
	if points <= 0 {
		points = DefaultHistoryPoints
	}
	points = max(points, 2)
	step := 1
	if n := len(llrs); n > points {
		step = (n - 1 + points - 2) / (points - 1)
	}
	out := make([]LLRPoint, 0, min(len(llrs), points))
	for i := 0; i < len(llrs); i += step {
		out = append(out, LLRPoint{Pairs: i + 1, LLR: llrs[i]})
	}
	if n := len(llrs); n > 0 && out[len(out)-1].Pairs != n {
		out = append(out, LLRPoint{Pairs: n, LLR: llrs[n-1]})
	}
	return out
}
