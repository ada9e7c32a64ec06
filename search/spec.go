package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/colony-ai/colony/games/game"
)

// Spec is a parsed player spec string: a kind and its settings, as in
// "ab:depth=6,tt=64" or "mcts:sims=20000,c=1.2" or "random".
type Spec struct {
	Kind     string
	Settings map[string]string
	keys     []string // in the order given
}

// Kinds of player and the settings each accepts.
var specKeys = map[string][]string{
	"random":  {"seed"},
	"greedy":  {"seed", "eval"},
	"minimax": {"depth", "eval"},
	"ab":      {"depth", "nodes", "time", "tt", "seed", "aspiration", "eval"},
	"mcts":    {"sims", "time", "mem", "c", "cutoff", "threads", "reuse", "solver", "seed", "eval"},
}

// The eval setting names the evaluation a player uses. search.New does not read it:
// the caller resolves it to the Evaluator it passes (with an eval.LoaderOf: "score",
// "linear", "hand" or a weights file), and New keeps it in the player's spec.

// ParseSpec reads a player spec: KIND or KIND:key=value,key=value. It checks the kind
// and the setting names; values are checked by the player's constructor (New).
func ParseSpec(text string) (Spec, error) {
	kind, rest, hasSettings := strings.Cut(text, ":")
	keys, ok := specKeys[kind]
	if !ok {
		kinds := make([]string, 0, len(specKeys))
		for k := range specKeys {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		return Spec{}, fmt.Errorf("player %q: unknown kind %q (known: %s)", text, kind, strings.Join(kinds, ", "))
	}
	sp := Spec{Kind: kind, Settings: map[string]string{}}
	if !hasSettings {
		return sp, nil
	}
	if rest == "" {
		return Spec{}, fmt.Errorf("player %q: empty settings after ':'", text)
	}
	for _, kv := range strings.Split(rest, ",") {
		key, val, ok := strings.Cut(kv, "=")
		if !ok || key == "" || val == "" {
			return Spec{}, fmt.Errorf("player %q: setting %q is not key=value", text, kv)
		}
		if !slices.Contains(keys, key) {
			return Spec{}, fmt.Errorf("player %q: %s has no setting %q (known: %s)", text, kind, key, strings.Join(keys, ", "))
		}
		if _, dup := sp.Settings[key]; dup {
			return Spec{}, fmt.Errorf("player %q: setting %q given twice", text, key)
		}
		sp.Settings[key] = val
		sp.keys = append(sp.keys, key)
	}
	return sp, nil
}

// String writes the spec back: the kind, then the settings in the order given.
func (sp Spec) String() string {
	if len(sp.keys) == 0 {
		return sp.Kind
	}
	parts := make([]string, len(sp.keys))
	for i, k := range sp.keys {
		parts[i] = k + "=" + sp.Settings[k]
	}
	return sp.Kind + ":" + strings.Join(parts, ",")
}

// Accepts reports whether players of sp's kind have the setting key.
func (sp Spec) Accepts(key string) bool { return slices.Contains(specKeys[sp.Kind], key) }

// Has reports whether sp sets key.
func (sp Spec) Has(key string) bool {
	_, ok := sp.Settings[key]
	return ok
}

// With returns a copy of sp with the setting key set to value: replaced where sp sets
// it, added at the end otherwise. The kind must accept key (see Accepts).
func (sp Spec) With(key, value string) Spec {
	out := Spec{Kind: sp.Kind, Settings: make(map[string]string, len(sp.Settings)+1), keys: slices.Clone(sp.keys)}
	for k, v := range sp.Settings {
		out.Settings[k] = v
	}
	if _, ok := out.Settings[key]; !ok {
		out.keys = append(out.keys, key)
	}
	out.Settings[key] = value
	return out
}

// Without returns a copy of sp without the setting key.
func (sp Spec) Without(key string) Spec {
	out := Spec{Kind: sp.Kind, Settings: make(map[string]string, len(sp.Settings))}
	for _, k := range sp.keys {
		if k != key {
			out.keys = append(out.keys, k)
			out.Settings[k] = sp.Settings[k]
		}
	}
	return out
}

// settings reads typed values out of a Spec, remembering the first error.
type settings struct {
	spec Spec
	err  error
}

func (st *settings) fail(key, val, want string) {
	if st.err == nil {
		st.err = fmt.Errorf("player %q: %s=%q: want %s", st.spec.String(), key, val, want)
	}
}

// Int returns the setting key as an integer in [min, max], or def when absent.
func (st *settings) Int(key string, def, min, max int) int {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(val)
	if err != nil || n < min || n > max {
		st.fail(key, val, fmt.Sprintf("a whole number from %d to %d", min, max))
		return def
	}
	return n
}

// Uint64 returns the setting key as an unsigned integer, or def when absent.
func (st *settings) Uint64(key string, def uint64) uint64 {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	n, err := strconv.ParseUint(val, 10, 64)
	if err != nil {
		st.fail(key, val, "a whole number of 0 or more")
		return def
	}
	return n
}

// Float returns the setting key as a number in [min, max], or def when absent.
func (st *settings) Float(key string, def, min, max float64) float64 {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	x, err := strconv.ParseFloat(val, 64)
	if err != nil || x < min || x > max || x != x {
		st.fail(key, val, fmt.Sprintf("a number from %g to %g", min, max))
		return def
	}
	return x
}

// Duration returns the setting key as a duration ("100ms", "2s"; a bare number is
// milliseconds), or def when absent.
func (st *settings) Duration(key string, def time.Duration) time.Duration {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	if ms, err := strconv.Atoi(val); err == nil && ms > 0 {
		return time.Duration(ms) * time.Millisecond
	}
	d, err := time.ParseDuration(val)
	if err != nil || d <= 0 {
		st.fail(key, val, `a positive duration such as 100ms or 2s (a bare number is milliseconds)`)
		return def
	}
	return d
}

// Bool returns the setting key as a boolean (on/off, true/false, 1/0), or def.
func (st *settings) Bool(key string, def bool) bool {
	val, ok := st.spec.Settings[key]
	if !ok {
		return def
	}
	switch val {
	case "on", "true", "1", "yes":
		return true
	case "off", "false", "0", "no":
		return false
	}
	st.fail(key, val, "on or off")
	return def
}

// New builds the player a spec string describes, for game g with evaluation ev.
func New[S any](g game.Rules[S], ev Evaluator[S], spec string, opts Options) (Player[S], error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	st := &settings{spec: sp}
	var p Player[S]
	switch sp.Kind {
	case "random":
		p = NewRandom(g, st.Uint64("seed", 1))
	case "greedy":
		p = NewGreedy(g, ev, st.Uint64("seed", 1))
	case "minimax":
		p = NewMinimax(g, ev, st.Int("depth", 2, 1, 64))
	case "ab":
		p, err = newAlphaBetaFromSpec(g, ev, st, opts)
	case "mcts":
		p, err = newMCTSFromSpec(g, ev, st, opts)
	}
	if st.err != nil {
		return nil, st.err
	}
	if err != nil {
		return nil, err
	}
	if e, ok := sp.Settings["eval"]; ok {
		return withEval[S]{p, p.Spec() + ",eval=" + e}, nil
	}
	return p, nil
}

// withEval is a player whose spec names its evaluation.
type withEval[S any] struct {
	Player[S]
	spec string
}

// Spec returns the player's spec with its eval setting.
func (p withEval[S]) Spec() string { return p.spec }
