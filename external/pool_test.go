package external

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol/protocoltest"
)

// TestPoolLogCapped: the log of an engine process that floods its standard error
// keeps LogLimit bytes, its first and last halves, with the cut said between them.
func TestPoolLogCapped(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an engine process")
	}
	engine := protocoltest.BuildEngine(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "flood")
	body := "#!/bin/sh\nhead -c 50000 /dev/zero | tr '\\000' x >&2\necho >&2\nexec " + engine + " \"$@\"\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(dir, "logs")
	pool := &Pool{LogDir: logs, LogLimit: 1000}
	cfg := engineConfig{name: "flood", key: "flood", process: enginehost.Process{Path: script}}
	e, err := pool.take(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	pool.put(e)
	if err := pool.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(logs, "flood-1.log"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	cut := regexp.MustCompile(`\n# colony: \.\.\. (\d+) bytes cut \(the log keeps the first and the last 500 bytes of each process\) \.\.\.\n`).FindString(log)
	head, tail, ok := strings.Cut(log, cut)
	switch {
	case cut == "" || !ok:
		t.Fatalf("no cut in the log:\n%s", log)
	case len(head) != 500 || len(tail) != 500:
		t.Errorf("the log keeps %d bytes before the cut and %d after, want 500 and 500", len(head), len(tail))
	case !strings.HasPrefix(head, "# ") || !strings.HasSuffix(head, "xxxxxxxxxx"):
		t.Errorf("the log's first half %q, want the start line, then the flood", head)
	case !strings.Contains(tail, "testengine: started (pid"):
		t.Errorf("the log's last half %q, want the engine's first line", tail)
	case !strings.HasSuffix(tail, ")\n"):
		// The runner's line of the pid follows the handshake, and the engine's
		// standard error is copied by another goroutine: on a loaded machine the
		// copy of the flood can still be under way when the runner writes its line,
		// which then lands in the cut. Either order ends the log with a whole line.
		t.Errorf("the log's last half %q, want it to end with a whole line", tail)
	}
}
