package native

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// GamesData are the positions of a games file, one entry of every slice a position
// at the start of a turn, in the order of the file's games and their turns: what a
// learner trains on (ReadGames), as the C ABI writes it in JSON.
type GamesData struct {
	// Game is the game of the file's header, by its full name.
	Game string `json:"game"`
	// Positions are the positions in the game's notation, Turns the turn played in
	// each.
	Positions []string `json:"positions"`
	Turns     []string `json:"turns"`
	// Games are the index of each position's game in its tournament; Movers the
	// side to move.
	Games  []int `json:"games"`
	Movers []int `json:"movers"`
	// Results are the game's result for the mover: 1 a win, 0.5 a draw, 0 a loss.
	Results []float64 `json:"results"`
	// Scores are the mover's search score in the game's points (the file's score
	// divided by the scale of the mover's evaluation), where Scored says there is
	// one (not for a random player's move or an engine's); Proven is +1 or -1 for a
	// proven win or loss (Scores is then 0).
	Scores []float64 `json:"scores"`
	Scored []bool    `json:"scored"`
	Proven []int     `json:"proven"`
	// Forfeits counts the games left out: lost by a forfeit, their results say
	// nothing of their positions.
	Forfeits int `json:"forfeits"`
}

// ReadGames reads the games file at path (a tournament's, or colony selfplay's) and
// returns the position at the start of every turn of its games with the turn played,
// the game's result and the mover's search score, as colony train reads them
// (tuning.Linear's NetworkSamples).
func ReadGames(path string) (*GamesData, error) {
	gf, err := record.ReadGamesFile(path)
	if err != nil {
		return nil, failed(err)
	}
	rs, err := catalog.OpenHeader(&gf.Header)
	if err != nil {
		return nil, failed(fmt.Errorf("%s: %w", path, err))
	}
	sg, err := catalog.States(rs)
	if err != nil {
		return nil, failed(err)
	}
	d := &GamesData{Game: rs.Name(), Positions: []string{}, Turns: []string{}, Games: []int{}, Movers: []int{},
		Results: []float64{}, Scores: []float64{}, Scored: []bool{}, Proven: []int{}}
	scaleOf := map[string]int{} // 0: the spec's moves have no score
	for i := range gf.Games {
		rec := &gf.Games[i]
		if rec.Forfeit() {
			d.Forfeits++
			continue
		}
		var scales [2]int
		for seat, spec := range rec.Specs {
			sc, ok := scaleOf[spec]
			if !ok {
				if sp, err := search.ParseSpec(spec); err == nil && sp.Kind != "random" && sp.Kind != "cmd" {
					sc = catalog.ScoreScale(rs, spec)
				}
				scaleOf[spec] = sc
			}
			scales[seat] = sc
		}
		s, err := sg.Parse(rec.Opening)
		if err != nil {
			return nil, failed(fmt.Errorf("%s: game %d: opening: %w", path, rec.Index, err))
		}
		for m, turn := range rec.Moves {
			if s.Terminal() {
				return nil, failed(fmt.Errorf("%s: game %d: move %d %q: the game is over", path, rec.Index, m+1, turn))
			}
			mover := s.ToMove()
			d.Positions = append(d.Positions, s.String())
			d.Turns = append(d.Turns, turn)
			d.Games = append(d.Games, rec.Index)
			d.Movers = append(d.Movers, mover)
			d.Results = append(d.Results, rec.ScoreOf(mover))
			score, scored, proven := 0.0, false, 0
			if m < len(rec.Info) && scales[mover] > 0 {
				scored = true
				switch v := rec.Info[m].Score; {
				case v >= search.WinScore:
					proven = 1
				case v <= -search.WinScore:
					proven = -1
				default:
					score = float64(v) / float64(scales[mover])
				}
			}
			d.Scores = append(d.Scores, score)
			d.Scored = append(d.Scored, scored)
			d.Proven = append(d.Proven, proven)
			if err := s.ApplyTurn(turn); err != nil {
				return nil, failed(fmt.Errorf("%s: game %d: move %d %q: %w", path, rec.Index, m+1, turn, err))
			}
		}
	}
	return d, nil
}
