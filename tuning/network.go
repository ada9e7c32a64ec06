package tuning

// Value networks (package eval/nnue) for the game of a Linear: the evaluations
// eval=net (the network the game's package ships) and eval=net:FILE, and the training
// samples of games files.

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// NetName is the eval setting of the network a game's package ships; "net:FILE"
// names a network file.
const NetName = "net"

// networks resolves eval=net and eval=net:FILE for one game: each network is read
// and quantised once; every player gets its own evaluator (search.Fork).
type networks[S any] struct {
	g       game.Game[S]
	enc     game.Encoder[S] // nil: the game has no encoding
	shipped []byte
	mu      sync.Mutex
	cache   map[string]netEval[S]
}

func newNetworks[S any](g game.Game[S], fs eval.TunableSet[S]) *networks[S] {
	n := &networks[S]{g: g, enc: game.PartOf[game.Encoder[S]](g), cache: map[string]netEval[S]{}}
	if sh, ok := fs.(game.NetworkShipper); ok {
		n.shipped = sh.ShippedNetwork(g.Name())
	}
	return n
}

// netEval is a network's evaluator as search sees it: forked for every player.
type netEval[S any] struct{ *nnue.Evaluator[S] }

// Fork returns an evaluator of the same network with its own accumulators.
func (e netEval[S]) Fork() search.Evaluator[S] { return netEval[S]{e.Evaluator.Fork()} }

// names reports whether value names a network ("net" or "net:FILE").
func isNetwork(value string) bool {
	return value == NetName || strings.HasPrefix(value, NetName+":")
}

// evaluator returns the evaluation of value, "net" or "net:FILE".
func (n *networks[S]) evaluator(value string) (search.Evaluator[S], error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if ev, ok := n.cache[value]; ok {
		return ev, nil
	}
	if n.enc == nil {
		return nil, fmt.Errorf("eval=%s: %s has no input encoding for networks", value, n.g.Name())
	}
	var net *nnue.Network
	var err error
	if value == NetName {
		if n.shipped == nil {
			return nil, fmt.Errorf("eval=net: no network ships for %s: train one ('colony train') and give it as eval=net:FILE", n.g.Name())
		}
		net, err = nnue.Parse(n.shipped)
	} else {
		path := strings.TrimPrefix(value, NetName+":")
		if path == "" {
			return nil, fmt.Errorf("eval=%s: give the network file after net:", value)
		}
		net, err = nnue.Load(path)
	}
	if err == nil {
		err = net.CheckFor(n.target())
	}
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w", value, err)
	}
	q, err := nnue.Quantise(net, n.enc.Encoding().MaxActive)
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w", value, err)
	}
	ev, err := nnue.NewEvaluator(n.g, n.g.Name(), q)
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w", value, err)
	}
	n.cache[value] = netEval[S]{ev}
	return n.cache[value], nil
}

// target returns what a network must be trained for to evaluate the game.
func (n *networks[S]) target() nnue.Target {
	e := n.enc.Encoding()
	return nnue.Target{Rules: n.g.Name(), Encoding: e.Name, Inputs: e.Inputs}
}

// NetworkTarget returns what a network for the game must be trained for, and the
// most inputs its encoding turns on; an error when the game has no encoding.
func (t *Linear[S]) NetworkTarget() (nnue.Target, int, error) {
	if t.nets.enc == nil {
		return nnue.Target{}, 0, fmt.Errorf("%s has no input encoding for networks", t.g.Name())
	}
	return t.nets.target(), t.nets.enc.Encoding().MaxActive, nil
}

// SampleCounts say what NetworkSamples read.
type SampleCounts struct {
	// Games read and the Forfeits among them that were left out.
	Games, Forfeits int
	// Positions read, and those with a search score (Scored).
	Positions, Scored int
}

// NetworkSamples reads the games files (tournament games files, such as those of
// 'colony selfplay') of the game and returns a sample for the position at the start
// of every turn: its encodings, the mover's search score in points (from the games
// file's "scores", divided by the scale of the mover's evaluation; none for a
// random player's or an engine's move, ±Inf for a proven result) and the game's
// result for the mover. Games lost by a forfeit are left out: their results say
// nothing of their positions. A game is a group of its own (nnue.SplitGroups).
func (t *Linear[S]) NetworkSamples(files []string) ([]nnue.Sample, SampleCounts, error) {
	var out []nnue.Sample
	var counts SampleCounts
	enc := t.nets.enc
	if enc == nil {
		return nil, counts, fmt.Errorf("%s has no input encoding for networks", t.g.Name())
	}
	group := 0
	scaleOf := map[string]float64{} // the scale of each spec, resolved once
	for _, file := range files {
		gf, err := record.ReadGamesFile(file)
		if err != nil {
			return nil, counts, err
		}
		if gf.Header.Config.Game != "" && gf.Header.Config.Game != t.g.Name() {
			return nil, counts, fmt.Errorf("%s: games of %s, not %s", file, gf.Header.Config.Game, t.g.Name())
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
						sc = float64(t.Scale(spec))
					}
					scaleOf[spec] = sc
				}
				scales[seat] = sc
			}
			s, err := t.g.ParsePosition(rec.Opening)
			if err != nil {
				return nil, counts, fmt.Errorf("%s: game %d: opening: %w", file, rec.Index, err)
			}
			for m, text := range rec.Moves {
				if t.g.Terminal(&s) {
					return nil, counts, fmt.Errorf("%s: game %d: move %d %q: the game is over", file, rec.Index, m+1, text)
				}
				mover := t.g.ToMove(&s)
				smp := nnue.Sample{Mover: enc.Encode(&s, mover, nil), Other: enc.Encode(&s, mover^1, nil),
					Score: math.NaN(), Result: rec.ScoreOf(mover), Group: group}
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
				if err := game.ReadTurn(t.g, &s, text); err != nil {
					return nil, counts, fmt.Errorf("%s: game %d: move %d %q: %w", file, rec.Index, m+1, text, err)
				}
			}
		}
	}
	return out, counts, nil
}
