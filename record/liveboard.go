package record

// Writing the live file: the games a run is playing, for watchers (see
// docs/games-file.md, "The live file").

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/colony-ai/colony/internal/atomicfile"
)

// A LiveBoard is what a run shows in its live file: one slot per worker, which the
// worker fills as its game goes (Slot), and a writer goroutine (Run) that writes the
// file: within 100 ms of a game's start or end (no more often), every 250 ms while
// turns are played, and every second when nothing changes, so that a watcher can
// tell a live run from a killed one by the file's age (LiveFile.Stale).
type LiveBoard struct {
	name  string
	slots []*LiveSlot
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

// A LiveSlot is a worker's game in flight on a LiveBoard. The worker writes it
// (Start, Turn, End, then the board's Notify); the board's writer reads it. Its
// methods are safe for concurrent use with the writer.
type LiveSlot struct {
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

// NewLiveBoard returns the live board of a run of cfg with slots workers, written to
// name; gamesFile is the run's games file ("" when not known), scheduled and resumed
// are the run's games and those already done, start the run's start. Run writes it.
func NewLiveBoard(name, gamesFile string, cfg *Config, slots, scheduled, resumed int, start time.Time) *LiveBoard {
	host, _ := os.Hostname()
	pid := os.Getpid()
	b := &LiveBoard{name: name, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
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
		b.slots = append(b.slots, &LiveSlot{timed: cfg.Limits.TimeControl.Base > 0})
	}
	return b
}

// Run writes the live file until Close, then writes it a last time in its final
// state. A run calls it on a goroutine of its own.
func (b *LiveBoard) Run() {
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
func (b *LiveBoard) changes() (gens uint64, turns int) {
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
func (b *LiveBoard) progressChanged() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.head.Finished != b.written
}

// Slot returns the slot of worker i (from 0, of the slots given to NewLiveBoard).
func (b *LiveBoard) Slot(i int) *LiveSlot { return b.slots[i] }

// Close stops the writer (Run) after its last write, in state final (LiveFinished or
// LiveStopped), and returns the first error writing the file.
func (b *LiveBoard) Close(final string) error {
	b.mu.Lock()
	b.final = final
	b.mu.Unlock()
	close(b.stop)
	<-b.done
	return b.writeErr
}

// Finished sets the run's progress: done games of the schedule, played by this run.
func (b *LiveBoard) Finished(done, played int) {
	b.mu.Lock()
	b.head.Finished, b.head.Played = done, played
	b.mu.Unlock()
}

// Notify wakes the writer, without waiting: a slot's game started or ended.
func (b *LiveBoard) Notify() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// write writes the live file in state (atomically: a temporary file renamed over it).
func (b *LiveBoard) write(now time.Time, state string) {
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

// Start shows the game sl of players and specs from opening in the slot, with the
// clocks at its start; now is its start.
func (s *LiveSlot) Start(sl Slot, players, specs [2]string, opening string, clock [2]time.Duration, now time.Time) {
	s.mu.Lock()
	s.active = true
	s.gen++
	s.game = LiveGame{Index: sl.Index, Pair: sl.Pair, Round: sl.Round, Players: players, Specs: specs, Opening: opening, Started: now}
	s.text, s.ends = s.text[:0], s.ends[:0]
	s.clock = clock
	s.mu.Unlock()
}

// Turn adds a turn (its notation, copied) with the clocks after it. It allocates
// nothing once the slot's buffers have grown to a game's length.
func (s *LiveSlot) Turn(text []byte, clock [2]time.Duration) {
	s.mu.Lock()
	s.text = append(s.text, text...)
	s.ends = append(s.ends, len(s.text))
	s.clock = clock
	s.mu.Unlock()
}

// End removes the slot's game (finished or aborted).
func (s *LiveSlot) End() {
	s.mu.Lock()
	s.active = false
	s.gen++
	s.mu.Unlock()
}

// How often a run writes its live file: within liveEventGap of a game's start or end
// (but no more often), every liveTurnGap while turns are played, and every
// liveHeartbeat when nothing changes, so that a watcher can tell a live run from a
// killed one by the file's age (LiveFile.Stale).
const (
	liveEventGap  = 100 * time.Millisecond
	liveTurnGap   = 250 * time.Millisecond
	liveHeartbeat = time.Second
)
