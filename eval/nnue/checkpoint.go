package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/inputfile"
)

// checkpointMagic begins a checkpoint file.
const checkpointMagic = "COLONY-NNUE-CHECKPOINT-1\n"

// A checkpoint file is checkpointMagic, the trainer in encoding/gob (float64 weights
// and Adam's moments, exactly) and a SHA-256 checksum of everything before it.

// runKey identifies a training run: the network's sizes, the settings that decide its
// steps and a digest of the samples. Epochs, Threads and the files are not in it: a
// run may be resumed with more epochs or another number of threads. It returns the
// same in words too, setting by setting (the samples by their number and a digest of
// each set), for a refusal to say which differ (differences).
func runKey(net *Network, train, heldOut []Sample, cfg TrainConfig) (string, []runSetting) {
	h := sha256.New()
	fmt.Fprintf(h, "%s %d %s %d %d %d %d %v|", net.Rules, net.Inputs, net.Encoding, net.Hidden, net.L2, net.L3, cfg.Batch, net.OutScale)
	settings := []runSetting{{"rules", net.Rules}, {"inputs", strconv.Itoa(net.Inputs)}, {"encoding", net.Encoding},
		{"hidden", strconv.Itoa(net.Hidden)}, {"l2", strconv.Itoa(net.L2)}, {"l3", strconv.Itoa(net.L3)},
		{"batch", strconv.Itoa(cfg.Batch)}, {"output scale", strconv.FormatFloat(net.OutScale, 'g', -1, 64)}}
	for _, x := range []struct {
		name string
		v    float64
	}{{"lr", cfg.LR}, {"beta1", cfg.Beta1}, {"beta2", cfg.Beta2}, {"epsilon", cfg.Epsilon}, {"lr-drop", cfg.LRDrop}, {"lambda", cfg.Lambda}, {"k", cfg.K}} {
		binary.Write(h, binary.LittleEndian, math.Float64bits(x.v))
		settings = append(settings, runSetting{x.name, strconv.FormatFloat(x.v, 'g', -1, 64)})
	}
	binary.Write(h, binary.LittleEndian, cfg.Seed)
	settings = append(settings, runSetting{"seed", strconv.FormatUint(cfg.Seed, 10)})
	for k, set := range [][]Sample{train, heldOut} {
		digest := sha256.New()
		w := io.MultiWriter(h, digest)
		binary.Write(w, binary.LittleEndian, int64(len(set)))
		for i := range set {
			s := &set[i]
			binary.Write(w, binary.LittleEndian, math.Float64bits(s.Score))
			binary.Write(w, binary.LittleEndian, math.Float64bits(s.Result))
			binary.Write(w, binary.LittleEndian, uint16(len(s.Mover)))
			binary.Write(w, binary.LittleEndian, s.Mover)
			binary.Write(w, binary.LittleEndian, s.Other)
		}
		settings = append(settings, runSetting{[]string{"training samples", "held-out samples"}[k],
			fmt.Sprintf("%d (digest %x)", len(set), digest.Sum(nil)[:6])})
	}
	return hex.EncodeToString(h.Sum(nil)), settings
}

// runSetting is a setting of a training run in words, as runKey covers it.
type runSetting struct{ Name, Value string }

// differences says which settings of now differ from those of the checkpoint, saved:
// "lambda 0.7, the checkpoint's 0.5; ...", or "" when the checkpoint names none (one
// of a version that did not record them).
func differences(now, saved []runSetting) string {
	was := make(map[string]string, len(saved))
	for _, s := range saved {
		was[s.Name] = s.Value
	}
	var diffs []string
	for _, s := range now {
		if v, ok := was[s.Name]; ok && v != s.Value {
			diffs = append(diffs, fmt.Sprintf("%s %s, the checkpoint's %s", s.Name, s.Value, v))
		}
	}
	return strings.Join(diffs, "; ")
}

// checkpoint is the gob form of a trainer (grads has unexported fields).
type checkpoint struct {
	Header  Header
	Net     [][]float64
	B4      float64
	M, V    [][]float64
	MB4     float64
	VB4     float64
	Step    int64
	Epoch   int
	History []EpochReport
	Key     string
	// Settings are the run's settings in words (runKey); none in the checkpoints of
	// earlier versions.
	Settings []runSetting
}

// save writes tr to the file path atomically.
func (tr *trainer) save(path string) error {
	c := checkpoint{Header: tr.Net.Header, Net: tr.Net.params(), B4: tr.Net.B4,
		M: tr.M.slices(), V: tr.V.slices(), MB4: tr.M.b4, VB4: tr.V.b4,
		Step: tr.Step, Epoch: tr.Epoch, History: tr.History, Key: tr.Key, Settings: tr.Settings}
	var buf bytes.Buffer
	buf.WriteString(checkpointMagic)
	if err := gob.NewEncoder(&buf).Encode(&c); err != nil {
		return err
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	return atomicfile.WriteBytes(path, buf.Bytes())
}

// checkpointKind is the kind of a checkpoint file: at most a trainer of the largest
// sizes (its weights and Adam's two moments, float64 in gob, nine bytes at most each)
// with 16 MB for the rest (the header and the epochs' history).
var checkpointKind = inputfile.Kind{What: "a training checkpoint", Max: int64(len(checkpointMagic)) + 3*9*int64((maxFileSize-len(magic)-4-maxHeader-sha256.Size)/4) + 16<<20 + sha256.Size}

// loadCheckpoint reads the checkpoint file path (a regular file within
// checkpointKind's limit; anything else is refused before it is read).
func loadCheckpoint(path string) (*trainer, error) {
	data, err := checkpointKind.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte(checkpointMagic)) || len(data) < len(checkpointMagic)+sha256.Size {
		return nil, fmt.Errorf("%s: not a training checkpoint", path)
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, fmt.Errorf("%s: damaged checkpoint: its checksum does not match its contents", path)
	}
	var c checkpoint
	if err := gob.NewDecoder(bytes.NewReader(body[len(checkpointMagic):])).Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: damaged checkpoint: %w", path, err)
	}
	if err := c.Header.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	net := alloc(c.Header)
	m, v := newGrads(c.Header), newGrads(c.Header)
	fill := func(dst, src [][]float64) error {
		if len(src) != len(dst) {
			return errors.New("damaged checkpoint: its weights do not fit its sizes")
		}
		for i := range dst {
			if len(src[i]) != len(dst[i]) {
				return errors.New("damaged checkpoint: its weights do not fit its sizes")
			}
			copy(dst[i], src[i])
		}
		return nil
	}
	if err := errors.Join(fill(net.params(), c.Net), fill(m.slices(), c.M), fill(v.slices(), c.V)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	net.B4, m.b4, v.b4 = c.B4, c.MB4, c.VB4
	return &trainer{Net: net, M: m, V: v, Step: c.Step, Epoch: c.Epoch, History: c.History, Key: c.Key, Settings: c.Settings}, nil
}
