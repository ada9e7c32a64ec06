package record

import (
	"testing"

	"github.com/colony-ai/colony/external"
)

// TestEngineKind: the identity checks' name of the external engines' spec kind is
// package external's.
func TestEngineKind(t *testing.T) {
	if engineKind != external.Kind {
		t.Errorf("engineKind %q, external.Kind %q", engineKind, external.Kind)
	}
}
