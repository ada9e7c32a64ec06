package tournament

// The live file: the games a run is playing, for watchers (see Follower and
// docs/games-file.md, "The live file").

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/colony-ai/colony/internal/atomicfile"
)

// LiveVersion is the version of the live file's format.
const LiveVersion = 1

// The states of a run in its live file.
const (
	LiveRunning  = "running"  // the run is playing (or was killed: see LiveFile.Stale)
	LiveFinished = "finished" // the run ended with its schedule played (or its SPRT decided)
	LiveStopped  = "stopped"  // the run ended before: cancelled, or an error
)

// How often a run writes its live file: within liveEventGap of a game's start or end
// (but no more often), every liveTurnGap while turns are played, and every
// liveHeartbeat when nothing changes, so that a watcher can tell a live run from a
// killed one by the file's age (LiveFile.Stale).
const (
	liveEventGap  = 100 * time.Millisecond
	liveTurnGap   = 250 * time.Millisecond
	liveHeartbeat = time.Second
)

// DefaultStaleAfter is the age past which a live file in the running state is taken
// for the leftover of a killed run: several heartbeats.
const DefaultStaleAfter = 5 * time.Second

// LiveFileName returns the name of the live file of the games file gamesFile:
// live.json beside it for a games file named games.jsonl (the one of --out DIR),
// NAME.live.json for a games file NAME.jsonl (or NAME.EXT, or NAME) otherwise, so
// that the shards' games files of one directory (shard-1.jsonl, shard-2.jsonl) have
// distinct live files.
func LiveFileName(gamesFile string) string {
	dir, base := filepath.Split(gamesFile)
	if base == "games.jsonl" {
		return filepath.Join(dir, "live.json")
	}
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return filepath.Join(dir, base+".live.json")
}

// LiveFile is the content of a run's live file: the run, its progress and the games
// it is playing. A run rewrites the file (atomically: a reader sees a whole file)
// while it plays, and leaves it in state LiveFinished or LiveStopped when it ends; a
// run that was killed leaves it in state LiveRunning, which Stale detects.
type LiveFile struct {
	Type    string `json:"type"` // "live"
	Version int    `json:"version"`
	// State is LiveRunning, LiveFinished or LiveStopped.
	State string `json:"state"`
	// Run identifies the run: its process id and start time ("PID-UNIXNANO"); PID
	// and Host are the process's, to tell whether it still runs.
	Run  string `json:"run"`
	PID  int    `json:"pid"`
	Host string `json:"host"`
	// Game, Seed, Shard and Shards are the tournament's (its games file's header),
	// GamesFile the base name of its games file (absent when the run's records go
	// elsewhere than a GamesFileWriter).
	Game      string `json:"game"`
	Seed      Seed   `json:"seed"`
	Shard     int    `json:"shard,omitempty"`
	Shards    int    `json:"shards,omitempty"`
	GamesFile string `json:"games_file,omitempty"`
	// Started is when the run started, Updated when the file was written.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// Scheduled counts the games of the run's schedule (its shard, below its
	// --until-pair), Finished those finished (Resumed included: the games of the
	// games file it continues), Played those this run finished.
	Scheduled int `json:"scheduled"`
	Finished  int `json:"finished"`
	Played    int `json:"played"`
	Resumed   int `json:"resumed"`
	// Games are the games being played, by index.
	Games []LiveGame `json:"games"`
}

// LiveGame is a game being played, as the live file holds it.
type LiveGame struct {
	// Index, Pair, Round, Players, Specs and Opening are as in its Record.
	Index   int       `json:"index"`
	Pair    int       `json:"pair"`
	Round   int       `json:"round"`
	Players [2]string `json:"players"`
	Specs   [2]string `json:"specs"`
	Opening string    `json:"opening"`
	// Moves are the turns played so far, in the game's turn notation.
	Moves []string `json:"moves"`
	// Started is when the game started, Seconds its time when the file was written.
	Started time.Time `json:"started"`
	Seconds float64   `json:"seconds"`
	// ClockLeft is, with a time control, the time left on each seat's clock after the
	// last turn (ns); absent otherwise.
	ClockLeft *[2]time.Duration `json:"clock_left,omitempty"`
}

// ReadLiveFile reads a live file.
func ReadLiveFile(name string) (*LiveFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("live file: %w", err)
	}
	return parseLiveFile(data, name)
}

// maxLiveFileBytes bounds a live file read by a Follower: it lists the games in
// flight, a few kilobytes a game.
const maxLiveFileBytes = 64 << 20

