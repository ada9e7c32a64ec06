package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/inputfile"
)

// FormatVersion is the version of the network file format that this package writes
// and reads.
const FormatVersion = 1

// magic begins every network file.
const magic = "COLONY-NNUE\n"

// maxHeader bounds a file's header, in bytes.
const maxHeader = 1 << 16

// A network file is, in order:
//
//	"COLONY-NNUE\n"                     12 bytes
//	the header's length                 uint32, little-endian
//	the header                          JSON (Header), that many bytes
//	the weights                         float32, little-endian: W1, B1, W2, B2, W3, B3, W4, B4
//	the checksum                        SHA-256 of everything before it, 32 bytes
//
// The weights' count follows from the header's sizes; a file with more or fewer bytes
// is refused.

// MarshalBinary writes n in the network file format.
func (n *Network) MarshalBinary() ([]byte, error) {
	h := n.Header
	h.Version = FormatVersion
	if err := h.check(); err != nil {
		return nil, err
	}
	head, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	binary.Write(&buf, binary.LittleEndian, uint32(len(head)))
	buf.Write(head)
	var word [4]byte
	put := func(x float64) {
		binary.LittleEndian.PutUint32(word[:], math.Float32bits(float32(x)))
		buf.Write(word[:])
	}
	for _, p := range n.params() {
		for _, x := range p {
			put(x)
		}
	}
	put(n.B4)
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	return buf.Bytes(), nil
}

// Parse reads a network file's bytes. The error says what is wrong: not a network
// file, another version of the format, a damaged file (its checksum or size), or a
// header that does not describe a network.
func Parse(data []byte) (*Network, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errors.New("not a network file (it does not begin with COLONY-NNUE)")
	}
	if len(data) < len(magic)+4+sha256.Size {
		return nil, errors.New("damaged network file: it ends early")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	rest := data[len(magic):]
	size := binary.LittleEndian.Uint32(rest)
	rest = rest[4:]
	// The version is read before the checksum is checked: a file of another version
	// may be laid out otherwise.
	var h Header
	if size > maxHeader || int(size) > len(rest) || json.Unmarshal(rest[:size], &h) != nil {
		if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
			return nil, errors.New("damaged network file: its checksum does not match its contents")
		}
		return nil, errors.New("damaged network file: its header is not readable")
	}
	if h.Version != FormatVersion {
		return nil, fmt.Errorf("network file format version %d: this program reads version %d", h.Version, FormatVersion)
	}
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, errors.New("damaged network file: its checksum does not match its contents")
	}
	if err := h.check(); err != nil {
		return nil, fmt.Errorf("network file: %w", err)
	}
	// The sizes are checked against the bytes there are before anything is
	// allocated: a short file that claims the largest sizes allocates nothing.
	weights := rest[size : len(rest)-sha256.Size]
	if want := 4 * h.numParams(); len(weights) != want {
		return nil, fmt.Errorf("damaged network file: %d bytes of weights where its sizes want %d", len(weights), want)
	}
	n := alloc(h)
	next := func() (float64, error) {
		x := math.Float32frombits(binary.LittleEndian.Uint32(weights))
		weights = weights[4:]
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return 0, errors.New("network file: a weight is not a finite number")
		}
		return float64(x), nil
	}
	for _, p := range n.params() {
		for i := range p {
			x, err := next()
			if err != nil {
				return nil, err
			}
			p[i] = x
		}
	}
	b4, err := next()
	if err != nil {
		return nil, err
	}
	n.B4 = b4
	return n, nil
}

// maxFileSize is the size of a network file of the largest sizes (MaxInputs,
// MaxHidden, MaxDense) and header: no network file is larger.
const maxFileSize = len(magic) + 4 + maxHeader + 4*(MaxInputs*MaxHidden+MaxHidden+2*MaxHidden*MaxDense+MaxDense+MaxDense*MaxDense+MaxDense+MaxDense+1) + sha256.Size

// fileKind is the kind of a network file, as Load reads it.
var fileKind = inputfile.Kind{What: "a network file", Max: int64(maxFileSize)}

// Load reads the network file path: a regular file of at most the size of a network
// of the largest sizes (anything else is refused before it is read).
func Load(path string) (*Network, error) {
	data, err := fileKind.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// Save writes n to the file path, by way of a temporary file renamed at the end
// (a reader never sees half a network).
func (n *Network) Save(path string) error {
	data, err := n.MarshalBinary()
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, data)
}

// Target is what a network must have been trained for to evaluate a game's
// positions: the game, its rule set and its encoding.
type Target struct {
	// Rules is the rule set's full name ("kalah:4x3"); the game is its part before
	// the first colon.
	Rules    string
	Encoding string
	Inputs   int
}

// GameName returns the game of the rule set name rules ("kalah" for "kalah:4x3").
func GameName(rules string) string {
	name, _, _ := strings.Cut(rules, ":")
	return name
}

// CheckFor returns an error that says why n cannot evaluate the positions of t: a
// network of another game, rule set or encoding.
func (n *Network) CheckFor(t Target) error {
	switch {
	case n.Game != GameName(t.Rules):
		return fmt.Errorf("the network is for the game %s, not %s", n.Game, GameName(t.Rules))
	case n.Rules != t.Rules:
		return fmt.Errorf("the network is for the rule set %s, not %s", n.Rules, t.Rules)
	case n.Encoding != t.Encoding || n.Inputs != t.Inputs:
		return fmt.Errorf("the network is for the encoding %s of %d inputs, not %s of %d", n.Encoding, n.Inputs, t.Encoding, t.Inputs)
	}
	return nil
}
