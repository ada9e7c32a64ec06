package kalah

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game/memory"
)

// Every value of the endgame databases of small rule sets is the reference
// solver's (solve_test.go), for both players to move.
func TestEndgamesAgreeWithReference(t *testing.T) {
	for _, tc := range []struct {
		params string
		pieces int
	}{{"3x3", 12}, {"3x3,capture=nonempty", 10}, {"3x3,end=mover", 10}, {"4x2", 9}, {"2x4", 16}} {
		g, err := New(tc.params)
		if err != nil {
			t.Fatal(err)
		}
		eg, err := g.Endgames(context.Background(), tc.pieces, "")
		if err != nil {
			t.Fatal(err)
		}
		tab := eg.(*endgameTable)
		ref := newSolver(g)
		checked := 0
		pits := make([]int, tab.parts)
		var fill func(i, r int)
		fill = func(i, r int) {
			if i == tab.parts-1 {
				pits[i] = r
				for p := range 2 {
					s := tab.state(pits, p)
					c := s
					g.checkEnd(&c) // a position the rules have already ended is never looked up
					if c.Over() {
						continue
					}
					if got, want := eg.Value(&s), ref.value(s); got != want {
						t.Fatalf("kalah:%s %s: the endgames say %+d, the reference %+d", tc.params, g.FormatPosition(&s), got, want)
					}
					checked++
				}
				return
			}
			for v := 0; v <= r; v++ {
				pits[i] = v
				fill(i+1, r-v)
			}
		}
		for k := 0; k <= tc.pieces; k++ {
			fill(0, k)
		}
		if checked < len(tab.values[0]) {
			t.Errorf("kalah:%s: %d positions checked of %d a mover", tc.params, checked, len(tab.values[0]))
		}
	}
}

// The cache: written on the first build, read back on the next, rebuilt when its
// file is damaged.
func TestEndgamesCache(t *testing.T) {
	g, err := New("4x3")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	built, err := g.Endgames(context.Background(), 8, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(built.Source(), "built in ") || !strings.Contains(built.Source(), "cached in "+dir) {
		t.Errorf("the first table: %q", built.Source())
	}
	path := filepath.Join(dir, "kalah-endgames-4pits-capture=empty-end=either-8seeds.bin")
	read, err := g.Endgames(context.Background(), 8, dir)
	if err != nil {
		t.Fatal(err)
	}
	if read.Source() != "read from "+path {
		t.Errorf("the second table: %q", read.Source())
	}
	for p := range 2 {
		if string(int8Bytes(read.(*endgameTable).values[p])) != string(int8Bytes(built.(*endgameTable).values[p])) {
			t.Fatal("the table read back differs from the table built")
		}
	}
	// A damaged value: the checksum fails and the table is built again.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := g.Endgames(context.Background(), 8, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(again.Source(), "built in ") {
		t.Errorf("a damaged file was used: %q", again.Source())
	}
	// Another rule set does not take this file: its own has another name.
	other, _ := New("4x3,capture=nonempty")
	o, err := other.Endgames(context.Background(), 8, dir)
	if err != nil || !strings.HasPrefix(o.Source(), "built in ") {
		t.Errorf("another rule set: %v %q", err, o.Source())
	}
	if _, err := g.Endgames(context.Background(), 200, ""); err == nil {
		t.Error("endgames of 200 seeds on kalah:4x3 (24 seeds) were built")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Endgames(ctx, 20, ""); err == nil {
		t.Error("a cancelled build returned a table")
	}
}

// TestEndgamesBudget: an endgame database reserves its memory from the budget before
// it is allocated, and one that does not fit is refused, naming it.
func TestEndgamesBudget(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	b := memory.NewBudget(memory.Unlimited)
	tab, err := newEndgameTable(g, 8, b)
	if err != nil {
		t.Fatal(err)
	}
	want := 2*uint64(len(tab.values[0])) + 8*uint64(len(tab.below))
	if got := b.Used(); got != want || want == 0 {
		t.Errorf("%d bytes reserved, want %d", got, want)
	}
	small := memory.NewBudget(want - 1)
	_, err = newEndgameTable(g, 8, small)
	var re *memory.RefusedError
	if !errors.As(err, &re) || re.What != "endgames of 8 seeds, a database" || re.Size != want || !re.Fixed {
		t.Errorf("a database larger than the budget: %v", err)
	}
	if small.Used() != 0 {
		t.Errorf("a refusal reserved %d bytes", small.Used())
	}
}
