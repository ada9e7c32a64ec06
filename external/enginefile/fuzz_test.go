package enginefile

import (
	"testing"

	"github.com/colony-ai/colony/search"
)

// FuzzParse: Parse never panics, and every engine it accepts has a name and a spec
// that reads back as a cmd spec naming it.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`[{"name": "a", "command": "./a", "args": ["-x"], "options": {"h": 1, "b": true, "s": "x,y"}, "depth": 3, "movetime": "1s"}]`))
	f.Add([]byte(`[{"name": "a", "command": "p q", "dir": "d \"e\""}]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"name": "a", "command": "x", "nodes": 1e3}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		engines, err := Parse(data, "/eng")
		if err != nil {
			return
		}
		for _, e := range engines {
			sp, err := search.ParseSpec(e.Spec)
			if err != nil {
				t.Fatalf("engine %s: spec %q: %v", e.Name, e.Spec, err)
			}
			if sp.Kind != "cmd" || sp.Settings["name"] != e.Name || sp.Settings["path"] != e.Path {
				t.Fatalf("engine %s: spec %q", e.Name, e.Spec)
			}
		}
	})
}