// readLiveFrom reads the live file name from r, its open file, refusing one over
// maxLiveFileBytes.
func readLiveFrom(r io.Reader, name string) (*LiveFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxLiveFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("live file %s: %w", name, err)
	}
	if len(data) > maxLiveFileBytes {
		return nil, fmt.Errorf("live file %s: over %d MiB, not a live file", name, maxLiveFileBytes>>20)
	}
	return parseLiveFile(data, name)
}

// parseLiveFile reads the live file name's content.
func parseLiveFile(data []byte, name string) (*LiveFile, error) {
	var lf LiveFile
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, fmt.Errorf("live file %s: %w", name, err)
	}
	if lf.Type != "live" {
		return nil, fmt.Errorf("live file %s: type %q, not \"live\"", name, lf.Type)
	}
	if lf.Version < 1 || lf.Version > LiveVersion {
		return nil, fmt.Errorf("live file %s: version %d, this program reads version %d", name, lf.Version, LiveVersion)
	}
	return &lf, nil
}

// Stale reports whether the live file is the leftover of a run that no longer runs:
// in state LiveRunning but written more than after ago (0: DefaultStaleAfter) at now,
// or written by a process of this host that is gone. A run rewrites its file at
// least every second while it runs.
func (lf *LiveFile) Stale(now time.Time, after time.Duration) bool {
	if lf.State != LiveRunning {
		return false
	}
	if after <= 0 {
		after = DefaultStaleAfter
	}
	if now.Sub(lf.Updated) > after {
		return true
	}
	if host, err := os.Hostname(); err == nil && host == lf.Host && lf.PID > 0 && !processAlive(lf.PID) {
		return true
	}
	return false
}

// liveBoard is what a run shows in its live file: one slot per worker, which the
// worker fills as its game goes, and a writer goroutine that writes the file.
type liveBoard struct {
	name  string
	slots []*liveSlot
	// wake tells the writer that a game started or ended (buffered: one pending
	// wake is enough).
	wake chan struct{}
	stop chan struct{}
	done chan struct{}

	mu       sync.Mutex // guards head's progress figures
	head     LiveFile   // the run, without its games
	writeErr error      // the first error writing the file (a warning: it changes no game)
	written  int        // head.Finished when the file was last written
	final    string     // the state of the last write (set by close)

	// The writer's own state: the games' moves as strings, by slot, reused while the
	// slot plays the same game.
	cache []liveCache
}

// liveSlot is a worker's game in flight. The worker writes it (start, turn, end)
// under mu; the writer reads it under mu.
type liveSlot struct {
	mu     sync.Mutex
	active bool
	gen    uint64 // counts the slot's games: a new game is a new generation
	game   LiveGame
	text   []byte // the turns' notation, back to back
	ends   []int  // where each turn ends in text
	timed  bool
	clock  [2]time.Duration
}

// liveCache is the writer's copy of a slot's game.
type liveCache struct {
	gen   uint64
	moves []string
}

// newLiveBoard returns the live board of a run of cfg with slots workers, written to
// name; gamesFile is the run's games file ("" when not known), scheduled and resumed
// are the run's games and those already done.
func newLiveBoard(name, gamesFile string, cfg *Config, slots, scheduled, resumed int, start time.Time) *liveBoard {
	host, _ := os.Hostname()
	pid := os.Getpid()
	b := &liveBoard{name: name, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
		cache: make([]liveCache, slots)}
	b.head = LiveFile{Type: "live", Version: LiveVersion, State: LiveRunning,
		Run: strconv.Itoa(pid) + "-" + strconv.FormatInt(start.UnixNano(), 10), PID: pid, Host: host,
		Game: cfg.Game, Seed: cfg.Seed, Shard: cfg.Shard, Shards: cfg.Shards,
		Started: start, Scheduled: scheduled, Finished: resumed, Resumed: resumed}
	if cfg.Shards <= 1 {
		b.head.Shard, b.head.Shards = 0, 0
	}
	if gamesFile != "" {
		b.head.GamesFile = filepath.Base(gamesFile)
	}
	for range slots {
		b.slots = append(b.slots, &liveSlot{timed: cfg.Limits.TimeControl.Base > 0})
	}
	return b
}

