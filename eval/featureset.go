package eval

// The generic linear evaluation: a feature set of any game, weights by feature name,
// the evaluation over them and the resolution of the eval setting of player specs.

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/inputfile"
)

// Names of the evaluations the eval setting of player specs takes in every game
// (besides weights files): the fixed evaluations that the games give NewLoaderOf.
const (
	// ScoreName is the game's points lead (the store difference, The Colony's egg
	// lead of R8).
	ScoreName = "score"
	// LinearName is the linear evaluation with the game's default (tuned) weights.
	LinearName = "linear"
	// HandName is the linear evaluation with the feature set's hand-set weights.
	HandName = "hand"
	// DefaultName is the evaluation of a player whose spec has no eval setting, in a
	// game with default weights.
	DefaultName = LinearName
)

// linearScale is the number of a linear evaluation's units in one point.
const linearScale = 100

// MaxFeatures is the most features a feature set may have.
const MaxFeatures = 16

// MaxWeight bounds the weights a weights file may give, in points per unit of the
// feature, in absolute value: more than any game has points, so a file with a larger
// weight is refused as absurd (its evaluations would pass the scores of won games,
// which the searches clamp them below).
const MaxWeight = 1000

// Vector holds the values of the features of one position, in the feature set's
// order; the entries past the set's features are 0. It is an alias, so that a game's
// package can implement FeatureSet (with [16]int32) without importing this one.
type Vector = [MaxFeatures]int32

// FeatureSet describes positions of a game with state type S by integer features, from
// the view of the player to move. Implementations are safe for concurrent use and
// Extract allocates nothing (the vector is returned by value, so that it stays on the
// caller's stack even through an interface call).
type FeatureSet[S any] interface {
	// Name returns the feature set's name, which weights files of the set carry
	// ("kalah"); sets of different games have different names.
	Name() string
	// Features returns the names of the features, in order (at most MaxFeatures,
	// distinct). The caller must not modify the slice.
	Features() []string
	// Extract returns the feature values of s, Features()[i] in entry i, 0 past them.
	Extract(s *S) Vector
}

// TunableSet is a feature set with its hand-set weights (game.HandWeighter): what
// every game's package provides for its linear evaluation (colony.Features,
// kalah.Features, ...), and what the registry of games (package catalog) and the
// tuner take. Its weights and networks shipped are parts of package game
// (game.DefaultWeighter, game.WeightsShipper, game.NetworkShipper).
type TunableSet[S any] interface {
	FeatureSet[S]
	game.HandWeighter
}

// NamedWeights are the weights of a linear evaluation over one feature set, by feature
// name: W[i] is the weight of Names[i], in the game's points (eggs, seeds) per unit.
type NamedWeights struct {
	// Set is the feature set's name (FeatureSet.Name).
	Set string
	// Names are the features' names, in the set's order.
	Names []string
	// W are the weights, one per name.
	W []float64
}

// NewNamedWeights returns the weights of set given by name in byName: every feature of
// names needs one, and byName has no other.
func NewNamedWeights(set string, names []string, byName map[string]float64) (NamedWeights, error) {
	w := NamedWeights{Set: set, Names: slices.Clone(names), W: make([]float64, len(names))}
	for name := range byName {
		if !slices.Contains(names, name) {
			return NamedWeights{}, fmt.Errorf("weights of %s: unknown feature %q (features: %s)", set, name, strings.Join(names, ", "))
		}
	}
	var missing []string
	for i, name := range names {
		v, ok := byName[name]
		if !ok {
			missing = append(missing, name)
		}
		w.W[i] = v
	}
	if len(missing) > 0 {
		return NamedWeights{}, fmt.Errorf("weights of %s: no weight for %s", set, strings.Join(missing, ", "))
	}
	return w, w.check()
}

// WeightsFor returns weights w (in the set's feature order) for feature set fs.
func WeightsFor[S any](fs FeatureSet[S], w []float64) (NamedWeights, error) {
	nw := NamedWeights{Set: fs.Name(), Names: slices.Clone(fs.Features()), W: slices.Clone(w)}
	return nw, nw.check()
}

