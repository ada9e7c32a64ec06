package eval

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Weights are the weights of a linear evaluation, indexed by Feature: eggs per unit of
// each feature.
type Weights [NumFeatures]float64

// Dot returns the sum of the weighted features, in eggs. It adds in four interleaved
// partial sums (features i, i+4, i+8, i+12 in the i-th), then the partial sums in
// order: four short chains of additions instead of one long one, for speed; the order
// is fixed, so the result is the same on every call and every machine.
func (w *Weights) Dot(f *Features) float64 {
	var s0, s1, s2, s3 float64
	for i := 0; i < len(w); i += 4 {
		s0 += w[i] * float64(f[i])
		s1 += w[i+1] * float64(f[i+1])
		s2 += w[i+2] * float64(f[i+2])
		s3 += w[i+3] * float64(f[i+3])
	}
	return (s0 + s1) + (s2 + s3)
}

// HandSet returns the weights set by hand: the egg lead of R8 at one egg an egg, half an
// egg an ant (in hand or on the board), a tenth of an egg a selectable log, one and a
// half eggs an ant placement threat, half an egg at risk under an ant, and half an egg a
// blocked ant. With only StoreDiff, UnderOwnAnts and UnderOppAnts the linear evaluation
// is Score.
func HandSet() Weights {
	var w Weights
	w[StoreDiff] = 1
	w[UnderOwnAnts] = 1
	w[UnderOppAnts] = -1
	w[HandOwn] = 0.5
	w[HandOpp] = -0.5
	w[BoardAntsOwn] = 0.5
	w[BoardAntsOpp] = -0.5
	w[SelectableLogs] = 0.1
	w[SelectableEggs] = 0
	w[ThreatsOwn] = 1.5
	w[ThreatsOpp] = -1.5
	w[AtRiskOwn] = -0.5
	w[AtRiskOpp] = 0.5
	w[Mandatory] = 0
	w[BlockedOwn] = -0.5
	w[BlockedOpp] = 0.5
	return w
}

//go:embed default.weights.json
var defaultWeightsJSON []byte

var defaultWeights = mustParseWeights(defaultWeightsJSON)

func mustParseWeights(data []byte) Weights {
	w, err := ParseWeights(data)
	if err != nil {
		panic("eval: default.weights.json: " + err.Error())
	}
	return w
}

// Default returns the default weights: those of the weights file default.weights.json
// built into the package.
func Default() Weights { return defaultWeights }

// weightsVersion is the version of the weights file format.
const weightsVersion = 1

// ParseWeights reads a weights file of The Colony's features:
//
//	{"version": 1, "weights": {"store_diff": 1, "under_own_ants": 1, ...}}
//
// with one finite number for every feature, named as Feature.String writes it, and
// optionally "features": "colony" (the feature set; files of other feature sets name
// theirs, see NamedWeights). An unknown or repeated key, a missing feature, a version
// other than 1, another feature set, a value that is not a finite number and data after
// the object are errors, which name the problem.
func ParseWeights(data []byte) (Weights, error) {
	w, err := parseWeights(data)
	if err != nil {
		return Weights{}, fmt.Errorf("weights: %w", err)
	}
	return w, nil
}

func parseWeights(data []byte) (Weights, error) {
	var w Weights
	v, err := parseNamed(data, ColonySetName, featureNames[:])
	if err != nil {
		return w, err
	}
	copy(w[:], v)
	return w, nil
}

// parseNamed reads a weights file of the feature set named set, whose features are
// names: {"version": 1, "features": set, "weights": {...}}, "features" optional (a
// file without it is checked by its feature names alone). It returns the weights in
// the order of names.
func parseNamed(data []byte, set string, names []string) ([]float64, error) {
	// Check the syntax of the whole file first: its errors then have a position in
	// the file, and the token reads below meet only well-formed JSON.
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return nil, syntaxError(data, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := expectDelim(dec, '{', "the file"); err != nil {
		return nil, err
	}
	var w []float64
	var haveVersion, haveWeights, haveSet bool
	for dec.More() {
		key, err := objectKey(dec)
		if err != nil {
			return nil, err
		}
		switch key {
		case "version":
			if haveVersion {
				return nil, errors.New(`"version" given twice`)
			}
			haveVersion = true
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if n, ok := tok.(json.Number); !ok || n.String() != strconv.Itoa(weightsVersion) {
				return nil, fmt.Errorf("unsupported version %s (want %d)", tokenText(tok), weightsVersion)
			}
		case "features":
			if haveSet {
				return nil, errors.New(`"features" given twice`)
			}
			haveSet = true
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if name, ok := tok.(string); !ok || name != set {
				return nil, fmt.Errorf("the weights are for the features of %s, not of %s", tokenText(tok), strconv.Quote(set))
			}
		case "weights":
			if haveWeights {
				return nil, errors.New(`"weights" given twice`)
			}
			haveWeights = true
			if w, err = parseWeightsObject(dec, names); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("unknown key %q (want version, features and weights)", key)
		}
	}
	if err := expectDelim(dec, '}', "the file"); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the weights object")
	}
	switch {
	case !haveVersion:
		return nil, errors.New(`no "version" (want "version": 1)`)
	case !haveWeights:
		return nil, errors.New(`no "weights" object`)
	}
	return w, nil
}