// run writes the live file until stop is closed (see close), then writes it a last
// time in its final state.
func (b *liveBoard) run() {
	defer close(b.done)
	b.write(time.Now(), LiveRunning)
	last := time.Now()
	timer := time.NewTimer(liveTurnGap)
	defer timer.Stop()
	var lastGens uint64
	lastTurns := 0
	for {
		select {
		case <-b.stop:
			b.mu.Lock()
			final := b.final
			b.mu.Unlock()
			b.write(time.Now(), final)
			return
		case <-b.wake:
			if wait := liveEventGap - time.Since(last); wait > 0 {
				// Too soon after the last write: the timer writes it.
				timer.Reset(wait)
				continue
			}
		case <-timer.C:
		}
		now := time.Now()
		gens, turns := b.changes()
		if gens != lastGens || turns != lastTurns || now.Sub(last) >= liveHeartbeat || b.progressChanged() {
			b.write(now, LiveRunning)
			last, lastGens, lastTurns = now, gens, turns
		}
		timer.Reset(liveTurnGap)
	}
}

// changes sums the slots' generations and turns: they change when a game starts or
// ends or a turn is played.
func (b *liveBoard) changes() (gens uint64, turns int) {
	for _, s := range b.slots {
		s.mu.Lock()
		gens += s.gen
		if s.active {
			turns += len(s.ends)
		}
		s.mu.Unlock()
	}
	return gens, turns
}

// progressChanged reports whether the finished games changed since the last write.
func (b *liveBoard) progressChanged() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.head.Finished != b.written
}

// close stops the writer after its last write, in state final (LiveFinished or
// LiveStopped), and returns the first error writing the file.
func (b *liveBoard) close(final string) error {
	b.mu.Lock()
	b.final = final
	b.mu.Unlock()
	close(b.stop)
	<-b.done
	return b.writeErr
}

// finished sets the run's progress: done games of the schedule, played by this run.
func (b *liveBoard) finished(done, played int) {
	b.mu.Lock()
	b.head.Finished, b.head.Played = done, played
	b.mu.Unlock()
}

// notify wakes the writer, without waiting.
func (b *liveBoard) notify() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// write writes the live file in state (atomically: a temporary file renamed over it).
func (b *liveBoard) write(now time.Time, state string) {
	b.mu.Lock()
	lf := b.head
	b.written = lf.Finished
	b.mu.Unlock()
	lf.State, lf.Updated = state, now
	lf.Games = make([]LiveGame, 0, len(b.slots))
	if state == LiveRunning {
		for i, s := range b.slots {
			s.mu.Lock()
			if !s.active {
				s.mu.Unlock()
				continue
			}
			g := s.game
			c := &b.cache[i]
			if c.gen != s.gen || c.moves == nil {
				c.gen, c.moves = s.gen, make([]string, 0, max(len(s.ends), 64))
			}
			for k := len(c.moves); k < len(s.ends); k++ {
				from := 0
				if k > 0 {
					from = s.ends[k-1]
				}
				c.moves = append(c.moves, string(s.text[from:s.ends[k]]))
			}
			if s.timed {
				clock := s.clock
				g.ClockLeft = &clock
			}
			s.mu.Unlock()
			g.Moves = c.moves
			g.Seconds = now.Sub(g.Started).Seconds()
			lf.Games = append(lf.Games, g)
		}
		slices.SortFunc(lf.Games, func(x, y LiveGame) int { return x.Index - y.Index })
	}
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false) // turns such as "A1>B2" stay readable
	err := enc.Encode(&lf)
	if err == nil {
		err = atomicfile.WriteBytes(b.name, data.Bytes())
	}
	if err != nil && b.writeErr == nil {
		b.writeErr = fmt.Errorf("live file: %w", err)
	}
}

// start shows the game sl of players and specs from opening in the slot.
func (s *liveSlot) start(sl Slot, players, specs [2]string, opening string, clock [2]time.Duration, now time.Time) {
	s.mu.Lock()
	s.active = true
	s.gen++
	s.game = LiveGame{Index: sl.Index, Pair: sl.Pair, Round: sl.Round, Players: players, Specs: specs, Opening: opening, Started: now}
	s.text, s.ends = s.text[:0], s.ends[:0]
	s.clock = clock
	s.mu.Unlock()
}

// turn adds a turn (its notation, copied) with the clocks after it. It allocates
// nothing once the slot's buffers have grown to a game's length.
func (s *liveSlot) turn(text []byte, clock [2]time.Duration) {
	s.mu.Lock()
	s.text = append(s.text, text...)
	s.ends = append(s.ends, len(s.text))
	s.clock = clock
	s.mu.Unlock()
}

// end removes the slot's game (finished or aborted).
func (s *liveSlot) end() {
	s.mu.Lock()
	s.active = false
	s.gen++
	s.mu.Unlock()
}