// check checks that the weights are complete, finite and no more than MaxFeatures.
func (w NamedWeights) check() error {
	switch {
	case len(w.Names) != len(w.W):
		return fmt.Errorf("weights of %s: %d weights for %d features", w.Set, len(w.W), len(w.Names))
	case len(w.Names) > MaxFeatures:
		return fmt.Errorf("weights of %s: %d features, more than %d", w.Set, len(w.Names), MaxFeatures)
	}
	for i, v := range w.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("weights of %s: %s is %v, not a finite number", w.Set, w.Names[i], v)
		}
	}
	return nil
}

// Weight returns the weight of the feature name, and false when the set has no such
// feature.
func (w NamedWeights) Weight(name string) (float64, bool) {
	i := slices.Index(w.Names, name)
	if i < 0 {
		return 0, false
	}
	return w.W[i], true
}

// MarshalJSON writes w in the weights file format, with the feature set's name:
//
//	{"version": 1, "features": "kalah", "weights": {"store_diff": 1, ...}}
//
// indented, the features in the set's order, each number the shortest decimal that
// reads back to the same float64, so that ParseNamedWeights returns w exactly. With
// an empty Set the file has no "features" key (the form of files read by feature
// names alone). Non-finite weights are an error.
func (w NamedWeights) MarshalJSON() ([]byte, error) {
	if len(w.Names) != len(w.W) {
		return nil, fmt.Errorf("weights of %s: %d weights for %d features", w.Set, len(w.W), len(w.Names))
	}
	return marshalNamed(w.Set, w.Names, w.W)
}

// ParseNamedWeights reads a weights file for the feature set set with the features
// names:
//
//	{"version": 1, "features": "kalah", "weights": {"store_diff": 1, ...}}
//
// with one finite number for every feature of names, in any order, at most MaxWeight
// in absolute value. The "features" key is optional (a file without it is checked by
// its feature names alone); when present it must name set. An unknown or repeated key,
// a missing feature, a version other than 1, another feature set, a value that is not
// a finite number or is larger than MaxWeight and data after the object are errors,
// which name the problem; a file of another set says which set it is for.
func ParseNamedWeights(data []byte, set string, names []string) (NamedWeights, error) {
	w, err := parseNamed(data, set, names)
	if err != nil {
		return NamedWeights{}, fmt.Errorf("weights: %w", err)
	}
	return NamedWeights{Set: set, Names: slices.Clone(names), W: w}, nil
}

// weightsFileKind is the kind of a weights file: at most MaxFeatures weights, which
// take a few kilobytes written out, however they are laid out.
var weightsFileKind = inputfile.Kind{What: "a weights file", Max: 1 << 20}