// parseWeightsObject reads the object of feature weights, one for every name of
// names, and returns them in the order of names.
func parseWeightsObject(dec *json.Decoder, names []string) ([]float64, error) {
	w := make([]float64, len(names))
	seen := make([]bool, len(names))
	if err := expectDelim(dec, '{', `"weights"`); err != nil {
		return nil, err
	}
	for dec.More() {
		name, err := objectKey(dec)
		if err != nil {
			return nil, err
		}
		f := slices.Index(names, name)
		if f < 0 {
			return nil, fmt.Errorf("unknown feature %q (features: %s)", name, strings.Join(names, ", "))
		}
		if seen[f] {
			return nil, fmt.Errorf("feature %q given twice", name)
		}
		seen[f] = true
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		n, ok := tok.(json.Number)
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a number", name, tokenText(tok))
		}
		v, err := strconv.ParseFloat(n.String(), 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("%s: %s is not a finite number", name, n)
		}
		w[f] = v
	}
	if err := expectDelim(dec, '}', `"weights"`); err != nil {
		return nil, err
	}
	var missing []string
	for f, ok := range seen {
		if !ok {
			missing = append(missing, names[f])
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no weight for %s", strings.Join(missing, ", "))
	}
	return w, nil
}

// expectDelim reads the next token and checks that it is the delimiter d.
func expectDelim(dec *json.Decoder, d json.Delim, what string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		if d == '{' {
			return fmt.Errorf("%s must be a JSON object, found %s", what, tokenText(tok))
		}
		return fmt.Errorf("%s: expected %q, found %s", what, string(d), tokenText(tok))
	}
	return nil
}

// objectKey reads an object's key (the decoder checks that keys are strings).
func objectKey(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	key, _ := tok.(string)
	return key, nil
}

// syntaxError describes a JSON syntax error with its line and column.
func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return fmt.Errorf("invalid JSON: %w", err)
	}
	switch {
	case se.Offset >= int64(len(data)) && strings.Contains(se.Error(), "unexpected end"):
		return errors.New("unexpected end of the file")
	case strings.Contains(se.Error(), "after top-level value"):
		return errors.New("data after the weights object")
	}
	at := max(int(se.Offset)-1, 0) // the byte that broke the syntax
	line := 1 + bytes.Count(data[:at], []byte("\n"))
	col := at - bytes.LastIndexByte(data[:at], '\n')
	return fmt.Errorf("invalid JSON at line %d, column %d: %v", line, col, se)
}

// tokenText writes a JSON token as it appears in the file, for messages.
func tokenText(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case json.Delim:
		if v == '{' || v == '}' {
			return "an object"
		}
		return "an array"
	case string:
		return strconv.Quote(v)
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(tok)
}

// LoadWeights reads and parses a weights file (see ParseWeights); errors name the
// file.
func LoadWeights(path string) (Weights, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Weights{}, fmt.Errorf("weights file: %w", err)
	}
	w, err := parseWeights(data)
	if err != nil {
		return Weights{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return w, nil
}

// MarshalJSON writes w in the weights file format, indented, the features in feature
// order; each value is the shortest decimal that reads back to the same float64, so
// ParseWeights returns w exactly. Non-finite weights are an error.
func (w Weights) MarshalJSON() ([]byte, error) {
	return marshalNamed("", featureNames[:], w[:])
}

// marshalNamed writes weights w of the features names in the weights file format,
// indented, with a "features" key naming the feature set unless set is "".
func marshalNamed(set string, names []string, w []float64) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n", weightsVersion)
	if set != "" {
		fmt.Fprintf(&b, "  \"features\": %q,\n", set)
	}
	b.WriteString("  \"weights\": {\n")
	for f, v := range w {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("weights: %s is %v, not a finite number", names[f], v)
		}
		fmt.Fprintf(&b, "    %q: %s", names[f], strconv.FormatFloat(v, 'g', -1, 64))
		if f < len(w)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  }\n}")
	return b.Bytes(), nil
}

// UnmarshalJSON reads weights in the format of MarshalJSON, with ParseWeights's checks.
func (w *Weights) UnmarshalJSON(data []byte) error {
	parsed, err := ParseWeights(data)
	if err != nil {
		return err
	}
	*w = parsed
	return nil
}
