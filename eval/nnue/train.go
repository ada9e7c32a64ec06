package nnue

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Sample is one training position: its encodings, the score its search gave and its
// game's result, all from the view of the player to move.
type Sample struct {
	// Mover and Other are the encodings of the position seen by the player to move
	// and by the other player (game.Encoder's Encode).
	Mover, Other []uint16
	// Score is the search's score of the position, in the game's points; NaN when
	// no search scored it (a random player's move). A proven win or loss is
	// ±Inf.
	Score float64
	// Result is the game's result: 1 a win, 0.5 a draw, 0 a loss.
	Result float64
	// Group is the game the position came from: SplitGroups keeps a game's
	// positions on one side.
	Group int
}

// TrainConfig are the settings of Train.
type TrainConfig struct {
	// Epochs is the number of passes over the training samples.
	Epochs int
	// Batch is the number of samples of a minibatch (one Adam step).
	Batch int
	// LR is Adam's learning rate; Beta1, Beta2 and Epsilon its other settings (0:
	// 0.9, 0.999 and 1e-8).
	LR, Beta1, Beta2, Epsilon float64
	// LRDrop multiplies the learning rate after every epoch (0 or 1: constant).
	LRDrop float64
	// Lambda is the weight of the search's score in the target, 1−Lambda the
	// game's result's (Stockfish's lambda).
	Lambda float64
	// K is the logistic scale: a value of v points predicts a win with probability
	// σ(K·v).
	K float64
	// Seed draws the order of the samples in each epoch.
	Seed uint64
	// Threads is the number of goroutines computing gradients (0: GOMAXPROCS).
	// The network does not depend on it.
	Threads int
	// Checkpoint, if set, is a file written after every epoch, from which Resume
	// continues exactly.
	Checkpoint string
	// Resume continues from Checkpoint (which must exist and be of this
	// configuration and data).
	Resume bool
	// Progress, if set, is called after every epoch.
	Progress func(EpochReport)
}

// EpochReport is what one epoch did.
type EpochReport struct {
	Epoch int
	// TrainLoss is the mean loss over the epoch's minibatches (as the weights
	// stood when each was taken), HeldOutLoss the loss on the held-out samples
	// after the epoch (NaN with none).
	TrainLoss, HeldOutLoss float64
	// Samples per second, over the epoch.
	Rate    float64
	Seconds float64
}

// shards is the number of parts a minibatch's gradient is computed in: fixed, so
// that the sum's order, and the network, do not depend on the number of threads.
const shards = 8

// Limits on the weights after each step: the first layer's keep the quantised
// accumulators well inside 16 bits, the dense layers' keep their quantised weights
// inside 15 bits (see Quantised); the output layer's are only kept finite.
const (
	maxW1    = 2
	maxDense = 15.9
	maxOut   = 64
)

func (c *TrainConfig) defaults() error {
	if c.Beta1 == 0 {
		c.Beta1 = 0.9
	}
	if c.Beta2 == 0 {
		c.Beta2 = 0.999
	}
	if c.Epsilon == 0 {
		c.Epsilon = 1e-8
	}
	if c.LRDrop == 0 {
		c.LRDrop = 1
	}
	if c.Threads <= 0 {
		c.Threads = runtime.GOMAXPROCS(0)
	}
	switch {
	case c.Epochs < 1:
		return fmt.Errorf("epochs %d: want at least 1", c.Epochs)
	case c.Batch < 1:
		return fmt.Errorf("batch %d: want at least 1", c.Batch)
	case !(c.LR > 0):
		return fmt.Errorf("learning rate %v: want a positive number", c.LR)
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return fmt.Errorf("lambda %v: want 0 to 1", c.Lambda)
	case !(c.K > 0) || math.IsInf(c.K, 0):
		return fmt.Errorf("K %v: want a positive number", c.K)
	case c.Resume && c.Checkpoint == "":
		return errors.New("resume: no checkpoint file given")
	}
	return nil
}

// sigmoid is the logistic function.
func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// target returns the target win probability of s: λ·σ(K·score) + (1−λ)·result, the
// result alone when no search scored the position.
func target(s *Sample, lambda, k float64) float64 {
	if math.IsNaN(s.Score) {
		return s.Result
	}
	return lambda*sigmoid(k*s.Score) + (1-lambda)*s.Result
}

// grads holds a gradient (or Adam's moments) in the network's layout.
type grads struct {
	w1, b1, w2, b2, w3, b3, w4 []float64
	b4                         float64
}

func newGrads(h Header) *grads {
	n := alloc(h)
	return &grads{w1: n.W1, b1: n.B1, w2: n.W2, b2: n.B2, w3: n.W3, b3: n.B3, w4: n.W4}
}

