package tuning

// Training a value network from games files: 'colony train'.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/internal/atomicfile"
)

// NetTraining are the settings of a network training run (TrainNetwork).
type NetTraining struct {
	// Data are the games files to learn from (tournament games files, such as
	// 'colony selfplay' writes).
	Data []string
	// Dir is the run's directory: it receives the network (NetworkName), the
	// checkpoint (CheckpointName), the losses (LossCSVName, LossPlotName).
	Dir string
	// Hidden, L2 and L3 are the network's sizes (nnue.Header).
	Hidden, L2, L3 int
	// Epochs, Batch, LR, LRDrop and Lambda are nnue.TrainConfig's.
	Epochs, Batch      int
	LR, LRDrop, Lambda float64
	// K is the logistic scale in log-odds per point; 0 fits it to the data
	// (nnue.FitK).
	K float64
	// HeldOut is the share of the games held out to measure the loss on.
	HeldOut float64
	// Seed draws the first weights, the held-out games and the samples' order.
	Seed uint64
	// Threads compute the gradients (0: all cores); the network does not depend
	// on it.
	Threads int
	// Init, if set, is a network file of the same game and sizes to start from (a
	// generation's predecessor) instead of random weights.
	Init string
	// Resume continues the run of Dir from its checkpoint, exactly.
	Resume bool
	// Command is recorded in the network's header, with the data and the losses.
	Command string
	// Log receives a line per epoch (nil: none).
	Log io.Writer
}

// The files of a training run's directory.
const (
	NetworkName    = "network.nnue"
	CheckpointName = "train.checkpoint"
	LossCSVName    = "loss.csv"
	LossPlotName   = "loss.png"
)

// NetTrainingResult is what a training run made.
type NetTrainingResult struct {
	Network *nnue.Network
	Epochs  []nnue.EpochReport
	// Counts are the samples read; Train and HeldOut the samples on each side.
	Counts         SampleCounts
	Train, HeldOut int
	K              float64
	// Before is the held-out loss of the first weights.
	Before float64
}

