package record

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseGamesFile checks that any content either parses or is refused with an
// error, never a panic; that a parsed file's valid part and torn tail add up; and
// that the valid part parses again to the same games with nothing torn.
func FuzzParseGamesFile(f *testing.F) {
	var buf bytes.Buffer
	cfg := testConfig()
	_ = WriteHeader(&buf, NewHeader(cfg))
	r := sampleRecord()
	buf.Write(AppendRecord(nil, &r))
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:buf.Len()-7])
	f.Add([]byte("{\"type\":\"tournament\",\"version\":1}\n{\"type\":\"game\"}\n"))
	f.Add([]byte(""))
	if old, err := os.ReadFile(filepath.Join("testdata", "games-v1.jsonl")); err == nil {
		f.Add(old) // version 1
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		gf, err := ParseGamesFile(data)
		if err != nil {
			return
		}
		if gf.ValidSize+gf.Torn != int64(len(data)) {
			t.Fatalf("valid %d + torn %d != %d bytes", gf.ValidSize, gf.Torn, len(data))
		}
		again, err := ParseGamesFile(data[:gf.ValidSize])
		if err != nil || again.Torn != 0 || len(again.Games) != len(gf.Games) {
			t.Fatalf("the valid part does not parse again cleanly: %v", err)
		}
	})
}

// FuzzParseTimeControl checks that a parsed time control is positive and writes back
// to text that parses to the same.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "1m+500ms", "2.5", "0+1", "1e9", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			return
		}
		if tc.Base <= 0 || tc.Increment < 0 {
			t.Fatalf("%q: %+v", text, tc)
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q -> %q -> %+v, %v", text, tc.String(), back, err)
		}
		if strings.Count(tc.String(), "+") != 1 {
			t.Fatalf("%q: %q", text, tc.String())
		}
	})
}
