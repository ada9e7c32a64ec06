package eval

import (
	"fmt"
	"strings"
	"sync"

	"github.com/colony-ai/colony/colony"
)

// Names of evaluations in the eval setting of player specs (besides weights files).
const (
	// ScoreName is Score, R8's egg lead.
	ScoreName = "score"
	// LinearName is Linear with the default weights (Default).
	LinearName = "linear"
	// HandName is Linear with the hand-set weights (HandSet).
	HandName = "hand"
	// DefaultName is the evaluation of a player whose spec has no eval setting.
	DefaultName = LinearName
)

// Loader resolves the eval setting of player specs (ab:depth=4,eval=tuned.json) to
// evaluations of The Colony under one rule set: "score" (Score), "linear" (Linear with
// the default weights), "hand" (Linear with the hand-set weights), a name given to Register (weights held in memory, as tuning
// does), or the path of a weights file, read once. It is safe for concurrent use.
type Loader struct {
	rules *colony.Rules
	mu    sync.Mutex
	cache map[string]Evaluator
}

// NewLoader returns a Loader for rule set r.
func NewLoader(r *colony.Rules) *Loader {
	return &Loader{rules: r, cache: map[string]Evaluator{}}
}

// Register makes name resolve to Linear with weights w. Names of weights held in
// memory start with '@', so that they never shadow a file.
func (l *Loader) Register(name string, w Weights) error {
	if !strings.HasPrefix(name, "@") || len(name) < 2 {
		return fmt.Errorf("eval: registered name %q: want @ and a name", name)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cache[name] = NewLinear(l.rules, w)
	return nil
}

// Evaluator returns the evaluation that value names ("" is DefaultName).
func (l *Loader) Evaluator(value string) (Evaluator, error) {
	if value == "" {
		value = DefaultName
	}
	switch value {
	case ScoreName:
		return Score{}, nil
	case LinearName:
		return NewLinear(l.rules, Default()), nil
	case HandName:
		return NewLinear(l.rules, HandSet()), nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if ev, ok := l.cache[value]; ok {
		return ev, nil
	}
	if strings.HasPrefix(value, "@") {
		return nil, fmt.Errorf("eval=%s: no weights registered under that name", value)
	}
	w, err := LoadWeights(value)
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w (want score, linear, hand or a weights file)", value, err)
	}
	ev := NewLinear(l.rules, w)
	l.cache[value] = ev
	return ev, nil
}
