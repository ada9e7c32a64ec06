//go:build linux

package external

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/protocol"
	"github.com/colony-ai/colony/protocol/protocoltest"
)

// hookEnv makes TestNoSupervisorUnlessAsked's test binary the program it starts.
const hookEnv = "EXTERNAL_TEST_NO_HOOK"

// TestNoSupervisorUnlessAsked checks that the engine packages install no re-exec
// hook in the programs that import them (this test binary imports them, and its
// TestMain does not call enginehost.RunSupervisorIfAsked): a program started with
// the supervisor's variable in its environment runs its own main, and the engines it
// starts run without a supervisor process.
func TestNoSupervisorUnlessAsked(t *testing.T) {
	if os.Getenv(hookEnv) == "1" {
		fmt.Println("the program's own main ran")
		return
	}
	t.Run("no re-exec", func(t *testing.T) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNoSupervisorUnlessAsked$", "-test.count=1")
		cmd.Env = append(os.Environ(), "COLONY_ENGINE_SUPERVISOR=1", hookEnv+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "the program's own main ran") {
			t.Errorf("the test binary with COLONY_ENGINE_SUPERVISOR=1: %v, output:\n%s", err, out)
		}
	})
	t.Run("no supervisor", func(t *testing.T) {
		if testing.Short() {
			t.Skip("starts an engine process")
		}
		c, err := enginehost.Start(context.Background(), enginehost.Process{Path: protocoltest.BuildEngine(t)}, protocol.Timeouts{})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if children := protocoltest.ChildProcesses(); !slices.Equal(children, []int{c.Pid()}) {
			t.Errorf("the runner's child processes %v, want the engine's alone (%d)", children, c.Pid())
		}
	})
}
