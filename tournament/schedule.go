package tournament

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/inputfile"
)

// Slot is one game of the schedule.
type Slot struct {
	// Index numbers the games of the whole (unsharded) schedule from 0. Games 2k and
	// 2k+1 are pair k: the same opening, the seats swapped.
	Index int
	Pair  int
	// Round numbers the pairs of one pairing; every pairing's pair of round r starts
	// from the same opening.
	Round int
	// Seats are the players' indices in Config.Players, the first player's first.
	Seats [2]int
}

// Pairings returns the pairs of players who meet, by the format: every two players
// for a round robin, the first against each other for a gauntlet.
func (c *Config) Pairings() [][2]int {
	var out [][2]int
	n := len(c.Players)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if c.Format == Gauntlet && i != 0 {
				continue
			}
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// TotalGames is the number of games of the whole (unsharded) schedule.
func (c *Config) TotalGames() int { return len(c.Pairings()) * c.Games }

// Slot returns the game of the schedule with the given index: round by round, each
// round one pair of games for every pairing in order, the pairing's first player
// first in the pair's first game.
func (c *Config) Slot(index int) Slot { return slotOf(c.Pairings(), index) }

// slotOf returns the game index of the schedule of the given pairings.
func slotOf(pairings [][2]int, index int) Slot {
	pair := index / 2
	round, q := pair/len(pairings), pair%len(pairings)
	seats := pairings[q]
	if index%2 == 1 {
		seats[0], seats[1] = seats[1], seats[0]
	}
	return Slot{Index: index, Pair: pair, Round: round, Seats: seats}
}

// InShard reports whether this run (Config.Shard of Config.Shards) plays pair.
func (c *Config) InShard(pair int) bool {
	return c.Shards <= 1 || pair%c.Shards == c.Shard-1
}

// InRun reports whether this run plays pair: in its shard, and below its UntilPair.
func (c *Config) InRun(pair int) bool {
	return c.InShard(pair) && (c.UntilPair <= 0 || pair < c.UntilPair)
}

// Schedule returns the games this run plays, in order, made one at a time as they
// are taken (a schedule of billions of games is never held; see RunGames and RunSlot
// too).
func (c *Config) Schedule() iter.Seq[Slot] {
	rs := c.runSchedule()
	return func(yield func(Slot) bool) {
		for k := range rs.len() {
			if !yield(rs.slot(k)) {
				return
			}
		}
	}
}

// RunGames returns the number of games this run (its shard, below its UntilPair)
// plays.
func (c *Config) RunGames() int { return c.runSchedule().len() }

// RunSlot returns the k-th game (from 0) that this run plays: the k-th of
// Schedule.
func (c *Config) RunSlot(k int) Slot { return c.runSchedule().slot(k) }

// runSchedule gives the games of one run (its shard) by their rank in it, so that a
// run of ten million games does not hold ten million slots.
type runSchedule struct {
	pairings [][2]int
	total    int // games of the whole schedule, or of its first UntilPair pairs
	// shard is the run's shard from 0, of shards (1 for a whole run).
	shard, shards int
}

func (c *Config) runSchedule() runSchedule {
	rs := runSchedule{pairings: c.Pairings(), shards: 1}
	rs.total = len(rs.pairings) * c.Games
	if c.UntilPair > 0 && c.UntilPair < rs.total/2 {
		rs.total = 2 * c.UntilPair
	}
	if c.Shards > 1 {
		rs.shard, rs.shards = c.Shard-1, c.Shards
	}
	return rs
}

// pairsBelow counts the pairs of the run among pairs 0..m-1.
func (rs runSchedule) pairsBelow(m int) int {
	if m <= rs.shard {
		return 0
	}
	return (m - rs.shard + rs.shards - 1) / rs.shards
}

// len returns the number of games of the run.
func (rs runSchedule) len() int {
	n := 2 * rs.pairsBelow(rs.total/2)
	if last := rs.total / 2; rs.total%2 == 1 && last%rs.shards == rs.shard {
		n++ // a last pair of one game
	}
	return n
}

// slot returns the k-th game of the run.
func (rs runSchedule) slot(k int) Slot {
	pair := rs.shard + k/2*rs.shards
	return slotOf(rs.pairings, 2*pair+k%2)
}

// gamesInRound returns the number of games of the run that start from the opening of
// round.
func (rs runSchedule) gamesInRound(round int) int {
	n := 0
	for p := round * len(rs.pairings); p < (round+1)*len(rs.pairings); p++ {
		if p%rs.shards != rs.shard {
			continue
		}
		n += max(0, min(2, rs.total-2*p))
	}
	return n
}

// GameSeed returns the seed of game index: the players' seeds derive from it.
func (c *Config) GameSeed(index int) uint64 { return mix(uint64(c.Seed), uint64(index)) }

// openingsFileKind is the kind of an opening file: read one line at a time, of any
// size.
var openingsFileKind = inputfile.Kind{What: "an opening file"}

// LoadOpenings reads an opening file: one position a line in the game's notation;
// blank lines and lines starting with '#' are skipped. Every position must parse and
// must not be a finished game; errors name the file and line.
func LoadOpenings[S any](g game.Game[S], name string) ([]string, error) {
	f, _, err := openingsFileKind.Open(name)
	if err != nil {
		return nil, fmt.Errorf("opening file: %w", err)
	}
	defer f.Close()
	return ReadOpenings(g, f, name)
}

// ReadOpenings reads openings as LoadOpenings does, from r; name is used in errors.
func ReadOpenings[S any](g game.Game[S], r io.Reader, name string) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		s, err := g.ParsePosition(text)
		if err != nil {
			return nil, fmt.Errorf("opening file %s:%d: %w", name, line, err)
		}
		if g.Terminal(&s) {
			return nil, fmt.Errorf("opening file %s:%d: the game is already over", name, line)
		}
		if !g.TurnStart(&s) {
			return nil, fmt.Errorf("opening file %s:%d: the position is in the middle of a turn", name, line)
		}
		out = append(out, g.FormatPosition(&s))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("opening file %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("opening file %s: no positions", name)
	}
	return out, nil
}

