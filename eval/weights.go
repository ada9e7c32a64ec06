package eval

// The weights file format: reading and writing the weights of a feature set by name.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// weightsVersion is the version of the weights file format.
const weightsVersion = 1

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
		if math.Abs(v) > MaxWeight {
			return nil, fmt.Errorf("%s: %s is too large: a weight is at most %d points per unit in absolute value", name, n, MaxWeight)
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