func (g *grads) slices() [][]float64 { return [][]float64{g.w1, g.b1, g.w2, g.b2, g.w3, g.b3, g.w4} }

func (g *grads) zero() {
	for _, p := range g.slices() {
		clear(p)
	}
	g.b4 = 0
}

// worker holds one shard's scratch space.
type worker struct {
	g               *grads
	a1, z2, a2, a3  []float64 // n×2H, n×L2, n×L2, n×L3
	d1, d2, d3, acc []float64
	dy              []float64
	loss            float64
}

func newWorker(h Header, n int) *worker {
	return &worker{g: newGrads(h),
		a1: make([]float64, n*2*h.Hidden), acc: make([]float64, n*2*h.Hidden), d1: make([]float64, n*2*h.Hidden),
		z2: make([]float64, n*h.L2), a2: make([]float64, n*h.L2), d2: make([]float64, n*h.L2),
		a3: make([]float64, n*h.L3), d3: make([]float64, n*h.L3), dy: make([]float64, n)}
}

// forward computes the activations of the samples batch into w's scratch and returns
// the outputs (in units of OutScale) into out.
func (w *worker) forward(net *Network, batch []*Sample, out []float64) {
	h, n := net.Hidden, len(batch)
	for r, s := range batch {
		for side, feats := range [2][]uint16{s.Mover, s.Other} {
			acc := w.acc[r*2*h+side*h : r*2*h+side*h+h]
			copy(acc, net.B1)
			for _, f := range feats {
				col := net.W1[int(f)*h : int(f)*h+h]
				for j := range acc {
					acc[j] += col[j]
				}
			}
			a := w.a1[r*2*h+side*h : r*2*h+side*h+h]
			for j, x := range acc {
				a[j] = clip01(x)
			}
		}
	}
	// Z2 = A1·W2ᵀ + B2, A2 = clip(Z2); then the same for the third layer.
	layer := func(x []float64, xCols int, wt []float64, b []float64, z, a []float64) {
		rows := len(b)
		for r := range n {
			copy(z[r*rows:(r+1)*rows], b)
		}
		blas64.Gemm(blas.NoTrans, blas.Trans, 1,
			blas64.General{Rows: n, Cols: xCols, Data: x[:n*xCols], Stride: xCols},
			blas64.General{Rows: rows, Cols: xCols, Data: wt, Stride: xCols},
			1, blas64.General{Rows: n, Cols: rows, Data: z[:n*rows], Stride: rows})
		for i := range z[:n*rows] {
			a[i] = clip01(z[i])
		}
	}
	layer(w.a1, 2*h, net.W2, net.B2, w.z2, w.a2)
	z3 := w.d3 // scratch: d3 is written only in backward
	layer(w.a2, net.L2, net.W3, net.B3, z3, w.a3)
	for r := range n {
		y := net.B4
		a3 := w.a3[r*net.L3 : (r+1)*net.L3]
		for j, x := range a3 {
			y += net.W4[j] * x
		}
		out[r] = y
	}
}

// gradient adds the gradient of the loss over batch to w.g and the loss to w.loss.
func (w *worker) gradient(net *Network, batch []*Sample, cfg *TrainConfig) {
	h, n := net.Hidden, len(batch)
	w.forward(net, batch, w.dy)
	scale := cfg.K * net.OutScale
	for r, s := range batch {
		p := sigmoid(scale * w.dy[r])
		t := target(s, cfg.Lambda, cfg.K)
		w.loss += (p - t) * (p - t)
		w.dy[r] = 2 * (p - t) * p * (1 - p) * scale
	}
	g := w.g
	// Output layer.
	for r := range n {
		dy := w.dy[r]
		g.b4 += dy
		a3 := w.a3[r*net.L3 : (r+1)*net.L3]
		d3 := w.d3[r*net.L3 : (r+1)*net.L3]
		for j, x := range a3 {
			g.w4[j] += dy * x
			if x > 0 && x < 1 {
				d3[j] = dy * net.W4[j]
			} else {
				d3[j] = 0
			}
		}
	}
	// Dense layers: G_W += Dᵀ·X, D_prev = D·W masked by the clip.
	back := func(d []float64, rows int, x []float64, xCols int, wm, gw, gb []float64, dPrev, xPrev []float64) {
		for r := range n {
			for k := range rows {
				gb[k] += d[r*rows+k]
			}
		}
		blas64.Gemm(blas.Trans, blas.NoTrans, 1,
			blas64.General{Rows: n, Cols: rows, Data: d[:n*rows], Stride: rows},
			blas64.General{Rows: n, Cols: xCols, Data: x[:n*xCols], Stride: xCols},
			1, blas64.General{Rows: rows, Cols: xCols, Data: gw, Stride: xCols})
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: n, Cols: rows, Data: d[:n*rows], Stride: rows},
			blas64.General{Rows: rows, Cols: xCols, Data: wm, Stride: xCols},
			0, blas64.General{Rows: n, Cols: xCols, Data: dPrev[:n*xCols], Stride: xCols})
		for i, v := range xPrev[:n*xCols] {
			if !(v > 0 && v < 1) {
				dPrev[i] = 0
			}
		}
	}
	back(w.d3, net.L3, w.a2, net.L2, net.W3, g.w3, g.b3, w.d2, w.z2)
	back(w.d2, net.L2, w.a1, 2*h, net.W2, g.w2, g.b2, w.d1, w.acc)
	// The first layer: sparse.
	for r, s := range batch {
		for side, feats := range [2][]uint16{s.Mover, s.Other} {
			d := w.d1[r*2*h+side*h : r*2*h+side*h+h]
			for j, v := range d {
				g.b1[j] += v
			}
			for _, f := range feats {
				col := g.w1[int(f)*h : int(f)*h+h]
				for j, v := range d {
					col[j] += v
				}
			}
		}
	}
}