// openingBook gives the opening of each round.
type openingBook[S any] struct {
	g     game.Game[S]
	cfg   *Config
	order []int // the file's positions in the order rounds take them
	start S
}

// openingMaker makes random openings without allocating (pointers passed to
// interface methods escape, so its buffers live here).
type openingMaker[S any] struct {
	s   S
	buf game.ActionBuffer
}

// openingOrder returns the order in which the rounds take the opening file's
// positions: the file's order, or with Shuffle a permutation seeded by the
// tournament's seed.
func (c *Config) openingOrder() []int {
	n := len(c.Openings.Positions)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if c.Openings.Shuffle {
		rng := rand.New(rand.NewPCG(uint64(c.Seed), 0x73687566666c65))
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	return order
}

func newOpeningBook[S any](g game.Game[S], cfg *Config) (*openingBook[S], error) {
	b := &openingBook[S]{g: g, cfg: cfg, start: g.Start()}
	if len(cfg.Openings.Positions) > 0 {
		b.order = cfg.openingOrder()
		for _, text := range cfg.Openings.Positions {
			if _, err := g.ParsePosition(text); err != nil {
				return nil, fmt.Errorf("opening %q: %w", text, err)
			}
		}
	}
	return b, nil
}

// openingCache shares the opening of a round among the games that start from it (in
// a round robin, every pairing's pair of the round), and forgets it once the last of
// them has taken it. It holds only the rounds in play.
type openingCache[S any] struct {
	book     *openingBook[S]
	schedule runSchedule
	doneIn   func(round int) int // games of round that an earlier run played
	mu       sync.Mutex
	entries  map[int]*openingEntry[S]
	left     map[int]int // games still to take each round's opening, once asked
}

type openingEntry[S any] struct {
	once sync.Once
	s    S
	text string
	err  error
}

// newOpeningCache returns the cache for the games of rs that are not done: doneIn
// counts those of a round that are.
func newOpeningCache[S any](book *openingBook[S], rs runSchedule, doneIn func(round int) int) *openingCache[S] {
	return &openingCache[S]{book: book, schedule: rs, doneIn: doneIn, entries: map[int]*openingEntry[S]{}, left: map[int]int{}}
}

// get returns the opening of round, and its text; m is the caller's scratch space.
func (c *openingCache[S]) get(round int, m *openingMaker[S]) (S, string, error) {
	c.mu.Lock()
	e := c.entries[round]
	if e == nil {
		e = &openingEntry[S]{}
		c.entries[round] = e
		c.left[round] = c.schedule.gamesInRound(round) - c.doneIn(round)
	}
	if c.left[round]--; c.left[round] <= 0 {
		delete(c.entries, round)
		delete(c.left, round)
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.s, e.err = c.book.opening(round, m)
		if e.err == nil {
			e.text = c.book.g.FormatPosition(&e.s)
		}
	})
	return e.s, e.text, e.err
}

// maxOpeningTries bounds the random openings drawn for one round before giving up
// (every try ended the game).
const maxOpeningTries = 10_000

// opening returns the start position of a round; m holds the caller's scratch space.
func (b *openingBook[S]) opening(round int, m *openingMaker[S]) (S, error) {
	if n := len(b.order); n > 0 {
		return b.g.ParsePosition(b.cfg.Openings.Positions[b.order[round%n]])
	}
	turns := b.cfg.Openings.RandomTurns
	rng := rand.NewPCG(uint64(b.cfg.Seed), mix(0x6f70656e696e67, uint64(round)))
	s := &m.s
	for range maxOpeningTries {
		*s = b.start
		ok := true
		for t := 0; t < turns && ok; t++ {
			for {
				legal := b.g.LegalActions(s, &m.buf)
				b.g.Apply(s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
				if b.g.Terminal(s) {
					ok = false
					break
				}
				if b.g.TurnStart(s) {
					break
				}
			}
		}
		if ok {
			return *s, nil
		}
	}
	return b.start, fmt.Errorf("no random opening of %d turns that does not end the game found in %d tries", turns, maxOpeningTries)
}
