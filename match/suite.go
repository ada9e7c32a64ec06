package match

// Balanced opening suites ('colony openings'): random openings that a judging player
// scores close to equal, and the first player's score when a player plays them
// against itself.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// SuiteOptions says how BuildSuite builds a suite.
type SuiteOptions struct {
	// Judge is the spec of the player that scores each candidate: a deterministic
	// one (alpha-beta at a fixed depth, a node limit), so that the suite depends on
	// the seed alone.
	Judge string
	// Candidates is the most random openings drawn; each has Turns uniformly random
	// turns from the start. Candidate i is the opening of round i of a tournament
	// with random openings of Turns turns and seed Seed.
	Candidates, Turns int
	Seed              uint64
	// Band is the widest score kept, in evaluation units: a candidate is kept when
	// the judge's score of it, from the mover's view, is within ±Band.
	Band int
	// Max is the most positions kept: the first Max candidates in the band.
	Max int
	// Concurrency is the number of candidates scored at once; it changes no result.
	Concurrency int
}

// SuitePosition is one opening of a suite.
type SuitePosition struct {
	// Position is the opening in the game's notation.
	Position string
	// Score is the judge's score of the position from the mover's view, in
	// evaluation units.
	Score int
	// Candidate is the index of the candidate it was drawn as.
	Candidate int
}

// Suite is a balanced opening suite and how it was found.
type Suite struct {
	// Positions are the openings kept, in the order they were drawn.
	Positions []SuitePosition
	// Drawn counts the candidates drawn (up to the one that filled the suite),
	// Duplicates those of them that repeated an earlier candidate (dropped unscored),
	// Scored those the judge scored and OutOfBand those of them outside the band.
	Drawn, Duplicates, Scored, OutOfBand int
}

// suiteChunk is the number of distinct candidates scored before the kept ones are
// counted: a constant, so that the candidates scored do not depend on Concurrency.
const suiteChunk = 32

// MaxSuiteCandidates bounds SuiteOptions.Candidates.
const MaxSuiteCandidates = 1_000_000

// Check reports the first setting of o out of its range, as a *SettingError naming
// it as the command line does: player (the judge), candidates, turns, band,
// positions, concurrency.
func (o *SuiteOptions) Check() error {
	bad := func(setting, format string, args ...any) error {
		return &SettingError{setting, fmt.Errorf(format, args...)}
	}
	switch {
	case o.Judge == "":
		return bad("player", "no judging player")
	case o.Candidates < 1 || o.Candidates > MaxSuiteCandidates:
		return bad("candidates", "%d: want 1 to %d", o.Candidates, MaxSuiteCandidates)
	case o.Turns < 0 || o.Turns > 1000:
		return bad("turns", "%d: want 0 to 1000", o.Turns)
	case o.Band < 0:
		return bad("band", "%d: want 0 or more", o.Band)
	case o.Max < 1:
		return bad("positions", "%d: want at least 1", o.Max)
	case o.Concurrency < 1:
		return bad("concurrency", "%d: want at least 1", o.Concurrency)
	}
	return nil
}

// BuildSuite draws random openings of g (see SuiteOptions), drops the repeated ones,
// scores the others with the judge built by newPlayer and keeps, in the order drawn,
// the first o.Max whose score is within the band. The suite depends on o's settings
// but not on o.Concurrency. It stops early with ctx's error.
func BuildSuite[S any](ctx context.Context, g game.Game[S], newPlayer PlayerFactory[S], o SuiteOptions) (*Suite, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	// The candidates are the tournament's random openings of the same seed.
	cfg := record.Config{Seed: record.Seed(o.Seed), Openings: record.Openings{RandomTurns: o.Turns}}
	book, err := newOpeningBook(g, &cfg)
	if err != nil {
		return nil, err
	}
	var (
		suite Suite
		maker openingMaker[S]
		seen  = map[string]bool{}
		chunk []SuitePosition
		dups  []int // the duplicates of the chunk, by candidate index
	)
	tables := make([]search.Tables, o.Concurrency)
	defer func() {
		for i := range tables {
			tables[i].Free() // their memory back to the budget now, not when collected
		}
	}()
	for i := 0; i < o.Candidates && len(suite.Positions) < o.Max; {
		chunk, dups = chunk[:0], dups[:0]
		for ; i < o.Candidates && len(chunk) < suiteChunk; i++ {
			s, err := book.opening(i, &maker)
			if err != nil {
				return nil, fmt.Errorf("candidate %d: %w", i, err)
			}
			text := g.FormatPosition(&s)
			if seen[text] {
				dups = append(dups, i)
				continue
			}
			seen[text] = true
			chunk = append(chunk, SuitePosition{Position: text, Candidate: i})
		}
		if err := scoreSuite(ctx, g, newPlayer, o.Judge, chunk, tables); err != nil {
			return nil, err
		}
		// The counts go to the last candidate drawn, or to the one that filled the
		// suite: they do not depend on the chunks.
		last := i - 1
		for _, c := range chunk {
			suite.Scored++
			if c.Score < -o.Band || c.Score > o.Band {
				suite.OutOfBand++
				continue
			}
			suite.Positions = append(suite.Positions, c)
			if len(suite.Positions) == o.Max {
				last = c.Candidate
				break
			}
		}
		for _, d := range dups {
			if d <= last {
				suite.Duplicates++
			}
		}
		suite.Drawn = last + 1
	}
	return &suite, nil
}

// scoreSuite sets the Score of every candidate: the judge's, a new player for each
// candidate, len(tables) candidates at a time (a worker's tables are its own).
func scoreSuite[S any](ctx context.Context, g game.Game[S], newPlayer PlayerFactory[S], judge string, cands []SuitePosition, tables []search.Tables) error {
	next := make(chan int)
	errs := make([]error, len(cands))
	var wg sync.WaitGroup
	for w := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				errs[k] = scoreOne(ctx, g, newPlayer, judge, &cands[k], &tables[w])
			}
		}()
	}
	for k := range cands {
		if ctx.Err() != nil {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// scoreOne scores one candidate with a new judge.
func scoreOne[S any](ctx context.Context, g game.Game[S], newPlayer PlayerFactory[S], judge string, c *SuitePosition, tables *search.Tables) error {
	s, err := g.ParsePosition(c.Position)
	if err != nil {
		return fmt.Errorf("candidate %d: %w", c.Candidate, err)
	}
	tables.Release()
	p, err := newPlayer(judge, search.Options{Tables: tables})
	if err != nil {
		return fmt.Errorf("judge %s: %w", judge, err)
	}
	d, err := p.Play(ctx, &s)
	if cerr := p.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("candidate %d (%s): judge %s: %w", c.Candidate, c.Position, judge, err)
	}
	c.Score = d.Score
	return nil
}

// WriteSuite returns the suite as an opening file (LoadOpenings reads it): a comment
// header of the lines of header, each prefixed with "# ", then one position a line
// with its score in points (score/scale) and candidate index as a comment line
// before it.
func WriteSuite(s *Suite, header []string, scale int) string {
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# ")
		b.WriteString(h)
		b.WriteByte('\n')
	}
	scale = max(scale, 1)
	for _, p := range s.Positions {
		fmt.Fprintf(&b, "# candidate %d, score %s\n%s\n", p.Candidate, strconv.FormatFloat(float64(p.Score)/float64(scale), 'f', -1, 64), p.Position)
	}
	return b.String()
}
