package eval

// Value networks (package eval/nnue) as evaluations of a game: eval=net (the network
// the game's package ships) and eval=net:FILE.

import (
	"fmt"
	"strings"
	"sync"

	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/game"
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

// newNetworks returns the networks of g, whose feature set fs may ship one
// (game.NetworkShipper).
func newNetworks[S any](g game.Game[S], fs TunableSet[S]) *networks[S] {
	n := &networks[S]{g: g, enc: game.PartOf[game.Encoder[S]](g), cache: map[string]netEval[S]{}}
	if sh, ok := fs.(game.NetworkShipper); ok {
		n.shipped = sh.ShippedNetwork(g.Name())
	}
	return n
}

// netEval is a network's evaluator as search sees it: forked for every player
// (search.Forker).
type netEval[S any] struct{ *nnue.Evaluator[S] }

// Fork returns an evaluator of the same network with its own accumulators.
func (e netEval[S]) Fork() game.Evaluator[S] { return netEval[S]{e.Evaluator.Fork()} }

// isNetwork reports whether value names a network ("net" or "net:FILE").
func isNetwork(value string) bool {
	return value == NetName || strings.HasPrefix(value, NetName+":")
}

// evaluator returns the evaluation of value, "net" or "net:FILE".
func (n *networks[S]) evaluator(value string) (game.Evaluator[S], error) {
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
