package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/match"
)

// TestBench: a game's own positions or 16 sampled ones, a header naming the player,
// and the same signature on every run.
func TestBench(t *testing.T) {
	tests := []struct {
		game, spec string
		own        bool
		header     string
	}{
		{"kalah:4x3", "ab:depth=1", false, "bench game=kalah:4x3 player=ab:depth=1 positions=16\n"},
		{"colony", "greedy", true, "bench player=greedy"},
	}
	for _, tt := range tests {
		g, err := Open(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewBench(g, tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if b.Own != tt.own || !strings.HasPrefix(b.Header(), tt.header) {
			t.Errorf("%s: own %v, header %q", tt.game, b.Own, b.Header())
		}
		if b.Own {
			continue
		}
		seen := 0
		total, hash, err := b.Run(context.Background(), func(i int, r BenchResult) error {
			if i != seen || r.Best == "" {
				t.Errorf("position %d reported as %d: %+v", seen, i, r)
			}
			seen++
			return nil
		})
		if err != nil || seen != len(b.Positions) {
			t.Fatalf("run: %v after %d positions", err, seen)
		}
		again, hash2, err := b.Run(context.Background(), nil)
		if err != nil || hash2 != hash || again.Nodes != total.Nodes {
			t.Errorf("a second run: %d nodes, hash %x; want %d, %x (%v)", again.Nodes, hash2, total.Nodes, hash, err)
		}
		stop := errors.New("stop")
		if _, _, err := b.Run(context.Background(), func(int, BenchResult) error { return stop }); err != stop {
			t.Errorf("the callback's error: %v", err)
		}
	}
	g, _ := Open("kalah")
	var se *match.SettingError
	if _, err := NewBench(g, "nosuch"); !errors.As(err, &se) || se.Setting != "player" {
		t.Errorf("a bad spec: %v", err)
	}
}

// TestBenchLines checks the two lines 'colony bench' prints, which tools read.
func TestBenchLines(t *testing.T) {
	b := kalahBench(t)
	r := BenchResult{Nodes: 3000, Time: 1500 * time.Millisecond, Best: "c"}
	if got, want := b.PositionLine(2, r), "position 3/16 nodes=3000 time=1.500s nps=2000 best=c\n"; got != want {
		t.Errorf("position line %q, want %q", got, want)
	}
	if got, want := TotalLine(BenchResult{Nodes: 3000, Time: 1500 * time.Millisecond}, 0x97df7f68b923add2), "bench nodes=3000 time=1.500s nps=2000 moves=97df7f68b923add2\n"; got != want {
		t.Errorf("total line %q, want %q", got, want)
	}
}

// TestBenchWriteRun: WriteRun writes the header, a line a position and the total
// line, whose moves hash is Run's; a writer that fails stops the run with its error.
func TestBenchWriteRun(t *testing.T) {
	b := kalahBench(t)
	var sb strings.Builder
	if err := b.WriteRun(context.Background(), &sb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	_, hash, err := b.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(b.Positions)+2 || lines[0]+"\n" != b.Header() ||
		!strings.HasPrefix(lines[1], "position 1/") || !strings.HasSuffix(lines[len(lines)-1], fmt.Sprintf("moves=%016x", hash)) {
		t.Errorf("WriteRun wrote:\n%s", sb.String())
	}
	errFull := errors.New("full")
	if err := b.WriteRun(context.Background(), failingWriter{errFull}); !errors.Is(err, errFull) {
		t.Errorf("a failing writer: %v", err)
	}
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// kalahBench returns the bench of ab:depth=1 on kalah:4x3's sampled positions.
func kalahBench(t *testing.T) *Bench {
	t.Helper()
	g, err := Open("kalah:4x3")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBench(g, "ab:depth=1")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