// TrainNetwork trains a network for the game t from the games files of s.Data and
// writes it, with the run's checkpoint and losses, to s.Dir. With s.Resume it
// continues the run of s.Dir from its checkpoint (the same data and settings; more
// epochs may be asked for), giving the network an uninterrupted run would have.
func TrainNetwork(ctx context.Context, t catalog.Tunable, s NetTraining) (*NetTrainingResult, error) {
	target, maxActive, err := t.NetworkTarget()
	if err != nil {
		return nil, err
	}
	if len(s.Data) == 0 {
		return nil, errors.New("no games files to learn from")
	}
	if !(s.HeldOut >= 0 && s.HeldOut < 1) {
		return nil, fmt.Errorf("held-out share %v: want 0 or more and below 1", s.HeldOut)
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return nil, err
	}
	ckpt := filepath.Join(s.Dir, CheckpointName)
	if _, err := os.Stat(ckpt); err == nil && !s.Resume {
		return nil, fmt.Errorf("%s holds a training run already: resume it (--resume) or give another directory", s.Dir)
	} else if err != nil && s.Resume {
		return nil, fmt.Errorf("nothing to resume in %s: %w", s.Dir, err)
	}
	samples, counts, err := NetworkSamples(t, s.Data)
	if err != nil {
		return nil, err
	}
	if len(samples) == 0 {
		return nil, errors.New("the games files hold no positions")
	}
	train, held := nnue.SplitGroups(samples, s.HeldOut, s.Seed)
	if len(train) == 0 {
		return nil, errors.New("no training positions left after holding out")
	}
	k := s.K
	if k == 0 {
		k = nnue.FitK(train, 0)
		if k == 0 {
			return nil, errors.New("too few positions with a search score to fit K: give --k")
		}
	}
	h := nnue.Header{Game: nnue.GameName(target.Rules), Rules: target.Rules, Encoding: target.Encoding, Inputs: target.Inputs,
		Hidden: s.Hidden, L2: s.L2, L3: s.L3, OutScale: roundScale(4 / k)}
	if h.OutScale > nnue.MaxOutScale && s.Init == "" {
		return nil, fmt.Errorf("K = %g per point is too small: the network's output scale, 4/K = %g points, would be above %d (give a larger --k)", k, h.OutScale, nnue.MaxOutScale)
	}
	var net *nnue.Network
	if s.Init != "" {
		if net, err = nnue.Load(s.Init); err == nil {
			err = net.CheckFor(target)
		}
		if err == nil && (net.Hidden != s.Hidden || net.L2 != s.L2 || net.L3 != s.L3) {
			err = fmt.Errorf("its sizes are %d, %d, %d, not %d, %d, %d", net.Hidden, net.L2, net.L3, s.Hidden, s.L2, s.L3)
		}
		if err != nil {
			return nil, fmt.Errorf("--init %s: %w", s.Init, err)
		}
		h.OutScale = net.OutScale
		net.Trained = nil
	} else if net, err = nnue.New(h, s.Seed); err != nil {
		return nil, err
	}
	res := &NetTrainingResult{Counts: counts, Train: len(train), HeldOut: len(held), K: k,
		Before: nnue.Loss(net, held, s.Lambda, k, s.Threads)}
	logf := func(format string, args ...any) {
		if s.Log != nil {
			fmt.Fprintf(s.Log, format, args...)
		}
	}
	threads := s.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	logf("%s: %d games (%d forfeits left out), %d positions (%d with a search score): %d to train on, %d held out; K = %.4f per point, output scale %.4g points; %d inputs, %d at most on; network %d-%d-%d (%d weights); %d threads\n",
		t.Name(), counts.Games, counts.Forfeits, counts.Positions, counts.Scored, len(train), len(held), k, net.OutScale,
		target.Inputs, maxActive, s.Hidden, s.L2, s.L3, net.NumParams(), threads)
	cfg := nnue.TrainConfig{Epochs: s.Epochs, Batch: s.Batch, LR: s.LR, LRDrop: s.LRDrop, Lambda: s.Lambda, K: k,
		Seed: s.Seed, Threads: s.Threads, Checkpoint: ckpt, Resume: s.Resume,
		Progress: func(r nnue.EpochReport) {
			logf("epoch %d: loss %.6f, held-out %.6f, %.0f positions/s, %.1f s\n", r.Epoch, r.TrainLoss, r.HeldOutLoss, r.Rate, r.Seconds)
		}}
	epochs, err := nnue.Train(ctx, net, train, held, cfg)
	res.Network, res.Epochs = net, epochs
	if len(epochs) > 0 {
		if werr := writeLosses(s.Dir, res); werr != nil {
			err = errors.Join(err, werr)
		}
	}
	if err != nil {
		return res, err
	}
	last := epochs[len(epochs)-1]
	net.Trained = map[string]string{
		"command":        s.Command,
		"data":           strings.Join(s.Data, " "),
		"positions":      strconv.Itoa(len(train)),
		"held_out":       strconv.Itoa(len(held)),
		"epochs":         strconv.Itoa(last.Epoch),
		"lambda":         strconv.FormatFloat(s.Lambda, 'g', -1, 64),
		"k":              strconv.FormatFloat(k, 'g', 6, 64),
		"loss":           strconv.FormatFloat(last.TrainLoss, 'g', 6, 64),
		"held_out_loss":  strconv.FormatFloat(last.HeldOutLoss, 'g', 6, 64),
		"held_out_first": strconv.FormatFloat(res.Before, 'g', 6, 64),
		"seed":           strconv.FormatUint(s.Seed, 10),
	}
	if err := net.Save(filepath.Join(s.Dir, NetworkName)); err != nil {
		return res, err
	}
	return res, nil
}

// roundScale rounds x to two significant digits.
func roundScale(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	return math.Round(x/p) * p
}

// writeLosses writes the losses of every epoch as a CSV file and a chart.
func writeLosses(dir string, res *NetTrainingResult) error {
	var csv bytes.Buffer
	csv.WriteString("epoch,loss,held_out_loss,positions_per_second,seconds\n")
	fmt.Fprintf(&csv, "0,,%g,,\n", res.Before)
	xs, train, held := []float64{0}, []float64{math.NaN()}, []float64{res.Before}
	for _, e := range res.Epochs {
		fmt.Fprintf(&csv, "%d,%g,%g,%.0f,%.3f\n", e.Epoch, e.TrainLoss, e.HeldOutLoss, e.Rate, e.Seconds)
		xs = append(xs, float64(e.Epoch))
		train = append(train, e.TrainLoss)
		held = append(held, e.HeldOutLoss)
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, LossCSVName), csv.Bytes()); err != nil {
		return err
	}
	var png bytes.Buffer
	series := []Series{{Name: "training", X: xs, Y: train}, {Name: "held out", X: xs, Y: held}}
	if err := PlotSeries(&png, "Network training: loss by epoch", "epoch", "loss (squared error in win probability)", series, 0, 0); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, LossPlotName), png.Bytes())
}