// trainer is the state of a training run: what a checkpoint holds.
type trainer struct {
	Net     *Network
	M, V    *grads
	Step    int64
	Epoch   int // epochs done
	History []EpochReport
	Key     string // the configuration and data the run is for
	// Settings are the same in words (runKey), for a refusal to name them.
	Settings []runSetting
}

// Loss returns the mean loss of net over samples (NaN for none), computed with
// threads goroutines.
func Loss(net *Network, samples []Sample, lambda, k float64, threads int) float64 {
	if len(samples) == 0 {
		return math.NaN()
	}
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	const chunk = 512
	parts := (len(samples) + chunk - 1) / chunk
	losses := make([]float64, parts)
	var eg errgroup.Group
	eg.SetLimit(threads)
	for part := range parts {
		eg.Go(func() error {
			lo, hi := part*chunk, min(len(samples), (part+1)*chunk)
			batch := make([]*Sample, hi-lo)
			for i := range batch {
				batch[i] = &samples[lo+i]
			}
			w := newWorker(net.Header, len(batch))
			out := make([]float64, len(batch))
			w.forward(net, batch, out)
			for r, s := range batch {
				p := sigmoid(k * net.OutScale * out[r])
				t := target(s, lambda, k)
				losses[part] += (p - t) * (p - t)
			}
			return nil
		})
	}
	eg.Wait()
	sum := 0.0
	for _, l := range losses {
		sum += l
	}
	return sum / float64(len(samples))
}

