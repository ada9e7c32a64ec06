package eval

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// weightsText returns a weights file with every feature weighted 1, edited by
// replacing old with new (old must occur).
func weightsText(t *testing.T, edits ...string) string {
	t.Helper()
	var w Weights
	for i := range w {
		w[i] = 1
	}
	data, err := w.MarshalJSON()
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
	odd := HandSet()
	odd[StoreDiff] = 1.0 / 3
	odd[SelectableEggs] = -1e-9
	odd[Mandatory] = 123456.789e10
	odd[BlockedOwn] = math.Copysign(0, -1)
	odd[ThreatsOwn] = math.SmallestNonzeroFloat64
	odd[ThreatsOpp] = -math.MaxFloat64
	for _, w := range []Weights{HandSet(), Default(), {}, odd} {
		data, err := w.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseWeights(data)
		if err != nil {
			t.Fatalf("ParseWeights(MarshalJSON()): %v\n%s", err, data)
		}
		for i := range w {
			if math.Float64bits(got[i]) != math.Float64bits(w[i]) {
				t.Errorf("%v: %v read back as %v", Feature(i), w[i], got[i])
			}
		}
		// encoding/json accepts the output as a value (and compacts it).
		if _, err := json.Marshal(w); err != nil {
			t.Errorf("json.Marshal: %v", err)
		}
	}
}

func TestWeightsMarshalFormat(t *testing.T) {
	data, err := HandSet().MarshalJSON()
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
	var w Weights
	w[HandOpp] = math.Inf(1)
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
			_, err := ParseWeights([]byte(tc.text))
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
	w, err := ParseWeights([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if w != HandSet() {
		t.Errorf("got %v, want %v", w, HandSet())
	}
}

func TestDefaultWeights(t *testing.T) {
	w, err := ParseWeights(defaultWeightsJSON)
	if err != nil {
		t.Fatalf("default.weights.json: %v", err)
	}
	if w != Default() {
		t.Errorf("Default() = %v, the file says %v", Default(), w)
	}
	// The file is written as MarshalJSON writes it, so that tools can rewrite it
	// without a spurious diff.
	data, err := w.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(data, '\n'), defaultWeightsJSON) {
		t.Errorf("default.weights.json is not in MarshalJSON's format:\n%s", defaultWeightsJSON)
	}
	d := Default()
	d[StoreDiff] = 99 // Default returns a copy
	if Default()[StoreDiff] == 99 {
		t.Errorf("Default() shares its array")
	}
}

func TestLoadWeights(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	data, _ := HandSet().MarshalJSON()
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := LoadWeights(good)
	if err != nil || w != HandSet() {
		t.Fatalf("LoadWeights = %v, %v", w, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"version": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWeights(bad); err == nil || err.Error() != "weights file "+bad+": unsupported version 2 (want 1)" {
		t.Errorf("LoadWeights(bad) = %v", err)
	}
	missing := filepath.Join(dir, "missing.json")
	_, err = LoadWeights(missing)
	if err == nil || err.Error() != "weights file: open "+missing+": no such file or directory" || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("LoadWeights(missing) = %v", err)
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

func TestDot(t *testing.T) {
	w := HandSet()
	f := features(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
	// 1 + 2 - 3 + 2 - 2.5 + 3 - 3.5 + 0.8 + 0 + 15 - 16.5 - 6 + 6.5 + 0 - 7.5 + 8
	if got, want := w.Dot(&f), -0.7; math.Abs(got-want) > 1e-12 {
		t.Errorf("Dot = %v, want %v", got, want)
	}
}
