package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/colony-ai/colony/tuning"
	"github.com/spf13/cobra"
)

func newTrainCmd(opts *options) *cobra.Command {
	s := tuning.NetTraining{}
	c := &cobra.Command{
		Use:     "train [--data DIR|FILE]... [--out DIR]",
		Short:   "Train a value network (eval=net:FILE) on self-play games",
		Long:    helpText("train"),
		Example: helpText("train.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			t, err := opts.tunable("train")
			if err != nil {
				return err
			}
			for i, d := range s.Data {
				if st, err := os.Stat(d); err == nil && st.IsDir() {
					s.Data[i] = filepath.Join(d, "games.jsonl")
				}
			}
			s.Command = "colony " + strings.Join(os.Args[1:], " ")
			s.Log = c.ErrOrStderr()
			ctx, stop := interruptContext(c)
			defer stop()
			res, err := tuning.TrainNetwork(ctx, t, s)
			if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
				return fail(fmt.Errorf("train: interrupted after %d epochs; continue with the same command and --resume", len(res.Epochs)))
			}
			if err != nil {
				return fmt.Errorf("train: %w", err)
			}
			last := res.Epochs[len(res.Epochs)-1]
			return writeOut(c, fmt.Sprintf("train: %s: held-out loss %.6f (%.6f before), %d epochs; network in %s, losses in %s and %s\n",
				t.Name(), last.HeldOutLoss, res.Before, last.Epoch, filepath.Join(s.Dir, tuning.NetworkName),
				filepath.Join(s.Dir, tuning.LossCSVName), filepath.Join(s.Dir, tuning.LossPlotName)))
		},
	}
	f := c.Flags()
	f.StringSliceVar(&s.Data, "data", []string{selfplayDir}, "games `FILE` or selfplay directory to learn from (repeatable)")
	f.StringVar(&s.Dir, "out", "network", "output directory `DIR`")
	f.IntVar(&s.Hidden, "hidden", 32, "first-layer width `N` per side (a multiple of 4)")
	f.IntVar(&s.L2, "l2", 16, "second layer's width `N`")
	f.IntVar(&s.L3, "l3", 16, "third layer's width `N`")
	f.IntVar(&s.Epochs, "epochs", 30, "passes over the training positions, `N`")
	f.IntVar(&s.Batch, "batch", 1024, "positions per optimiser step, `N`")
	f.Float64Var(&s.LR, "lr", 0.002, "Adam's learning rate `R`")
	f.Float64Var(&s.LRDrop, "lr-drop", 0.93, "factor `F` on the learning rate after each epoch")
	f.Float64Var(&s.Lambda, "lambda", 0.5, "weight `L` of the search's score in the target (1-L: the game's result)")
	f.Float64Var(&s.K, "k", 0, "logistic scale `K`, log-odds per point (0: fitted to the data)")
	f.Float64Var(&s.HeldOut, "held-out", 0.1, "share `F` of the games held out to measure the loss")
	f.Uint64Var(&s.Seed, "seed", 1, "random seed `S` of the first weights, the held-out games and the order")
	f.IntVar(&s.Threads, "threads", 0, "goroutines computing gradients, `N` (0: all cores); the network does not depend on it")
	f.StringVar(&s.Init, "init", "", "network `FILE` to start from instead of random weights (the same sizes)")
	f.BoolVar(&s.Resume, "resume", false, "continue the run in DIR from its checkpoint")
	return c
}