// Train fits net (changed in place) to the samples train by Adam, reporting the
// loss on heldOut after every epoch, and returns every epoch's report (with Resume,
// those of the checkpoint's epochs first). The same network, samples and
// configuration give the same network bit for bit, with any number of threads, and a
// run resumed from a checkpoint gives the same network as one left uninterrupted.
// When ctx is done Train stops after the minibatch in progress and returns ctx's
// error; the last checkpoint stands.
func Train(ctx context.Context, net *Network, train, heldOut []Sample, cfg TrainConfig) ([]EpochReport, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	if len(train) == 0 {
		return nil, errors.New("no training samples")
	}
	for i := range train {
		if err := checkSample(&train[i], net.Inputs); err != nil {
			return nil, fmt.Errorf("training sample %d: %w", i, err)
		}
	}
	tr := &trainer{Net: net, M: newGrads(net.Header), V: newGrads(net.Header)}
	tr.Key, tr.Settings = runKey(net, train, heldOut, cfg)
	if cfg.Resume {
		saved, err := loadCheckpoint(cfg.Checkpoint)
		if err != nil {
			return nil, err
		}
		if saved.Key != tr.Key {
			if diff := differences(tr.Settings, saved.Settings); diff != "" {
				return nil, fmt.Errorf("%s: the checkpoint is of another training: %s", cfg.Checkpoint, diff)
			}
			return nil, fmt.Errorf("%s: the checkpoint is of another training (other data, sizes or settings)", cfg.Checkpoint)
		}
		*net = *saved.Net
		saved.Settings = tr.Settings // the same (the keys match), in a checkpoint of an earlier version none
		tr = saved
		tr.Net = net
	}
	workers := make([]*worker, shards)
	per := (cfg.Batch + shards - 1) / shards
	for i := range workers {
		workers[i] = newWorker(net.Header, per)
	}
	order := make([]int, len(train))
	batch := make([]*Sample, 0, cfg.Batch)
	for epoch := tr.Epoch; epoch < cfg.Epochs; epoch++ {
		start := time.Now()
		for i := range order {
			order[i] = i
		}
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := cfg.LR * math.Pow(cfg.LRDrop, float64(epoch))
		lossSum, batches := 0.0, 0
		for lo := 0; lo < len(order); lo += cfg.Batch {
			if err := ctx.Err(); err != nil {
				return tr.History, err
			}
			batch = batch[:0]
			for _, i := range order[lo:min(len(order), lo+cfg.Batch)] {
				batch = append(batch, &train[i])
			}
			lossSum += tr.step(batch, workers, lr, &cfg) / float64(len(batch))
			batches++
		}
		tr.Epoch = epoch + 1
		secs := time.Since(start).Seconds()
		rep := EpochReport{Epoch: epoch + 1, TrainLoss: lossSum / float64(batches),
			HeldOutLoss: Loss(net, heldOut, cfg.Lambda, cfg.K, cfg.Threads),
			Rate:        float64(len(train)) / secs, Seconds: secs}
		tr.History = append(tr.History, rep)
		if cfg.Checkpoint != "" {
			if err := tr.save(cfg.Checkpoint); err != nil {
				return tr.History, fmt.Errorf("checkpoint: %w", err)
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(rep)
		}
	}
	return slices.Clone(tr.History), nil
}

// step takes one Adam step on batch and returns the batch's summed loss.
func (tr *trainer) step(batch []*Sample, workers []*worker, lr float64, cfg *TrainConfig) float64 {
	net := tr.Net
	per := (len(batch) + shards - 1) / shards
	var eg errgroup.Group
	eg.SetLimit(cfg.Threads)
	for i, w := range workers {
		lo, hi := min(len(batch), i*per), min(len(batch), (i+1)*per)
		w.g.zero()
		w.loss = 0
		if lo == hi {
			continue
		}
		eg.Go(func() error {
			w.gradient(net, batch[lo:hi], cfg)
			return nil
		})
	}
	eg.Wait()
	// The shards' gradients, summed in shard order, into the first.
	sum := workers[0].g
	loss := workers[0].loss
	for _, w := range workers[1:] {
		for k, p := range w.g.slices() {
			dst := sum.slices()[k]
			for i, v := range p {
				dst[i] += v
			}
		}
		sum.b4 += w.g.b4
		loss += w.loss
	}
	inv := 1 / float64(len(batch))
	tr.Step++
	c1 := 1 - math.Pow(cfg.Beta1, float64(tr.Step))
	c2 := 1 - math.Pow(cfg.Beta2, float64(tr.Step))
	adam := func(p, g, m, v []float64, limit float64) {
		for i := range p {
			gi := g[i] * inv
			m[i] = cfg.Beta1*m[i] + (1-cfg.Beta1)*gi
			v[i] = cfg.Beta2*v[i] + (1-cfg.Beta2)*gi*gi
			p[i] -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + cfg.Epsilon)
			p[i] = min(max(p[i], -limit), limit)
		}
	}
	ps, gs, ms, vs := net.params(), sum.slices(), tr.M.slices(), tr.V.slices()
	for k := range ps {
		limit := float64(maxDense)
		switch k {
		case 0:
			limit = maxW1
		case 6:
			limit = maxOut
		}
		adam(ps[k], gs[k], ms[k], vs[k], limit)
	}
	// The output's bias, a scalar, the same way.
	gi := sum.b4 * inv
	tr.M.b4 = cfg.Beta1*tr.M.b4 + (1-cfg.Beta1)*gi
	tr.V.b4 = cfg.Beta2*tr.V.b4 + (1-cfg.Beta2)*gi*gi
	net.B4 -= lr * (tr.M.b4 / c1) / (math.Sqrt(tr.V.b4/c2) + cfg.Epsilon)
	net.B4 = min(max(net.B4, -maxOut), maxOut)
	return loss
}

// checkSample checks that s's encodings are increasing lists of inputs below inputs.
func checkSample(s *Sample, inputs int) error {
	for _, feats := range [2][]uint16{s.Mover, s.Other} {
		for i, f := range feats {
			if int(f) >= inputs || (i > 0 && feats[i-1] >= f) {
				return fmt.Errorf("its inputs are not an increasing list below %d", inputs)
			}
		}
	}
	if !(s.Result >= 0 && s.Result <= 1) {
		return fmt.Errorf("result %v: want 0 to 1", s.Result)
	}
	return nil
}
