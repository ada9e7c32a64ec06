package match

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/record"
)

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
	cfg   *record.Config
	order []int // the file's positions in the order rounds take them
	start S
}

// openingMaker makes random openings without allocating (pointers passed to
// interface methods escape, so its buffers live here).
type openingMaker[S any] struct {
	s   S
	buf game.ActionBuffer
}

func newOpeningBook[S any](g game.Game[S], cfg *record.Config) (*openingBook[S], error) {
	b := &openingBook[S]{g: g, cfg: cfg, start: g.Start()}
	if len(cfg.Openings.Positions) > 0 {
		b.order = cfg.OpeningOrder()
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
	schedule record.RunSchedule
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
func newOpeningCache[S any](book *openingBook[S], rs record.RunSchedule, doneIn func(round int) int) *openingCache[S] {
	return &openingCache[S]{book: book, schedule: rs, doneIn: doneIn, entries: map[int]*openingEntry[S]{}, left: map[int]int{}}
}

// get returns the opening of round, and its text; m is the caller's scratch space.
func (c *openingCache[S]) get(round int, m *openingMaker[S]) (S, string, error) {
	c.mu.Lock()
	e := c.entries[round]
	if e == nil {
		e = &openingEntry[S]{}
		c.entries[round] = e
		c.left[round] = c.schedule.GamesInRound(round) - c.doneIn(round)
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
	rng := rand.NewPCG(uint64(b.cfg.Seed), record.Mix(0x6f70656e696e67, uint64(round)))
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
