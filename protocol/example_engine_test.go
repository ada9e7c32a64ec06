package protocol_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol"
)

// TestPythonExampleEngine plays whole games of Kalah against the example engine of
// examples/engine (Python, standard library) when python3 is present: its handshake,
// options and every turn it answers are checked against the toolkit's Kalah, and a
// game it does not play is refused.
func TestPythonExampleEngine(t *testing.T) {
	script, err := filepath.Abs(filepath.Join("..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c := startPython(t, script)
	if id := c.Identity(); id.Name != "py-greedy-kalah" || !id.Plays("kalah") || id.Plays("oware") || len(id.Options) != 1 || id.Options[0].Name != "seed" {
		t.Fatalf("identity %+v", id)
	}
	if err := c.SetOption(ctx, "seed", "5"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"kalah", "kalah:4x3"} {
		g, err := catalog.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.NewGame(ctx, name); err != nil {
			t.Fatal(err)
		}
		start := g.StartPosition()
		var moves []string
		for turn := 0; ; turn++ {
			pos, _, err := g.Play(start, moves)
			if err != nil {
				t.Fatalf("%s after %q: %v", name, moves, err)
			}
			legal, err := g.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			if len(legal) == 0 {
				break
			}
			// Half the turns from a position given in notation, half from the start.
			from := ""
			if turn%2 == 1 {
				from = start
			}
			if err := c.Position(ctx, from, moves); err != nil {
				t.Fatal(err)
			}
			res, err := c.Go(ctx, protocol.Limits{MoveTime: time.Second}, 30*time.Second, nil)
			if err != nil {
				t.Fatalf("%s after %q: %v", name, moves, err)
			}
			if _, _, err := g.Play(pos, []string{res.Turn}); err != nil {
				t.Fatalf("%s after %q: the engine's turn %q: %v", name, moves, res.Turn, err)
			}
			moves = append(moves, res.Turn)
		}
		if len(moves) < 4 {
			t.Fatalf("%s: a game of %d turns", name, len(moves))
		}
	}
	// The example declares that it plays only Kalah: the client asks it for no other.
	if err := c.NewGame(ctx, "oware"); err == nil || !strings.Contains(err.Error(), "does not play oware") {
		t.Fatalf("newgame oware: %v, want a refusal", err)
	}
}

// TestDocsSkeletonEngine runs the Python skeleton of docs/protocol.md (when python3
// is present): the handshake, a game, positions with and without turns, and its turn.
func TestDocsSkeletonEngine(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "The protocol itself is this much")
	_, code, ok2 := strings.Cut(after, "```python\n")
	code, _, ok3 := strings.Cut(code, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/protocol.md has no Python skeleton after \"The protocol itself is this much\"")
	}
	script := filepath.Join(t.TempDir(), "skeleton.py")
	if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c := startPython(t, script)
	if id := c.Identity(); id.Name != "Skeleton" {
		t.Errorf("identity %+v", id)
	}
	if err := c.NewGame(ctx, "kalah"); err != nil {
		t.Fatal(err)
	}
	for _, moves := range [][]string{nil, {"c", "f"}} {
		if err := c.Position(ctx, "", moves); err != nil {
			t.Fatal(err)
		}
		res, err := c.Go(ctx, protocol.Limits{Depth: 1}, 30*time.Second, nil)
		if err != nil || res.Turn != "a" {
			t.Fatalf("go after %v: %+v, %v", moves, res, err)
		}
	}
	if err := c.Close(); err != nil {
		t.Errorf("quit: %v", err)
	}
}

// startPython runs the Python engine script with python3 and makes the handshake; it
// skips t when python3 is not installed. The engine is closed when t ends.
func startPython(t *testing.T, script string) *protocol.Client {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python engine is not run")
	}
	c, err := enginehost.Start(context.Background(), enginehost.Process{Path: python, Args: []string{script}}, protocol.Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
