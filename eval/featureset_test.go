package eval

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// toySet is a feature set over ints: the number, its square and 1.
type toySet struct{}

func (toySet) Name() string       { return "toy" }
func (toySet) Features() []string { return []string{"store_diff", "square", "one"} }
func (toySet) Extract(s *int) Vector {
	var v Vector
	v[0], v[1], v[2] = int32(*s), int32(*s**s), 1
	return v
}

func toyWeights(t *testing.T, w ...float64) NamedWeights {
	t.Helper()
	nw, err := WeightsFor[int](toySet{}, w)
	if err != nil {
		t.Fatal(err)
	}
	return nw
}

func TestLinearOf(t *testing.T) {
	ev, err := NewLinearOf[int](toySet{}, toyWeights(t, 1, -0.5, 0.25))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ s, want int }{{0, 25}, {1, 75}, {2, 25}, {-3, -725}}
	for _, tc := range tests {
		if got := ev.Evaluate(&tc.s); got != tc.want {
			t.Errorf("Evaluate(%d) = %d, want %d", tc.s, got, tc.want)
		}
	}
	if ev.Scale() != 100 {
		t.Errorf("Scale %d", ev.Scale())
	}
	if w := ev.Weights(); w.Set != "toy" || !slices.Equal(w.W, []float64{1, -0.5, 0.25}) {
		t.Errorf("Weights %+v", w)
	}
	s := 3
	if n := testing.AllocsPerRun(100, func() { _ = ev.Evaluate(&s) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

func TestLinearOfRefusesOtherWeights(t *testing.T) {
	other := NamedWeights{Set: "kalah", Names: []string{"store_diff", "square", "one"}, W: []float64{1, 0, 0}}
	renamed := NamedWeights{Set: "toy", Names: []string{"store_diff", "one", "square"}, W: []float64{1, 0, 0}}
	nan := NamedWeights{Set: "toy", Names: []string{"store_diff", "square", "one"}, W: []float64{1, math.NaN(), 0}}
	for _, tc := range []struct {
		w    NamedWeights
		want string
	}{
		{other, `weights of the features of "kalah", not of "toy"`},
		{renamed, "name the features store_diff, one, square"},
		{nan, "square is NaN"},
	} {
		if _, err := NewLinearOf[int](toySet{}, tc.w); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewLinearOf(%+v): %v, want %q", tc.w, err, tc.want)
		}
	}
}

func TestNamedWeightsFile(t *testing.T) {
	w := toyWeights(t, 1, 1.0/3, -2e-9)
	data, err := w.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "features": "toy",
  "weights": {
    "store_diff": 1,
    "square": 0.3333333333333333,
    "one": -2e-09
  }
}`
	if string(data) != want {
		t.Errorf("MarshalJSON:\n%s\nwant\n%s", data, want)
	}
	back, err := ParseNamedWeights(data, "toy", toySet{}.Features())
	if err != nil || !slices.Equal(back.W, w.W) || back.Set != "toy" {
		t.Fatalf("ParseNamedWeights: %+v, %v", back, err)
	}
	if v, ok := back.Weight("square"); !ok || v != 1.0/3 {
		t.Errorf("Weight(square) = %v, %v", v, ok)
	}
	if _, ok := back.Weight("cube"); ok {
		t.Error("Weight(cube) found")
	}
	// A file without "features" is read by its feature names.
	bare := `{"version": 1, "weights": {"one": 2, "square": 0, "store_diff": 1}}`
	if got, err := ParseNamedWeights([]byte(bare), "toy", toySet{}.Features()); err != nil || !slices.Equal(got.W, []float64{1, 0, 2}) {
		t.Errorf("bare file: %+v, %v", got, err)
	}
	path := filepath.Join(t.TempDir(), "toy.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := LoadNamedWeights(path, "toy", toySet{}.Features()); err != nil || !slices.Equal(got.W, w.W) {
		t.Errorf("LoadNamedWeights: %+v, %v", got, err)
	}
	if _, err := LoadNamedWeights(path, "kalah", toySet{}.Features()); err == nil ||
		err.Error() != "weights file "+path+`: the weights are for the features of "toy", not of "kalah"` {
		t.Errorf("LoadNamedWeights for kalah: %v", err)
	}
}

func TestParseNamedWeightsErrors(t *testing.T) {
	names := toySet{}.Features()
	tests := []struct{ name, text, want string }{
		{"other set", `{"version": 1, "features": "kalah", "weights": {"store_diff": 1, "square": 0, "one": 0}}`,
			`weights: the weights are for the features of "kalah", not of "toy"`},
		{"set not a string", `{"version": 1, "features": 3, "weights": {}}`, `weights: the weights are for the features of 3, not of "toy"`},
		{"set twice", `{"version": 1, "features": "toy", "features": "toy", "weights": {}}`, `weights: "features" given twice`},
		{"unknown feature", `{"version": 1, "weights": {"store_diff": 1, "square": 0, "one": 0, "cube": 1}}`,
			`weights: unknown feature "cube" (features: store_diff, square, one)`},
		{"missing feature", `{"version": 1, "weights": {"store_diff": 1}}`, "weights: no weight for square, one"},
		{"colony file", `{"version": 1, "weights": {"store_diff": 1, "hand_own": 0}}`, `weights: unknown feature "hand_own" (features: store_diff, square, one)`},
	}
	for _, tc := range tests {
		if _, err := ParseNamedWeights([]byte(tc.text), "toy", names); err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestFeaturesKey checks that weights files may name their feature set, and that a
// file of another set is refused with a clear error.
func TestFeaturesKey(t *testing.T) {
	text := weightsText(t, `"version": 1,`, `"version": 1, "features": "colony",`)
	if w, err := parseColony([]byte(text)); err != nil || w[0] != 1 {
		t.Errorf("features colony: %v, %v", w, err)
	}
	text = weightsText(t, `"version": 1,`, `"version": 1, "features": "oware",`)
	if _, err := parseColony([]byte(text)); err == nil || err.Error() != `weights: the weights are for the features of "oware", not of "colony"` {
		t.Errorf("features oware: %v", err)
	}
	// NamedWeights of a set name it in their file; ParseNamedWeights reads it.
	nw := NamedWeights{Set: "colony", Names: colonyNames, W: colonyHand}
	data, err := nw.MarshalJSON()
	if err != nil || !strings.Contains(string(data), `"features": "colony"`) {
		t.Fatalf("%s, %v", data, err)
	}
	if w, err := parseColony(data); err != nil || !slices.Equal(w, colonyHand) {
		t.Errorf("ParseNamedWeights: %v, %v", w, err)
	}
}

func TestNewNamedWeights(t *testing.T) {
	names := toySet{}.Features()
	w, err := NewNamedWeights("toy", names, map[string]float64{"store_diff": 1, "square": 2, "one": 3})
	if err != nil || !slices.Equal(w.W, []float64{1, 2, 3}) {
		t.Errorf("%+v, %v", w, err)
	}
	if _, err := NewNamedWeights("toy", names, map[string]float64{"store_diff": 1, "square": 2}); err == nil ||
		err.Error() != "weights of toy: no weight for one" {
		t.Errorf("missing: %v", err)
	}
	if _, err := NewNamedWeights("toy", names, map[string]float64{"store_diff": 1, "square": 2, "one": 3, "x": 1}); err == nil ||
		!strings.Contains(err.Error(), `unknown feature "x"`) {
		t.Errorf("unknown: %v", err)
	}
	if _, err := WeightsFor[int](toySet{}, []float64{1, 2}); err == nil || err.Error() != "weights of toy: 2 weights for 3 features" {
		t.Errorf("short: %v", err)
	}
}

func TestLoaderOf(t *testing.T) {
	score := toyScore{}
	l := NewLoaderOf[int](toySet{}, map[string]game.Evaluator[int]{"score": score}, "score")
	s := 2
	for _, value := range []string{"", "score"} {
		if ev, err := l.Evaluator(value); err != nil || ev.Evaluate(&s) != 2 {
			t.Errorf("Evaluator(%q): %v", value, err)
		}
	}
	if err := l.Register("@w", toyWeights(t, 1, 1, 0)); err != nil {
		t.Fatal(err)
	}
	if ev, err := l.Evaluator("@w"); err != nil || ev.Evaluate(&s) != 600 {
		t.Errorf("Evaluator(@w): %v", err)
	}
	if err := l.Register("w", toyWeights(t, 1, 1, 0)); err == nil {
		t.Error("Register without @")
	}
	if _, err := l.Evaluator("@none"); err == nil || !strings.Contains(err.Error(), "no weights registered") {
		t.Errorf("@none: %v", err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "toy.json")
	data, _ := toyWeights(t, 1, 0, 1).MarshalJSON()
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if ev, err := l.Evaluator(good); err != nil || ev.Evaluate(&s) != 300 {
		t.Errorf("Evaluator(file): %v", err)
	}
	if _, err := l.Evaluator(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "(want score or a weights file)") {
		t.Errorf("missing file: %v", err)
	}
}

// toyScore evaluates an int as itself.
type toyScore struct{}

func (toyScore) Evaluate(s *int) int { return *s }
