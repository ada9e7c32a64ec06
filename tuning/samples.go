package tuning

// The training samples of value networks, read from games files.

import (
	"fmt"
	"math"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// SampleCounts say what NetworkSamples read.
type SampleCounts struct {
	// Games read and the Forfeits among them that were left out.
	Games, Forfeits int
	// Positions read, and those with a search score (Scored).
	Positions, Scored int
}

// NetworkSamples reads the games files (tournament games files, such as those of
// 'colony selfplay') of the game t and returns a sample for the position at the
// start of every turn: its encodings, the mover's search score in points (from the
// games file's "scores", divided by the scale of the mover's evaluation; none for a
// random player's or an engine's move, ±Inf for a proven result) and the game's
// result for the mover. Games lost by a forfeit are left out: their results say
// nothing of their positions. A game is a group of its own (nnue.SplitGroups).
func NetworkSamples(t catalog.Tunable, files []string) ([]nnue.Sample, SampleCounts, error) {
	var out []nnue.Sample
	var counts SampleCounts
	if _, _, err := t.NetworkTarget(); err != nil {
		return nil, counts, err
	}
	group := 0
	scaleOf := map[string]float64{} // the scale of each spec, resolved once
	for _, file := range files {
		gf, err := record.ReadGamesFile(file)
		if err != nil {
			return nil, counts, err
		}
		if gf.Header.Config.Game != "" && gf.Header.Config.Game != t.Name() {
			return nil, counts, fmt.Errorf("%s: games of %s, not %s", file, gf.Header.Config.Game, t.Name())
		}
		for i := range gf.Games {
			rec := &gf.Games[i]
			group++
			if rec.Forfeit() {
				counts.Forfeits++
				continue
			}
			counts.Games++
			scales := [2]float64{math.NaN(), math.NaN()}
			for seat, spec := range rec.Specs {
				sc, ok := scaleOf[spec]
				if !ok {
					sc = math.NaN()
					if sp, err := search.ParseSpec(spec); err == nil && sp.Kind != "random" && sp.Kind != "cmd" {
						sc = float64(catalog.ScoreScale(t, spec))
					}
					scaleOf[spec] = sc
				}
				scales[seat] = sc
			}
			m := 0 // the turn
			var encErr error
			err := t.Replay(rec.Opening, rec.Moves, func(position string, mover int) {
				defer func() { m++ }()
				if encErr != nil {
					return
				}
				mine, other, err := t.Encode(position)
				if err != nil {
					encErr = fmt.Errorf("move %d %q: %w", m+1, rec.Moves[m], err)
					return
				}
				smp := nnue.Sample{Mover: mine, Other: other, Score: math.NaN(), Result: rec.ScoreOf(mover), Group: group}
				if m < len(rec.Info) && !math.IsNaN(scales[mover]) {
					v := rec.Info[m].Score
					switch {
					case v >= search.WinScore:
						smp.Score = math.Inf(1)
					case v <= -search.WinScore:
						smp.Score = math.Inf(-1)
					default:
						smp.Score = float64(v) / scales[mover]
					}
					counts.Scored++
				}
				out = append(out, smp)
				counts.Positions++
			})
			if err == nil {
				err = encErr
			}
			if err != nil {
				return nil, counts, fmt.Errorf("%s: game %d: %w", file, rec.Index, err)
			}
		}
	}
	return out, counts, nil
}
