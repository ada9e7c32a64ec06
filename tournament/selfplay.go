package tournament

// The first player's score when a player plays openings against itself ('colony
// openings' reports it for a balanced suite and for random openings).

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
)

// MoverScore is the score of the side to move in the openings (the first player)
// over a self-play run: each opening played twice, colours swapped.
type MoverScore struct {
	// Openings counts the openings played, Games the games; Wins, Draws and Losses
	// are the first player's.
	Openings, Games, Wins, Draws, Losses int
	// Score is the first player's mean score (0 to 1); Low and High bound its 95%
	// interval, the normal approximation with the standard error taken over the
	// openings (the two games of an opening are not independent).
	Score, Low, High float64
	// FirstBoth and SecondBoth count the openings of two games that the first
	// player won both of, and the second: pairs that a match between two players
	// would score 1–1 whoever is stronger, the colour deciding.
	FirstBoth, SecondBoth int
}

// String formats m as "SCORE% [LOW%, HIGH%] (W wins, D draws, L losses in G games from O openings)".
func (m MoverScore) String() string {
	return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%] (%d wins, %d draws, %d losses in %d games from %d openings)",
		100*m.Score, 100*m.Low, 100*m.High, m.Wins, m.Draws, m.Losses, m.Games, m.Openings)
}

// PairsText formats m's pairs: "S of P pairs split one game each (the first
// player won both games of F, the second of B)".
func (m MoverScore) PairsText() string {
	return fmt.Sprintf("%d of %d pairs split one game each (the first player won both games of %d, the second of %d)",
		m.FirstBoth+m.SecondBoth, m.Openings, m.FirstBoth, m.SecondBoth)
}

// SelfPlay plays player against itself (a match of two entrants of the same spec,
// seeded by seed, concurrency games at a time) from each of openings' openings
// twice, colours swapped, pairs pairs of games in all (the positions in order, from
// the start again when there are fewer; random openings when there are none), and
// returns the first player's score.
func SelfPlay(ctx context.Context, g match.Games, player string, openings record.Openings, pairs int, seed uint64, concurrency int) (MoverScore, error) {
	cfg := record.Config{
		Game:     g.Name(),
		Players:  []record.Entrant{{Name: "a", Spec: player}, {Name: "b", Spec: player}},
		Format:   record.Match,
		Games:    2 * pairs,
		Seed:     record.Seed(seed),
		Openings: openings,
	}
	r := &Runner{Games: g, Config: cfg, Concurrency: concurrency}
	res, err := r.Run(ctx)
	if err != nil {
		return MoverScore{}, err
	}
	if !res.Complete {
		return MoverScore{}, fmt.Errorf("self-play stopped after %d of %d games", res.Count(), cfg.Games)
	}
	// The games' summaries, their openings made again (the run keeps no records of
	// a long self-play).
	movers, err := g.Movers(&cfg)
	if err != nil {
		return MoverScore{}, err
	}
	games := res.Summaries
	return moverScoreOf(games.Len(), func(i int) (round, winner, mover int, err error) {
		sum := games.At(i)
		round = sum.Pair() // one pairing: a round is a pair
		mover, err = movers(round)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("game %d: opening: %w", sum.Index, err)
		}
		return round, int(sum.Winner), mover, nil
	})
}

// moverScoreOf counts the first player's results in count games, the two games of
// a round from the same opening: game i given by its round, winner and the side to
// move in its opening.
func moverScoreOf(count int, game func(i int) (round, winner, mover int, err error)) (MoverScore, error) {
	var m MoverScore
	byRound := map[int][]float64{}
	for i := range count {
		round, winner, mover, err := game(i)
		if err != nil {
			return m, err
		}
		var x float64
		switch winner {
		case mover:
			x = 1
			m.Wins++
		case -1:
			x = 0.5
			m.Draws++
		default:
			m.Losses++
		}
		byRound[round] = append(byRound[round], x)
		m.Games++
	}
	m.Openings = len(byRound)
	if m.Openings == 0 {
		return m, errors.New("no games")
	}
	var sum, sum2 float64
	for _, xs := range byRound {
		var v float64
		for _, x := range xs {
			v += x
		}
		v /= float64(len(xs))
		sum += v
		sum2 += v * v
	}
	for _, xs := range byRound {
		if len(xs) == 2 && xs[0] == xs[1] && xs[0] != 0.5 {
			if xs[0] == 1 {
				m.FirstBoth++
			} else {
				m.SecondBoth++
			}
		}
	}
	n := float64(m.Openings)
	m.Score = (float64(m.Wins) + float64(m.Draws)/2) / float64(m.Games)
	mean := sum / n
	half := 0.0
	if m.Openings > 1 {
		variance := max(0, (sum2-n*mean*mean)/(n-1))
		half = 1.96 * math.Sqrt(variance/n)
	}
	m.Low, m.High = max(0, m.Score-half), min(1, m.Score+half)
	return m, nil
}

// SuiteReport plays the suite s, built with the options o, and random openings of as
// many turns, pairs pairs each (0: one a position), with player against itself on g
// (SelfPlay), and returns the report's lines ('colony openings'): the first player's
// score on each.
func SuiteReport(ctx context.Context, g match.Games, player string, s *match.Suite, o match.SuiteOptions, pairs int) ([]string, error) {
	if pairs == 0 {
		pairs = len(s.Positions)
	}
	positions := make([]string, len(s.Positions))
	for i, p := range s.Positions {
		positions[i] = p.Position
	}
	var lines []string
	for _, src := range []struct {
		name     string
		openings record.Openings
	}{
		{"suite", record.Openings{Positions: positions}},
		{fmt.Sprintf("random openings of %d turns", o.Turns), record.Openings{RandomTurns: o.Turns}},
	} {
		m, err := SelfPlay(ctx, g, player, src.openings, pairs, o.Seed, o.Concurrency)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.name, err)
		}
		lines = append(lines, fmt.Sprintf("first player, %s against itself, %s: %s", player, src.name, m))
	}
	return lines, nil
}