// LoadNamedWeights reads and parses a weights file (see ParseNamedWeights); errors
// name the file. What is not a regular file of at most a megabyte is refused before
// it is read.
func LoadNamedWeights(path, set string, names []string) (NamedWeights, error) {
	data, err := weightsFileKind.ReadFile(path)
	if err != nil {
		return NamedWeights{}, fmt.Errorf("weights file: %w", err)
	}
	w, err := parseNamed(data, set, names)
	if err != nil {
		return NamedWeights{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return NamedWeights{Set: set, Names: slices.Clone(names), W: w}, nil
}

// DotVector returns the sum of the weighted features w·f. It adds in four interleaved
// partial sums (features i, i+4, i+8, i+12 in the i-th), then the partial sums in
// order: four short chains of additions instead of one long one, for speed; the order
// is fixed, so the result is the same on every call and every machine.
func DotVector(w *[MaxFeatures]float64, f *Vector) float64 {
	var s0, s1, s2, s3 float64
	for i := 0; i < MaxFeatures; i += 4 {
		s0 += w[i] * float64(f[i])
		s1 += w[i+1] * float64(f[i+1])
		s2 += w[i+2] * float64(f[i+2])
		s3 += w[i+3] * float64(f[i+3])
	}
	return (s0 + s1) + (s2 + s3)
}

// LinearOf is the linear evaluation over a feature set: round(100 Σ w_i f_i), the
// weighted features in hundredths of a point (a seed, an egg), from the view of the
// player to move. It is safe for concurrent use and Evaluate allocates nothing.
type LinearOf[S any] struct {
	fs FeatureSet[S]
	w  [MaxFeatures]float64
	nw NamedWeights
}

// NewLinearOf returns the linear evaluation over fs with weights w, which must be
// weights of fs: the same set name and the same features in the same order.
func NewLinearOf[S any](fs FeatureSet[S], w NamedWeights) (*LinearOf[S], error) {
	if w.Set != fs.Name() {
		return nil, fmt.Errorf("eval: weights of the features of %q, not of %q", w.Set, fs.Name())
	}
	if !slices.Equal(w.Names, fs.Features()) {
		return nil, fmt.Errorf("eval: the weights of %s name the features %s, the set has %s", w.Set,
			strings.Join(w.Names, ", "), strings.Join(fs.Features(), ", "))
	}
	if err := w.check(); err != nil {
		return nil, err
	}
	l := &LinearOf[S]{fs: fs, nw: NamedWeights{Set: w.Set, Names: slices.Clone(w.Names), W: slices.Clone(w.W)}}
	copy(l.w[:], w.W)
	return l, nil
}

// Evaluate returns round(Scale * Σ w_i f_i).
func (l *LinearOf[S]) Evaluate(s *S) int {
	f := l.fs.Extract(s)
	return int(math.Round(linearScale * DotVector(&l.w, &f)))
}

// Scale returns 100: Evaluate counts hundredths of a point.
func (l *LinearOf[S]) Scale() int { return linearScale }

// Weights returns a copy of the evaluation's weights.
func (l *LinearOf[S]) Weights() NamedWeights {
	return NamedWeights{Set: l.nw.Set, Names: slices.Clone(l.nw.Names), W: slices.Clone(l.nw.W)}
}

// LoaderOf resolves the eval setting of player specs (ab:depth=4,eval=tuned.json) to
// evaluations of one game: the fixed evaluations given to NewLoaderOf by name
// (such as "score", "linear", "hand"), names given to Register (weights held in
// memory, as tuning does) and paths of weights files of the feature set, read once. It
// is safe for concurrent use.
type LoaderOf[S any] struct {
	fs    FeatureSet[S]
	fixed map[string]game.Evaluator[S]
	def   string
	mu    sync.Mutex
	cache map[string]game.Evaluator[S]
}

// NewLoaderOf returns a loader over feature set fs with the fixed evaluations fixed;
// def is the name an empty eval setting stands for.
func NewLoaderOf[S any](fs FeatureSet[S], fixed map[string]game.Evaluator[S], def string) *LoaderOf[S] {
	return &LoaderOf[S]{fs: fs, fixed: fixed, def: def, cache: map[string]game.Evaluator[S]{}}
}

// Register makes name resolve to the linear evaluation with weights w (of the
// loader's feature set). Names start with '@', so that they never shadow a file.
func (l *LoaderOf[S]) Register(name string, w NamedWeights) error {
	if !strings.HasPrefix(name, "@") || len(name) < 2 {
		return fmt.Errorf("eval: registered name %q: want @ and a name", name)
	}
	ev, err := NewLinearOf(l.fs, w)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cache[name] = ev
	return nil
}

// Evaluator returns the evaluation that value names ("" is the default).
func (l *LoaderOf[S]) Evaluator(value string) (game.Evaluator[S], error) {
	if value == "" {
		value = l.def
	}
	if ev, ok := l.fixed[value]; ok {
		return ev, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if ev, ok := l.cache[value]; ok {
		return ev, nil
	}
	if strings.HasPrefix(value, "@") {
		return nil, fmt.Errorf("eval=%s: no weights registered under that name", value)
	}
	w, err := LoadNamedWeights(value, l.fs.Name(), l.fs.Features())
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w (want %s or a weights file)", value, err, strings.Join(l.names(), ", "))
	}
	ev, err := NewLinearOf(l.fs, w)
	if err != nil {
		return nil, fmt.Errorf("eval=%s: %w", value, err)
	}
	l.cache[value] = ev
	return ev, nil
}

// names returns the fixed evaluations' names, sorted.
func (l *LoaderOf[S]) names() []string {
	var out []string
	for n := range l.fixed {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
