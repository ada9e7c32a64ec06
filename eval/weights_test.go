package eval

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The weights files of these tests are of a set of sixteen features named as The
// Colony's are (colony.Features), the largest set of the toolkit.
var (
	colonyNames = []string{"store_diff", "under_own_ants", "under_opp_ants", "hand_own", "hand_opp",
		"board_ants_own", "board_ants_opp", "selectable_logs", "selectable_eggs", "threats_own", "threats_opp",
		"at_risk_own", "at_risk_opp", "mandatory", "blocked_own", "blocked_opp"}
	// colonyHand are The Colony's hand-set weights.
	colonyHand = []float64{1, 1, -1, 0.5, -0.5, 0.5, -0.5, 0.1, 0, 1.5, -1.5, -0.5, 0.5, 0, -0.5, 0.5}
)

// colonyWeights returns weights w of colonyNames, for a file without the set's name.
func colonyWeights(w []float64) NamedWeights {
	return NamedWeights{Names: colonyNames, W: slices.Clone(w)}
}

// parseColony reads a weights file of the set "colony" with the features colonyNames.
func parseColony(data []byte) ([]float64, error) {
	w, err := ParseNamedWeights(data, "colony", colonyNames)
	return w.W, err
}

// weightsText returns a weights file with every feature weighted 1, edited by
// replacing old with new (old must occur).
func weightsText(t *testing.T, edits ...string) string {
	t.Helper()
	w := make([]float64, len(colonyNames))
	for i := range w {
		w[i] = 1
	}
	data, err := colonyWeights(w).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("weightsText: %q not in %s", edits[i], text)
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	return text
}

func TestWeightsRoundTrip(t *testing.T) {
	odd := slices.Clone(colonyHand)
	odd[0] = 1.0 / 3                     // store_diff
	odd[8] = -1e-9                       // selectable_eggs
	odd[13] = 999.9999999999999          // mandatory (files hold at most MaxWeight)
	odd[14] = math.Copysign(0, -1)       // blocked_own
	odd[9] = math.SmallestNonzeroFloat64 // threats_own
	odd[10] = -MaxWeight                 // threats_opp
	for _, w := range []NamedWeights{colonyWeights(colonyHand), colonyWeights(make([]float64, 16)), colonyWeights(odd)} {
		data, err := w.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseColony(data)
		if err != nil {
			t.Fatalf("ParseNamedWeights(MarshalJSON()): %v\n%s", err, data)
		}
		for i := range w.W {
			if math.Float64bits(got[i]) != math.Float64bits(w.W[i]) {
				t.Errorf("%v: %v read back as %v", colonyNames[i], w.W[i], got[i])
			}
		}
		// encoding/json accepts the output as a value (and compacts it).
		if _, err := json.Marshal(w); err != nil {
			t.Errorf("json.Marshal: %v", err)
		}
	}
}

