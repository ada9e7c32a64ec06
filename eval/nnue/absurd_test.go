package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"github.com/colony-ai/colony/colony"
)

// withHeaderText returns the network file data with old replaced by new in its
// header, its header's length and its checksum made to match: a file whose checksum
// is valid.
func withHeaderText(t *testing.T, data []byte, old, new string) []byte {
	t.Helper()
	size := binary.LittleEndian.Uint32(data[len(magic):])
	head := data[len(magic)+4 : len(magic)+4+int(size)]
	if !bytes.Contains(head, []byte(old)) {
		t.Fatalf("the header %s holds no %s", head, old)
	}
	head = bytes.Replace(head, []byte(old), []byte(new), 1)
	var out bytes.Buffer
	out.WriteString(magic)
	binary.Write(&out, binary.LittleEndian, uint32(len(head)))
	out.Write(head)
	out.Write(data[len(magic)+4+int(size) : len(data)-sha256.Size])
	sum := sha256.Sum256(out.Bytes())
	out.Write(sum[:])
	return out.Bytes()
}

// TestAbsurdNetworksRefused checks that a network whose values would be absurd is
// refused, with a message naming the field and its limit: an out_scale above
// MaxOutScale when the file is read (its checksum valid), an output weight or bias
// above what training allows when it is quantised.
func TestAbsurdNetworksRefused(t *testing.T) {
	g := colony.NewGame(nil)
	n, err := New(colonyHeader(g, 32, 16, 8), 7)
	if err != nil {
		t.Fatal(err)
	}
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scale, want string
	}{
		{"1e9", "network file: out_scale 1e+09: want a positive number of points, at most 10000"},
		{"10001", "network file: out_scale 10001: want a positive number of points, at most 10000"},
		{"-1", "network file: out_scale -1: want a positive number of points, at most 10000"},
		{"10000", ""},
	} {
		_, err := Parse(withHeaderText(t, data, `"out_scale":10`, `"out_scale":`+c.scale))
		if got := errText(err); got != c.want {
			t.Errorf("out_scale %s: error %q, want %q", c.scale, got, c.want)
		}
	}
	maxActive := g.Encoding().MaxActive
	for _, c := range []struct {
		name string
		set  func(n *Network)
		want string
	}{
		{"output weight", func(n *Network) { n.W4[3] = 1e6 }, "an output weight or bias (1e+06) is larger than 64 in absolute value (training keeps them within it)"},
		{"output bias", func(n *Network) { n.B4 = -65 }, "an output weight or bias (-65) is larger than 64 in absolute value (training keeps them within it)"},
		{"at the limit", func(n *Network) { n.W4[0], n.B4 = 64, -64 }, ""},
	} {
		m, err := New(colonyHeader(g, 32, 16, 8), 7)
		if err != nil {
			t.Fatal(err)
		}
		c.set(m)
		if _, err := Quantise(m, maxActive); errText(err) != c.want {
			t.Errorf("%s: error %q, want %q", c.name, errText(err), c.want)
		}
	}
}

// errText returns err's message, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
