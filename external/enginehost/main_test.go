package enginehost

import (
	"os"
	"testing"
)

// TestMain turns the supervisors on, as a program's main does: the test binary is
// the supervisor of the engines its tests start (TestKilledRunner needs it).
func TestMain(m *testing.M) {
	RunSupervisorIfAsked()
	os.Exit(m.Run())
}