func TestWeightsMarshalFormat(t *testing.T) {
	data, err := colonyWeights(colonyHand).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "weights": {
    "store_diff": 1,
    "under_own_ants": 1,
    "under_opp_ants": -1,
    "hand_own": 0.5,
    "hand_opp": -0.5,
    "board_ants_own": 0.5,
    "board_ants_opp": -0.5,
    "selectable_logs": 0.1,
    "selectable_eggs": 0,
    "threats_own": 1.5,
    "threats_opp": -1.5,
    "at_risk_own": -0.5,
    "at_risk_opp": 0.5,
    "mandatory": 0,
    "blocked_own": -0.5,
    "blocked_opp": 0.5
  }
}`
	if string(data) != want {
		t.Errorf("MarshalJSON:\n%s\nwant\n%s", data, want)
	}
	w := colonyWeights(make([]float64, 16))
	w.W[4] = math.Inf(1) // hand_opp
	if _, err := w.MarshalJSON(); err == nil || err.Error() != "weights: hand_opp is +Inf, not a finite number" {
		t.Errorf("MarshalJSON(+Inf): %v", err)
	}
}

func TestParseWeightsErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "weights: unexpected end of the file"},
		{"not an object", "[1, 2]", "weights: the file must be a JSON object, found an array"},
		{"syntax", weightsText(t, `"hand_own": 1,`, `"hand_own": 1`), `weights: invalid JSON at line 8, column 5: invalid character '"' after object key:value pair`},
		{"truncated", weightsText(t, "  }\n}", ""), "weights: unexpected end of the file"},
		{"unknown feature", weightsText(t, `"mandatory"`, `"compulsory"`), `weights: unknown feature "compulsory" (features: ` +
			"store_diff, under_own_ants, under_opp_ants, hand_own, hand_opp, board_ants_own, board_ants_opp, selectable_logs, " +
			"selectable_eggs, threats_own, threats_opp, at_risk_own, at_risk_opp, mandatory, blocked_own, blocked_opp)"},
		{"duplicate before missing", weightsText(t, "\"hand_opp\": 1,\n", "", "\"blocked_opp\": 1", "\"mandatory\": 2"),
			`weights: feature "mandatory" given twice`},
		{"missing feature", weightsText(t, "\"hand_opp\": 1,\n", ""), "weights: no weight for hand_opp"},
		{"missing two", weightsText(t, "\"hand_opp\": 1,\n", "", ",\n    \"blocked_opp\": 1", ""), "weights: no weight for hand_opp, blocked_opp"},
		{"duplicate feature", weightsText(t, `"hand_opp"`, `"hand_own"`), `weights: feature "hand_own" given twice`},
		{"string value", weightsText(t, `"hand_own": 1`, `"hand_own": "1"`), `weights: hand_own: "1" is not a number`},
		{"null value", weightsText(t, `"hand_own": 1`, `"hand_own": null`), `weights: hand_own: null is not a number`},
		{"object value", weightsText(t, `"hand_own": 1`, `"hand_own": {}`), `weights: hand_own: an object is not a number`},
		{"overflow", weightsText(t, `"hand_own": 1`, `"hand_own": 1e400`), `weights: hand_own: 1e400 is not a finite number`},
		{"huge weight", weightsText(t, `"hand_own": 1`, `"hand_own": 10000`), `weights: hand_own: 10000 is too large: a weight is at most 1000 points per unit in absolute value`},
		{"huge negative weight", weightsText(t, `"hand_own": 1`, `"hand_own": -1000.5`), `weights: hand_own: -1000.5 is too large: a weight is at most 1000 points per unit in absolute value`},
		{"NaN", weightsText(t, `"hand_own": 1`, `"hand_own": NaN`), `weights: invalid JSON at line 7, column 17: invalid character 'N' looking for beginning of value`},
		{"missing version", weightsText(t, "\"version\": 1,\n", ""), `weights: no "version" (want "version": 1)`},
		{"wrong version", weightsText(t, `"version": 1`, `"version": 2`), `weights: unsupported version 2 (want 1)`},
		{"version 1.0", weightsText(t, `"version": 1`, `"version": 1.0`), `weights: unsupported version 1.0 (want 1)`},
		{"version string", weightsText(t, `"version": 1`, `"version": "1"`), `weights: unsupported version "1" (want 1)`},
		{"duplicate version", weightsText(t, `"version": 1,`, `"version": 1, "version": 1,`), `weights: "version" given twice`},
		{"missing weights", `{"version": 1}`, `weights: no "weights" object`},
		{"weights not an object", `{"version": 1, "weights": [1]}`, `weights: "weights" must be a JSON object, found an array`},
		{"duplicate weights", weightsText(t, "\n}", `, "weights": {}}`), `weights: "weights" given twice`},
		{"unknown key", weightsText(t, `"version": 1,`, `"version": 1, "scale": 100,`), `weights: unknown key "scale" (want version, features and weights)`},
		{"trailing data", weightsText(t) + "\n{}", "weights: data after the weights object"},
		{"trailing garbage", weightsText(t) + " x", "weights: data after the weights object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseColony([]byte(tc.text))
			if err == nil {
				t.Fatalf("no error for\n%s", tc.text)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q\n      want %q", err, tc.want)
			}
		})
	}
}

func TestParseWeightsAcceptsAnyOrder(t *testing.T) {
	text := `{"weights": {"blocked_opp": 0.5, "blocked_own": -0.5, "mandatory": 0, "at_risk_opp": 0.5,
		"at_risk_own": -0.5, "threats_opp": -1.5, "threats_own": 1.5, "selectable_eggs": 0, "selectable_logs": 0.1,
		"board_ants_opp": -0.5, "board_ants_own": 0.5, "hand_opp": -0.5, "hand_own": 0.5, "under_opp_ants": -1,
		"under_own_ants": 1, "store_diff": 1}, "version": 1}
	`
	w, err := parseColony([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(w, colonyHand) {
		t.Errorf("got %v, want %v", w, colonyHand)
	}
}

func TestLoadNamedWeights(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	data, _ := colonyWeights(colonyHand).MarshalJSON()
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := LoadNamedWeights(good, "colony", colonyNames)
	if err != nil || !slices.Equal(w.W, colonyHand) || w.Set != "colony" {
		t.Fatalf("LoadNamedWeights = %v, %v", w, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"version": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadNamedWeights(bad, "colony", colonyNames); err == nil || err.Error() != "weights file "+bad+": unsupported version 2 (want 1)" {
		t.Errorf("LoadNamedWeights(bad) = %v", err)
	}
	missing := filepath.Join(dir, "missing.json")
	_, err = LoadNamedWeights(missing, "colony", colonyNames)
	if err == nil || err.Error() != "weights file: open "+missing+": no such file or directory" || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("LoadNamedWeights(missing) = %v", err)
	}
}

// unwrapAll returns the innermost error of a chain.
func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}
